// The sync engine of one signed-in browser. Every tab starts it; one tab at a time leads (the Web
// Lock 'iconvault-sync'): it alone sends the outbox, listens to the live stream and re-syncs, so no
// change goes out twice and the in-memory notes of apply.ts stay complete. Other tabs write their
// changes to the local database (Dexie tells every tab about them) and ask the leader through the
// BroadcastChannel of tabs.ts. When the leading tab closes, another one takes the lock over.
import { liveQuery } from 'dexie'
import { ApiError, errorMessage } from '../lib/api.ts'
import { backoffDelay, MAX_DELAY_MS } from '../lib/retry.ts'
import { serverReachable, serverUnreachable } from './connection.ts'
import { db, deleteLocalDb, onBeforeDeleteLocalDb, openLocalDb } from './db.ts'
import { connectLive } from './live.ts'
import { OWNER_KEY } from './local-owner.ts'
import { runSender, wakeOutbox } from './outbox.ts'
import { forgetVersions, pullScope } from './pull.ts'
import { syncAccessUsers, syncAll, syncIcons } from './sync.ts'
import { holdTabLock, onTabMessage, postToTabs, type SyncScope } from './tabs.ts'

const LEADER_LOCK = 'iconvault-sync'
/** Heard nothing for this long (no event, no re-sync): pull anyway, in case a note was lost. */
const QUIET_PULL_MS = 60_000
/** Gaps seen within this long of one another are pulled once. */
const GAP_WAIT_MS = 200

export interface EngineOptions {
  userId: string
  /** Pending invitations changed (in any tab): refetch them. */
  onInvitationsChanged(): void
  /** A sync failed (e.g. 'Failed to get projects'); the leading tab reports it once. */
  onSyncError(error: unknown): void
}

let leader: Leader | null = null
/** Called when this tab starts leading (requestSync waits for that as well as for other tabs). */
const leading = new Set<() => void>()

class Leader {
  private readonly abort = new AbortController()
  private resyncing: Promise<void> | null = null
  private again = false
  private closeLive: (() => void) | null = null
  private readonly networkWaiters = new Set<() => void>()
  private unreachable = 0
  private lastHeard = performance.now()
  private readonly missed = new Set<string>()
  private missedTimer: ReturnType<typeof setTimeout> | undefined

  private readonly options: EngineOptions

  constructor(options: EngineOptions) {
    this.options = options
  }

  start() {
    const { signal } = this.abort
    void runSender(signal, { waitForNetwork: (s) => this.waitForNetwork(s) })
    // Changes queued by other tabs wake the sender here.
    const outbox = liveQuery(() => db.outbox.count()).subscribe({ next: () => wakeOutbox(), error: () => {} })
    signal.addEventListener('abort', () => outbox.unsubscribe())
    window.addEventListener('online', () => this.reachable(), { signal })
    // The first pull starts at once, beside the stream's connection; the stream's `ready` pulls
    // again (a pull of an unchanged scope is one small answer), so nothing falls between the two.
    void this.resync()
    // A stream that stays silent may have lost a note (a process died between commit and sending):
    // pull now and then; each pull of an unchanged scope is one small answer.
    const quiet = setInterval(() => {
      if (performance.now() - this.lastHeard >= QUIET_PULL_MS) void this.resync()
    }, QUIET_PULL_MS / 4)
    signal.addEventListener('abort', () => {
      clearInterval(quiet)
      clearTimeout(this.missedTimer)
      forgetVersions()
    })
    this.closeLive = connectLive({
      onReady: () => {
        this.reachable()
        wakeOutbox()
        void this.resync()
      },
      onInvitationsChanged: () => {
        this.options.onInvitationsChanged()
        postToTabs({ type: 'invitations-changed' })
      },
      onHeard: () => {
        this.lastHeard = performance.now()
      },
      onMissed: (scope) => this.pullMissed(scope),
    })
  }

  stop() {
    this.abort.abort()
    this.closeLive?.()
  }

