import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import type { Logger } from '../../logger'
import { buildSite, runStep, siteFingerprint, siteOutputDir } from '../../server/build'
import { parts } from '../../server/paths'
import type { FileStorage } from '../../storage/storage'
import { publishSiteRelease } from './publish-site-release'
import { finishSiteBuild, insertSiteBuild, pruneSiteBuilds } from './site-build.repository'

export type RebuildDeps = {
  pool: pg.Pool
  logger: Logger
  dataDir: string
  /** The snapshot the live site was built from; replaced only after a successful build. */
  contentFile: string
  /** DATABASE_URL, PAYLOAD_SECRET, PUBLIC_URL, MEDIA_DIR for the CMS export. */
  cmsEnv: Record<string, string>
  /** Where the built site is published for every process (issue 18). */
  storage: FileStorage
}

/**
 * Exports the published content and rebuilds the static site beside the live one, then publishes
 * it to shared storage as the current release, which every process loads and swaps in. A failure
 * leaves the last good release and its content file untouched and is recorded for the admin.
 */
export async function rebuildSite(deps: RebuildDeps, reason: string): Promise<{ ok: boolean; seconds: number }> {
  const started = Date.now()
  const id = await insertSiteBuild(deps.pool, reason)
  const candidate = `${deps.contentFile}.candidate`
  try {
    await runStep(process.execPath, ['--import', 'tsx', path.join(parts.cms, 'scripts', 'export-content.ts'), '--export', candidate], {
      cwd: parts.cms,
      env: { ...deps.cmsEnv, PAYLOAD_CONFIG_PATH: 'src/payload.config.ts' },
      label: 'CMS content export',
    })
    await buildSite(() => {}, { dataDir: deps.dataDir, contentFile: candidate, force: true })
    // Every process (this one too) is told of the new release and swaps it in.
    await publishSiteRelease({ pool: deps.pool, storage: deps.storage, logger: deps.logger }, siteOutputDir(deps.dataDir), {
      fingerprint: siteFingerprint(candidate),
      reason,
    })
    fs.renameSync(candidate, deps.contentFile)
    const seconds = (Date.now() - started) / 1000
    await finishSiteBuild(deps.pool, id, { status: 'succeeded', seconds })
    deps.logger.info('site rebuilt', { reason, seconds })
    await pruneSiteBuilds(deps.pool).catch(() => {})
    return { ok: true, seconds }
  } catch (error) {
    fs.rmSync(candidate, { force: true })
    const seconds = (Date.now() - started) / 1000
    const message = error instanceof Error ? error.message : String(error)
    await finishSiteBuild(deps.pool, id, { status: 'failed', seconds, error: message }).catch(() => {})
    deps.logger.error('site rebuild failed; the previous site stays live', { reason, error: message.slice(0, 2000) })
    return { ok: false, seconds }
  }
}
