// /legal-documents (headerless): Terms of Service and Privacy Policy.
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { Logo } from '../../components/ui/logo.tsx'
import { LegalPrivacy } from './legal-privacy.tsx'
import { LegalTerms } from './legal-terms.tsx'

export function LegalDocuments() {
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo />
        <Link
          to="/icons"
          className="inline-flex items-center gap-1.5 rounded-md text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to the app
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
        <h1 className="mt-6 text-3xl font-semibold tracking-tight">Legal documents</h1>
        <p className="mt-2 text-sm text-muted">Last updated: 1 January 2025</p>
        <nav aria-label="Documents" className="mt-6 flex gap-4 text-sm">
          <a href="#terms" className="text-accent hover:underline">
            Terms of Service
          </a>
          <a href="#privacy" className="text-accent hover:underline">
            Privacy Policy
          </a>
        </nav>
        <LegalTerms />
        <LegalPrivacy />
      </main>
    </div>
  )
}
