import type { PgBoss } from 'pg-boss'
import type { Database } from '../db/client'
import { startEventHandler } from '../events/delivery'
import type { EventHandler } from '../events/events'
import { sendWaNotice, type WaNoticeDeps } from '../modules/admin/send-wa-notice'

/**
 * E-mails the WA notice when staff approve with "send to WA" (issue 26): one handler of the
 * `promotion.wa-notice-requested` event (the outbox relay runs in main.ts). Every process may run it;
 * the event is handled once, and the promotion's sent marker keeps a retried job from mailing twice.
 */
export async function startWaNoticeHandler(boss: PgBoss, deps: WaNoticeDeps & { database: Database }, { pollingIntervalSeconds = 1 } = {}) {
  const handler: EventHandler<'promotion.wa-notice-requested'> = {
    name: 'wa-notice-mail',
    type: 'promotion.wa-notice-requested',
    handle: async (event, tx) => {
      const outcome = await sendWaNotice(deps, tx, event.payload)
      deps.logger.info('WA notice', { promotionId: event.payload.promotionId, outcome })
    },
  }
  return startEventHandler(boss, deps, handler, { pollingIntervalSeconds })
}
