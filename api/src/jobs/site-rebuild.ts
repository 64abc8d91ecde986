import type { PgBoss } from 'pg-boss'
import type { Logger } from '../logger'
import { rebuildSite, type RebuildDeps } from '../modules/site-build/rebuild-site'
// The one definition of the CMS → api bridge (a file with no imports, so the api may load it).
import { installSiteRebuildBridge } from '../../../cms/src/hooks/site-rebuild-bridge'

export const SITE_REBUILD_QUEUE = 'site-rebuild'
/** Publishing waits this long before the build starts, so a burst of saves makes one build. */
export const SITE_REBUILD_DEBOUNCE_SECONDS = 2

/**
 * Queues a rebuild. The queue is `stately`: at most one job waiting and one running, so requests
 * while one waits are folded into it, and a publish during a build gets exactly one more build.
 */
export async function requestSiteRebuild(boss: PgBoss, reason: string) {
  return boss.send(SITE_REBUILD_QUEUE, { reason }, { startAfter: SITE_REBUILD_DEBOUNCE_SECONDS, singletonKey: 'site', retryLimit: 0 })
}

/** Creates the queue, starts this process's worker and lets the CMS hooks reach the queue. */
export async function startSiteRebuilds(boss: PgBoss, deps: RebuildDeps & { logger: Logger }) {
  await boss.createQueue(SITE_REBUILD_QUEUE, { policy: 'stately' })
  await boss.work<{ reason?: string }>(SITE_REBUILD_QUEUE, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await rebuildSite(deps, job.data?.reason ?? 'content published')
  })
  return installSiteRebuildBridge((reason: string) =>
    requestSiteRebuild(boss, reason).catch((error: unknown) =>
      deps.logger.error('could not queue a site rebuild', { error: error instanceof Error ? error.message : String(error) }),
    ),
  )
}
