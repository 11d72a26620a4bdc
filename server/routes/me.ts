import { Hono } from 'hono'
import type { AppEnv } from '../middleware/session.ts'

export const meRoutes = new Hono<AppEnv>()

// GET /api/me: the signed-in user, or null.
meRoutes.get('/', (c) => c.json({ user: c.get('user') }))
