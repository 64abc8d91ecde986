import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, PayloadRequest } from 'payload'
import { insertSiteRebuildEvent, type Executor } from './site-rebuild.repository'

/**
 * Publishing asks for a site rebuild through the API's events outbox (issue 31): the event is
 * written in the transaction of the Payload change that caused it, so a save that rolls back asks
 * for nothing, and the API's relay hands a committed one to the rebuild (debounced there).
 * afterChange runs before Payload commits, which is why nothing is built here.
 */
export async function requestSiteRebuild(req: PayloadRequest, reason: string): Promise<void> {
  await insertSiteRebuildEvent(await changeTransaction(req), reason)
}

type DrizzleAdapter = { drizzle: Executor; sessions?: Record<string | number, { db?: Executor } | undefined> }

/** The drizzle transaction of this request's Payload change, or the adapter's database outside one (as Payload's own getTransaction does). */
async function changeTransaction(req: PayloadRequest): Promise<Executor> {
  const adapter = req.payload.db as unknown as DrizzleAdapter
  const id = req.transactionID ? await req.transactionID : undefined
  return (id !== undefined && adapter.sessions?.[id]?.db) || adapter.drizzle
}

/** Which change of a collection changes the public site (pure, so the rule is tested without a database). */
export function publishReason(args: {
  doc: unknown
  previousDoc?: unknown
  collection: { slug: string }
  context?: Record<string, unknown>
}): string | undefined {
  if (args.context?.skipSiteRebuild) return undefined
  const status = (args.doc as { _status?: string })._status
  const wasPublished = (args.previousDoc as { _status?: string } | undefined)?._status === 'published'
  // Collections with drafts: only a publish, or unpublishing something that was live.
  if (status === undefined || status === 'published' || wasPublished) return `${args.collection.slug} ${status ?? 'changed'}`
  return undefined
}

export const rebuildOnPublish: CollectionAfterChangeHook = async (args) => {
  const reason = publishReason(args)
  if (reason) await requestSiteRebuild(args.req, reason)
  return args.doc
}

export const rebuildOnDelete: CollectionAfterDeleteHook = async ({ doc, collection, context, req }) => {
  if (!context?.skipSiteRebuild) await requestSiteRebuild(req, `${collection.slug} deleted`)
  return doc
}

export const rebuildOnGlobalChange: GlobalAfterChangeHook = async ({ doc, global, context, req }) => {
  if (!context?.skipSiteRebuild) await requestSiteRebuild(req, `${global.slug} changed`)
  return doc
}
