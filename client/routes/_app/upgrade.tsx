import { createFileRoute } from '@tanstack/react-router'
import { UpgradePage } from '../../features/billing/upgrade-page.tsx'

export const Route = createFileRoute('/_app/upgrade')({ component: UpgradePage })
