// The maker's sources side by side as tabs: code or file, the vault, the library, tracing, AI.
import { Tabs } from 'radix-ui'
import { AiSource } from './ai-source.tsx'
import { CodeSource } from './code-source.tsx'
import { LibrarySource } from './library-source.tsx'
import type { SourceProps } from './source-props.ts'
import { TraceSource } from './trace-source.tsx'
import { VaultSource } from './vault-source.tsx'

const TABS = [
  { id: 'code', label: 'Code' },
  { id: 'vault', label: 'Vault' },
  { id: 'library', label: 'Library' },
  { id: 'trace', label: 'Trace' },
  { id: 'ai', label: 'AI' },
] as const

export type SourceTab = (typeof TABS)[number]['id']

export function SourceTabs(props: SourceProps & { initial?: SourceTab }) {
  return (
    <Tabs.Root defaultValue={props.initial ?? 'code'} className="flex flex-col gap-3">
      <Tabs.List aria-label="Start from" className="flex gap-1 rounded-lg bg-surface p-1">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab.id}
            value={tab.id}
            className="flex-1 rounded-md px-2 py-1 text-xs font-medium text-muted data-[state=active]:bg-raised data-[state=active]:text-fg data-[state=active]:shadow-sm"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="code">
        <CodeSource onLoad={props.onLoad} />
      </Tabs.Content>
      <Tabs.Content value="vault">
        <VaultSource onLoad={props.onLoad} projectId={props.projectId} />
      </Tabs.Content>
      <Tabs.Content value="library">
        <LibrarySource onLoad={props.onLoad} />
      </Tabs.Content>
      <Tabs.Content value="trace">
        <TraceSource onLoad={props.onLoad} workspaceId={props.workspaceId} />
      </Tabs.Content>
      <Tabs.Content value="ai">
        <AiSource onLoad={props.onLoad} workspaceId={props.workspaceId} />
      </Tabs.Content>
    </Tabs.Root>
  )
}
