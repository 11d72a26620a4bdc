// Limits of calls to the AI endpoint. One object so integration tests can shorten the timeout
// (they run the app in-process); the running server keeps these values.
export const aiSettings = {
  /** Deadline for a whole generation request (all variants run in parallel within it). */
  timeoutMs: 30_000,
  /** Longest answer read from the endpoint, in characters. */
  maxAnswerChars: 1_000_000,
  /** Tokens asked for per answer. */
  maxTokens: 4_000,
}
