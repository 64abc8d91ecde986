import type { RequestHandler, Response } from 'express'
import { parse as parseCookies, serialize } from 'cookie'
import { MSG_FORBIDDEN, MSG_UNAUTHENTICATED } from '@permitdesk/shared'
import type { AppDeps } from '../app'
import type { UserRow } from '../db/schema/index'
import { findSession, SESSION_COOKIE, type LiveSession } from '../modules/account/session-store'

/** The signed-in user as every route sees it (`res.locals.user`). */
export type SessionUser = {
  id: number
  email: string
  firstName: string
  lastName: string
  accountName: string
  phone: string | null
  authorisedAgent: boolean
  isStaff: boolean
  /** For staff: `admin` (console, admin calls, CMS) or `marketing` (CMS only). Null for customers. */
  staffRole: 'admin' | 'marketing' | null
}

export type SessionState = 'live' | 'replaced' | 'none'

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    authorisedAgent: user.authorisedAgent,
    isStaff: user.isStaff,
    staffRole: user.isStaff ? 'admin' : user.staffRole === 'marketing' ? 'marketing' : null,
  }
}

export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined
  const value = parseCookies(cookieHeader)[SESSION_COOKIE]
  return value && value.length <= 100 ? value : undefined
}

export function setSessionCookie(res: Response, token: string, secure: boolean) {
  res.append('Set-Cookie', serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/' }))
}

export function clearSessionCookie(res: Response, secure: boolean) {
  res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 }))
}

/**
 * Reads the session cookie and sets `res.locals.session`, `res.locals.user` (a SessionUser) and
 * `res.locals.sessionState` ('live' | 'replaced' | 'none'). Mounted for every /api route.
 */
export function loadSession({ database }: Pick<AppDeps, 'database'>): RequestHandler {
  return async (req, res, next) => {
    res.locals.sessionState = 'none' satisfies SessionState
    const token = readSessionToken(req.headers.cookie)
    if (!token) return next()
    try {
      const found = await findSession(database.db, token)
      res.locals.sessionState = found.state
      if (found.state === 'live') {
        res.locals.session = found.session satisfies LiveSession
        res.locals.user = toSessionUser(found.user)
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** 401 in the spec's shape when signed out. */
export const requireUser: RequestHandler = (_req, res, next) => {
  if (res.locals.user) return next()
  res.status(401).json({ message: MSG_UNAUTHENTICATED, code: 'UNAUTHENTICATED' })
}

/** 401 signed out, 403 for customers. */
export const requireStaff: RequestHandler = (_req, res, next) => {
  const user = res.locals.user as SessionUser | undefined
  if (!user) return void res.status(401).json({ message: MSG_UNAUTHENTICATED, code: 'UNAUTHENTICATED' })
  if (!user.isStaff) return void res.status(403).json({ message: MSG_FORBIDDEN, code: 'FORBIDDEN' })
  next()
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(res: Response): SessionUser {
  return res.locals.user as SessionUser
}
