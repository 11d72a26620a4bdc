import { Hono } from 'hono'
import type { SessionUser } from '../auth/session-user.ts'
import { type KeptAnswer, keptAnswer } from '../cache/kept-answer.ts'
import { answerKept } from '../middleware/compress-json.ts'
import type { AppEnv } from '../middleware/session.ts'

export const meRoutes = new Hono<AppEnv>()

/** The answer of a session's user, built once while the session cache hands out the same object. */
const answers = new WeakMap<SessionUser, KeptAnswer>()
const signedOut = keptAnswer({ user: null })

// GET /api/me: the signed-in user, or null.
meRoutes.get('/', (c) => {
  const user = c.get('user')
  if (!user) return answerKept(c, signedOut)
  let answer = answers.get(user)
  if (!answer) {
    answer = keptAnswer({ user })
    answers.set(user, answer)
  }
  return answerKept(c, answer)
})
