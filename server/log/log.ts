// The server's logger (pino): one JSON line per event on stdout, or readable lines with
// LOG_FORMAT=pretty for development. Levels: silent, error, warn, info (default), debug.
// It is the only way server code writes to the output (ADR 0014; Biome's noConsole refuses
// `console.*` under server/). A line written while a request is being handled carries its request
// id (`reqId`): the request log runs the rest of the request inside `withRequestId`, so domain code
// logging through deps.logger gets it without knowing of Hono. No line is written with an API token in
// it, whatever logged it (log/log-redact.ts scrubTokens, ADR 0014).
import { AsyncLocalStorage } from 'node:async_hooks'
import { type DestinationStream, type Logger, pino } from 'pino'
import pretty from 'pino-pretty'
import { scrubTokens } from './log-redact.ts'

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'
export type LogFormat = 'json' | 'pretty'
export type { Logger }

const request = new AsyncLocalStorage<{ reqId: string }>()

/** Runs `fn` (and everything it starts) as part of the request `reqId`: its log lines carry the id. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return request.run({ reqId }, fn)
}

/** The id of the request being handled here, if any. */
function currentRequestId(): string | undefined {
  return request.getStore()?.reqId
}

export function createLogger(opts: {
  level: LogLevel
  format: LogFormat
  destination?: DestinationStream
}): Logger {
  const destination =
    opts.destination ??
    (opts.format === 'pretty'
      ? // Synchronous, as the JSON destination is: a line written just before process.exit is not lost.
        pretty({
          colorize: true,
          ignore: 'pid,hostname',
          translateTime: 'HH:MM:ss.l',
          singleLine: true,
          sync: true,
        })
      : pino.destination({ dest: 1, sync: true }))
  return pino(
    {
      level: opts.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The last pass over every written line: a token in a path, an error's message or its stack.
      hooks: { streamWrite: scrubTokens },
      // The request id of the line's request; a reqId the call passes itself wins.
      mixin: () => {
        const reqId = currentRequestId()
        return reqId ? { reqId } : {}
      },
    },
    destination,
  )
}

let fromEnv: Logger | undefined

/**
 * The logger of code run without one handed to it (scripts, a test's own store or event bus), from
 * LOG_LEVEL and LOG_FORMAT; the server itself passes the one createContext made from its Config.
 */
export function envLogger(): Logger {
  const levels: LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug']
  fromEnv ??= createLogger({
    level: levels.find((l) => l === process.env.LOG_LEVEL) ?? 'info',
    format: process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json',
  })
  return fromEnv
}
