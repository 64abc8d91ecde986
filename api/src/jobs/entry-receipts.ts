import type { PgBoss } from 'pg-boss'
import type { EventHandler } from '../events/events'
import { startEventHandler, type DeliveryDeps } from '../events/delivery'
import { sendEntryReceipt, type ReceiptDeps } from '../modules/entries/send-receipt'

/** Issue 27: the entrant's receipt, once per accepted entry (the handler's record makes a redelivery do nothing). */
export function entryReceiptHandler(deps: ReceiptDeps): EventHandler<'entry.accepted'> {
  return { name: 'entries-receipt', type: 'entry.accepted', handle: async (event, tx) => void (await sendEntryReceipt(deps, tx, event.payload.entryId)) }
}

export async function startEntryReceipts(boss: PgBoss, deps: ReceiptDeps & DeliveryDeps) {
  return startEventHandler(boss, deps, entryReceiptHandler(deps))
}
