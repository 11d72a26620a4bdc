// Keeps the source editor and the document in step both ways: typing is committed (after a short
// pause) when the pipeline accepts it, otherwise its error is shown and the preview keeps the last
// good drawing; any other change of the document (an op, undo, a new source) replaces the text.

import { isSvgError, sanitizeSvg } from '@common/svg/index.ts'
import { useCallback, useEffect, useRef, useState } from 'react'

const SOURCE_COMMIT_DELAY_MS = 300

export function useSourceSync(svg: string | undefined, commit: (svg: string) => void) {
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new document replaces the draft
  useEffect(() => {
    clearTimeout(timer.current)
    setDraft(null)
    setError(null)
  }, [svg])

  useEffect(() => () => clearTimeout(timer.current), [])

  const onChange = useCallback(
    (text: string) => {
      setDraft(text)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        try {
          sanitizeSvg(text)
          setError(null)
          commit(text)
        } catch (err) {
          setError(isSvgError(err) ? err.message : String(err))
        }
      }, SOURCE_COMMIT_DELAY_MS)
    },
    [commit],
  )

  return { text: draft ?? svg ?? '', error, onChange }
}
