// The snippets of "Use in code" (/info): how a developer wires this project's icons into code, with
// the project's real values (this server's address, the project's Iconify prefix and id, an icon's
// Iconify name). The token is the one value the app cannot show again (ADR 0019: shown once), so the
// snippets hold a placeholder and say which token to make: a read token limited to this project.
import { iconSlug } from '@common/slug.ts'

/** Where the developer's token goes in every snippet. */
export const TOKEN_PLACEHOLDER = 'YOUR_READ_TOKEN'
/** The provider name the snippets register (any name works; it is the page's). */
const PROVIDER = 'iconvault'

export interface SnippetInput {
  /** This server's origin (https://icons.example.com). */
  origin: string
  projectId: string
  /** The project's Iconify prefix (ADR 0021). */
  prefix: string
  /** An icon of the project, as an example (its Iconify name is its slug); "icon-name" without one. */
  iconName?: string
}

export interface CodeSnippet {
  id: 'endpoint' | 'iconify-icon' | 'unplugin-icons' | 'tailwind' | 'cli'
  title: string
  /** What it is for, one line. */
  detail: string
  code: string
}

export function codeSnippets({ origin, projectId, prefix, iconName }: SnippetInput): CodeSnippet[] {
  const endpoint = `${origin}/api/iconify/${TOKEN_PLACEHOLDER}`
  const name = iconName ? iconSlug(iconName) : 'icon-name'
  const folder = `${prefix}-iconify`
  return [
    {
      id: 'endpoint',
      title: 'Iconify endpoint',
      detail: 'The API provider URL for Iconify clients; the token goes in the path.',
      code: endpoint,
    },
    {
      id: 'iconify-icon',
      title: 'Iconify web component (addAPIProvider)',
      detail: 'Loads icons on demand from this server in any page.',
      code: [
        "import { addAPIProvider } from 'iconify-icon'",
        '',
        `addAPIProvider('${PROVIDER}', { resources: ['${endpoint}'] })`,
        '',
        `// <iconify-icon icon="@${PROVIDER}:${prefix}:${name}"></iconify-icon>`,
      ].join('\n'),
    },
    {
      id: 'unplugin-icons',
      title: 'unplugin-icons (exported package)',
      detail: `Download "Iconify JSON package" above, unzip it into ./${folder}, then install it.`,
      code: [`npm install -D ./${folder}`, '', `import IconExample from '~icons/${prefix}/${name}'`].join(
        '\n',
      ),
    },
    {
      id: 'tailwind',
      title: 'Tailwind CSS 4 (exported package)',
      detail: `With the same package installed and @iconify/tailwind4, in your CSS:`,
      code: [
        '@import "tailwindcss";',
        '@plugin "@iconify/tailwind4";',
        '',
        `/* <span class="icon-[${prefix}--${name}]"></span> */`,
      ].join('\n'),
    },
    {
      id: 'cli',
      title: 'iconvault CLI',
      detail: 'Pulls one file per icon into your repository; run it again to bring it up to date.',
      code: [
        `export ICONVAULT_URL=${origin}`,
        `export ICONVAULT_TOKEN=${TOKEN_PLACEHOLDER}`,
        `iconvault pull --project ${projectId} --format react-ts --out src/icons`,
      ].join('\n'),
    },
  ]
}
