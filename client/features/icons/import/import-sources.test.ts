import { expect, test } from 'vitest'
import { fromText } from './import-sources.ts'
import { iconNameOf } from './import-svgs.ts'

test('pasted text: the SVG markup inside it, named by its title', async () => {
  const source = fromText(
    'copied:\n<?xml version="1.0"?><svg viewBox="0 0 1 1"><title>Big Star</title></svg>\n',
  )
  expect(source?.name).toBe('Big Star')
  expect(await source?.read()).toBe('<svg viewBox="0 0 1 1"><title>Big Star</title></svg>')
  expect(fromText('<svg/>')).toBeNull() // no closing tag: not a whole SVG
  expect(fromText('hello')).toBeNull()
  expect(fromText('<svg><path/></svg>')?.name).toBe('pasted-icon')
})

test('file names become icon names without the extension', () => {
  expect(iconNameOf('arrow-right.svg')).toBe('arrow-right')
  expect(iconNameOf('Logo.SVG')).toBe('Logo')
  expect(iconNameOf('.svg')).toBe('icon')
})
