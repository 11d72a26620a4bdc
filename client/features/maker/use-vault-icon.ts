// /maker?iconId=…: opens that vault icon (from the local database, synced for its project) once;
// the save panel saves it back as a new version of that icon (same id, its history), or as a new
// icon that keeps it as origin_icon_id (save/save-panel.tsx, ADR 0408).
import { useEffect, useRef } from 'react'
import { db } from '../../local/db.ts'
import { syncProjectIcons } from '../../local/icons.ts'
import { useLiveQuery } from '../../local/use-live-query.ts'
import type { MakerDoc } from './state/history.ts'

export function useVaultIcon(
  iconId: string | undefined,
  projectId: string | undefined,
  load: (doc: MakerDoc) => void,
) {
  const icon = useLiveQuery(async () => (iconId ? ((await db.icons.get(iconId)) ?? null) : null), [iconId])
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (iconId && projectId) void syncProjectIcons(projectId).catch(() => {})
  }, [iconId, projectId])
  useEffect(() => {
    if (!icon || opened.current === icon.id) return
    opened.current = icon.id
    load({ svg: icon.svg, name: icon.name, originIconId: icon.id, source: 'vault' })
  }, [icon, load])
}
