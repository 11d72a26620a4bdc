// What every source panel gets: where to load a new document, and where the maker works.
import type { MakerDoc } from '../state/history.ts'

export interface SourceProps {
  onLoad(doc: MakerDoc): void
  /** The current project (the vault source lists its icons). */
  projectId: string | undefined
  /** The current workspace, whose credits paid actions use (null: personal). */
  workspaceId: string | null
}

/** "arrow-right.svg" → "arrow-right". */
export const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').trim()
