/**
 * Issue 31: the HTTP surfaces outside /api, declared like `route()` so every one is mounted from
 * one list (app.ts) and listed where it belongs: a `file` (a download) goes into the OpenAPI
 * document as a binary answer with its content types; an `html` page (a server-rendered page:
 * draw records, winners, hosted terms, unsubscribe) goes into the gateway's page paths and never
 * into OpenAPI.
 *
 * The machinery does what every download did by hand: who may call it, parsing the path, query
 * and form, the content type, `Content-Disposition`, `Cache-Control` and the `ETag`/304 exchange.
 * The handler calls one use case and returns what to send.
 */
import type { Readable, Writable } from 'node:stream'
import express, { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import { AppError, parseInput } from '@permitdesk/shared'
import type { SessionUser } from './auth'
import { assertAccess, type Method, type Owner } from './route'
import { sameOrigin } from './same-origin'

/**
 * `file`: a download (documented in OpenAPI); `html`: a page for a person (in the page list);
 * `report`: a browser's beacon, a form or JSON posted from this origin and answered 204
 * (documented in OpenAPI with its form).
 */
export type SurfaceKind = 'file' | 'html' | 'report'

/** Who may fetch it: anyone, a signed-in user (session or API key), or a staff administrator by session. */
export type SurfaceAccess = 'public' | 'user' | 'staff'

export type SurfaceContext<P, Q, F> = {
  params: P
  query: Q
  /** The parsed form of a POST page (`form`). */
  form: F
  /** The signed-in user (undefined on a public surface when signed out). */
  user: SessionUser
  owner: Owner
  req: Request
}

/** What a handler answers. `body` may be a function: it runs only when no 304 is sent. */
export type SurfaceAnswer =
  | {
      status?: number
      /** Defaults to the declaration's first content type. */
      type?: string
      /** Sent as `Content-Disposition` (attachment unless `inline`). */
      filename?: string
      inline?: boolean
      /** Overrides the declaration's `Cache-Control` (an answer that must not be kept). */
      cache?: string
      /** An `If-None-Match` with this value answers 304 without the body. */
      etag?: string
      body: string | Buffer | Readable | (() => Promise<string | Buffer | Readable>)
    }
  | { status?: number; type?: string; filename?: string; inline?: boolean; cache?: string; etag?: undefined; write: (out: Writable) => Promise<void> }
  | { redirect: string; status: 301 | 302 | 303 }
  /** Nothing to send (a report taken). */
  | { status: 204; empty: true }

export type SurfaceSpec<PS extends z.ZodType = z.ZodType, QS extends z.ZodType = z.ZodType, FS extends z.ZodType = z.ZodType> = {
  kind: SurfaceKind
  method: Method
  /** The full path (not under /api), matched case-insensitively. */
  path: string
  summary: string
  /** Grouping on the reference page (files only). Defaults to `downloads`. */
  tag?: string
  access: SurfaceAccess
  /** The message of a 403 (a signed-in caller who may not have it), when not the generic one. */
  deniedMessage?: string
  /** The path's parameters. A value that does not parse is a link to nothing: 404 (unless `badParams: 400`). */
  params?: PS
  badParams?: 404 | 400
  query?: QS
  /** A POST's form (urlencoded, or JSON with `formJson`; same origin only; at most `formLimit`, default 8 KB). */
  form?: FS
  formLimit?: string
  formJson?: boolean
  /** The content types it answers (documented; the first is the default). */
  contentTypes: string[]
  /** `Cache-Control` of a success. */
  cache: string
  /**
   * Pages whose address ends in a slash: the address without it is matched too and answers 301
   * to the canonical one (query kept).
   */
  trailingSlash?: boolean
  handler: (ctx: SurfaceContext<z.output<PS>, z.output<QS>, z.output<FS>>) => Promise<SurfaceAnswer> | SurfaceAnswer
}

/** Declares a download or page with inferred handler types. */
export function surface<PS extends z.ZodType, QS extends z.ZodType, FS extends z.ZodType>(spec: SurfaceSpec<PS, QS, FS>): SurfaceSpec {
  return spec as unknown as SurfaceSpec
}

/** Path parameters that are positive whole numbers (`:id`): anything else is a link to nothing (404). */
export function idParams<K extends string>(...names: K[]) {
  const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
  return z.object(Object.fromEntries(names.map((name) => [name, id])) as Record<K, typeof id>)
}

/**
 * `attachment; filename="…"`; a name that is not plain printable ASCII (or holds a quote or a
 * backslash) also gets an RFC 5987 `filename*` with the real name, and an ASCII stand-in.
 */
export function contentDisposition(filename: string, inline = false): string {
  const kind = inline ? 'inline' : 'attachment'
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  if (ascii === filename) return `${kind}; filename="${filename}"`
  // A lone surrogate cannot be encoded: it becomes U+FFFD.
  const encoded = encodeURIComponent(filename.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

function parseParams(spec: SurfaceSpec, params: unknown) {
  if (!spec.params) return undefined
  if (spec.badParams === 400) return parseInput(spec.params, params)
  const parsed = spec.params.safeParse(params)
  if (!parsed.success) throw new AppError('NOT_FOUND')
  return parsed.data
}

async function send(answer: SurfaceAnswer, spec: SurfaceSpec, req: Request, res: Response): Promise<void> {
  if ('redirect' in answer) {
    res.redirect(answer.status, answer.redirect)
    return
  }
  if ('empty' in answer) {
    res.set('Cache-Control', spec.cache)
    res.status(204).end()
    return
  }
  res.set('Cache-Control', answer.cache ?? spec.cache)
  if ('etag' in answer && answer.etag) {
    res.set('ETag', answer.etag)
    if (req.headers['if-none-match'] === answer.etag) {
      res.status(304).end()
      return
    }
  }
  res.status(answer.status ?? 200)
  res.set('Content-Type', answer.type ?? spec.contentTypes[0]!)
  if (answer.filename) res.set('Content-Disposition', contentDisposition(answer.filename, answer.inline))
  if ('write' in answer) {
    await answer.write(res)
    res.end()
    return
  }
  const body = typeof answer.body === 'function' ? await answer.body() : answer.body
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    res.send(body)
    return
  }
  body.on('error', (error) => res.destroy(error))
  body.pipe(res)
}

/** Mounts the declared downloads and pages on one case-insensitive router. */
export function mountSurfaces(specs: SurfaceSpec[], { publicOrigin }: { publicOrigin: string }): Router {
  const router = Router({ caseSensitive: false })
  for (const spec of specs) {
    const handle = async (req: Request, res: Response) => {
      try {
        assertAccess(spec.access, res)
      } catch (error) {
        if (spec.deniedMessage && error instanceof AppError && error.code === 'FORBIDDEN') throw new AppError('FORBIDDEN', spec.deniedMessage)
        throw error
      }
      if (spec.trailingSlash && !req.path.endsWith('/')) {
        res.redirect(301, `${req.path}/${req.originalUrl.slice(req.originalUrl.indexOf('?') >= 0 ? req.originalUrl.indexOf('?') : req.originalUrl.length)}`)
        return
      }
      const params = parseParams(spec, req.params)
      const query = spec.query ? parseInput(spec.query, req.query) : undefined
      const form = spec.form ? parseInput(spec.form, req.body ?? {}) : undefined
      const user = res.locals.user as SessionUser
      const owner = (user ? { userId: user.id, isStaff: user.isStaff } : undefined) as Owner
      await send(await spec.handler({ params, query, form, user, owner, req } as never), spec, req, res)
    }
    const limit = spec.formLimit ?? '8kb'
    // Another site's post is refused before its body is read.
    const formParsers = [sameOrigin(publicOrigin), express.urlencoded({ extended: false, limit }), ...(spec.formJson ? [express.json({ limit })] : [])]
    if (spec.form) router[spec.method](spec.path, ...formParsers, handle)
    else router[spec.method](spec.path, handle)
  }
  return router
}

/** The first path segment of each page (`/draws`): the gateway gives these the page CSP. */
export function pagePrefixes(specs: SurfaceSpec[]): string[] {
  return [...new Set(specs.filter((s) => s.kind === 'html').map((s) => `/${s.path.split('/')[1]}`))]
}
