import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppDeps } from '../deps'
import type { SessionCache } from '../modules/account/session-cache'
import { hashToken } from '../modules/account/session-store'
import { authenticatedAnswer, AuthenticatedSchema } from '../modules/account/session-poll'
import { healthAnswer } from '../modules/health/health'
import { FORM_BODY_LIMIT_BYTES, PREREAD_BODY_ERROR } from './body-limits'
import { readSessionToken } from './auth'

/**
 * Answers a request before Express sees it, or returns false (nothing read, nothing written) and
 * Express answers it as before. `headers` are the gateway's headers of an API answer (security
 * headers and the data CSP, server/gateway.ts); `express` takes a request whose body a hot path
 * has read but that it does not answer.
 */
export type HotPath = (
  req: IncomingMessage,
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
  express: (req: IncomingMessage, res: ServerResponse) => void,
) => boolean

/**
 * The two calls that come most often (issue 31): `GET /api/health` (every load balancer's probe)
 * and `POST /api/account/authenticated` (the 5-second poll of every signed-in tab), answered here
 * for the common case only, with the same status, headers and body Express gives them (the
 * hot-paths integration test compares the two). Measured with `npm run bench -- hardening`, the
 * gateway, the API app, its router and its middleware cost more than the answer itself.
 *
 * Every case that is not plainly the common one goes to Express, decided on the headers before
 * the body is read: HEAD, a query string, another spelling of the path, an API key, a forwarded
 * request (the untrusted-proxy warning), another origin (the CSRF check decides), no session
 * cookie, a body that is not small JSON. Once the poll's body is read, a session that is not in the
 * cache, or a body the schema refuses, still goes to Express, with the body already parsed (or the
 * parser's error) handed to its body parser (body-limits.ts), so its answer is the route's own.
 */
export function hotPaths({
  database,
  cmsState,
  config,
  sessionCache,
}: Pick<AppDeps, 'database' | 'cmsState'> & { config: Pick<AppDeps['config'], 'publicOrigin' | 'secureCookies'>; sessionCache: SessionCache }): HotPath {
  const secure = config.secureCookies
  const answer = (res: ServerResponse, headers: Readonly<Record<string, string>>, status: number, body: unknown) => {
    const json = JSON.stringify(body)
    res.writeHead(status, {
      ...headers,
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(json)),
      Vary: 'Accept-Encoding',
    })
    res.end(json)
  }
  return (req, res, headers, express) => {
    if (req.url === '/api/health' && req.method === 'GET') {
      // The database check is shared by concurrent probes and stands for a second (health.repository.ts).
      void healthAnswer({ database, cmsState }).then((health) => answer(res, headers, health.status, health.body))
      return true
    }
    if (req.url !== '/api/account/authenticated' || req.method !== 'POST') return false
    const h = req.headers
    if (h.authorization !== undefined || h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined) return false
    if (!isJson(h['content-type'])) return false
    const length = Number(h['content-length'])
    if (!Number.isSafeInteger(length) || length < 1 || length > FORM_BODY_LIMIT_BYTES) return false
    // The CSRF rule (same-origin.ts): a browser's Origin (or Referer) must be ours; anything else is Express's to judge.
    if (!fromThisOrigin(req, config.publicOrigin)) return false
    const token = readSessionToken(h.cookie, secure)
    if (!token) return false
    readSmallBody(req, length, (text) => {
      const handOver = (preread: { body: unknown } | { error: Error }) => {
        if ('error' in preread) (req as IncomingMessage & { [PREREAD_BODY_ERROR]?: Error })[PREREAD_BODY_ERROR] = preread.error
        else (req as IncomingMessage & { body?: unknown }).body = preread.body
        express(req, res)
      }
      let body: unknown
      try {
        // body-parser's strict JSON: an object or an array, else the same error it would raise.
        if (text === undefined || !/^[\x20\x09\x0a\x0d]*[{[]/.test(text)) throw new SyntaxError('not a JSON object')
        body = JSON.parse(text)
      } catch (error) {
        return handOver({ error: Object.assign(error as Error, { type: 'entity.parse.failed', status: 400 }) })
      }
      if (!AuthenticatedSchema.safeParse(body).success) return handOver({ body })
      void sessionCache.lookup(hashToken(token), Date.now()).then(
        (cached) => (cached ? answer(res, headers, 200, authenticatedAnswer(cached.user)) : handOver({ body })),
        () => handOver({ body }),
      )
    })
    return true
  }
}

/**
 * Plainly not cross-site by same-origin.ts's rule: no Origin or Referer (not a browser page), or
 * one naming the public origin or this request's own (an unforwarded request: its socket's scheme
 * and Host header, as Express's req.protocol and req.get('host') read them). Anything else,
 * a forwarded scheme included, is left to that rule.
 */
function fromThisOrigin(req: IncomingMessage, publicOrigin: string): boolean {
  const h = req.headers
  const source = h.origin ?? (h.referer === undefined ? undefined : originOf(h.referer))
  if (source === undefined || source === publicOrigin) return true
  if (h['x-forwarded-proto'] !== undefined || h.host === undefined) return false
  return source === `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${h.host}`
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    // Unreadable: same-origin.ts lets it through; here it goes to Express all the same.
    return null
  }
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false
  const lower = contentType.toLowerCase()
  return lower === 'application/json' || lower === 'application/json; charset=utf-8'
}

/** The declared `length` bytes as UTF-8 text, or undefined when the stream ends short, runs long or fails. */
function readSmallBody(req: IncomingMessage, length: number, done: (text: string | undefined) => void) {
  const chunks: Buffer[] = []
  let seen = 0
  let finished = false
  const finish = (text: string | undefined) => {
    if (finished) return
    finished = true
    done(text)
  }
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length
    chunks.push(chunk)
  })
  req.once('end', () => finish(seen === length ? Buffer.concat(chunks, seen).toString('utf8') : undefined))
  req.once('error', () => finish(undefined))
}
