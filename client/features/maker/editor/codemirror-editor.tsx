// The SVG source editor on CodeMirror 6 (@codemirror/view, state, lang-xml, language), loaded
// lazily. The `codemirror` meta-package installed here is the old 5.x line, so the editor is put
// together from the 6.x parts; without @codemirror/commands, undo is the maker's own (Ctrl/Cmd+Z).
import { closeBrackets } from '@codemirror/autocomplete'
import { xml } from '@codemirror/lang-xml'
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { Annotation, EditorState } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, lineNumbers } from '@codemirror/view'
import { tags } from '@lezer/highlight'
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

/**
 * The theme's own syntax colours (styles.css, --iv-code-*), legible in the dark and the light theme
 * (CodeMirror's default style is made for a light background: its strings were 2:1 on dark).
 */
const highlight = HighlightStyle.define([
  { tag: [tags.tagName, tags.angleBracket], color: 'var(--iv-code-tag)' },
  { tag: [tags.attributeName, tags.propertyName, tags.keyword], color: 'var(--iv-code-attribute)' },
  { tag: [tags.attributeValue, tags.string, tags.number], color: 'var(--iv-code-string)' },
  {
    tag: [tags.comment, tags.meta, tags.processingInstruction, tags.documentMeta],
    color: 'var(--iv-code-comment)',
  },
  { tag: tags.invalid, color: 'var(--iv-danger)' },
])

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
          syntaxHighlighting(highlight),
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
