// "Use in code" on /info: copyable snippets that wire this project's icons into code with its real
// values (code-snippets.ts): the Iconify endpoint, addAPIProvider for iconify-icon, unplugin-icons
// and Tailwind 4 with the exported Iconify package, and the CLI command. Each has a Copy button
// named after it; each code block scrolls on its own (focusable, so a keyboard can scroll it) and
// never widens the page at 375 px.
import { Check, Copy } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { errorMessage } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'
import { type CodeSnippet, codeSnippets, type SnippetInput } from './code-snippets.ts'

function Snippet({ snippet }: { snippet: CodeSnippet }) {
  const [copied, setCopied] = useState(false)
  const copy = () =>
    navigator.clipboard.writeText(snippet.code).then(
      () => {
        setCopied(true)
        toast(`${snippet.title} copied`, 'success')
        setTimeout(() => setCopied(false), 2000)
      },
      (e) => toast(errorMessage(e)),
    )
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-line p-3"
      data-testid={`snippet-${snippet.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-fg">{snippet.title}</h3>
          <p className="text-xs text-muted">{snippet.detail}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="min-h-9 shrink-0"
          onClick={() => void copy()}
          aria-label={`Copy ${snippet.title}`}
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {/* The visible word stays "Copy" (part of the button's name); the toast says it was copied. */}
          Copy
        </Button>
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls a long line (axe: scrollable-region-focusable)
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md bg-surface p-2 font-mono text-xs text-fg"
      >
        <code>{snippet.code}</code>
      </pre>
    </li>
  )
}

export function UseInCode(props: SnippetInput) {
  const snippets = codeSnippets(props)
  // Linked to from Project Settings (`#use-in-code`): the router scrolls to a hash before this
  // section has rendered, so it brings itself into view once it is there.
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (window.location.hash === '#use-in-code') ref.current?.scrollIntoView({ block: 'start' })
  }, [])
  return (
    <section
      ref={ref}
      id="use-in-code"
      aria-labelledby="use-in-code-title"
      className="min-w-0 rounded-xl border border-line bg-raised p-5"
      data-testid="use-in-code"
    >
      <h2 id="use-in-code-title" className="text-base font-semibold text-fg">
        Use in code
      </h2>
      <p className="mt-1 text-sm text-muted">
        Replace <code className="font-mono">YOUR_READ_TOKEN</code> with a token from Account → Tokens: for a
        page, a read token limited to this project (anyone who reads the page can read the token).
      </p>
      <ul className="mt-4 grid gap-3">
        {snippets.map((snippet) => (
          <Snippet key={snippet.id} snippet={snippet} />
        ))}
      </ul>
    </section>
  )
}
