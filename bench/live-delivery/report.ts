// bench/live-delivery.ts's verdict: each run's figures against the targets (idle ack→event p50 ≤
// 100 ms; under load a teammate hears a change p99 ≤ 500 ms from the writer's request, send→event,
// and no create is refused; nothing lost), and the memory figures beside them.
import type { summary } from './measure.ts'

/** Prints a line per idle and load phase of `lines`; whether every target was met. */
export function printAgainstTargets(lines: Record<string, unknown>[]): boolean {
  let met = true
  const mib = (values: unknown) => `${(values as (number | null)[]).join(' / ')} MiB`
  let setup: Record<string, unknown> | undefined
  for (const l of lines) {
    if (l.phase === 'setup') setup = l
    if (l.phase === 'idle') {
      const p50 = (l.ackToEventMs as { p50: number }).p50
      const ok = p50 <= 100 && l.lost === 0
      met &&= ok
      console.log(
        `${ok ? 'meets ' : 'MISSES'} ${l.db} idle: ack→event p50 ${p50} ms (target ≤ 100), ${l.lost} lost of ${l.pairs}, load ${(l.load as { end: number[] }).end[0]}`,
      )
    }
    if (l.phase === 'load') {
      const s = l.sendToEventMs as ReturnType<typeof summary>
      const a = l.ackToEventMs as ReturnType<typeof summary>
      const refused = (l.writeErrors as { refused: number; failed: number }) ?? { refused: 0, failed: 0 }
      const ok = s.p99 <= 500 && l.lost === 0 && refused.refused + refused.failed === 0
      met &&= ok
      console.log(
        `${ok ? 'meets ' : 'MISSES'} ${l.db} load: send→event p50 ${s.p50} / p90 ${s.p90} / p99 ${s.p99} / max ${s.max} ms (target p99 ≤ 500; ack→event p99 ${a.p99}), ${l.lost} lost of ${l.pairs} (target 0), ${refused.refused + refused.failed} creates refused or failed (target 0), ${l.createsPerSecond} creates/s, ${l.mixedRequestsPerSecond} requests/s, load ${JSON.stringify((l.load as { end: number[] }).end)}`,
      )
      // Memory: figures, no target (item 3 asks for them measured and reported).
      const rss = setup?.rssMiB as Record<string, unknown> | undefined
      const per = setup?.idleStreamMemory as { MiB: number; KiBPerStream: number } | null | undefined
      if (setup && rss && setup.db === l.db)
        console.log(
          `       ${l.db} memory: RSS ${mib(rss.beforeStreams)} before ${setup.streams} streams (${setup.users} users), ${mib(rss.streamsIdle)} with them open and idle (${per ? `+${per.MiB} MiB, ${per.KiBPerStream} KiB a stream` : 'n/a'}); after the load ${mib((l.rssMiB as Record<string, unknown>).afterLoad)}`,
        )
    }
  }
  return met
}
