import crypto from 'node:crypto'
import { createEvents, type EventAttributes } from 'ics'
import {
  AppError,
  addDays,
  formatDate,
  formatDateTime,
  formatSydneyDateAndTime,
  parseIsoDate,
  promotionTitle,
  STATE_CODES,
  sydneyInstant,
  type Obligation,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { listObligations } from '../rules/get-obligations'
import { findCalendarFeed, findCalendarFeedOwner, insertCalendarFeedIfNone, ownerPromotions, upsertCalendarFeed } from './reminders.repository'

const PRODUCT_ID = '-//PermitDesk//Promotion duties//EN'

function dateArray(date: string): [number, number, number] {
  const p = parseIsoDate(date)!
  return [p.year, p.month, p.day]
}

const DUE: Record<Obligation['dueKind'], string> = { by: 'By', on: 'On', from: 'From', until: 'Until' }
const timeOf = (value: unknown) => (typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? value : null)

/**
 * The iCalendar events of a promotion: one per duty of its compliance calendar (issue #30), with
 * the rule and its source in the description. A duty is an all-day event on its Sydney due date;
 * the draws, whose application gives a time, are events at that instant (Sydney wall time
 * converted to UTC, so every calendar shows them at the right moment). A closed duty stays in the
 * calendar, marked done.
 */
export function promotionEvents(row: PromotionRow, obligations: readonly Obligation[], publicUrl: string): EventAttributes[] {
  const host = new URL(publicUrl).hostname
  const title = promotionTitle(row.name)
  const url = new URL(`/promotions/edit/${row.id}/`, publicUrl).toString()
  const permit = (row.permit ?? {}) as Record<string, any>
  const times: Record<string, string | null> = { draw: timeOf(permit.finalDraw?.time), 'unclaimed-draw': timeOf(permit.unclaimedDraw?.time) }
  return obligations.map((o): EventAttributes => {
    const time = times[o.code] ?? null
    const due = `${DUE[o.dueKind]} ${time ? formatSydneyDateAndTime(o.dueDate, time) : formatDate(o.dueDate)} (Sydney)`
    const common = {
      title: `${o.status === 'done' ? 'Done: ' : ''}${o.state ? `${STATE_CODES[o.state]}: ` : ''}${o.title}: ${title}`,
      description: [
        due,
        o.rule,
        o.source ? `Source: ${o.source.title}, ${o.source.url}` : null,
        o.proof ? `Done ${formatDateTime(o.proof.closedAt)}.` : null,
        '',
        url,
      ]
        .filter((line) => line !== null)
        .join('\n'),
      url,
      uid: `promotion-${row.id}-${o.code}@${host}`,
      productId: PRODUCT_ID,
      categories: ['Trade promotion'],
    }
    if (time) {
      const instant = sydneyInstant(o.dueDate, time)
      return { ...common, start: instant.getTime(), startInputType: 'utc', startOutputType: 'utc', duration: { hours: 1 } }
    }
    return { ...common, start: dateArray(o.dueDate), end: dateArray(addDays(o.dueDate, 1)) }
  })
}

function calendarText(events: EventAttributes[], calName: string): string {
  if (events.length === 0) {
    // ics refuses an empty list; a calendar with no events is still a valid feed.
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'METHOD:PUBLISH', `X-WR-CALNAME:${calName}`, 'END:VCALENDAR', ''].join('\r\n')
  }
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName, method: 'PUBLISH' })
  if (error || !value) throw error ?? new Error('calendar not generated')
  return value
}

/** /promotions/downloadcalendarfile/{id}: the promotion's dates as an .ics file (owner or staff). */
export async function promotionCalendarFile(db: Db, owner: Owner, id: number, publicUrl: string) {
  const row = await findPromotion(db, owner, id)
  if (!row) throw new AppError('NOT_FOUND')
  const { obligations } = await listObligations(db, owner, row.id)
  return { fileName: `promotion-${row.id}-dates.ics`, text: calendarText(promotionEvents(row, obligations, publicUrl), promotionTitle(row.name)) }
}

/** Feed secrets are stored as their SHA-256 (24 random bytes: a slow hash would add nothing). */
const hashFeedToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
const newFeedToken = () => crypto.randomBytes(24).toString('base64url')

/** The account's feed: the address only when just made (it is shown once), else when it was made. */
export type CalendarFeedView = { url: string | null; webcalUrl: string | null; createdAt: string }

function feedUrl(publicUrl: string, token: string) {
  const https = new URL(`/calendar/feed/${token}.ics`, publicUrl)
  return { url: https.toString(), webcalUrl: https.toString().replace(/^https?:/, 'webcal:') }
}

/**
 * The account's private feed (issue 24): made on first ask, and its address shown then only; later
 * asks say when it was made (only its hash is kept), and a new address is one regenerate away.
 */
export async function getCalendarFeed(db: Db, userId: number, publicUrl: string): Promise<CalendarFeedView> {
  const token = newFeedToken()
  if (await insertCalendarFeedIfNone(db, userId, hashFeedToken(token))) {
    const feed = (await findCalendarFeed(db, userId))!
    return { ...feedUrl(publicUrl, token), createdAt: feed.createdAt.toISOString() }
  }
  const feed = (await findCalendarFeed(db, userId))!
  return { url: null, webcalUrl: null, createdAt: feed.createdAt.toISOString() }
}

/** A new secret: the old address stops working at once; the new one is shown now, once. */
export async function regenerateCalendarFeed(db: Db, userId: number, publicUrl: string): Promise<CalendarFeedView> {
  const token = newFeedToken()
  await upsertCalendarFeed(db, userId, hashFeedToken(token))
  const feed = (await findCalendarFeed(db, userId))!
  return { ...feedUrl(publicUrl, token), createdAt: feed.createdAt.toISOString() }
}

/** The feed's calendar text, or undefined for an unknown (or retired) address. */
export async function calendarFeedText(db: Db, token: string, publicUrl: string): Promise<string | undefined> {
  const userId = await findCalendarFeedOwner(db, hashFeedToken(token))
  if (userId === undefined) return undefined
  const rows = await ownerPromotions(db, userId)
  const events: EventAttributes[] = []
  // One promotion after another: each reads its rule set and proofs.
  for (const row of rows) events.push(...promotionEvents(row, (await listObligations(db, { userId, isStaff: false }, row.id)).obligations, publicUrl))
  return calendarText(events, 'PermitDesk promotions')
}
