import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

/**
 * Publishing asks the api process for a site rebuild. Payload runs inside the api's process (the
 * gateway hosts Next), and the api registers its queue under a global symbol; in a plain script
 * (prepare, seed) nothing is registered and the request is dropped, which is what we want there.
 * The api only enqueues (pg-boss, debounced): afterChange runs before the transaction commits,
 * so building here would export the old content.
 */
export const SITE_REBUILD_BRIDGE = Symbol.for('permitdesk.requestSiteRebuild')
type Bridge = (reason: string) => Promise<unknown> | unknown

export function requestSiteRebuild(reason: string) {
  const bridge = (globalThis as Record<symbol, Bridge | undefined>)[SITE_REBUILD_BRIDGE]
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
