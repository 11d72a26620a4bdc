// The request log: method, path, status and time per request (hono/logger), without the
// query string: magic-link tokens and other secrets travel there and never reach the log.
import { logger } from 'hono/logger'

/** Cuts the query string (from `?` up to the next space) out of each logged line. */
export const withoutQuery = (line: string) => line.replace(/\?\S*/g, '')

export const requestLog = (print: (line: string) => void = (line) => console.log(line)) =>
  logger((line) => print(withoutQuery(line)))
