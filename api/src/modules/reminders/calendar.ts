import crypto from 'node:crypto'
import { createEvents, type EventAttributes } from 'ics'
import { AppError, addDays, formatSydneyDateAndTime, parseIsoDate, promotionKeyDates, promotionTitle, sydneyInstant } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { datesSourceOf } from './promotion-reminders'
import { findCalendarFeed, findCalendarFeedOwner, ownerPromotions, upsertCalendarFeed } from './reminders.repository'

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

function feedUrl(publicUrl: string, token: string) {
  const https = new URL(`/calendar/feed/${token}.ics`, publicUrl)
  return { url: https.toString(), webcalUrl: https.toString().replace(/^https?:/, 'webcal:') }
}

/** The account's private feed address (created on first ask). */
export async function getCalendarFeed(db: Db, userId: number, publicUrl: string) {
  let feed = await findCalendarFeed(db, userId)
  if (!feed) {
    await upsertCalendarFeed(db, userId, crypto.randomBytes(24).toString('base64url'))
    feed = (await findCalendarFeed(db, userId))!
  }
  return feedUrl(publicUrl, feed.token)
}

/** A new secret: the old address stops working at once. */
export async function regenerateCalendarFeed(db: Db, userId: number, publicUrl: string) {
  const token = crypto.randomBytes(24).toString('base64url')
  await upsertCalendarFeed(db, userId, token)
  return feedUrl(publicUrl, token)
}

/** The feed behind a secret: every live promotion's dates; undefined for an unknown secret. */
export async function calendarFeedText(db: Db, token: string, publicUrl: string): Promise<string | undefined> {
  const userId = await findCalendarFeedOwner(db, token)
  if (userId === undefined) return undefined
  const rows = await ownerPromotions(db, userId)
  return calendarText(rows.flatMap((row) => promotionEvents(row, publicUrl)), 'PermitDesk promotions')
}
