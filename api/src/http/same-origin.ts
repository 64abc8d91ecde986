import type { RequestHandler } from 'express'
import { AppError, MSG_CROSS_SITE_REFUSED } from '@permitdesk/shared'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests sent by a page of another origin (CSRF). Browsers send Origin on
 * such requests; a request without Origin or Referer is not from a browser page and is let through
 * (the SameSite=Lax cookie already stays home on cross-site subrequests). A call authenticated by
 * `Authorization: Bearer` and carrying no cookie is a script's, not a page's: no check applies
 * (a browser never adds that header by itself, so a forged page cannot borrow it).
 */
export function sameOrigin(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next()
    if (/^bearer\s/i.test(req.get('authorization') ?? '') && !req.headers.cookie) return next()
    const source = req.get('origin') ?? (req.get('referer') ? safeOrigin(req.get('referer')!) : undefined)
    if (!source || source === publicOrigin) return next()
    if (source === `${req.protocol}://${req.get('host')}`) return next()
    next(new AppError('FORBIDDEN', MSG_CROSS_SITE_REFUSED))
  }
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}
