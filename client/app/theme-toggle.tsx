// The header's theme button (md and up; on phones the switch sits in the settings menu).
import { Moon, Sun } from 'lucide-react'
import { Button } from '../components/ui/button.tsx'
import { setTheme, useTheme } from '../lib/theme.ts'

export function ThemeToggle() {
  const theme = useTheme()
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      className="max-md:hidden"
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
    </Button>
  )
}
