import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'
import { siteRebuildBridge } from './site-rebuild-bridge'

/**
 * Publishing asks the api process for a site rebuild. Payload runs inside the api's process (the
 * gateway hosts Next), and the api installs its queue through site-rebuild-bridge.ts; in a plain
 * script (prepare, seed) nothing is installed and the request is dropped, which is what we want there.
 * The api only enqueues (pg-boss, debounced): afterChange runs before the transaction commits,
 * so building here would export the old content.
 */
export function requestSiteRebuild(reason: string) {
  const bridge = siteRebuildBridge()
  if (!bridge) return
  // Never fail the editor's save because the queue hiccuped; the api logs its own errors.
  Promise.resolve()
    .then(() => bridge(reason))
    .catch(() => {})
}

/** Collections with drafts: only a publish, or unpublishing something that was live, changes the site. */
export const rebuildOnPublish: CollectionAfterChangeHook = ({ doc, previousDoc, collection, context }) => {
  if (context?.skipSiteRebuild) return doc
  const status = (doc as { _status?: string })._status
  const wasPublished = (previousDoc as { _status?: string } | undefined)?._status === 'published'
  if (status === undefined || status === 'published' || wasPublished) requestSiteRebuild(`${collection.slug} ${status ?? 'changed'}`)
  return doc
}

export const rebuildOnDelete: CollectionAfterDeleteHook = ({ doc, collection, context }) => {
  if (!context?.skipSiteRebuild) requestSiteRebuild(`${collection.slug} deleted`)
  return doc
}

export const rebuildOnGlobalChange: GlobalAfterChangeHook = ({ doc, global, context }) => {
  if (!context?.skipSiteRebuild) requestSiteRebuild(`${global.slug} changed`)
  return doc
}
