import { Link } from '@tanstack/react-router'
import { ArrowRight, Bell, Bookmark, Camera, Heart, House, Search, Settings, Star } from 'lucide-react'
import { buttonClass } from '../../components/ui/button.tsx'

const SAMPLE_ICONS = [House, Search, Bell, Heart, Star, Camera, Bookmark, Settings]
const FORMATS = ['SVG', 'CSS', 'React TS', 'React JS', 'React Native TS']

export function LandingHero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 pt-12 pb-20 sm:px-6 lg:grid-cols-2 lg:pt-20">
      <div className="space-y-6">
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          Your SVG icons, kept in one vault and ready to paste.
        </h1>
        <p className="max-w-xl text-lg text-muted">
          Iconvault keeps the icons of every project in one place, lets you make and adjust them in the maker,
          and copies any icon as SVG, CSS, React or React Native code in one click, alone or with your team.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={signedIn ? '/icons' : '/sign-in'} className={buttonClass('primary', 'lg')}>
            {signedIn ? 'Open app' : 'Get started free'}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <a href="#plans" className={buttonClass('secondary', 'lg')}>
            See plans
          </a>
        </div>
      </div>
      <div aria-hidden className="rounded-2xl border border-line bg-surface p-5 shadow-2xl shadow-black/20">
        <div className="grid grid-cols-4 gap-3">
          {SAMPLE_ICONS.map((Icon, i) => (
            <div
              key={Icon.displayName ?? i}
              className={`grid aspect-square place-items-center rounded-lg border bg-raised ${i === 1 ? 'border-accent text-accent' : 'border-line text-fg'}`}
            >
              <Icon className="size-6" strokeWidth={1.75} />
            </div>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap gap-1.5">
          {FORMATS.map((f, i) => (
            <span
              key={f}
              className={`rounded-md border px-2 py-1 text-xs ${i === 2 ? 'border-accent bg-accent/10 text-fg' : 'border-line text-muted'}`}
            >
              {f}
            </span>
          ))}
        </div>
        <pre className="mt-3 overflow-hidden rounded-lg bg-bg p-3 font-mono text-[11px] leading-relaxed text-muted">
          {`export function Search(props: SVGProps<SVGSVGElement>) {
  return <svg viewBox="0 0 24 24" {...props}>…</svg>
}`}
        </pre>
      </div>
    </section>
  )
}
