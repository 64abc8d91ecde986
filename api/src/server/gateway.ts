import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import express, { type Express, type RequestHandler } from 'express'
import { isAppRoute } from '@permitdesk/shared/app-routes'
import type { Config } from '../env'
import { parts } from './paths'
import { rawBodyLimit } from '../http/body-limits'
import { cmsSameOrigin } from '../http/same-origin'
import { memoryFile, memoryStatic, sendMemoryFile, type MemoryFile } from './memory-static'
import type { LiveSite } from './live-site'
import type { HotPath } from '../http/hot-paths'
import { appCsp, cmsCsp, dataCsp, inlineScriptHashes, pageCsp, securityHeaderList, securityHeaders, siteCspForFile } from './security-headers'

/** Bodies Payload may read: JSON of a page or news item, and media uploads. */
export const CMS_JSON_BODY_LIMIT = 2 * 1024 * 1024
export const CMS_UPLOAD_BODY_LIMIT = 25 * 1024 * 1024

export type NextHandler = (req: express.Request, res: express.Response) => Promise<void>

/**
 * The path prefixes the gateway sends to the API app: /api and every declared download and page
 * (http/surface.ts; tests/integration/http-surfaces.int.test.ts checks each declaration is covered).
 */
export const API_PATHS = [
  '/api',
  '/error',
  '/download',
  '/draws',
  '/winners',
  '/promotions/downloadpdfs',
  '/promotions/downloadworkingpdf',
  '/promotions/downloadcalendarfile',
  '/t',
  '/promotions/downloadterms',
  '/calendar/feed',
  '/unsubscribe',
  '/promotions/compliancepack',
]

/** The prefixes of the server-rendered pages (the page CSP): every `html` surface, and the API reference. */
export const PAGE_PATHS = ['/t', '/draws', '/winners', '/unsubscribe', '/api/docs']

/**
 * The one origin (DESIGN.md section 2): the API, the CMS (Next), the wizard app and the static
 * site behind one port. The site is the fallback, so an unknown path gets its 404 page.
 */
export function createGateway({
  api,
  cms,
  config,
  siteDir,
  site,
}: {
  api: Express
  cms?: NextHandler
  config: Config
  /** A local directory holding a built site (tools and tests). */
  siteDir?: string
  /** The current site release from shared storage, swapped in memory when a newer one is published (main.ts). */
  site?: LiveSite
}): Express {
  const gateway = express()
  gateway.disable('x-powered-by')
  gateway.set('trust proxy', config.TRUST_PROXY)
  gateway.use(securityHeaders(config))

  const apiPaths = API_PATHS
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
  const pagePaths = PAGE_PATHS
  // The policies are the same for every request: built once, not per request.
  const csp = { page: pageCsp(), data: dataCsp(), cms: cmsCsp(), app: appCsp(config) }
  gateway.use((req, res, next) => {
    const lower = req.path.toLowerCase()
    if (apiPaths.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`))) {
      // API answers and downloads are data that runs nothing; the server-rendered pages (hosted
      // terms, draw records, winners, unsubscribe, the API reference) run only this origin's scripts.
      res.setHeader('Content-Security-Policy', pagePaths.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`)) ? csp.page : csp.data)
      return api(req, res, next)
    }
    next()
  })

  if (cms) {
    const toNext: RequestHandler = (req, res, next) => {
      res.setHeader('Content-Security-Policy', csp.cms)
      cms(req, res).catch(next)
    }
    // Payload reads a whole body before its access check: bounded here first (uploads of media
    // may be large; everything else is JSON of a page).
    const cmsApiLimit = rawBodyLimit(CMS_JSON_BODY_LIMIT)
    const cmsUploadLimit = rawBodyLimit(CMS_UPLOAD_BODY_LIMIT)
    // Unsafe calls from another origin are refused as /api refuses them (issue 24): a SameSite=Lax
    // cookie alone does not stop a same-site page or a top-level form post.
    gateway.use(['/cms-api', '/cms'], cmsSameOrigin(config.publicOrigin))
    gateway.use(['/cms-api', '/cms'], (req, res, next) =>
      (req.headers['content-type'] ?? '').startsWith('multipart/') ? cmsUploadLimit(req, res, next) : cmsApiLimit(req, res, next),
    )
    gateway.all(['/cms', '/cms/*splat', '/cms-api', '/cms-api/*splat', '/_next/*splat'], toNext)
  }

  // The wizard app: its assets under /app/, its index.html for its routes.
  const wizardDist = path.join(parts.wizard, 'dist')
  // The app learns the configured staff prefix from its page, so one build serves any STAFF_PATH.
  // Its inline start-up script (wizard/build/boot-plugin.ts) is allowed by hash in the page's CSP.
  let cachedIndex: { mtimeMs: number; html: string; file: MemoryFile; csp: string } | undefined
  const wizardIndex = () => {
    const file = path.join(wizardDist, 'index.html')
    const { mtimeMs } = fs.statSync(file)
    if (cachedIndex?.mtimeMs !== mtimeMs) {
      // Issue 22: in test mode the app shell shows the TEST MODE banner on every screen.
      const meta = `<meta name="permitdesk-staff-path" content="${config.STAFF_PATH}" />${config.paymentMode === 'test' ? '\n    <meta name="permitdesk-payments" content="test" />' : ''}`
      const html = fs.readFileSync(file, 'utf8').replace('<head>', `<head>\n    ${meta}`)
      // Compressed once like the assets (issue 25: Lighthouse named the uncompressed document).
      cachedIndex = { mtimeMs, html, file: memoryFile('index.html', Buffer.from(html)), csp: appCsp(config, inlineScriptHashes(html)) }
    }
    return cachedIndex
  }
  // Hashed by Vite: kept a year; served from memory, compressed once (memory-static.ts).
  gateway.use(
    '/app',
    memoryStatic(wizardDist, { fallthrough: false, setHeaders: (res) => void res.set('Cache-Control', 'public, max-age=31536000, immutable') }),
  )
  gateway.get('/*splat', (req, res, next) => {
    const pathname = req.path
    if (!pathname.endsWith('/') && isAppRoute(`${pathname}/`, config.STAFF_PATH)) {
      const query = req.originalUrl.slice(req.path.length)
      // Never `//host`: a path that starts with two slashes would be read as another site.
      return res.redirect(301, `/${pathname.replace(/^[/\\]+/, '')}/${query}`)
    }
    if (!isAppRoute(pathname, config.STAFF_PATH)) return next()
    res.set('Cache-Control', 'no-cache')
    const index = wizardIndex()
    // Issue 27: the hosted entry form is embedded in promoters' own sites (any origin may frame it).
    if (/^\/enter\/[^/]+\/$/i.test(pathname)) {
      res.removeHeader('X-Frame-Options')
      res.set('Content-Security-Policy', index.csp.replace("frame-ancestors 'self'", 'frame-ancestors *'))
    } else res.set('Content-Security-Policy', index.csp)
    sendMemoryFile(req, res, index.file)
  })

  // The static site; its 404 page for everything else.
  if (site) {
    gateway.use(site.handler())
    gateway.use(site.notFound())
    return gateway
  }
  if (!siteDir) throw new Error('createGateway needs site or siteDir')
  gateway.use(memoryStatic(siteDir, { index: true, setHeaders: cacheStaticAssets }))
  gateway.use((_req, res) => {
    res.status(404)
    // Relative to root: `send` refuses absolute paths with a dot-folder (.data) in them.
    if (fs.existsSync(path.join(siteDir, '404.html')))
      res
        .type('html')
        .set('Content-Security-Policy', siteCspForFile(path.join(siteDir, '404.html')))
        .sendFile('404.html', { root: siteDir })
    else res.type('text').send('Not found')
  })
  return gateway
}

