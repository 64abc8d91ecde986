/**
 * One declaration per API call: method, path, who may call it, the zod schemas of its query,
 * body and answer, and the handler. The same list mounts the Express routes and produces the
 * OpenAPI document (`/api/openapi.json`), so a call cannot be served without being documented.
 *
 * Routes stay thin: the handler gets already-parsed input and calls one use case.
 */
import express, { Router, type Request, type Response } from 'express'
import type { z } from 'zod'
import { AppError, MSG_API_KEY_NOT_ALLOWED, parseInput } from '@permitdesk/shared'
import type { SessionUser } from './auth'

/**
 * Who may call a route.
 * - `public`: anyone.
 * - `user`: a signed-in customer, agent or staff member, by session cookie or API key.
 * - `session`: signed in by session cookie only (managing API keys, account settings).
 * - `staff`: a staff administrator by session cookie; never an API key.
 */
export type Access = 'public' | 'user' | 'session' | 'staff'

export type Method = 'get' | 'post'

/** Whose records a call may see: the user's own, or every one for staff. */
export type Owner = { userId: number; isStaff: boolean }

export type RouteContext<Q, B> = {
  query: Q
  body: B
  /** The signed-in user; set for every access but `public` (where it may be undefined). */
  user: SessionUser
  /** `{ userId, isStaff }` of the signed-in user, as the use cases take it (undefined on `public`). */
  owner: Owner
  req: Request
  res: Response
}

export type RouteSpec<QS extends z.ZodType = z.ZodType, BS extends z.ZodType = z.ZodType, RS extends z.ZodType = z.ZodType> = {
  method: Method
  /** Relative to /api, as the spec writes it: `/promotion/create`. Matched case-insensitively. */
  path: string
  /** One line for the reference page. */
  summary: string
  /** Grouping on the reference page, e.g. `promotion`. Defaults to the first path segment. */
  tag?: string
  access: Access
  query?: QS
  body?: BS
  /** Documents the body when `body` cannot (a schema that picks one of several forms at run time). */
  bodyDoc?: z.ZodType
  /** The answer's shape (documented, and checked against real answers by the tests). */
  response?: RS
  /** The handler writes its own answer (a file, a redirect): no JSON body is sent. */
  raw?: boolean
  /** Accepts an `Idempotency-Key` header: the same key and body within 24 h answers the first answer again. */
  idempotent?: boolean
  /**
   * Issue 22: the answer holds a secret shown once (a new API key). The idempotency store keeps
   * only a reference (the record's id), never the answer, and a replay is refused (409) with this message.
   */
  idempotentSecret?: string
  /** Multipart upload: the handler reads the stream itself; `body` documents the form fields. */
  multipart?: boolean
  /** Answers this status on success (default 200). */
  status?: number
  /**
   * The handler reads the exact bytes sent (`req.body` is a Buffer of at most `limit`): a signed
   * webhook whose signature is over the raw body. Such a route is mounted by `mountRawBodyRoutes`,
   * before the API's parsers and origin check (the sender is a server, not a browser).
   */
  rawBody?: { limit: string }
  /** Request headers the call reads (documented as header parameters). */
  headers?: { name: string; description: string; required?: boolean }[]
  handler: (ctx: RouteContext<z.output<QS>, z.output<BS>>) => Promise<z.input<RS> | void> | z.input<RS> | void
}

/** Declares a route with inferred handler types; the list of a module is `RouteSpec[]`. */
export function route<QS extends z.ZodType, BS extends z.ZodType, RS extends z.ZodType>(spec: RouteSpec<QS, BS, RS>): RouteSpec {
  return spec as unknown as RouteSpec
}

/** The one way input is parsed (in shared, so use cases need not import this layer). */
export { parseInput }

/**
 * Per-access checks, run before any input is parsed. `authenticate` is installed by app.ts and
 * decides who the caller is (session cookie or API key); these only read its result.
 */
