import type { PgBoss } from 'pg-boss'
import type { Database } from '../db/client'
import { startEventHandler } from '../events/delivery'
import type { EventHandler } from '../events/events'
import type { Logger } from '../logger'
import { rebuildSite, type RebuildDeps } from '../modules/site-build/rebuild-site'

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

/**
 * The subscriber of the CMS's `site.rebuild-requested` (issue 31: written by the CMS hooks into the
 * outbox in the Payload change's transaction, cms/src/hooks): one debounced rebuild job. A second
 * delivery is a no-op; a send repeated by a retried handler folds into the waiting job.
 */
export function siteRebuildHandler(boss: PgBoss): EventHandler<'site.rebuild-requested'> {
  return {
    name: 'site-rebuild',
    type: 'site.rebuild-requested',
    handle: async (event) => {
      await requestSiteRebuild(boss, event.payload.reason)
    },
  }
}

/** Creates the queue, starts this process's rebuild worker and subscribes it to the CMS's event; answers the stop of the subscription. */
export async function startSiteRebuilds(boss: PgBoss, deps: RebuildDeps & { logger: Logger; database: Database }) {
  await boss.createQueue(SITE_REBUILD_QUEUE, { policy: 'stately' })
  await boss.work<{ reason?: string }>(SITE_REBUILD_QUEUE, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await rebuildSite(deps, job.data?.reason ?? 'content published')
  })
  const stopHandler = await startEventHandler(boss, deps, siteRebuildHandler(boss))
  // The worker stops with the queue (not gracefully: a rebuild cut short leaves the live site as it was).
  return stopHandler
}
