// A titled group of controls in the adjust panel, and the number field they share.
import { type ReactNode, useId } from 'react'
import { Input } from '../../../components/ui/input.tsx'

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 border-b border-line pb-4 last:border-0">
      <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2>
      {children}
    </section>
  )
}

export function NumberField(props: {
  label: string
  value: number
  min: number
  max: number
  step: number
  onChange(value: number): void
}) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-fg">
      <label htmlFor={id}>{props.label}</label>
      <Input
        id={id}
        type="number"
        className="h-8 w-20"
        value={Number.isFinite(props.value) ? props.value : ''}
        min={props.min}
        max={props.max}
        step={props.step}
        onChange={(e) => props.onChange(e.target.valueAsNumber)}
      />
    </div>
  )
}

export type Apply = (edit: (svg: string) => string | Promise<string>) => void
