// The copy formats and the remembered choice live in features/copy; re-exported for the shell.
export { COPY_FORMAT_IDS, type CopyFormat, useCopyFormat } from '../copy/copy-format-store.ts'
