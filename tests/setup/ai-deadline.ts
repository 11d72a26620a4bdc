// Preloaded into an end-to-end test's server process (`--import`, see `shortAiDeadline`): the AI
// deadline (server/ai/settings.ts, 30 s as ADR 0500 says) shortened to 3 s, as the integration tests
// shorten it in-process, so that a timeout is seen through the real server and browser without a
// 30-second wait. The 30 s itself is asserted by tests/integration/maker.test.ts.
import { aiSettings } from '../../server/ai/settings.ts'

aiSettings.timeoutMs = 3000
