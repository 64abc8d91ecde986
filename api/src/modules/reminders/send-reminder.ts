import {
  formatDate,
  openDuties,
  promotionTitle,
  reminderSetting,
  reminderStillNeeded,
  planReminders,
  STATE_CODES,
  type Obligation,
  type ReminderKind,
} from '@permitdesk/shared'
import type { Config } from '../../env'
import type { Database } from '../../db/client'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/create-mailer'
import { escapeHtml } from '../../mail/templates'
import { winnersPagesOfPromotion } from '../draws/draw-service'
import { listObligations } from '../rules/get-obligations'
import { choicesOf, datesSourceOf } from './promotion-reminders'
import { claimDelivery, distributionListsByIds, findPromotionReminders, findPromotionWithOwner, unsubscribedEmails } from './reminders.repository'
import type { QueueReminder, ReminderJob } from './reminder-queue'
import { unsubscribeToken } from './unsubscribe-token'

export type SendReminderDeps = {
  config: Pick<Config, 'PUBLIC_URL' | 'SESSION_SECRET'>
  database: Database
  mailer: Mailer
  logger: Logger
  /** The worker's clock (a test passes a fake one). */
  now: () => Date
  queue: QueueReminder
}

export type SendOutcome = { sent: string[]; skipped: 'stale' | 'not-due' | 'gone' | 'done' | null }

/**
 * The worker's step for one queued reminder. It re-reads the promotion: a job of an older plan
 * (the date or the offset changed since) sends nothing. Each recipient's mail is sent inside the
 * transaction that claims its sent marker (unique per promotion, kind, reminder date, address):
 * a second worker waits on that row and then finds it taken, and a failed send rolls the marker
 * back so the job's retry sends it. Unsubscribed addresses are left out.
 */
export async function sendDueReminder(deps: SendReminderDeps, job: ReminderJob): Promise<SendOutcome> {
  const db = deps.database.db
  const now = deps.now()
  const found = await findPromotionWithOwner(db, job.promotionId)
  if (!found || found.promotion.deleted) return { sent: [], skipped: 'gone' }
  const { promotion, ownerEmail } = found
  const choices = choicesOf(await findPromotionReminders(db, promotion.id)).filter((choice) => choice.kind === job.kind)
  const [planned] = planReminders(choices, datesSourceOf(promotion), { now })
  if (!planned || planned.reminderDate !== job.reminderDate) return { sent: [], skipped: 'stale' }
  if (planned.sendAt!.getTime() > now.getTime()) {
    // Early (a clock moved back): wait for the instant again.
    await deps.queue(job, planned.sendAt!)
    return { sent: [], skipped: 'not-due' }
  }
  // The compliance calendar decides (issue #30): a reminder whose duties were all closed with proof is not sent.
  const calendar = await listObligations(db, { userId: promotion.userId, isStaff: true }, promotion.id, now)
  if (!reminderStillNeeded(planned.kind, calendar.obligations)) return { sent: [], skipped: 'done' }
  const duties = openDuties(calendar.obligations)
  const lists = await distributionListsByIds(db, promotion.userId, planned.distributionListIds)
  const unsubscribed = await unsubscribedEmails(db, promotion.id)
  const recipients = [...new Set([...(planned.accountHolder ? [ownerEmail.toLowerCase()] : []), ...lists.flatMap((list) => list.emails)])].filter(
    (email) => !unsubscribed.has(email),
  )
  const sent: string[] = []
  for (const email of recipients) {
    const delivered = await db.transaction(async (tx) => {
      if (!(await claimDelivery(tx, { promotionId: promotion.id, kind: job.kind, reminderDate: job.reminderDate, email }))) return false
      await deps.mailer.send(
        await reminderMail(deps, { promotionId: promotion.id, name: promotion.name, kind: planned.kind, date: planned.date!, email, duties }),
      )
      return true
    })
    if (delivered) sent.push(email)
  }
  deps.logger.info('reminder sent', { promotionId: promotion.id, kind: job.kind, reminderDate: job.reminderDate, recipients: sent.length })
  return { sent, skipped: null }
}

/** Reminders about the draw and the winners' publication: they carry the winners pages. */
const WINNERS_KINDS: ReadonlySet<ReminderKind> = new Set(['final-draw', 'act-publication', 'sa-publication', 'unclaimed-draw'])

export function unsubscribeUrl(publicUrl: string, promotionId: number, email: string, token: string): string {
  const url = new URL('/unsubscribe/', publicUrl)
  url.searchParams.set('promotionId', String(promotionId))
  url.searchParams.set('email', email)
  url.searchParams.set('token', token)
  return url.toString()
}

const DUE: Record<Obligation['dueKind'], string> = { by: 'By', on: 'On', from: 'From', until: 'Until' }
const dutyHeading = (o: Obligation) => `${DUE[o.dueKind]} ${formatDate(o.dueDate)}: ${o.state ? `${STATE_CODES[o.state]}: ` : ''}${o.title}`

async function reminderMail(
  deps: SendReminderDeps,
  input: { promotionId: number; name: string; kind: ReminderKind; date: string; email: string; duties: Obligation[] },
) {
  const setting = reminderSetting(input.kind)
  const title = promotionTitle(input.name)
  const dashboard = new URL(`/promotions/edit/${input.promotionId}/`, deps.config.PUBLIC_URL).toString()
  const unsubscribe = unsubscribeUrl(deps.config.PUBLIC_URL, input.promotionId, input.email, await unsubscribeToken(deps, input.promotionId, input.email))
  const when = formatDate(input.date)
  const subject = `Reminder: ${setting.label} for ${title} on ${when}`
  // The draw and publication reminders link each winners page of the promotion (issue 23).
  const winners = WINNERS_KINDS.has(input.kind) ? await winnersPagesOfPromotion(deps, input.promotionId) : []
  const text = [
    `${setting.label}: ${when}`,
    setting.description,
    '',
    `Promotion: ${title}`,
    `Dashboard: ${dashboard}`,
    ...winners.map((page) => `Winners page (${page.title}): ${page.url}`),
    '',
    ...(input.duties.length
      ? [
          'What the rules still ask of this promotion:',
          ...input.duties.flatMap((o) => [`- ${dutyHeading(o)}`, `  ${o.rule}${o.source ? ` Source: ${o.source.title} (${o.source.url})` : ''}`]),
          '',
        ]
      : []),
    `Stop these reminders for this promotion: ${unsubscribe}`,
  ].join('\n')
  const html = `<p><strong>${escapeHtml(setting.label)}: ${escapeHtml(when)}</strong></p>
<p>${escapeHtml(setting.description)}</p>
<p>Promotion: <a href="${escapeHtml(dashboard)}">${escapeHtml(title)}</a></p>
${winners.map((page) => `<p>Winners page (${escapeHtml(page.title)}): <a href="${escapeHtml(page.url)}">${escapeHtml(page.url)}</a></p>`).join('\n')}
${input.duties.length ? `<p><strong>What the rules still ask of this promotion:</strong></p><ul>${input.duties.map((o) => `<li><strong>${escapeHtml(dutyHeading(o))}</strong><br>${escapeHtml(o.rule)}${o.source ? ` Source: <a href="${escapeHtml(o.source.url)}">${escapeHtml(o.source.title)}</a>` : ''}</li>`).join('')}</ul>` : ''}
<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribe)}">Stop these reminders for this promotion</a></p>`
  return { to: input.email, subject, text, html }
}