  /**
   * Resolves when the sender may try again after the network failed: back online, the live
   * stream reconnected (the server is back), or after a delay growing from 1 s to 30 s.
   */
  private waitForNetwork(signal: AbortSignal) {
    serverUnreachable()
    const delay = navigator.onLine ? backoffDelay(this.unreachable++) : MAX_DELAY_MS
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.networkWaiters.delete(done)
        window.removeEventListener('online', done)
        resolve()
      }
      const timer = setTimeout(done, delay)
      this.networkWaiters.add(done)
      window.addEventListener('online', done)
      signal.addEventListener('abort', done)
    })
  }

  private reachable() {
    this.unreachable = 0
    serverReachable()
    for (const done of [...this.networkWaiters]) done()
  }

  /** Pulls the scopes whose events showed a gap, once the events around it have arrived. */
  private pullMissed(scope: string) {
    this.missed.add(scope)
    if (this.missedTimer !== undefined) return
    this.missedTimer = setTimeout(() => {
      this.missedTimer = undefined
      const scopes = [...this.missed]
      this.missed.clear()
      for (const s of scopes)
        pullScope(s).catch((error: unknown) => {
          if (!this.abort.signal.aborted) this.options.onSyncError(error)
        })
    }, GAP_WAIT_MS)
  }

  /** Fetches one scope (a full re-sync for `all`). */
  sync(scope: SyncScope): Promise<void> {
    if ('icons' in scope) return syncIcons(scope.icons)
    if ('access' in scope) return syncAccessUsers(scope.access)
    return this.resync()
  }

  /** Pulls every scope from its cursor; overlapping requests run once more at the end. */
  resync(): Promise<void> {
    if (this.resyncing) {
      this.again = true
      return this.resyncing
    }
    this.resyncing = (async () => {
      do {
        this.again = false
        this.lastHeard = performance.now()
        try {
          await syncAll()
        } catch (error) {
          if (!this.abort.signal.aborted) this.options.onSyncError(error)
        }
      } while (this.again && !this.abort.signal.aborted)
    })().finally(() => {
      this.resyncing = null
    })
    return this.resyncing
  }
}

/** Another user's data must never show: a database left by someone else is deleted first. */
async function claimDatabase(userId: string) {
  const owner = localStorage.getItem(OWNER_KEY)
  if (owner && owner !== userId) await deleteLocalDb()
  localStorage.setItem(OWNER_KEY, userId)
  await openLocalDb()
}

/** Starts syncing for this tab; returns a function that stops it. */
export function startSyncEngine(options: EngineOptions): () => void {
  const abort = new AbortController()
  holdTabLock()
  const offMessages = onTabMessage((message) => {
    if (message.type === 'invitations-changed') options.onInvitationsChanged()
    if (message.type === 'sync' && leader) {
      leader.sync(message.scope).then(
        () => postToTabs({ type: 'sync-done', id: message.id, error: null, status: null }),
        (error: unknown) =>
          postToTabs({
            type: 'sync-done',
            id: message.id,
            error: errorMessage(error),
            status: error instanceof ApiError ? error.status : null,
          }),
      )
    }
  })
  const lead = async () => {
    if (abort.signal.aborted) return
    leader = new Leader(options)
    leader.start()
    for (const notify of [...leading]) notify()
    await new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve()))
    leader.stop()
    leader = null
  }
  let offDelete = () => {}
  void claimDatabase(options.userId)
    .then(() => {
      // Signing out deletes the database: stop first (registered after our own claim above).
      offDelete = onBeforeDeleteLocalDb(() => abort.abort())
      if (abort.signal.aborted) return
      if (!navigator.locks) return lead()
      return navigator.locks.request(LEADER_LOCK, { signal: abort.signal }, lead).then(() => {})
    })
    .catch((error: unknown) => {
      if (!abort.signal.aborted) console.error('The sync engine stopped', error)
    })
  return () => {
    abort.abort()
    offMessages()
    offDelete()
  }
}

const SYNC_REPLY_TIMEOUT_MS = 15_000

/**
 * Fetches a scope into the local database through the leading tab (this one or another), and
 * settles when it is done; rejects with the server's error. A tab that starts leading meanwhile (a
 * page load: the engine is still claiming the database) does it itself rather than wait for a
 * reply no other tab will send.
 */
export function requestSync(scope: SyncScope): Promise<void> {
  if (leader) return leader.sync(scope)
  const id = crypto.randomUUID()
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(finish, SYNC_REPLY_TIMEOUT_MS) // no leader answered: nothing to report
    const off = onTabMessage((message) => {
      if (message.type !== 'sync-done' || message.id !== id) return
      if (message.error === null) finish()
      else finish(new ApiError(message.status ?? 0, message.error))
    })
    const lead = () => {
      if (leader) leader.sync(scope).then(() => finish(), finish)
    }
    leading.add(lead)
    function finish(error?: unknown) {
      clearTimeout(timer)
      off()
      leading.delete(lead)
      if (error) reject(error)
      else resolve()
    }
    postToTabs({ type: 'sync', id, scope })
  })
}
