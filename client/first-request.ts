// The page's first script, apart from the app's (index.html, `async`): a vault opened on a browser
// that holds nothing asks for the project's first screen now, while the app's code loads (ADR 0425).
// Small on purpose: it imports what the first screen's request needs and nothing of the app.
import { askFirstScreenAtOnce } from './local/first-visit.ts'

askFirstScreenAtOnce()
