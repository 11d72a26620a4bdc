// Start from a text prompt: SVG variants from the configured AI endpoint (through the pipeline on
// the server), one credit per variant delivered. When the server has no AI set up, it says so and
// what to use instead (the operator's variables are in the README, not shown to users).

import { appMessages } from '@common/messages.ts'
import { MAX_PROMPT_CHARS } from '@common/schemas/maker.ts'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { errorMessage } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.ts'
import { generateIcons, useCapabilities } from '../api/maker-api.ts'
import { CreditsNote } from './credits-note.tsx'
import { IconTile } from './icon-tile.tsx'
import type { SourceProps } from './source-props.ts'

const COUNTS = ['1', '2', '3', '4'].map((v) => ({ value: v, label: `${v} variant${v === '1' ? '' : 's'}` }))

export function AiSource({ onLoad, workspaceId }: Pick<SourceProps, 'onLoad' | 'workspaceId'>) {
  const capabilities = useCapabilities(workspaceId)
  const [prompt, setPrompt] = useState('')
  const [count, setCount] = useState('2')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [variants, setVariants] = useState<string[]>([])

  if (capabilities.isPending) return <p className="text-sm text-muted">Checking AI generation…</p>
  const ai = capabilities.data?.ai
  if (!ai?.configured) {
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="ai-unavailable" role="status">
        <p className="font-medium text-fg">{appMessages.aiNotConfigured}</p>
        <p className="text-muted">{appMessages.aiNotConfiguredHelp}</p>
      </div>
    )
  }

  const generate = async () => {
    setBusy(true)
    setError(null)
    try {
      const result = await generateIcons(workspaceId, prompt.trim(), Number(count))
      setVariants(result.variants.map((v) => v.svg))
    } catch (err) {
      setError(errorMessage(err))
      toast(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <Textarea
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        maxLength={MAX_PROMPT_CHARS}
        placeholder="Describe the icon, e.g. a paper plane taking off"
        aria-label="Icon prompt"
      />
      <div className="flex items-center gap-2">
        <Select value={count} onValueChange={setCount} options={COUNTS} aria-label="Variants" />
        <Button onClick={generate} disabled={busy || !prompt.trim()} className="flex-1">
          {busy ? 'Generating…' : `Generate · ${count} credit${count === '1' ? '' : 's'}`}
        </Button>
      </div>
      <p className="text-xs text-muted">Model: {ai.model}</p>
      <CreditsNote workspaceId={workspaceId} />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {variants.length ? (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(4rem,1fr))] gap-2" data-testid="ai-variants">
          {variants.map((svg, i) => (
            <IconTile
              // biome-ignore lint/suspicious/noArrayIndexKey: variants are replaced as a whole
              key={i}
              svg={svg}
              name={`Variant ${i + 1}`}
              onPick={() =>
                onLoad({ svg, name: prompt.trim().slice(0, 60), originIconId: null, source: 'ai' })
              }
            />
          ))}
        </div>
      ) : null}
    </div>
  )
}
