// The server's API as the CLI calls it: `Authorization: Bearer <token>`, one error shape
// `{ error, code }` mapped to the CLI's exit codes (ADR 0020); 429 and 503 retried (backoff.ts).
import type { z } from 'zod'
import { errorAnswer } from '../../common/schemas/answers.ts'
import { withRetries } from './backoff.ts'
import type { Config } from './config.ts'
import { CliError, EXIT } from './errors.ts'

function exitFor(status: number): number {
  if (status === 401) return EXIT.auth
  if (status === 404) return EXIT.notFound
  if (status === 402 || status === 403) return EXIT.refused
  if (status === 400 || status === 409 || status === 413 || status === 422) return EXIT.usage
  return EXIT.network
}

/** The answer of a request (a 304 too, for a request with If-None-Match); any other failure throws its exit code. */
export async function request(
  config: Config,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const route = path.split('?')[0]
  const send = async () => {
    try {
      return await fetch(`${config.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          ...headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new CliError(
        EXIT.network,
        `Cannot reach ${config.url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      )
    }
  }
  // A busy server (429, 503) is asked again after its Retry-After, a bounded number of times.
  const res = await withRetries(send, (line) => process.stderr.write(`iconvault: ${line} [${route}]\n`))
  if (res.ok || res.status === 304) return res
  // The one error shape (ADR 0004); a body that is not it (a proxy's page) says its status only.
  const answer = errorAnswer.safeParse(await res.json().catch(() => null))
  const message = answer.success ? answer.data.error : `HTTP ${res.status}`
  const code = answer.success ? answer.data.code : undefined
  throw new CliError(
    exitFor(res.status),
    `${message}${code ? ` (${code})` : ''} [${route}]`,
    res.status,
    code,
  )
}

/** The answer's `data`, read by `schema` (common/schemas/answers.ts): anything else is refused, never misread. */
async function dataOf<T>(res: Response, schema: z.ZodType<T>, path: string): Promise<T> {
  const body = (await res.json().catch(() => null)) as { data?: unknown } | null
  const parsed = schema.safeParse(body?.data)
  if (!parsed.success)
    throw new CliError(
      EXIT.network,
      `The server's answer is not what Iconvault answers [${path.split('?')[0]}]`,
    )
  return parsed.data
}

export async function getJson<T>(config: Config, path: string, schema: z.ZodType<T>): Promise<T> {
  return dataOf(await request(config, path), schema, path)
}

export async function postJson<T>(
  config: Config,
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  return dataOf(await request(config, path, body), schema, path)
}
