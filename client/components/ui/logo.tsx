import { PRODUCT_NAME } from '@common/messages.ts'
import { cn } from './cn.ts'

/** The Iconvault mark: a vault door with a dial. Same drawing as public/logo.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" fill="none" aria-hidden className={cn('size-6 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path
        d="M9 9.5h14a1.5 1.5 0 0 1 1.5 1.5v10A1.5 1.5 0 0 1 23 22.5H9A1.5 1.5 0 0 1 7.5 21V11A1.5 1.5 0 0 1 9 9.5Z"
        stroke="#fff"
        strokeWidth="2"
      />
      <circle cx="16" cy="16" r="3.25" stroke="#fff" strokeWidth="2" />
      <path
        d="M16 12.75V11M16 21v-1.75M19.25 16H21M11 16h1.75"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-fg', className)}>
      <LogoMark />
      {PRODUCT_NAME}
    </span>
  )
}
