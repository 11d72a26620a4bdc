// The top bar's copy-format button and its side panel live with the copy formats (features/copy).
export { CopyFormatPanel } from '../copy/copy-format-panel.tsx'
