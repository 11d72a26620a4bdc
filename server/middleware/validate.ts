// validate(schema) for JSON bodies and validateQuery(schema) for search parameters: a bad
// or unparsable input answers 400 with the schema's first message; handlers read
// c.var.body / c.var.query, already typed and trimmed.
import { createMiddleware } from 'hono/factory'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import { badRequest } from '../domain/errors.ts'

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid input'

export const validate = <S extends z.ZodType>(schema: S) =>
  createMiddleware<{ Variables: { body: z.output<S> } }>(async (c, next) => {
    let raw: unknown
    try {
      const text = await c.req.text()
      raw = text.trim() === '' ? {} : JSON.parse(text)
    } catch {
      throw badRequest(appMessages.invalidJson)
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw badRequest(appMessages.invalidJson)
    const parsed = schema.safeParse(raw)
    if (!parsed.success) throw badRequest(firstMessage(parsed.error))
    c.set('body', parsed.data)
    await next()
  })

export const validateQuery = <S extends z.ZodType>(schema: S) =>
  createMiddleware<{ Variables: { query: z.output<S> } }>(async (c, next) => {
    const parsed = schema.safeParse(c.req.query())
    if (!parsed.success) throw badRequest(firstMessage(parsed.error))
    c.set('query', parsed.data)
    await next()
  })
