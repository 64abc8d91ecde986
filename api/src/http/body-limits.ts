import express, { type RequestHandler } from 'express'
import { AppError, MSG_BODY_TOO_LARGE } from '@permitdesk/shared'

/**
 * Body limits per kind of call, applied before anything reads the body. The account, contact and
 * bot-check forms are a few fields: 16 KB; everything else (the permit save) up to 2 MB. The
 * first parser that matches reads the body; later ones see it finished and pass.
 */
export const FORM_BODY_LIMIT = '16kb'
export const FORM_BODY_LIMIT_BYTES = 16 * 1024
export const DEFAULT_BODY_LIMIT = '2mb'
/** Paths (relative to /api, lower case) whose bodies are small forms. */
export const FORM_PATH_PREFIXES = ['/account/', '/contact/', '/botcheck/']

/**
 * Where the front door's fast path (hot-paths.ts) leaves the parser's error of a body it has read
 * but not answered; a body it parsed is on `req.body` and the parsers below pass a finished request.
 */
export const PREREAD_BODY_ERROR = Symbol('preread body error')

export function bodyParsers(): RequestHandler {
  const small = [express.json({ limit: FORM_BODY_LIMIT }), express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT })] as const
  const large = [express.json({ limit: DEFAULT_BODY_LIMIT }), express.urlencoded({ extended: false, limit: '256kb' })] as const
  const isForm = (path: string) => {
    const lower = path.toLowerCase()
    return FORM_PATH_PREFIXES.some((prefix) => lower.startsWith(prefix))
  }
  // One middleware that picks the pair once per request (JSON, then a urlencoded form).
  return (req, res, next) => {
    const preread = (req as typeof req & { [PREREAD_BODY_ERROR]?: Error })[PREREAD_BODY_ERROR]
    if (preread) return next(preread)
    const [json, form] = isForm(req.path) ? small : large
    json(req, res, (error?: unknown) => (error ? next(error) : form(req, res, next)))
  }
}

/** A plain byte limit for bodies another framework reads (Payload under /cms-api/): 413 past it. */
export function rawBodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > maxBytes) {
      res.status(413).json(new AppError('PAYLOAD_TOO_LARGE', MSG_BODY_TOO_LARGE).toJSON())
      return
    }
    if (req.headers['transfer-encoding'] && !req.headers['content-length']) {
      // A chunked body: counted as it streams; past the limit the request is cut off.
      let seen = 0
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length
        if (seen > maxBytes && !res.headersSent) {
          res.status(413).set('Connection', 'close').json(new AppError('PAYLOAD_TOO_LARGE', MSG_BODY_TOO_LARGE).toJSON())
          req.destroy()
        }
      })
    }
    next()
  }
}