function cacheStaticAssets(res: express.Response, filePath: string, mtimeMs: number) {
  res.set('Cache-Control', 'public, max-age=300')
  if (filePath.endsWith('.html')) res.set('Content-Security-Policy', siteCspForFile(filePath, mtimeMs))
  // Astro fingerprints everything under _astro/: safe to keep for a year.
  if (filePath.includes(`${path.sep}_astro${path.sep}`)) res.set('Cache-Control', 'public, max-age=31536000, immutable')
}

/**
 * The server's request handler (issue 31): the API's hot paths (http/hot-paths.ts: the health probe
 * and the session poll) before any Express, then the gateway for everything else. A hot path answers
 * with the headers the gateway gives an API answer (below); a request for a HOSTED_TERMS_HOSTS host,
 * or forwarded by a peer TRUST_PROXY does not trust (the warning of untrusted-proxy.ts), always
 * goes through the gateway.
 */
export function frontDoor({ gateway, api, config }: { gateway: Express; api: Express; config: Config }): http.RequestListener {
  const hot = api.locals.hotPaths as HotPath | undefined
  if (!hot) return gateway
  const headers: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries([...securityHeaderList(config), ['Content-Security-Policy', dataCsp()]]))
  const termsHosts = new Set(config.HOSTED_TERMS_HOSTS ?? [])
  const trusted = api.get('trust proxy fn') as (address: string, hop: number) => boolean
  const viaTermsHost = (req: http.IncomingMessage) =>
    termsHosts.size > 0 && (req.headers['x-forwarded-host'] !== undefined || termsHosts.has((req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()))
  return (req, res) => {
    if (req.headers['x-forwarded-for'] !== undefined && !trusted(req.socket.remoteAddress ?? '', 0)) return gateway(req, res)
    if (viaTermsHost(req) || !hot(req, res, headers, gateway)) gateway(req, res)
  }
}

/** Listens with the front door on `port` (what `npm start` serves). */
export function listenGateway(options: { gateway: Express; api: Express; config: Config }, port: number, host: string, onListening?: () => void): http.Server {
  return http.createServer(frontDoor(options)).listen(port, host, onListening)
}
