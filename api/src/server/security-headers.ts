import crypto from 'node:crypto'
import fs from 'node:fs'
import type { RequestHandler } from 'express'
import type { Config } from '../env'

/**
 * Content-Security-Policy per surface (issue 18): the static site, the wizard app and the CMS
 * admin each get the narrowest policy that still runs them. Shared by all: nothing from other
 * origins unless listed, no plugins, no <base> hijack, forms post here, framed only by us.
 */
const BASE = ["default-src 'self'", "base-uri 'self'", "object-src 'none'", "frame-ancestors 'self'", "form-action 'self'"]

const GOOGLE_ANALYTICS = 'https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com'
const RECAPTCHA_SCRIPTS = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/'
const STRIPE = { script: 'https://js.stripe.com', frame: 'https://js.stripe.com https://hooks.stripe.com', connect: 'https://api.stripe.com' }

type CspConfig = Pick<Config, 'BOT_CHECK'>

const join = (directives: string[]) => directives.join('; ')

/** The site: its own scripts plus the hashes of the inline ones in this page; analytics only after consent. */
export function siteCsp(inlineScriptHashes: string[]): string {
  const hashes = inlineScriptHashes.map((hash) => `'sha256-${hash}'`).join(' ')
  return join([
    ...BASE,
    `script-src 'self' ${hashes} https://www.googletagmanager.com`.replace(/\s+/g, ' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${GOOGLE_ANALYTICS}`,
    "frame-src 'none'",
  ])
}

/**
 * The wizard app: bundled scripts and, by hash, the page's own inline start-up script
 * (`inlineScriptHashes`, see inlineScriptHashes()); Stripe's card fields; the ALTCHA worker (a blob URL).
 */
export function appCsp(config: CspConfig, inlineScriptHashes: readonly string[] = []): string {
  const recaptcha = config.BOT_CHECK === 'recaptcha'
  const hashes = inlineScriptHashes.map((hash) => ` 'sha256-${hash}'`).join('')
  return join([
    ...BASE,
    `script-src 'self'${hashes} ${STRIPE.script}${recaptcha ? ` ${RECAPTCHA_SCRIPTS}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "font-src 'self' data:",
    `connect-src 'self' ${STRIPE.connect}`,
    `frame-src ${STRIPE.frame}${recaptcha ? ' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/' : ''}`,
    "worker-src 'self' blob:",
  ])
}

/**
 * The CMS admin (Payload on Next): Next's bootstrap is inline script without nonces, so scripts
 * may be inline, but only from this origin; nothing else loads from anywhere else.
 */
export function cmsCsp(): string {
  return join([
    ...BASE,
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
  ])
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi
const hashCache = new Map<string, { mtimeMs: number; csp: string }>()

/** The base64 SHA-256 of each inline script of an HTML page (what a CSP hash source names). */
export function inlineScriptHashes(html: string): string[] {
  return [
    ...new Set(
      [...html.matchAll(INLINE_SCRIPT)].map((match) =>
        crypto
          .createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64'),
      ),
    ),
  ]
}

/** The site CSP for one built HTML file: hashes of its inline scripts (cached until the file changes). */
export function siteCspForFile(filePath: string, mtimeMs = fs.statSync(filePath).mtimeMs): string {
  const cached = hashCache.get(filePath)
  if (cached?.mtimeMs === mtimeMs) return cached.csp
  const html = fs.readFileSync(filePath, 'utf8')
  const csp = siteCsp(inlineScriptHashes(html))
  hashCache.set(filePath, { mtimeMs, csp })
  return csp
}

/** The headers of every answer; HSTS only when the public address is https. */
export function securityHeaderList(config: Pick<Config, 'secureCookies'>): Array<[string, string]> {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(config.secureCookies ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as Array<[string, string]>) : []),
  ]
}

/** Sets securityHeaderList on every answer. */
export function securityHeaders(config: Pick<Config, 'secureCookies'>): RequestHandler {
  const headers = securityHeaderList(config)
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    next()
  }
}

/** API answers and downloads are data, never documents: nothing may run or load from them. */
export const dataCsp = () => "default-src 'none'; frame-ancestors 'none'"

/** Pages the API renders (hosted terms, draw records, winners, unsubscribe): inline styles, scripts from here only. */
export const pageCsp = () => join([...BASE, "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "connect-src 'self'"])

/** The site CSP for one built HTML page held in memory (a site release): hashes of its inline scripts. */
export function siteCspForHtml(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map((match) =>
    crypto
      .createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64'),
  )
  return siteCsp([...new Set(hashes)])
}
