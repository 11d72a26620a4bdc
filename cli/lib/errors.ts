// The CLI's exit codes (issue 24 item 5, ADR 0020) and the error that carries one.
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
  constructor(exitCode: number, message: string, status?: number) {
    super(message)
    this.exitCode = exitCode
    this.status = status
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message)
