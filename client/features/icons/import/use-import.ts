// The vault's import: checks first (a project, a signed-in user, a role that may add icons, a plan
// that may save them), then runs importSvgs with its progress (processed, stored; import-progress
// follows the sync), per-file errors and the stored files failing the workspace's review rules as
// state.
import { appMessages, messages } from '@common/messages.ts'
import type { ReviewRules } from '@common/schemas/review-rules.ts'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CheckFailure } from '../../../data/duplicates.ts'
import { replaceIconSvg } from '../../../data/icons.ts'
import { enabledReviewRules } from '../../../data/review-rules.ts'
import { toast } from '../../../lib/toast.ts'
import { createIcons } from '../../../local/bulk-queue.ts'
import type { LocalProject } from '../../../local/db.ts'
import type { VaultAccess } from '../use-vault-access.ts'
import type { HeldIcon, ImportError, ImportSource, RuleFailure } from './import-svgs.ts'

export interface ImportState {
  total: number
  /** Files through the SVG pipeline. */
  processed: number
  /** Files stored locally (or refused). */
  done: number
  added: number
  errors: ImportError[]
  running: boolean
  /** Outbox keys of the added icons (their sync is followed by use-synced.ts). */
  seqs: readonly number[]
  /** Drawings the project already has, not stored until the user says (import-duplicates.tsx). */
  held: readonly HeldIcon[]
  /** Some files were stored without a duplicate check: why (the server unreachable, or refusing). */
  unchecked: CheckFailure | null
  /** Stored files that fail the workspace's review rules (import-rule-failures.tsx). */
  failing: readonly RuleFailure[]
  /** The rules they were checked against; whether the stored icons wait for review. */
  rules: ReviewRules | null
  waitForReview: boolean
}

/**
 * How long files dropped or pasted before the page knows the user's role here wait for it; then they
 * are refused as they would have been (the workspace never came: the user is not in it).
 */
const ROLE_WAIT_MS = 15_000

/** Why an import cannot start here, or null. */
function importRefusal(project: LocalProject | null | undefined, access: VaultAccess | null): string | null {
  if (!project || !access) return messages.noCurrentProject
  if (!access.userId) return messages.noUserId
  if (!access.canCreate) return messages.notAuthorized
  return access.saveRefusal()
}

export function useImport(project: LocalProject | null | undefined, access: VaultAccess | null) {
  const [state, setState] = useState<ImportState | null>(null)
  /** A drop the plan refused: the vault says why, with Upgrade (plan-notice.tsx), not a toast. */
  const [planRefused, setPlanRefused] = useState(false)
  const abort = useRef<AbortController | null>(null)
  // Files dropped or pasted before the user's role here is known (a new device's vault shows before
  // its sync has brought the workspace): held until it is, not refused as "not authorized".
  const [waiting, setWaiting] = useState<readonly ImportSource[]>([])

  const start = useCallback(
    async (sources: ImportSource[]) => {
      if (!sources.length) return
      if (project && access && !access.known) {
        setWaiting((held) => [...held, ...sources])
        return
      }
      const refusal = importRefusal(project, access)
      if (refusal && access?.planBlock && refusal === access.planBlock.message) {
        setPlanRefused(true)
        return
      }
      if (refusal || !project || !access) {
        toast(refusal ?? messages.noCurrentProject)
        return
      }
      abort.current?.abort()
      const controller = new AbortController()
      abort.current = controller
      const total = sources.length
      setState({
        total,
        processed: 0,
        done: 0,
        added: 0,
        errors: [],
        running: true,
        seqs: [],
        held: [],
        unchecked: null,
        failing: [],
        rules: null,
        waitForReview: access.newStatus === 'needs-review',
      })
      // Asked while the first files are read; kept with the report for each file's checklist.
      const rules = project.workspace_id
        ? enabledReviewRules(project.workspace_id).then((r) => {
            if (!controller.signal.aborted) setState((s) => s && { ...s, rules: r })
            return r
          })
        : Promise.resolve(null)
      const target = { project, userId: access.userId, status: access.newStatus, rules }
      try {
        // The import's code (the SVG pipeline's client, the duplicate check, tags from names) loads
        // with the first import, not before the vault's first tiles (ADR 0406); every script is
        // precached, so offline too.
        const { importSvgs } = await import('./import-svgs.ts')
        const { added, errors } = await importSvgs(
          sources,
          target,
          {
            stored: (done, added, errors, seqs) =>
              !controller.signal.aborted &&
              setState((s) => s && { ...s, done, added, errors: [...errors], seqs: [...seqs] }),
            held: (held) => !controller.signal.aborted && setState((s) => s && { ...s, held: [...held] }),
            failing: (failing) =>
              !controller.signal.aborted && setState((s) => s && { ...s, failing: [...failing] }),
            // Unreachable says more than a refusal (nothing after it was checked): it is kept.
            unchecked: (why) =>
              !controller.signal.aborted &&
              setState(
                (s) => s && { ...s, unchecked: s.unchecked?.kind === 'unreachable' ? s.unchecked : why },
              ),
            processed: (processed) =>
              !controller.signal.aborted &&
              setState((s) => s && { ...s, processed: Math.max(s.processed, processed) }),
          },
          controller.signal,
        )
        setState((s) => s && { ...s, processed: total, done: total, added, errors, running: false })
        if (added) toast(appMessages.iconsAdded(added), 'success')
      } catch (error) {
        setState((s) => (s ? { ...s, running: false } : s))
        toast(messages.iconError(error instanceof Error ? error.message : String(error)))
      }
    },
    [project, access],
  )

  const known = !!access?.known
  const latest = useRef({ start, refusal: () => importRefusal(project, access) })
  latest.current = { start, refusal: () => importRefusal(project, access) }
  useEffect(() => {
    if (!waiting.length) return
    if (known) {
      setWaiting([])
      void latest.current.start([...waiting])
      return
    }
    const timer = setTimeout(() => {
      setWaiting([])
      toast(latest.current.refusal() ?? messages.notAuthorized)
    }, ROLE_WAIT_MS)
    return () => clearTimeout(timer)
  }, [known, waiting])

  /** The user's answer for held drawings: skip (never stored), keep (stored now), replace (same name). */
  const resolve = useCallback(async (rows: readonly HeldIcon[], choice: 'skip' | 'keep' | 'replace') => {
    const ids = new Set(rows.map((h) => h.row.id))
    setState((s) => s && { ...s, held: s.held.filter((h) => !ids.has(h.row.id)) })
    if (choice === 'keep') {
      const seqs = await createIcons(rows.map((h) => h.row))
      setState((s) => s && { ...s, added: s.added + rows.length, seqs: [...s.seqs, ...seqs] })
    } else if (choice === 'replace') {
      for (const h of rows) if (h.sameName) await replaceIconSvg(h.sameName, h.row.svg)
    }
  }, [])

  const dismiss = useCallback(() => setState((s) => (s?.running || s?.held.length ? s : null)), [])
  const dismissPlanRefused = useCallback(() => setPlanRefused(false), [])
  /** "Add SVG files" where the plan refuses saving: say why at once instead of opening the picker. */
  const showPlanRefusal = useCallback(() => setPlanRefused(true), [])
  return { state, start, dismiss, resolve, planRefused, dismissPlanRefused, showPlanRefusal }
}
