// Landing page (headerless): what Iconvault does, the plans, and the way in.
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../components/ui/button.tsx'
import { Logo } from '../../components/ui/logo.tsx'
import { PlanCards } from '../../features/billing/plan-cards.tsx'
import { useMe } from '../../lib/me.ts'
import { LandingFeatures } from './landing-features.tsx'
import { LandingHero } from './landing-hero.tsx'

export function LandingPage() {
  const user = useMe()
  const cta = user ? (
    <Link to="/icons" className={buttonClass('primary', 'md')} data-testid="landing-cta">
      Open app
    </Link>
  ) : (
    <Link to="/sign-in" className={buttonClass('primary', 'md')} data-testid="landing-cta">
      Sign in
    </Link>
  )
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo />
        {cta}
      </header>
      <main>
        <LandingHero signedIn={Boolean(user)} />
        <LandingFeatures />
        <section aria-labelledby="plans" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="plans" className="text-center text-3xl font-semibold tracking-tight">
            Plans for solo makers and teams
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-center text-muted">
            Start free. Upgrade when you want your own vault, or a shared one for your team.
          </p>
          <div className="mt-10">
            <PlanCards current={user?.plan ?? null} />
          </div>
        </section>
      </main>
      <footer className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-8 text-sm text-muted sm:px-6">
          <Logo className="text-sm" />
          <p>Keep, make and ship SVG icons.</p>
          {user ? (
            <Link to="/legal-documents" className="hover:text-fg">
              Terms &amp; Privacy
            </Link>
          ) : null}
        </div>
      </footer>
    </div>
  )
}
