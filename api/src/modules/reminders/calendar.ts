import crypto from 'node:crypto'
import { createEvents, type EventAttributes } from 'ics'
import { AppError, addDays, formatSydneyDateAndTime, parseIsoDate, promotionKeyDates, promotionTitle, sydneyInstant } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { datesSourceOf } from './promotion-reminders'
import { findCalendarFeed, findCalendarFeedOwner, insertCalendarFeedIfNone, ownerPromotions, upsertCalendarFeed } from './reminders.repository'

const PRODUCT_ID = '-//PermitDesk//Promotion dates//EN'

function dateArray(date: string): [number, number, number] {
  const p = parseIsoDate(date)!
  return [p.year, p.month, p.day]
}

/**
 * The iCalendar events of a promotion's key dates. A date with a time is an event at that
 * instant (Sydney wall time converted to UTC, so every calendar shows it at the right moment);
 * a date without one is an all-day event on that Sydney date.
 */
export function promotionEvents(row: PromotionRow, publicUrl: string): EventAttributes[] {
  const host = new URL(publicUrl).hostname
  const title = promotionTitle(row.name)
  const url = new URL(`/promotions/edit/${row.id}/`, publicUrl).toString()
  return promotionKeyDates(datesSourceOf(row)).map((date): EventAttributes => {
    const common = {
      title: `${date.label}: ${title}`,
      description: `${date.description}${date.time ? ` (${formatSydneyDateAndTime(date.date, date.time)})` : ''}\n\n${url}`,
      url,
      uid: `promotion-${row.id}-${date.kind}@${host}`,
      productId: PRODUCT_ID,
      categories: ['Trade promotion'],
    }
    if (date.time) {
      const instant = sydneyInstant(date.date, date.time)
      return { ...common, start: instant.getTime(), startInputType: 'utc', startOutputType: 'utc', duration: { hours: 1 } }
    }
    return { ...common, start: dateArray(date.date), end: dateArray(addDays(date.date, 1)) }
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
  return { fileName: `promotion-${row.id}-dates.ics`, text: calendarText(promotionEvents(row, publicUrl), promotionTitle(row.name)) }
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
  return calendarText(rows.flatMap((row) => promotionEvents(row, publicUrl)), 'PermitDesk promotions')
}
