// A preload (`node --import`) that sets a server process's clock off by ICONVAULT_TEST_CLOCK_SKEW_MS
// (e.g. 600000: ten minutes ahead), as a cluster's machine whose clock drifted: `Date.now()` and
// `new Date()` both answer the shifted time; dates built from a value are left as they are. For tests
// that prove nothing merges by a process's clock (tests/process/merge-by-revision.test.ts).

const skew = Number(process.env.ICONVAULT_TEST_CLOCK_SKEW_MS ?? 0)
const RealDate = Date
const now = () => RealDate.now() + skew

if (skew)
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  })
