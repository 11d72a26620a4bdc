// validate(schema) for JSON bodies and validateQuery(schema) for search parameters: a bad
// or unparsable input answers 400 with the schema's first message; handlers read
// c.var.body / c.var.query, already typed and trimmed. Each registers its schema with hono-openapi
// (its marker and resolver) so that a described route's body or query parameters in
// GET /api/openapi.json are generated from the very schema that checks them (ADR 0029); the checking
// itself is this file's, unchanged.
import { createMiddleware } from 'hono/factory'
import { resolver, uniqueSymbol } from 'hono-openapi'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import { badRequest } from '../domain/errors.ts'

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid input'

/** The middleware, carrying what hono-openapi reads of a validator: where the input is, and its schema. */
const documented = <M extends object>(middleware: M, target: 'json' | 'query', schema: z.ZodType) =>
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } })

export const validate = <S extends z.ZodType>(schema: S) =>
  documented(
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
    }),
    'json',
    schema,
  )

export const validateQuery = <S extends z.ZodType>(schema: S) =>
  documented(
    createMiddleware<{ Variables: { query: z.output<S> } }>(async (c, next) => {
      const parsed = schema.safeParse(c.req.query())
      if (!parsed.success) throw badRequest(firstMessage(parsed.error))
      c.set('query', parsed.data)
      await next()
    }),
    'query',
    schema,
  )
