/**
 * What happened, as the rest of the system may react to it (issue 31). A use case publishes an
 * event in the transaction of its change (`publishEvent(tx, …)` or `deps.events.publish`); the
 * outbox relay hands it to pg-boss once the transaction committed, and each subscribed handler
 * (its own pg-boss queue) handles it once. See docs/architecture.md.
 */
import { insertOutboxEvent, type Tx } from './events.repository'

export type { Tx }

/** Every event and its payload: the one list publishers and handlers are typed against. */
export type EventMap = {
  /** The application was saved (customer or staff); its dates or states may have changed. */
  'promotion.saved': { promotionId: number; statusId: number }
  /** A permit application was submitted (paid, invoiced for BPAY, owing nothing, or its forms generated): the "submitted" mail, the lodgement pack. */
  'promotion.submitted': { promotionId: number; statusId: number }
  /** An invoice of the promotion was paid (card, BPAY cleared, staff's charge, an additional payment): the receipt mail, the lodgement pack. */
  'promotion.paid': { promotionId: number; invoiceNumber: number }
  /** The customer chose BPAY for an invoice (a submission or an additional payment): the BPAY instructions mail. */
  'payment.bpayChosen': { promotionId: number; invoiceNumber: number }
  /** An amendment of a submitted promotion was begun. */
  'promotion.amended': { promotionId: number; statusId: number }
  /** The reminders chosen for a promotion were saved: the worker re-plans them. */
  'reminders.saved': { promotionId: number }
  /** Published CMS content changed: the public site is rebuilt (debounced). */
  'site.rebuild-requested': { reason: string }
  /** Issue 27: an entry was accepted on a form with receipts: the entrant gets its number by e-mail (the address stays in the entry, not the outbox). */
  'entry.accepted': { entryId: number; promotionId: number }
  /** Staff approved a promotion with "send to WA" (001 §4): its WA notice is e-mailed to the WA department (issue 26). */
  'promotion.wa-notice-requested': { promotionId: number; staffId: number }
  /** Issue 31: the lodgement pack of this version of the application was marked queued: the pack worker builds it. */
  'lodgementPack.requested': { promotionId: number; version: number }
  /** The owner (or staff) approved a version of the T&Cs: it becomes attachment B (and Y), then the lodgement pack of the new version is queued. */
  'terms.approved': { promotionId: number; versionId: number }
  /** A draw was run (by its owner, staff or the schedule), its result recorded: the owner's result mail. */
  'draw.run': { drawId: number }
}
export type EventType = keyof EventMap
export type DomainEvent<K extends EventType = EventType> = { id: number; type: K; payload: EventMap[K] }

/**
 * A reaction to one kind of event. `name` is its identity: its pg-boss queue is `event.<name>`, and
 * (event id, name) is recorded in the handler's transaction so a second delivery does nothing.
 * Work outside the database (a mail, a pg-boss job) is at least once: it should be harmless twice.
 */
export type EventHandler<K extends EventType = EventType> = {
  name: string
  type: K
  handle: (event: DomainEvent<K>, tx: Tx) => Promise<void>
}

/** Writes the event into the outbox of the transaction `tx`: it is delivered only if that transaction commits. */
export async function publishEvent<K extends EventType>(tx: Tx, type: K, payload: EventMap[K]): Promise<number> {
  return insertOutboxEvent(tx, type, payload)
}

/** The `events` port of AppDeps. */
export type Events = {
  publish: <K extends EventType>(tx: Tx, type: K, payload: EventMap[K]) => Promise<number>
}

export function createEvents(): Events {
  return { publish: publishEvent }
}
