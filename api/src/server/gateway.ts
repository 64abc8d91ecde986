import fs from 'node:fs'
import path from 'node:path'
import express, { type Express, type RequestHandler } from 'express'
import { isAppRoute } from '@permitdesk/shared/app-routes'
import type { Config } from '../env'
import { parts } from './paths'

export type NextHandler = (req: express.Request, res: express.Response) => Promise<void>

/**
 * The one origin (DESIGN.md section 2): the API, the CMS (Next), the wizard app and the static
 * site behind one port. The site is the fallback, so an unknown path gets its 404 page.
 */
export function createGateway({ api, cms, config, siteDir }: { api: Express; cms?: NextHandler; config: Config; siteDir: string }): Express {
  const gateway = express()
  gateway.disable('x-powered-by')
  gateway.set('trust proxy', 'loopback')
  gateway.use(securityHeaders)

  const apiPaths = ['/api', '/error', '/download', '/promotions/downloadpdfs', '/promotions/downloadworkingpdf', '/promotions/downloadcalendarfile', '/t', '/promotions/downloadterms']
  // HOSTED_TERMS_HOSTS: the T&C short-code domains serve the hosted terms pages and nothing else.
  const termsHosts = new Set(config.HOSTED_TERMS_HOSTS ?? [])
  gateway.use((req, res, next) => {
    if (termsHosts.size && termsHosts.has(req.hostname.toLowerCase())) {
      const lower = req.path.toLowerCase()
      if (lower === '/t' || lower.startsWith('/t/')) return api(req, res, next)
      res.status(404).type('text').send('Not found')
      return
    }
    next()
  })
  gateway.use((req, res, next) => {
    const lower = req.path.toLowerCase()
    if (apiPaths.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`))) return api(req, res, next)
    next()
  })

  if (cms) {
    const toNext: RequestHandler = (req, res, next) => {
      cms(req, res).catch(next)
    }
    gateway.all(['/cms', '/cms/*splat', '/cms-api', '/cms-api/*splat', '/_next/*splat'], toNext)
  }

  // The wizard app: its assets under /app/, its index.html for its routes.
  const wizardDist = path.join(parts.wizard, 'dist')
  // The app learns the configured staff prefix from its page, so one build serves any STAFF_PATH.
  let cachedIndex: { mtimeMs: number; html: string } | undefined
  const wizardIndexHtml = () => {
    const file = path.join(wizardDist, 'index.html')
    const { mtimeMs } = fs.statSync(file)
    if (cachedIndex?.mtimeMs !== mtimeMs) {
      const meta = `<meta name="permitdesk-staff-path" content="${config.STAFF_PATH}" />`
      cachedIndex = { mtimeMs, html: fs.readFileSync(file, 'utf8').replace('<head>', `<head>\n    ${meta}`) }
    }
    return cachedIndex.html
  }
  gateway.use('/app', express.static(wizardDist, { index: false, immutable: true, maxAge: '1y', fallthrough: false }))
  gateway.get('/*splat', (req, res, next) => {
    const pathname = req.path
    if (!pathname.endsWith('/') && isAppRoute(`${pathname}/`, config.STAFF_PATH)) {
      const query = req.originalUrl.slice(req.path.length)
      return res.redirect(301, `${pathname}/${query}`)
    }
    if (!isAppRoute(pathname, config.STAFF_PATH)) return next()
    res.set('Cache-Control', 'no-cache')
    res.type('html').send(wizardIndexHtml())
  })

  // The static site; its 404 page for everything else.
  gateway.use(express.static(siteDir, { redirect: true, maxAge: '5m', setHeaders: cacheStaticAssets }))
  gateway.use((_req, res) => {
    res.status(404)
    // Relative to root: `send` refuses absolute paths with a dot-folder (.data) in them.
    if (fs.existsSync(path.join(siteDir, '404.html'))) res.type('html').sendFile('404.html', { root: siteDir })
    else res.type('text').send('Not found')
  })
  return gateway
}

function cacheStaticAssets(res: express.Response, filePath: string) {
  // Astro fingerprints everything under _astro/: safe to keep for a year.
  if (filePath.includes(`${path.sep}_astro${path.sep}`)) res.set('Cache-Control', 'public, max-age=31536000, immutable')
}

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set('X-Content-Type-Options', 'nosniff')
  res.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.set('X-Frame-Options', 'SAMEORIGIN')
  next()
}
