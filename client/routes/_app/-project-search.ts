import { z } from 'zod'

/** /icons, /maker and /info: an optional project id, a string when present (seed §5). */
export const projectSearchSchema = z.object({ projectId: z.string().min(1).optional() })
