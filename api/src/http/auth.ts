import type { RequestHandler, Response } from 'express'
import { parse as parseCookies, serialize } from 'cookie'
import type { AppDeps } from '../deps'
import { findSession, SESSION_COOKIE, type LiveSession } from '../modules/account/session-store'
import { toSessionUser } from '../modules/account/session-user'
import { authenticateApiKey } from '../modules/api-keys/api-keys'
import { apiKeyCacheFor } from '../modules/api-keys/api-key-cache'
import type { SessionCache } from '../modules/account/session-cache'
import { withRequestCredential } from '../modules/changelog/request-credential'

export { toSessionUser, type SessionUser } from '../modules/account/session-user'

export type SessionState = 'live' | 'replaced' | 'none'

/**
 * The session cookie's name: with Secure cookies (PUBLIC_URL https) it carries the `__Host-`
 * prefix, so browsers only accept it from this host, over https, for path /, without a Domain.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE)

/** The key of an `Authorization: Bearer <key>` header (any case, one token), else undefined; the front door's fast path reads it the same way. */
export function readBearerToken(authorization: string | undefined): string | undefined {
  return /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
}

export function readSessionToken(cookieHeader: string | undefined, secure = false): string | undefined {
  if (!cookieHeader) return undefined
  const value = parseCookies(cookieHeader)[sessionCookieName(secure)]
  return value && value.length <= 100 ? value : undefined
}

export function setSessionCookie(res: Response, token: string, secure: boolean) {
  res.append('Set-Cookie', serialize(sessionCookieName(secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/' }))
}

export function clearSessionCookie(res: Response, secure: boolean) {
  res.append('Set-Cookie', serialize(sessionCookieName(secure), '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 }))
}

/**
 * Decides who the caller is, once per request: the session cookie, or `Authorization: Bearer <key>`
 * (an API key, see modules/api-keys). Sets `res.locals.user` (a SessionUser), `res.locals.apiKey`
 * (the key used, if any), `res.locals.session` and `res.locals.sessionState` ('live' | 'replaced'
 * | 'none'). Route access (http/route.ts) only reads the result. The rest of the request runs with
 * its credential known (request-credential.ts), which every changelog row records.
 */
export function authenticate({
  database,
  config,
  sessionCache,
}: Pick<AppDeps, 'database'> & { config?: Pick<AppDeps['config'], 'secureCookies'>; sessionCache?: SessionCache }): RequestHandler {
  const secure = config?.secureCookies ?? false
  // Known keys are answered from memory, dropped at once when revoked by any process (api-key-cache.ts).
  // Made at the first key's request, so building the app (the route list, api-types) needs no database.
  let apiKeyCache: ReturnType<typeof apiKeyCacheFor> | undefined
  return async (req, res, next) => {
    res.locals.sessionState = 'none' satisfies SessionState
    try {
      const bearer = readBearerToken(req.get('authorization'))
      if (bearer) {
        // An entry's submission counts against the key's budget for entries (see API_KEY_ENTRY_RATE_LIMIT).
        const entries = req.method === 'POST' && /^\/entries\/submit\/?$/i.test(req.path)
        const { user, apiKey } = await authenticateApiKey(database.db, bearer, { entries, cache: (apiKeyCache ??= apiKeyCacheFor(database.notifications)) })
        res.locals.user = user
        res.locals.apiKey = apiKey
        return withRequestCredential({ sessionId: null, apiKeyId: apiKey.id }, next)
      }
      const token = readSessionToken(req.headers.cookie, secure)
      if (!token) return next()
      const found = await findSession(database.db, token, new Date(), sessionCache)
      res.locals.sessionState = found.state
      if (found.state === 'live') {
        res.locals.session = found.session satisfies LiveSession
        res.locals.user = toSessionUser(found.user)
        return withRequestCredential({ sessionId: found.session.id, apiKeyId: null }, next)
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}
