// The rows of a `{"data":[...]}` list as its bytes arrive (fetch-list.ts, list-worker.ts): the rows
// complete in what has arrived are parsed while the rest is on its way, so a 50,000-icon list (46 MB
// of JSON) is parsed as it downloads rather than after its last byte. Rows are found by a scan that
// follows JSON's strings (quotes, escapes) and nesting; each run of complete rows is parsed by
// JSON.parse as an array, so the values are JSON.parse's own (list-rows.test.ts compares them). A
// body of any other shape is parsed whole at its end; a malformed one throws JSON.parse's SyntaxError.

const OPEN = '{"data":['
const QUOTE = 34
const BACKSLASH = 92
const BRACE_OPEN = 123
const BRACE_CLOSE = 125
const BRACKET_OPEN = 91
const BRACKET_CLOSE = 93

/** Yields the list's rows in order, a run at a time (one per network chunk that completes a row). */
export async function* listRows(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown[]> {
  const reader = body.getReader()
  let finished = false
  try {
    yield* rowsOf(reader)
    finished = true
  } finally {
    // A failure, or a caller that stopped reading: the rest of the body is not wanted (an unread
    // answer would hold its connection).
    if (!finished) await reader.cancel().catch(() => {})
  }
}

async function* rowsOf(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<unknown[]> {
  const decoder = new TextDecoder()
  // What arrived and is not parsed yet; `scanned` chars of it are scanned (the state below is theirs).
  let pending = ''
  let scanned = 0
  let depth = 0
  let inString = false
  let escaped = false
  let shape: 'unknown' | 'rows' | 'whole' = 'unknown'
  let given = false
  for (;;) {
    const { value, done } = await reader.read()
    pending += done ? decoder.decode() : decoder.decode(value, { stream: true })
    if (shape === 'unknown' && (pending.length >= OPEN.length || done)) {
      shape = pending.startsWith(OPEN) ? 'rows' : 'whole'
      if (shape === 'rows') {
        pending = pending.slice(OPEN.length)
        depth = 2 // inside the object and its array
      }
    }
    if (shape === 'rows') {
      // The end of the last complete row in `pending`, if any.
      let end = -1
      for (let i = scanned; i < pending.length; i++) {
        const c = pending.charCodeAt(i)
        if (inString) {
          if (escaped) escaped = false
          else if (c === BACKSLASH) escaped = true
          else if (c === QUOTE) inString = false
        } else if (c === QUOTE) inString = true
        else if (c === BRACE_OPEN || c === BRACKET_OPEN) depth++
        else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
          depth--
          if (depth === 2) end = i + 1
        }
      }
      scanned = pending.length
      if (end > 0) {
        const run = pending.charCodeAt(0) === 44 /* , */ ? pending.slice(1, end) : pending.slice(0, end)
        yield JSON.parse(`[${run}]`) as unknown[]
        given = true
        pending = pending.slice(end)
        scanned -= end
      }
    }
    if (done) break
  }
  if (shape === 'whole') {
    const { data } = JSON.parse(pending) as { data: unknown }
    if (!Array.isArray(data)) throw new SyntaxError('The list has no data array')
    yield data
    return
  }
  const tail = pending.trim()
  if (tail === ']}') return
  // Anything else after the last row (values that are not objects, or a malformed end) is read by
  // JSON.parse, after a stand-in for the rows already given so that a leading comma stays valid.
  const { data } = JSON.parse(`{"data":[${given ? 'null' : ''}${tail}`) as { data: unknown[] }
  if (data.length > (given ? 1 : 0)) yield given ? data.slice(1) : data
}
