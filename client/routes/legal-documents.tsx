import { createFileRoute } from '@tanstack/react-router'
import { LegalDocuments } from './-components/legal-documents.tsx'

export const Route = createFileRoute('/legal-documents')({ component: LegalDocuments })
