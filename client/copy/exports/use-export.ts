// Runs exports one at a time with their progress as state; the file downloads when it is built.

import { type ExportIcon, type ExportKind, exportIcon } from '@common/exports/export-kinds.ts'
import { appMessages, messages } from '@common/messages.ts'
import { useCallback, useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { runExport, saveFile } from './run-export.ts'

export interface ExportProgress {
  kind: ExportKind
  done: number
  total: number
}

export function useExport(projectName: string, iconifyPrefix?: string) {
  const [progress, setProgress] = useState<ExportProgress | null>(null)

  const start = useCallback(
    async (kind: ExportKind, icons: readonly ExportIcon[], classPrefix?: string) => {
      setProgress({ kind, done: 0, total: icons.length })
      try {
        const result = await runExport(
          { kind, projectName, icons: icons.map(exportIcon), classPrefix, iconifyPrefix },
          (done, total) => setProgress({ kind, done, total }),
        )
        saveFile(result)
        toast(appMessages.exportReady(result.fileName), 'success')
        if (result.skipped.length) toast(appMessages.exportSkipped(result.skipped.length), 'info')
      } catch (error) {
        toast(messages.iconError(error instanceof Error ? error.message : String(error)))
      } finally {
        setProgress(null)
      }
    },
    [projectName, iconifyPrefix],
  )

  return { progress, start }
}
