// Runs the CLI (cli/bin/iconvault.ts) as a child process, as a user's shell would, in a folder of
// the test's own: HOME (and XDG_CONFIG_HOME) there, so no test reads or writes the machine's config;
// ICONVAULT_URL and ICONVAULT_TOKEN from the caller. Resolves its exit code and output, never throws.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CLI_BIN = fileURLToPath(new URL('../../cli/bin/iconvault.ts', import.meta.url))

export type CliRun = { code: number; stdout: string; stderr: string }

export function runCli(
  work: string,
  args: string[],
  env: { ICONVAULT_URL: string; ICONVAULT_TOKEN: string } & Record<string, string>,
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_BIN, ...args],
      {
        cwd: work,
        env: { PATH: process.env.PATH ?? '', HOME: work, XDG_CONFIG_HOME: join(work, 'config'), ...env },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}
