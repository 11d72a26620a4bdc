// A minimal client of an OpenAI-compatible `POST {AI_BASE_URL}/chat/completions`. Failures become
// ApiErrors the maker answers with: 504 when the deadline passes, 502 for anything else upstream.
import { appMessages } from '../../common/messages.ts'
import type { Config } from '../config/config.ts'
import { ApiError } from '../domain/errors.ts'
import type { ChatMessage } from './prompt.ts'
import { aiSettings } from './settings.ts'

export type AiConfig = { baseUrl: string; apiKey: string; model: string }

/** The AI settings when all three are set, else null (generation is then unavailable). */
export function aiConfigOf(ai: Config['ai']): AiConfig | null {
  if (!ai.baseUrl || !ai.apiKey || !ai.model) return null
  return { baseUrl: ai.baseUrl.replace(/\/+$/, ''), apiKey: ai.apiKey, model: ai.model }
}

/** 502 Bad Gateway or 504 Gateway Timeout. */
export const upstreamError = (status: 502 | 504, message: string) => new ApiError(status, message)

const isTimeout = (signal: AbortSignal) =>
  signal.aborted && (signal.reason as { name?: string } | undefined)?.name === 'TimeoutError'

/** The text of the first choice; content may be a string or a list of text parts. */
function contentOf(body: unknown): string | null {
  const message = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message
  const content = message?.content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('')
  }
  return null
}

/** One chat completion; `signal` carries the deadline (AbortSignal.timeout) and client aborts. */
export async function chatCompletion(ai: AiConfig, messages: ChatMessage[], signal: AbortSignal) {
  let text: string
  let status: number
  try {
    const res = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: ai.model, messages, temperature: 0.7, max_tokens: aiSettings.maxTokens }),
      signal,
    })
    status = res.status
    text = await res.text()
  } catch {
    if (isTimeout(signal)) throw upstreamError(504, appMessages.aiTimeout)
    throw upstreamError(502, appMessages.aiUnreachable)
  }
  if (status < 200 || status >= 300) {
    throw upstreamError(502, `${appMessages.aiUpstreamError} (HTTP ${status})`)
  }
  let content: string | null = null
  try {
    content = text.length <= aiSettings.maxAnswerChars ? contentOf(JSON.parse(text)) : null
  } catch {
    content = null
  }
  if (content === null) throw upstreamError(502, appMessages.aiUpstreamError)
  return content
}
