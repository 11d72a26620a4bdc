// The server URL the CLI talks to (ADR 0020): https, or plain http only to this machine (localhost,
// 127.0.0.0/8, ::1). Over http anyone on the way reads the token and can answer in the server's
// place; --insecure is the explicit way to accept that for another host.
import { usageError } from './errors.ts'

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i

/** The URL without trailing slashes; refuses (exit 2) anything but https, or http to a loopback host unless `insecure`. */
export function checkServerUrl(raw: string, insecure: boolean): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw usageError(`${raw} is not a URL: it must start with https:// (or http:// for this machine).`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw usageError(`${raw}: the URL must start with https:// (or http:// for this machine).`)
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !insecure)
    throw usageError(
      `${raw} is plain http to another machine: the token and the files would cross the network unencrypted. Use https://, or pass --insecure to accept that.`,
    )
  return raw.replace(/\/+$/, '')
}
