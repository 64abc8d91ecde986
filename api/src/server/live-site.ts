import path from 'node:path'
import type pg from 'pg'
import type { RequestHandler, Response } from 'express'
import type { Logger } from '../logger'
import { streamToBuffer, type FileStorage } from '../storage/storage'
import { MANIFEST, encodedKey, releasePrefix, type SiteManifest } from '../modules/site-build/publish-site-release'
import { findCurrentSiteRelease, listenForSiteReleases, type SiteRelease } from '../modules/site-build/site-release.repository'
import { memoryFile, sendMemoryFile, type EncodedForms, type MemoryFile } from './memory-static'
import { siteCspForHtml } from './security-headers'

type SiteFile = MemoryFile & { csp?: string; cacheControl: string }
type Snapshot = { release: SiteRelease; files: Map<string, SiteFile> }

/** Cache lifetimes of the site: pages five minutes; Astro's fingerprinted `_astro/` files a year. */
function cacheControlFor(file: string) {
  return file.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300'
}

/**
 * The public site as this process serves it (issue 18): the current release from shared storage,
 * held whole in memory (each file hashed for its ETag and compressed once with brotli and gzip).
 * A newer release is loaded beside the live one and swapped in with one assignment, so a visitor
 * never sees half a site and no request waits for the load.
 */
export class LiveSite {
  private snapshot: Snapshot | undefined
  private loading: Promise<void> = Promise.resolve()

  constructor(private readonly deps: { storage: FileStorage; logger: Logger }) {}

  /** The release being served (undefined before the first one is loaded). */
  get release(): SiteRelease | undefined {
    return this.snapshot?.release
  }

  /** Loads the current release when it is not the one served; one load at a time, newest wins. */
  refresh(pool: pg.Pool): Promise<void> {
    let wanted: number | undefined
    this.loading = this.loading.then(async () => {
      const current = await findCurrentSiteRelease(pool)
      if (!current || current.id === this.snapshot?.release.id) return
      if (this.snapshot && current.id < this.snapshot.release.id) return
      wanted = current.id
      await this.load(current)
    })
    const settled = this.loading
    this.loading = settled.catch((error: unknown) => {
      // Retried at every notification and poll, but said once per release (e.g. processes that do not share storage).
      if (wanted !== undefined && wanted === this.failedRelease) return
      this.failedRelease = wanted
      this.deps.logger.error('could not load the site release; the previous one stays live', { release: wanted, error: String(error) })
    })
    return settled
  }
  private failedRelease: number | undefined

  private async load(release: SiteRelease) {
    const started = Date.now()
    const prefix = releasePrefix(release.key)
    const manifestStream = await this.deps.storage.get(`${prefix}${MANIFEST}`)
    if (!manifestStream) throw new Error(`site release ${release.key} has no manifest in storage`)
    const manifest = JSON.parse((await streamToBuffer(manifestStream)).toString('utf8')) as SiteManifest
    const files = new Map<string, SiteFile>()
    const queue = [...manifest.files]
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
          const stream = await this.deps.storage.get(`${prefix}${item.path}`)
          if (!stream) throw new Error(`site release ${release.key} is missing ${item.path}`)
          const raw = await streamToBuffer(stream)
          const file: SiteFile = {
            ...memoryFile(item.path, raw, item.encoded ? await this.readEncoded(prefix, item.path) : undefined),
            cacheControl: cacheControlFor(item.path),
          }
          if (item.path.endsWith('.html')) file.csp = siteCspForHtml(raw.toString('utf8'))
          files.set(item.path, file)
        }
      }),
    )
    this.snapshot = { release, files }
    this.deps.logger.info('serving site release', { id: release.id, key: release.key, files: files.size, ms: Date.now() - started })
  }

  /** The brotli and gzip forms stored with a release (undefined when missing: compressed here instead). */
  private async readEncoded(prefix: string, file: string): Promise<EncodedForms | undefined> {
    const [br, gz] = await Promise.all([this.deps.storage.get(encodedKey(prefix, file, 'br')), this.deps.storage.get(encodedKey(prefix, file, 'gz'))])
    if (!br || !gz) return undefined
    return { br: await streamToBuffer(br), gzip: await streamToBuffer(gz) }
  }

  /** Serves the site's files; passes on what it does not have (to `notFound`). */
  handler(): RequestHandler {
    return (req, res, next) => {
      const snapshot = this.snapshot
      if (!snapshot || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
      let pathname: string
      try {
        pathname = decodeURIComponent(req.path)
      } catch {
        return next()
      }
      if (pathname.includes('\0') || pathname.includes('\\')) return next()
      // Normalised from the root: `..` cannot climb above it.
      const relative = path.posix.normalize(`/${pathname}`).replace(/^\/+/, '')
      const wanted = relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative
      const file = snapshot.files.get(wanted)
      if (!file) {
        if (!relative.endsWith('/') && snapshot.files.has(`${relative}/index.html`)) {
          const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
          // `/${…}` with leading slashes collapsed: never a protocol-relative `//host` redirect.
          return res.redirect(301, `/${req.originalUrl.split('?')[0]!.replace(/^[/\\]+/, '')}/${query}`)
        }
        return next()
      }
      sendMemoryFile(req, res, file, (response: Response) => {
        response.set('Cache-Control', file.cacheControl)
        if (file.csp) response.set('Content-Security-Policy', file.csp)
      })
    }
  }

  /** The site's 404 page with status 404 (plain text before a release is loaded). */
  notFound(): RequestHandler {
    return (_req, res) => {
      const page = this.snapshot?.files.get('404.html')
      res.status(404)
      if (!page) return void res.type('text').send('Not found')
      res
        .type('html')
        .set('Content-Security-Policy', page.csp ?? '')
        .set('Cache-Control', 'public, max-age=300')
        .send(page.raw)
    }
  }
}

/**
 * Keeps a LiveSite on the current release: LISTENs on `site_release` (a dedicated connection that
 * reconnects, and re-reads the pointer when it does, since a notification may have been missed)
 * and also reads the pointer every `pollSeconds` as a safety net. Answers a stop function.
 */
export async function watchSiteReleases(
  site: LiveSite,
  deps: { databaseUrl: string; pool: pg.Pool; logger: Logger; pollSeconds?: number },
): Promise<() => Promise<void>> {
  let stopped = false
  let close: (() => Promise<void>) | undefined
  let retry: NodeJS.Timeout | undefined
  const refresh = () => void site.refresh(deps.pool).catch(() => {})
  const reconnectSoon = () => {
    if (stopped) return
    retry = setTimeout(() => void connect(), 1000)
    retry.unref()
  }
  const connect = async () => {
    if (stopped) return
    try {
      close = await listenForSiteReleases(deps.databaseUrl, {
        onRelease: refresh,
        onLost: (error) => {
          close = undefined
          deps.logger.warn('site release listener lost its connection; reconnecting', { error: error?.message })
          reconnectSoon()
        },
      })
      // Notifications sent while not listening are lost: read the pointer once connected.
      refresh()
    } catch {
      reconnectSoon()
    }
  }
  await site.refresh(deps.pool).catch(() => {})
  await connect()
  const poll = setInterval(refresh, (deps.pollSeconds ?? 30) * 1000)
  poll.unref()
  return async () => {
    stopped = true
    clearInterval(poll)
    if (retry) clearTimeout(retry)
    await close?.()
  }
}
