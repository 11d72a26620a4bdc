// Where the CLI finds its server and token: ICONVAULT_URL / ICONVAULT_TOKEN, else the file that
// `iconvault login` writes ($XDG_CONFIG_HOME or ~/.config, iconvault/config.json, mode 0600). The URL
// is checked on every use (server-url.ts: plain http only to this machine, or with --insecure).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { CliError, EXIT } from './errors.ts'
import { checkServerUrl } from './server-url.ts'

export interface Config {
  url: string
  token: string
}

function configPath(env = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config')
  return join(base, 'iconvault', 'config.json')
}

function stored(env: NodeJS.ProcessEnv): Partial<Config> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(configPath(env), 'utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Config>) : {}
  } catch {
    return {}
  }
}

/** The server and token to use; the URL must be https, or http to this machine unless `insecure` (server-url.ts). */
export function loadConfig(env = process.env, insecure = false): Config {
  const file = stored(env)
  const url = env.ICONVAULT_URL || file.url
  const token = env.ICONVAULT_TOKEN || file.token
  if (!url || !token)
    throw new CliError(
      EXIT.auth,
      'No server or token: run `iconvault login`, or set ICONVAULT_URL and ICONVAULT_TOKEN.',
    )
  return { url: checkServerUrl(url, insecure), token }
}

export function saveConfig(config: Config, env = process.env): string {
  const path = configPath(env)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  chmodSync(path, 0o600)
  return path
}
