import { ClipboardCopy, Users, Vault, WandSparkles } from 'lucide-react'

const FEATURES = [
  {
    icon: Vault,
    title: 'A vault per project',
    text: 'Keep each app’s icons together: search by name, filter, sort and bulk-manage thousands of icons, personal or shared.',
  },
  {
    icon: WandSparkles,
    title: 'The maker',
    text: 'Start from an upload, pasted code or an open-source set. Adjust size, padding, stroke, colour and rotation with a live preview.',
  },
  {
    icon: ClipboardCopy,
    title: 'Copy in five formats',
    text: 'SVG, CSS, React TS, React JS and React Native TS, optimised and sanitised, named after the icon.',
  },
  {
    icon: Users,
    title: 'Team workspaces',
    text: 'On Gold, share a workspace: designers add icons, admins review them, developers copy them straight into code.',
  },
]

export function LandingFeatures() {
  return (
    <section aria-labelledby="features" className="border-y border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="features" className="text-3xl font-semibold tracking-tight">
          Everything between a sketch and a shipped icon
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-line bg-raised p-5">
              <Icon className="size-5 text-accent" aria-hidden />
              <h3 className="mt-4 font-medium text-fg">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
