import { fileURLToPath } from 'node:url'

export const TEMPLATE_FILE = fileURLToPath(new URL('../../.cache/test/pglite-template.tar', import.meta.url))
