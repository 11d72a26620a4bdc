// /info: the open project's page, or the overview of the user's projects, plan and credits.
import { InfoOverview } from './info-overview.tsx'
import { ProjectInfo } from './project-info.tsx'

export function InfoPage({ projectId }: { projectId?: string }) {
  return projectId ? <ProjectInfo key={projectId} projectId={projectId} /> : <InfoOverview />
}
