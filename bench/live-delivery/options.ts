// bench/live-delivery.ts's command line: `[seconds=20] [--drain=120] [--idle=20] [--streams=200]
// [--users=20] [--readers=120] [--rate=40] [--inflight=4] [--warmup=0] [--cluster]
// [--only=pglite|postgres]` (the script's header says what each means).
import { WRITERS } from './team.ts'

export type Options = {
  seconds: number
  drainSeconds: number
  idleCreates: number
  streams: number
  users: number
  readers: number
  rate: number
  inflight: number
  /** Seconds the readers run before the first create is sent. */
  warmup: number
  cluster: boolean
  /** One database of the two (Postgres needs TEST_DATABASE_URL). */
  only: 'pglite' | 'postgres' | null
}

export function parseArgs(argv: string[]): Options {
  const flag = (name: string, fallback: number) => {
    const hit = argv.find((a) => a.startsWith(`--${name}=`))
    return hit ? Number(hit.split('=')[1]) : fallback
  }
  const positional = argv.filter((a) => !a.startsWith('--'))
  return {
    seconds: Number(positional[0] ?? 20),
    drainSeconds: flag('drain', 120),
    idleCreates: flag('idle', 20),
    streams: flag('streams', 200),
    users: flag('users', WRITERS),
    readers: flag('readers', 120),
    rate: flag('rate', 40),
    inflight: flag('inflight', 4),
    warmup: flag('warmup', 0),
    cluster: argv.includes('--cluster'),
    only: (['pglite', 'postgres'] as const).find((db) => argv.includes(`--only=${db}`)) ?? null,
  }
}
