// A stand-in for an OpenAI-compatible endpoint: a real node:http server on 127.0.0.1 that answers
// POST /v1/chat/completions according to a word in the user's prompt:
//   'malicious' → SVG with script, onload and javascript: links around a real path (to neutralise)
//   'scriptonly' → SVG with nothing but a script (nothing drawable survives the pipeline)
//   'prose' → an answer without any SVG        'slow' → no answer until the client gives up
//   'error' → HTTP 500                           'halfprose' → prose for even variants (2, 4), SVG for odd
//   anything else → a good SVG in a ```svg block
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const STUB_API_KEY = 'stub-key-123'
export const STUB_MODEL = 'stub-icon-model'

export const GOOD_SVG = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="${4 + n}"/><path d="M12 2v4M12 18v4"/></svg>`

export const MALICIOUS_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert(1)"><script>alert(document.cookie)</script><a href="javascript:alert(2)"><path d="M4 4h16v16H4z" fill="currentColor" onclick="alert(3)"/></a><image xlink:href="javascript:alert(4)" width="24" height="24"/><foreignObject><iframe src="javascript:alert(5)"></iframe></foreignObject></svg>`

export type StubRequest = { authorization: string | undefined; body: Record<string, unknown>; prompt: string }

export type AiStub = {
  /** AI_BASE_URL for the app, e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string
  env: { AI_BASE_URL: string; AI_API_KEY: string; AI_MODEL: string }
  requests: StubRequest[]
  close(): Promise<void>
}

const completion = (content: string) => ({
  id: 'chatcmpl-stub',
  object: 'chat.completion',
  model: STUB_MODEL,
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
})

function answer(prompt: string, index: number): { status: number; body: unknown } | null {
  if (prompt.includes('slow')) return null
  if (prompt.includes('error')) return { status: 500, body: { error: { message: 'upstream exploded' } } }
  if (prompt.includes('malicious')) return { status: 200, body: completion(MALICIOUS_SVG) }
  if (prompt.includes('scriptonly')) {
    return {
      status: 200,
      body: completion('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    }
  }
  if (prompt.includes('halfprose') && index % 2 === 0) {
    return { status: 200, body: completion('I cannot draw that one, sorry.') }
  }
  if (prompt.includes('prose') && !prompt.includes('halfprose'))
    return { status: 200, body: completion('I cannot draw that, sorry.') }
  const text = `Here is your icon:\n\`\`\`svg\n${GOOD_SVG(index)}\n\`\`\`\nEnjoy!`
  return { status: 200, body: completion(text) }
}

export async function startAiStub(): Promise<AiStub> {
  const requests: StubRequest[] = []
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(404, { error: 'nope' })
    const body = JSON.parse(raw || '{}') as { messages?: { role: string; content: string }[] }
    const prompt = body.messages?.findLast((m) => m.role === 'user')?.content ?? ''
    requests.push({ authorization: req.headers.authorization, body, prompt })
    if (req.headers.authorization !== `Bearer ${STUB_API_KEY}`) return send(401, { error: 'bad key' })
    const variant = Number(/variant (\d+) of/.exec(prompt)?.[1] ?? 1)
    const reply = answer(prompt, variant)
    if (reply) send(reply.status, reply.body)
    // 'slow': keep the request open; close() ends it.
  }
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}/v1`
  return {
    baseUrl,
    env: { AI_BASE_URL: baseUrl, AI_API_KEY: STUB_API_KEY, AI_MODEL: STUB_MODEL },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
