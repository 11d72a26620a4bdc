// One read at a time per key, shared by everyone who asks while it runs: when a kept answer lapses
// or a change makes every reader miss at once, hundreds of requests would otherwise each read the
// same thing (a project list read 200 times over held the event loop 300-450 ms; bench/README.md).
// The read is forgotten once it settles, whether it succeeded or failed (a failed read fails all who
// shared it; the next to ask reads again). Keys that must not join a read begun before a change
// carry what changed (a stamp, a generation).

export type SharedReads<T> = {
  /** The read of `key` in progress, if any. */
  running(key: string): Promise<T> | undefined
  /** The read of `key` in progress, or `read()` started now and shared until it settles. */
  share(key: string, read: () => Promise<T>): Promise<T>
}

export function sharedReads<T>(): SharedReads<T> {
  const reads = new Map<string, Promise<T>>()
  return {
    running: (key) => reads.get(key),
    share(key, read) {
      const going = reads.get(key)
      if (going) return going
      const value = read()
      reads.set(key, value)
      const done = () => {
        if (reads.get(key) === value) reads.delete(key)
      }
      value.then(done, done)
      return value
    },
  }
}
