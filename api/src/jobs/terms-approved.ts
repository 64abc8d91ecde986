import type { PgBoss } from 'pg-boss'
import { startEventHandler, type DeliveryDeps } from '../events/delivery'
import type { EventHandler } from '../events/events'
import type { LodgementJobDeps } from '../modules/payments/lodgement-pack-job'
import { attachApprovedTermsAndQueuePack, type AttachTermsDeps } from '../modules/terms/approve-terms'

/**
 * Approved T&Cs (issue 31): the subscriber of `terms.approved`, published in the approval's
 * transaction. It prints attachment B (and Y) and then queues the lodgement pack, in its own
 * transaction with the handler's record: a second delivery attaches nothing, a failure retries the
 * whole (B replaces B), and an approval that rolled back published nothing.
 */
export function termsApprovedHandler(deps: AttachTermsDeps & LodgementJobDeps): EventHandler<'terms.approved'> {
  return {
    name: 'terms-approved-attach',
    type: 'terms.approved',
    handle: (event, tx) => attachApprovedTermsAndQueuePack(deps, { ...deps, packs: 'events' }, tx, event.payload),
  }
}

/** Subscribes this process to approved T&Cs; answers the function that stops it. */
export async function startTermsApproved(boss: PgBoss, deps: AttachTermsDeps & LodgementJobDeps & DeliveryDeps, { pollingIntervalSeconds = 0.5 } = {}) {
  return startEventHandler(boss, deps, termsApprovedHandler(deps), { pollingIntervalSeconds })
}
