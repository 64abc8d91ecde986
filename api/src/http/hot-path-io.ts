import type { IncomingMessage, ServerResponse } from 'node:http'
import { PREREAD_BODY_ERROR } from './body-limits'

/**
 * What the front door's fast paths (hot-paths.ts, entry-hot-paths.ts) share: the answer written as
 * Express's API router writes a JSON answer, the checks on a request's headers, the reading of a
 * small body, and the handing over of a read body to Express.
 */

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

/** A JSON answer with the headers Express's API router gives one under 1 KB (no-store, Vary from compression, no ETag). */
export function answerJson(
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
  status: number,
  body: unknown,
  extra?: Readonly<Record<string, string>>,
) {
  const json = JSON.stringify(body)
  res.writeHead(status, {
    ...headers,
    'Cache-Control': 'no-store',
    ...extra,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(json)),
    Vary: 'Accept-Encoding',
  })
  res.end(json)
}

/**
 * Plainly not cross-site by same-origin.ts's rule: no Origin or Referer (not a browser page), or
 * one naming the public origin or this request's own (an unforwarded request: its socket's scheme
 * and Host header, as Express's req.protocol and req.get('host') read them). Anything else,
 * a forwarded scheme included, is left to that rule.
 */
export function fromThisOrigin(req: IncomingMessage, publicOrigin: string): boolean {
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

export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false
  const lower = contentType.toLowerCase()
  return lower === 'application/json' || lower === 'application/json; charset=utf-8'
}

/** The declared body length when it is a plain one of at most `limit` bytes (no encoding, not chunked), else undefined. */
export function smallBodyLength(req: IncomingMessage, limit: number): number | undefined {
  const h = req.headers
  if (h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined || !isJson(h['content-type'])) return undefined
  const length = Number(h['content-length'])
  return Number.isSafeInteger(length) && length >= 1 && length <= limit ? length : undefined
}

/** The declared `length` bytes as UTF-8 text, or undefined when the stream ends short, runs long or fails. */
export function readSmallBody(req: IncomingMessage, length: number, done: (text: string | undefined) => void) {
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
  req.once('end', () => finish(seen === length ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, seen)).toString('utf8') : undefined))
  req.once('error', () => finish(undefined))
}

export type Preread = { body: unknown } | { error: Error }

/** body-parser's strict JSON: an object or an array, else the error it would raise (the error handler answers it). */
export function parseStrictJson(text: string | undefined): Preread {
  // body-parser decodes through iconv-lite, which drops a byte order mark.
  if (text?.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    if (text === undefined || !/^[\x20\x09\x0a\x0d]*[{[]/.test(text)) throw new SyntaxError('not a JSON object')
    return { body: JSON.parse(text) }
  } catch (error) {
    return { error: Object.assign(error as Error, { type: 'entity.parse.failed', status: 400 }) }
  }
}

/** Gives Express a request whose body was read here: its parsed body (or the parser's error) for the API's body parser (body-limits.ts). */
export function handOver(req: IncomingMessage, res: ServerResponse, express: (req: IncomingMessage, res: ServerResponse) => void, preread: Preread) {
  if ('error' in preread) (req as IncomingMessage & { [PREREAD_BODY_ERROR]?: Error })[PREREAD_BODY_ERROR] = preread.error
  else (req as IncomingMessage & { body?: unknown }).body = preread.body
  express(req, res)
}
