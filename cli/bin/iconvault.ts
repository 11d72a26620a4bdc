#!/usr/bin/env node
// The iconvault command (issue 24 item 3, ADR 0020): login, pull, push. Runs on Node 24 as it is
// (type stripping, no build step): `node cli/bin/iconvault.ts …` or `npx ./cli …` from the repository.
// Exit codes: 0 done, 1 differences found by --check, 2 usage, 3 authentication, 4 not found,
// 5 network, 6 refused by plan or permission; each failure says why in one line on stderr.
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { COPY_FORMATS, isCopyFormat } from '../../common/svg/index.ts'
import { loadConfig, saveConfig } from '../lib/config.ts'
import { CliError, EXIT, usageError } from '../lib/errors.ts'
import { assertCliFolder, pull } from '../lib/pull.ts'
import { push } from '../lib/push.ts'

const USAGE = `Usage:
  iconvault login
  iconvault pull --project <id> --format ${COPY_FORMATS.join('|')} --out <dir>
                 [--release <version>] [--approved-only] [--dry-run] [--check] [--class-prefix <p>]
  iconvault push <dir> --project <id>
Environment: ICONVAULT_URL, ICONVAULT_TOKEN (override the stored login).`

const out = (line: string) => process.stdout.write(`${line}\n`)

async function login(): Promise<number> {
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
  if (!/^https?:\/\//.test(url)) throw usageError('The URL must start with http:// or https://.')
  if (!token.startsWith('ivt_')) throw usageError('An Iconvault API token starts with ivt_.')
  const path = saveConfig({ url: url.replace(/\/+$/, ''), token })
  out(`Saved to ${path}.`)
  return EXIT.done
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    out(USAGE)
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
      },
    })
  }
  try {
    parsed = parse()
  } catch (error) {
    throw usageError(`${(error as Error).message}\n${USAGE}`)
  }
  const { values, positionals } = parsed
  if (command === 'login') return login()
  if (command === 'pull') {
    if (positionals.length) throw usageError(`Unexpected argument ${positionals[0]}.\n${USAGE}`)
    if (!values.project || !values.format || !values.out)
      throw usageError(`pull needs --project, --format and --out.\n${USAGE}`)
    if (!isCopyFormat(values.format))
      throw usageError(`Unknown format ${values.format}: one of ${COPY_FORMATS.join(', ')}.`)
    if (values.release && values['approved-only'])
      throw usageError(
        '--approved-only applies to the project now, not to a release (a release is its exact set).',
      )
    if (values.check && values['dry-run']) throw usageError('--check and --dry-run do not go together.')
    assertCliFolder(values.out)
    return pull(
      loadConfig(),
      {
        project: values.project,
        format: values.format,
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
    if (!dir || more.length || !values.project) throw usageError(`push needs <dir> and --project.\n${USAGE}`)
    return push(loadConfig(), { dir, project: values.project }, out)
  }
  throw usageError(`Unknown command ${command}.\n${USAGE}`)
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
