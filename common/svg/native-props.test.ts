import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UNDRAWN_FILTER_PRIMITIVES } from './convert-react-native.ts'
import { NATIVE_PROPS_SOURCE } from './react-native-props.ts'
import { nativePropsSource } from './test-support/native-props-source.ts'

const require = createRequire(import.meta.url)
const nativeSvgRoot = dirname(require.resolve('react-native-svg/package.json'))

describe('react-native-svg tables', () => {
  it('react-native-props.ts is generated from the installed type declarations', () => {
    // On failure: node common/svg/test-support/native-props-source.ts --write
    expect(NATIVE_PROPS_SOURCE).toEqual(nativePropsSource())
  })

  it('lists the filter primitives react-native-svg declares but does not draw', () => {
    const util = readFileSync(join(nativeSvgRoot, 'src/lib/util.ts'), 'utf8')
    const listed = /Not implemented filters:[\s\S]*?\[([\s\S]*?)\]/.exec(util)?.[1] ?? ''
    const warned = new Set([...listed.matchAll(/'(Fe\w+)'/g)].map((m) => m[1]!))
    expect(warned.size).toBeGreaterThan(10)
    // FeDistantLight is missing from that list but calls warnUnimplementedFilter() too.
    const distant = readFileSync(join(nativeSvgRoot, 'src/elements/filters/FeDistantLight.tsx'), 'utf8')
    expect(distant).toContain('warnUnimplementedFilter()')
    expect([...UNDRAWN_FILTER_PRIMITIVES].sort()).toEqual([...warned, 'FeDistantLight'].sort())
  })
})
