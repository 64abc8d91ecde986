import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../api/src/env'
import { silentLogger } from '../../api/src/logger'
import { KEEP_RELEASES, MANIFEST, encodedKey, publishSiteRelease, releasePrefix } from '../../api/src/modules/site-build/publish-site-release'
import { createGateway } from '../../api/src/server/gateway'
import { LiveSite, watchSiteReleases } from '../../api/src/server/live-site'
import { createStorage } from '../../api/src/storage/create-storage'
import { streamToBuffer, type FileStorage } from '../../api/src/storage/storage'
import { startS3Fake, type S3Fake } from '../fakes/s3-fake'
import { createTestDatabase } from '../setup/test-api'
import { pollUntil } from '../setup/poll'

/**
 * Issue 18: the built site lives in shared storage with a current-build pointer in PostgreSQL;
 * every process serves it from memory and swaps to a newer release when one is published.
 * Two "processes" here are two gateways, each with its own LiveSite and LISTEN connection, on one
 * database (the many-process test does the same with real server processes).
 */
let s3: S3Fake
beforeAll(async () => {
  s3 = await startS3Fake()
})
afterAll(async () => s3?.close())

function writeSite(dir: string, version: string) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, 'about'), { recursive: true })
  fs.mkdirSync(path.join(dir, '_astro'), { recursive: true })
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>Home ${version}</title><script>window.version = "${version}"</script>${'<p>Trade promotion permits.</p>'.repeat(50)}`,
  )
  fs.writeFileSync(path.join(dir, 'about', 'index.html'), `<!doctype html><title>About ${version}</title>`)
  fs.writeFileSync(path.join(dir, '404.html'), `<!doctype html><title>Not found ${version}</title>`)
  fs.writeFileSync(path.join(dir, '_astro', `app.${version}.js`), `console.log(${JSON.stringify('x'.repeat(2000))})`)
}

const until = (condition: () => Promise<boolean>) => pollUntil(condition, 'the release to be served', { intervalMs: 50 })

describe.each(['local', 's3'])('site releases (%s storage)', (kind) => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>
  let storage: FileStorage
  const dataDir = path.join(os.tmpdir(), `permitdesk-site-${crypto.randomBytes(4).toString('hex')}`)
  const buildDir = path.join(dataDir, 'build')
  const servers: Server[] = []
  const stops: (() => Promise<void>)[] = []
  const bases: string[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase()
    const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATA_DIR: dataDir, DATABASE_URL: testDb.url, ...(kind === 's3' ? s3.env : {}) })
    storage = createStorage(config)
    for (let i = 0; i < 2; i++) {
      // Each "process" has its own storage client, LiveSite and listener; a long poll, so NOTIFY does the work.
      const site = new LiveSite({ storage: createStorage(config), logger: silentLogger })
      stops.push(await watchSiteReleases(site, { databaseUrl: testDb.url, pool: testDb.database.pool, logger: silentLogger, pollSeconds: 3600 }))
      const server = createGateway({ api: express(), config, site }).listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      servers.push(server)
      bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    }
  })
  afterAll(async () => {
    for (const stop of stops) await stop()
    for (const server of servers) await new Promise((resolve) => server.close(resolve))
    await testDb?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const home = async (base: string) => (await fetch(`${base}/`)).text()
  const publish = async (version: string) => {
    writeSite(buildDir, version)
    return publishSiteRelease({ pool: testDb.database.pool, storage, logger: silentLogger }, buildDir, { fingerprint: version, reason: `test ${version}` })
  }

  it('answers 404 before any release, then serves a published release from every process', async () => {
    expect((await fetch(`${bases[0]}/`)).status).toBe(404)
    const release = await publish('v1')
    expect(await storage.exists(`${releasePrefix(release.key)}${MANIFEST}`)).toBe(true)
    expect(await storage.exists(`${releasePrefix(release.key)}about/index.html`)).toBe(true)
    // Compressed once at publication (issue 29): the served brotli is the stored one, byte for byte.
    const stored = await storage.get(encodedKey(releasePrefix(release.key), 'index.html', 'br'))
    expect(stored).toBeDefined()
    const storedBr = await streamToBuffer(stored!)
    expect(zlib.brotliDecompressSync(storedBr).toString()).toContain('Home v1')
    for (const base of bases) await until(async () => (await home(base)).includes('Home v1'))
    const served = await fetch(`${bases[0]}/`, { headers: { 'accept-encoding': 'br' } })
    expect(served.headers.get('content-length')).toBe(String(storedBr.length))
  })

  it('serves from memory: ETag and 304, brotli and gzip, per-page CSP, cache lifetimes, index redirects, the 404 page', async () => {
    for (const base of bases) {
      const plain = await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } })
      const etag = plain.headers.get('etag')!
      expect(etag).toMatch(/^"/)
      expect(plain.headers.get('cache-control')).toBe('public, max-age=300')
      const hash = crypto.createHash('sha256').update('window.version = "v1"').digest('base64')
      expect(plain.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`)
      expect((await fetch(`${base}/`, { headers: { 'if-none-match': etag } })).status).toBe(304)
      const raw = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } })
      expect(raw.headers.get('content-encoding')).toBe('br')
      expect(await raw.text()).toContain('Home v1') // fetch decodes brotli
      expect((await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip')
      expect((await fetch(`${base}/_astro/app.v1.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const redirect = await fetch(`${base}/about?x=1`, { redirect: 'manual' })
      expect(redirect.status).toBe(301)
      expect(redirect.headers.get('location')).toBe('/about/?x=1')
      expect(await (await fetch(`${base}/about/`)).text()).toContain('About v1')
      const missing = await fetch(`${base}/no-such-page/`)
      expect(missing.status).toBe(404)
      expect(await missing.text()).toContain('Not found v1')
      expect((await fetch(`${base}/..%2f..%2fetc/passwd`)).status).toBe(404)
    }
  })

  it('keeps listening after its database connection is cut: a release published afterwards still reaches every process', async () => {
    // Cut every LISTEN connection of this database, as a PostgreSQL restart or a network blip would.
    const cut = await testDb.database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen site_release%'`,
    )
    expect(cut.rowCount).toBe(2)
    const release = await publish('after-cut')
    for (const base of bases) await until(async () => (await home(base)).includes('Home after-cut'))
    expect(release.id).toBeGreaterThan(1)
  })

  it('swaps every process to a newer release when it is published, and removes old releases from storage', async () => {
    const before = (await fetch(`${bases[1]}/`)).headers.get('etag')
    const v2 = await publish('v2')
    expect(before).not.toBeNull()
    for (const base of bases) await until(async () => (await home(base)).includes('Home v2'))
    expect((await fetch(`${bases[1]}/`)).headers.get('etag')).not.toBe(before)
    expect((await fetch(`${bases[0]}/_astro/app.v2.js`)).status).toBe(200)
    expect((await fetch(`${bases[0]}/_astro/app.v1.js`)).status).toBe(404)

    // Releases beyond the newest few (and older than a loading process could still need) are removed.
    const first = (await testDb.database.pool.query(`select key from app.site_releases order by id limit 1`)).rows[0].key as string
    for (let i = 3; i < 3 + KEEP_RELEASES; i++) await publish(`v${i}`)
    await testDb.database.pool.query(`update app.site_releases set created_at = now() - interval '1 hour'`)
    const last = await publish('final')
    for (const base of bases) await until(async () => (await home(base)).includes('Home final'))
    expect(await storage.exists(`${releasePrefix(first)}${MANIFEST}`)).toBe(false)
    expect(await storage.exists(`${releasePrefix(first)}index.html`)).toBe(false)
    expect(await storage.exists(encodedKey(releasePrefix(first), 'index.html', 'br'))).toBe(false)
    expect(await storage.exists(`${releasePrefix(v2.key)}index.html`)).toBe(false)
    expect(await storage.exists(`${releasePrefix(last.key)}index.html`)).toBe(true)
    expect((await testDb.database.pool.query(`select count(*)::int as n from app.site_releases`)).rows[0].n).toBe(KEEP_RELEASES)
  })
})
