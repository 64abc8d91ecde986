import type { Logger } from '../../logger'
import { buildSite, siteFingerprint, siteOutputDir, type Progress } from '../../server/build'
import type { FileStorage } from '../../storage/storage'
import { MANIFEST, publishSiteRelease, releasePrefix } from './publish-site-release'
import { findCurrentSiteRelease, withOwnPool } from './site-release.repository'

/**
 * At start, under the prepare lock: when the current release was built from these same sources
 * and content (another process published it), nothing is built; otherwise the site is built here
 * and published as the current release.
 */
export async function ensureSiteRelease(deps: {
  databaseUrl: string
  storage: FileStorage
  logger: Logger
  dataDir: string
  contentFile: string
  progress: Progress
}) {
  await withOwnPool(deps.databaseUrl, async (pool) => {
    const wanted = siteFingerprint(deps.contentFile)
    const current = await findCurrentSiteRelease(pool)
    if (current?.fingerprint === wanted && (await deps.storage.exists(`${releasePrefix(current.key)}${MANIFEST}`))) return
    await buildSite(deps.progress, { dataDir: deps.dataDir, contentFile: deps.contentFile })
    deps.progress('publishing the public site to storage...')
    await publishSiteRelease({ pool, storage: deps.storage, logger: deps.logger }, siteOutputDir(deps.dataDir), { fingerprint: wanted, reason: 'server start' })
  })
}
