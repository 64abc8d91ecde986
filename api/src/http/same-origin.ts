import type { RequestHandler } from 'express'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests sent by a page of another origin (CSRF). Browsers send Origin on
 * such requests; a request without Origin or Referer is not from a browser page and is let through
 * (the SameSite=Lax cookie already stays home on cross-site subrequests).
 */
export function sameOrigin(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next()
    const source = req.get('origin') ?? (req.get('referer') ? safeOrigin(req.get('referer')!) : undefined)
    if (!source) return next()
    const own = `${req.protocol}://${req.get('host')}`
    if (source === publicOrigin || source === own) return next()
    res.status(403).json({ message: 'This request came from another site and was refused.', code: 'FORBIDDEN' })
  }
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}
