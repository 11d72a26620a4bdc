// The server's logger (pino): one JSON line per event on stdout, or readable lines with
// LOG_FORMAT=pretty for development. Levels: silent, error, warn, info (default), debug.
import { type DestinationStream, type Logger, pino } from 'pino'
import pretty from 'pino-pretty'

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'
export type LogFormat = 'json' | 'pretty'
export type { Logger }

export function createLogger(opts: {
  level: LogLevel
  format: LogFormat
  destination?: DestinationStream
}): Logger {
  const destination =
    opts.destination ??
    (opts.format === 'pretty'
      ? pretty({ colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss.l', singleLine: true })
      : pino.destination({ dest: 1, sync: true }))
  return pino(
    {
      level: opts.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )
}
