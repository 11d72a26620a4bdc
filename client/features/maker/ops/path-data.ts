// A reader for SVG path data: commands with their numbers, arc flags read as single digits
// ("a1 1 0 00.5.5"), as browsers read them. Stops at the first error like browsers do.
export type PathCommand = { cmd: string; args: number[] }

const ARG_COUNT: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 }
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y
const SEPARATOR = /[\s,]*/y

export function parsePath(d: string): PathCommand[] {
  const out: PathCommand[] = []
  let i = 0
  const skip = () => {
    SEPARATOR.lastIndex = i
    SEPARATOR.exec(d)
    i = SEPARATOR.lastIndex
  }
  const number = (): number | null => {
    skip()
    NUMBER.lastIndex = i
    const match = NUMBER.exec(d)
    if (!match) return null
    i = NUMBER.lastIndex
    return Number(match[0])
  }
  const flag = (): number | null => {
    skip()
    const c = d[i]
    if (c !== '0' && c !== '1') return null
    i++
    return Number(c)
  }
  skip()
  while (i < d.length) {
    const cmd = d[i]!
    const count = ARG_COUNT[cmd.toLowerCase()]
    if (count === undefined) break
    i++
    if (count === 0) {
      out.push({ cmd, args: [] })
      skip()
      continue
    }
    let first = true
    for (;;) {
      const args: number[] = []
      for (let k = 0; k < count; k++) {
        const v = cmd.toLowerCase() === 'a' && (k === 3 || k === 4) ? flag() : number()
        if (v === null) break
        args.push(v)
      }
      if (args.length !== count) {
        if (first || args.length > 0) return out
        break
      }
      // Extra pairs after a moveto are linetos.
      const implicit = !first && cmd.toLowerCase() === 'm' ? (cmd === 'm' ? 'l' : 'L') : cmd
      out.push({ cmd: implicit, args })
      first = false
      skip()
      if (i >= d.length || /[a-zA-Z]/.test(d[i]!)) break
    }
  }
  return out
}
