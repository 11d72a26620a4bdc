#!/usr/bin/env node
// The iconvault command (ADR 0020): login, pull, push. Runs on Node 24 as it is
// (type stripping, no build step): `node cli/bin/iconvault.ts …` or `npx ./cli …` from the repository.
// Exit codes: 0 done, 1 differences found by --check, 2 usage, 3 authentication, 4 not found,
// 5 network, 6 refused by plan or permission; each failure says why in one line on stderr.
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import type { CopyFormat } from '../../common/svg/index.ts'
import { loadConfig, saveConfig } from '../lib/config.ts'
import { CliError, EXIT, usageError } from '../lib/errors.ts'
import { readLock } from '../lib/lock.ts'
import { assertCliFolder, pull } from '../lib/pull.ts'
import { push } from '../lib/push.ts'
import { checkServerUrl } from '../lib/server-url.ts'

/** The SVG converters (and their format list) load only when needed: a pull with nothing changed starts faster. */
const formats = () => import('../../common/svg/convert.ts')

const usage = async () => `Usage:
  iconvault login [--insecure]
  iconvault pull --project <id> --format ${(await formats()).COPY_FORMATS.join('|')} --out <dir>
                 [--release <version>] [--approved-only] [--dry-run] [--check] [--class-prefix <p>]
  iconvault push <dir> --project <id>
Environment: ICONVAULT_URL, ICONVAULT_TOKEN (override the stored login).
The server must be https:// (http:// only to localhost, 127.x or ::1) unless --insecure is given.`

const out = (line: string) => process.stdout.write(`${line}\n`)

async function login(insecure: boolean): Promise<number> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false })
  const lines = rl[Symbol.asyncIterator]()
  const ask = async (question: string) => {
    process.stderr.write(question)
    const next = await lines.next()
    return next.done ? '' : String(next.value).trim()
  }
  const url = await ask('Iconvault URL (e.g. https://icons.example.com): ')
  const token = await ask('API token (Account → Tokens): ')
  rl.close()
  const { TOKEN_PREFIX } = await import('../../common/schemas/tokens.ts')
  if (!token.startsWith(TOKEN_PREFIX)) throw usageError(`An Iconvault API token starts with ${TOKEN_PREFIX}.`)
  const path = saveConfig({ url: checkServerUrl(url, insecure), token })
  out(`Saved to ${path}.`)
  return EXIT.done
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    out(await usage())
    return command ? EXIT.done : EXIT.usage
  }
  let parsed: ReturnType<typeof parse>
  function parse() {
    return parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        project: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        release: { type: 'string' },
        'class-prefix': { type: 'string' },
        'approved-only': { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
        insecure: { type: 'boolean', default: false },
      },
    })
  }
  try {
    parsed = parse()
  } catch (error) {
    throw usageError(`${(error as Error).message}\n${await usage()}`)
  }
  const { values, positionals } = parsed
  if (command === 'login') return login(values.insecure)
  if (command === 'pull') {
    if (positionals.length) throw usageError(`Unexpected argument ${positionals[0]}.\n${await usage()}`)
    if (!values.project || !values.format || !values.out)
      throw usageError(`pull needs --project, --format and --out.\n${await usage()}`)
    // A format the folder's lock was written with was checked then.
    if (readLock(values.out)?.format !== values.format) {
      const { COPY_FORMATS, isCopyFormat } = await formats()
      if (!isCopyFormat(values.format))
        throw usageError(`Unknown format ${values.format}: one of ${COPY_FORMATS.join(', ')}.`)
    }
    if (values.release && values['approved-only'])
      throw usageError(
        '--approved-only applies to the project now, not to a release (a release is its exact set).',
      )
    if (values.check && values['dry-run']) throw usageError('--check and --dry-run do not go together.')
    assertCliFolder(values.out)
    return pull(
      loadConfig(process.env, values.insecure),
      {
        project: values.project,
        format: values.format as CopyFormat,
        out: values.out,
        release: values.release,
        approvedOnly: values['approved-only'],
        dryRun: values['dry-run'],
        check: values.check,
        classPrefix: values['class-prefix'],
      },
      out,
    )
  }
  if (command === 'push') {
    const [dir, ...more] = positionals
    if (!dir || more.length || !values.project)
      throw usageError(`push needs <dir> and --project.\n${await usage()}`)
    return push(loadConfig(process.env, values.insecure), { dir, project: values.project }, out)
  }
  throw usageError(`Unknown command ${command}.\n${await usage()}`)
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`iconvault: ${error.message}\n`)
      process.exitCode = error.exitCode
      return
    }
    process.stderr.write(
      `iconvault: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 70
  },
)
