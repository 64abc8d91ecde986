import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import type { Logger } from '../../logger'
import { streamToBuffer, type FileStorage } from '../../storage/storage'
import { encodedForms } from '../../server/memory-static'
import { deleteOldSiteReleases, insertSiteRelease, type SiteRelease } from './site-release.repository'

/** Where a release's files live in FileStorage. */
export const releasePrefix = (key: string) => `site/releases/${key}/`
/** The list of a release's files, written last: a release without it is incomplete. */
export const MANIFEST = 'manifest.json'
/** Releases kept in storage besides the current one (a rollback by hand, a slow process still loading). */
export const KEEP_RELEASES = 3

/** `encoded`: the file's brotli and gzip forms are stored too (`encodedKey`), so no process compresses them again when it loads the release. */
export type SiteManifest = { files: { path: string; size: number; encoded?: boolean }[] }

/** Where a release file's precompressed form lives (beside the release's files, outside the site's own paths). */
export const encodedKey = (prefix: string, file: string, encoding: 'br' | 'gz') => `${prefix}_encoded/${file}.${encoding}`

export type PublishDeps = { pool: pg.Pool; storage: FileStorage; logger: Logger }

function walk(root: string, dir = root, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(root, full, found)
    else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'))
  }
  return found
}

/**
 * Publishes a built site (issue 18: the built site in shared storage): copies every file of `dir`
 * to `site/releases/{key}/` in FileStorage, then its manifest, then makes it the current release
 * in PostgreSQL, which notifies every process to load it. Old releases are removed afterwards.
 */
export async function publishSiteRelease(deps: PublishDeps, dir: string, options: { fingerprint: string; reason: string }): Promise<SiteRelease> {
  const key = `${new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${crypto.randomBytes(4).toString('hex')}`
  const prefix = releasePrefix(key)
  const all = walk(dir)
  // Storage keys are plain (letters, digits, - _ . /): a file named otherwise is left out, and said so.
  const files = all.filter((file) => /^[a-zA-Z0-9_][a-zA-Z0-9/_.-]*$/.test(file) && !file.includes('..'))
  if (files.length !== all.length)
    deps.logger.warn('site files with names storage keys cannot hold were not published', { files: all.filter((file) => !files.includes(file)).slice(0, 20) })
  const manifest: SiteManifest = { files: [] }
  let bytes = 0
  // A few at a time: S3 round trips overlap, the local disk is not flooded.
  const queue = [...files]
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const data = fs.readFileSync(path.join(dir, file))
        await deps.storage.put(`${prefix}${file}`, data)
        // Compressed here, once per release, rather than by every process at every start (issue 29).
        const forms = encodedForms(file, data)
        if (forms) {
          await deps.storage.put(encodedKey(prefix, file, 'br'), forms.br)
          await deps.storage.put(encodedKey(prefix, file, 'gz'), forms.gzip)
        }
        manifest.files.push({ path: file, size: data.length, ...(forms ? { encoded: true } : {}) })
        bytes += data.length
      }
    }),
  )
  manifest.files.sort((a, b) => a.path.localeCompare(b.path))
  await deps.storage.put(`${prefix}${MANIFEST}`, Buffer.from(JSON.stringify(manifest)))
  const release = await insertSiteRelease(deps.pool, { key, fingerprint: options.fingerprint, files: manifest.files.length, bytes, reason: options.reason })
  deps.logger.info('site release published', { id: release.id, key, files: release.files, bytes })
  await removeOldReleases(deps).catch((error: unknown) => deps.logger.warn('could not remove old site releases', { error: String(error) }))
  return release
}

async function removeOldReleases(deps: PublishDeps) {
  for (const key of await deleteOldSiteReleases(deps.pool, KEEP_RELEASES)) {
    const prefix = releasePrefix(key)
    const manifest = await readManifest(deps.storage, key)
    const keys = deps.storage.list
      ? await deps.storage.list(prefix)
      : (manifest?.files.flatMap((file) => [
          `${prefix}${file.path}`,
          ...(file.encoded ? [encodedKey(prefix, file.path, 'br'), encodedKey(prefix, file.path, 'gz')] : []),
        ]) ?? [])
    for (const file of keys) await deps.storage.delete(file)
    await deps.storage.delete(`${prefix}${MANIFEST}`)
  }
}

export async function readManifest(storage: FileStorage, key: string): Promise<SiteManifest | undefined> {
  const stream = await storage.get(`${releasePrefix(key)}${MANIFEST}`)
  return stream ? (JSON.parse((await streamToBuffer(stream)).toString('utf8')) as SiteManifest) : undefined
}
