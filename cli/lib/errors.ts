// The CLI's exit codes (ADR 0020) and the error that carries one.
import type { ErrorCode } from '../../common/error-codes.ts'

export const EXIT = {
  done: 0,
  differs: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  network: 5,
  refused: 6,
} as const

export class CliError extends Error {
  readonly exitCode: number
  /** The HTTP status the server refused with, when it did. */
  readonly status: number | undefined
  /** The code of the server's error answer (common/error-codes.ts), when it sent one. */
  readonly code: ErrorCode | undefined
  constructor(exitCode: number, message: string, status?: number, code?: ErrorCode) {
    super(message)
    this.exitCode = exitCode
    this.status = status
    this.code = code
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message)
