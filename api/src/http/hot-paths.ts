import type { AppDeps } from '../deps'
import type { SessionCache } from '../modules/account/session-cache'
import { hashToken } from '../modules/account/session-store'
import { authenticatedAnswer, AuthenticatedSchema } from '../modules/account/session-poll'
import { healthAnswer } from '../modules/health/health'
import { entryHotPaths } from './entry-hot-paths'
import { FORM_BODY_LIMIT_BYTES } from './body-limits'
import { answerJson, fromThisOrigin, handOver, type HotPath, parseStrictJson, readSmallBody, smallBodyLength } from './hot-path-io'
import { readSessionToken } from './auth'

export type { HotPath } from './hot-path-io'

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
export function hotPaths(deps: AppDeps & { sessionCache: SessionCache }): HotPath {
  const { database, cmsState, config, sessionCache } = deps
  const secure = config.secureCookies
  // An entry's two calls (issue 27): entry-hot-paths.ts.
  const entries = entryHotPaths(deps)
  return (req, res, headers, express) => {
    if (req.url === '/api/health' && req.method === 'GET') {
      // The database check is shared by concurrent probes and stands for a second (health.repository.ts).
      void healthAnswer({ database, cmsState }).then((health) => answerJson(res, headers, health.status, health.body))
      return true
    }
    if (req.url !== '/api/account/authenticated' || req.method !== 'POST') return entries(req, res, headers, express)
    const h = req.headers
    if (h.authorization !== undefined) return false
    const length = smallBodyLength(req, FORM_BODY_LIMIT_BYTES)
    if (length === undefined) return false
    // The CSRF rule (same-origin.ts): a browser's Origin (or Referer) must be ours; anything else is Express's to judge.
    if (!fromThisOrigin(req, config.publicOrigin)) return false
    const token = readSessionToken(h.cookie, secure)
    if (!token) return false
    readSmallBody(req, length, (text) => {
      const preread = parseStrictJson(text)
      if ('error' in preread) return handOver(req, res, express, preread)
      const { body } = preread
      if (!AuthenticatedSchema.safeParse(body).success) return handOver(req, res, express, { body })
      void sessionCache.lookup(hashToken(token), Date.now()).then(
        (cached) => (cached ? answerJson(res, headers, 200, authenticatedAnswer(cached.user)) : handOver(req, res, express, { body })),
        () => handOver(req, res, express, { body }),
      )
    })
    return true
  }
}
