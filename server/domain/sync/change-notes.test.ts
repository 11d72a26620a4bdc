import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { iconNotes } from './change-notes.ts'

test('the notes of a large drop carry every id, each note within NOTIFY’s 8000 bytes', () => {
  const ids = Array.from({ length: 1234 }, () => randomUUID())
  const notes = iconNotes(ids, randomUUID(), 'a-user-id-of-some-length-0123456789', randomUUID())
  for (const note of notes) expect(new TextEncoder().encode(JSON.stringify(note)).length).toBeLessThan(8000)
  expect(notes.flatMap((n) => ('ids' in n ? n.ids : []))).toEqual(ids)
  expect(iconNotes([], null)).toEqual([])
})
