// The SVG source editor on CodeMirror 6 (@codemirror/view, state, lang-xml, language), loaded
// lazily. The `codemirror` meta-package installed here is the old 5.x line, so the editor is put
// together from the 6.x parts; without @codemirror/commands, undo is the maker's own (Ctrl/Cmd+Z).
import { closeBrackets } from '@codemirror/autocomplete'
import { xml } from '@codemirror/lang-xml'
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { Annotation, EditorState } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, lineNumbers } from '@codemirror/view'
import { useEffect, useRef } from 'react'

/** Marks changes that came from outside (an edit op, undo), so they are not echoed back. */
const external = Annotation.define<boolean>()

const theme = EditorView.theme({
  '&': { fontSize: '12px', backgroundColor: 'var(--iv-raised)', color: 'var(--iv-fg)', height: '100%' },
  '.cm-content': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', caretColor: 'var(--iv-fg)' },
  '.cm-gutters': { backgroundColor: 'var(--iv-surface)', color: 'var(--iv-muted)', border: 'none' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'rgb(127 127 127 / 0.08)' },
  '&.cm-focused': { outline: '2px solid var(--iv-accent)' },
  '.cm-scroller': { overflow: 'auto' },
})

export interface CodeMirrorEditorProps {
  value: string
  onChange(text: string): void
}

export default function CodeMirrorEditor({ value, onChange }: CodeMirrorEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const initial = useRef(value)

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial.current,
        extensions: [
          lineNumbers(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          xml(),
          EditorView.lineWrapping,
          theme,
          EditorView.contentAttributes.of({ 'aria-label': 'SVG source', 'data-testid': 'svg-source' }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return
            if (update.transactions.some((tr) => tr.annotation(external))) return
            onChangeRef.current(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [])

  useEffect(() => {
    const editor = view.current
    if (!editor) return
    const current = editor.state.doc.toString()
    if (current === value) return
    editor.dispatch({
      changes: { from: 0, to: current.length, insert: value },
      annotations: external.of(true),
    })
  }, [value])

  return <div ref={host} className="h-full min-h-48 overflow-hidden rounded-lg border border-line" />
}
