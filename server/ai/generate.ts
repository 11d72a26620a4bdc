// Asks the AI endpoint for several icon variants in parallel, all within one deadline, and turns
// each answer into a stored-quality SVG through the pipeline (the server's SVG worker pool, off the
// event loop, as the caller passes it). Unusable answers are dropped.
import { appMessages } from '../../common/messages.ts'
import { isSvgError } from '../../common/svg/index.ts'
import { ApiError } from '../domain/errors.ts'
import { type AiConfig, chatCompletion, upstreamError } from './chat-client.ts'
import { extractSvg } from './extract-svg.ts'
import { iconMessages } from './prompt.ts'
import { aiSettings } from './settings.ts'

/** An SVG that still draws something after sanitising (a refused or emptied answer does not). */
const DRAWS = /<(?:path|circle|rect|ellipse|line|polyline|polygon|use|text)\b/

/** The SVG pipeline as the caller runs it: processSvg's output, or it throws SvgError. */
export type SvgPipeline = (input: string, idPrefix: string) => Promise<string>

/** Extracts and pipelines one answer; null when it holds no SVG or nothing drawable survives. */
async function answerToIcon(answer: string, idPrefix: string, pipeline: SvgPipeline): Promise<string | null> {
  const raw = extractSvg(answer)
  if (!raw) return null
  try {
    const svg = await pipeline(raw, idPrefix)
    return DRAWS.test(svg) ? svg : null
  } catch (error) {
    if (isSvgError(error)) return null
    throw error
  }
}

/**
 * Up to `count` pipelined SVGs for `prompt`. Throws 504/502 when no answer arrived at all, and
 * 502 'no usable SVG' when answers arrived but none held a drawable SVG.
 */
export async function generateVariants(
  ai: AiConfig,
  prompt: string,
  count: number,
  pipeline: SvgPipeline,
  abort?: AbortSignal,
): Promise<string[]> {
  const deadline = AbortSignal.timeout(aiSettings.timeoutMs)
  const signal = abort ? AbortSignal.any([deadline, abort]) : deadline
  const answers = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => chatCompletion(ai, iconMessages(prompt, i, count), signal)),
  )
  const texts = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))
  if (texts.length === 0) {
    const errors = answers.map((a) => (a.status === 'rejected' ? a.reason : null))
    const timeout = errors.find((e) => e instanceof ApiError && (e.status as number) === 504)
    throw timeout ?? errors.find((e) => e instanceof ApiError) ?? errors[0]
  }
  const icons = await Promise.all(texts.map((text, i) => answerToIcon(text, `ai${i + 1}`, pipeline)))
  const usable = icons.filter((svg): svg is string => svg !== null)
  if (usable.length === 0) throw upstreamError(502, appMessages.aiNoSvg)
  return usable
}