export function assertAccess(access: Access, res: Response): void {
  if (access === 'public') return
  const user = res.locals.user as SessionUser | undefined
  if (!user) throw new AppError('UNAUTHENTICATED')
  const viaApiKey = Boolean(res.locals.apiKey)
  if ((access === 'session' || access === 'staff') && viaApiKey) throw new AppError('FORBIDDEN', MSG_API_KEY_NOT_ALLOWED)
  if (access === 'staff' && !user.isStaff) throw new AppError('FORBIDDEN')
}

export type RouteHooks = {
  /** Wraps an idempotent handler (installed by the API-keys/idempotency module). */
  idempotency?: (spec: RouteSpec, req: Request, res: Response, run: () => Promise<unknown>) => Promise<unknown>
  /** Sees every JSON answer before it is sent (the tests check it against `spec.response`). */
  onResponse?: (spec: RouteSpec, status: number, body: unknown) => void
}

/** Mounts a list of routes on a fresh case-insensitive router (those with `rawBody` are mounted by `mountRawBodyRoutes`). */
export function mountRoutes(specs: RouteSpec[], hooks: RouteHooks = {}): Router {
  return mount(
    specs.filter((spec) => !spec.rawBody),
    hooks,
  )
}

/** Mounts the routes that read their raw body, each behind `express.raw` with its limit; put it before the API's parsers. */
export function mountRawBodyRoutes(specs: RouteSpec[], hooks: RouteHooks = {}): Router {
  return mount(
    specs.filter((spec) => spec.rawBody),
    hooks,
  )
}

/** A path with no parameter or pattern: matched by Express exactly as its lower case, with or without one trailing slash. */
const EXACT_PATH = /^[a-z0-9/_.-]*$/i

function mount(specs: RouteSpec[], hooks: RouteHooks): Router {
  const router = Router({ caseSensitive: false })
  // Exact paths by method and lower-case path, for the routes Express would reach first anyway
  // (none with a pattern of the same method before them): a request for one goes straight to its
  // handler instead of being tried against every route declared before it (some 200 for an
  // entry's submission, a measurable part of a burst's CPU). Anything else goes on to Express.
  const exact = new Map<string, (req: Request, res: Response) => Promise<void>>()
  const patterned = new Set<string>()
  router.use((req, res, next) => {
    const path = req.path
    const handler = EXACT_PATH.test(path)
      ? exact.get(`${req.method} ${(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase()}`)
      : undefined
    if (!handler) return next()
    handler(req, res).catch(next)
  })
  for (const spec of specs) {
    const parsers = spec.rawBody ? [express.raw({ type: '*/*', limit: spec.rawBody.limit })] : []
    const key = `${spec.method.toUpperCase()} ${spec.path.toLowerCase()}`
    const direct = parsers.length === 0 && EXACT_PATH.test(spec.path) && !patterned.has(spec.method) && !exact.has(key)
    if (!EXACT_PATH.test(spec.path)) patterned.add(spec.method)
    const handle = async (req: Request, res: Response) => {
      assertAccess(spec.access, res)
      const query = spec.query ? parseInput(spec.query, req.query) : (undefined as never)
      const body = spec.body && !spec.multipart ? parseInput(spec.body, req.body) : (undefined as never)
      const user = res.locals.user as SessionUser
      const owner = (user ? { userId: user.id, isStaff: user.isStaff } : undefined) as Owner
      const run = async () => spec.handler({ query, body, user, owner, req, res })
      const result = spec.idempotent && hooks.idempotency ? await hooks.idempotency(spec, req, res, run) : await run()
      if (spec.raw || res.headersSent) return
      const answer = result === undefined ? { ok: true } : result
      hooks.onResponse?.(spec, spec.status ?? 200, answer)
      res.status(spec.status ?? 200).json(answer)
    }
    if (direct) exact.set(key, handle)
    router[spec.method](spec.path, ...parsers, handle)
  }
  return router
}
