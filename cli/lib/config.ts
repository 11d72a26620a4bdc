// Where the CLI finds its server and token: ICONVAULT_URL / ICONVAULT_TOKEN, else the file that
// `iconvault login` writes ($XDG_CONFIG_HOME or ~/.config, iconvault/config.json, mode 0600).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { CliError, EXIT } from './errors.ts'

export interface Config {
  url: string
  token: string
}

export function configPath(env = process.env): string {
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

export function loadConfig(env = process.env): Config {
  const file = stored(env)
  const url = env.ICONVAULT_URL || file.url
  const token = env.ICONVAULT_TOKEN || file.token
  if (!url || !token)
    throw new CliError(
      EXIT.auth,
      'No server or token: run `iconvault login`, or set ICONVAULT_URL and ICONVAULT_TOKEN.',
    )
  return { url: url.replace(/\/+$/, ''), token }
}

export function saveConfig(config: Config, env = process.env): string {
  const path = configPath(env)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  chmodSync(path, 0o600)
  return path
}
