/**
 * The dashboard's one calendar (issue 25): the application's dates and every duty of its rule set
 * (issue #30's obligations) in date order, the next one highlighted, each with its action (set a
 * reminder, or mark done with proof), and the calendar file and feed. Replaces the three date
 * sections the dashboard had ("Next key date", "Dates and reminders", "Compliance calendar").
 */
import './promotion-calendar.css'
import {
  formatDate,
  formatDateTime,
  formatSydneyDateAndTime,
  LABEL_ON_LEGAL_HOLD,
  OBLIGATION_STATUS_LABELS,
  REMINDER_KINDS,
  STATE_CODES,
  today,
  type ObligationStatus,
  type ReminderKind,
  type StatusColour,
} from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Badge, Button } from '../../../../components/ui'
import { getObligations, obligationsKey, type ObligationView } from '../../api/obligations'
import type { KeyDateView, ReminderView } from '../../api/reminders'
import { CloseObligationDialog, RuleNotes, SourceLine } from '../compliance-calendar'
import { calendarEntries, PUBLICATION_KINDS, type CalendarEntry } from './calendar-entries'
import { uploadDownloadPath } from '../../../../config/paths'

const DUE_LABEL: Record<ObligationView['dueKind'], string> = { by: 'By', on: 'On', from: 'From', until: 'Until' }
const TONE: Record<ObligationStatus, StatusColour> = { upcoming: 'info', due: 'warning', done: 'success', overdue: 'danger' }

function daysLeftText(days: number): string {
  if (days === 0) return 'today'
  if (days < 0) return days === -1 ? 'passed yesterday' : `passed ${-days} days ago`
  return days === 1 ? '1 day left' : `${days} days left`
}

const isReminderKind = (kind: string): kind is ReminderKind => (REMINDER_KINDS as readonly string[]).includes(kind)

type Props = {
  promotionId: number
  dates: KeyDateView[]
  reminders: ReminderView[]
  /** Whether the reminder of a date is ticked on screen (saved or saving). */
  reminderOn: (kind: ReminderKind) => boolean
  /** Ticks the reminder of a date and takes the promoter to its options. */
  onRemind: (kind: ReminderKind) => void
  /** The winner publication service was ordered (decision record 020): we publish on those dates. */
  winnerPublication: boolean
  /** The calendar subscription, drawn inside the section. */
  feed: ReactNode
}

export function PromotionCalendar({ promotionId, dates, reminders, reminderOn, onRemind, winnerPublication, feed }: Props) {
  const duties = useQuery({ queryKey: obligationsKey(promotionId), queryFn: () => getObligations(promotionId) })
  const [closing, setClosing] = useState<ObligationView | null>(null)
  const { entries, next } = calendarEntries({ dates, obligations: duties.data?.obligations ?? [], today: duties.data?.today ?? today({ now: new Date() }) })

  // A render function, not a component: the list keeps its DOM (and focus) across renders.
  const renderEntry = (entry: CalendarEntry) => {
    const isNext = entry === next
    const className = `calendar-entry${isNext ? ' calendar-entry--next' : ''}${entry.source === 'duty' ? ` calendar-entry--${entry.obligation.status}` : ''}`
    if (entry.source === 'date') {
      const d = entry.keyDate
      const saved = reminders.find((r) => r.kind === d.kind)
      return (
        <li key={entry.key} className={className} data-testid={entry.key} aria-current={isNext ? 'step' : undefined}>
          <p className="calendar-entry__when">
            <strong>{formatSydneyDateAndTime(d.date, d.time)}</strong> <span className="muted">({daysLeftText(d.daysLeft)})</span>
          </p>
          <div className="calendar-entry__head">
            <span className="calendar-entry__title">{d.label}</span>
            {isNext && <Badge tone="info">Next</Badge>}
          </div>
          <p className="calendar-entry__text">{d.description}</p>
          {winnerPublication && PUBLICATION_KINDS.includes(d.kind) && (
            <p className="calendar-entry__text" data-testid={`${entry.key}-service`}>
              We publish the winners for you on our hosted winners page (your winner publication service).
            </p>
          )}
          {isReminderKind(d.kind) && (
            <div className="calendar-entry__action">
              {reminderOn(d.kind) ? (
                <p className="muted">
                  Reminder set{saved?.reminderDate ? ` for ${formatDate(saved.reminderDate)}` : ''}. <a href={`#reminder-${d.kind}`}>Change it</a>
                </p>
              ) : (
                <Button variant="secondary" onPress={() => onRemind(d.kind as ReminderKind)}>
                  Set a reminder
                </Button>
              )}
            </div>
          )}
        </li>
      )
    }
    const o = entry.obligation
    return (
      <li key={entry.key} className={className} data-testid={entry.key} aria-current={isNext ? 'step' : undefined}>
        <p className="calendar-entry__when">
          {DUE_LABEL[o.dueKind]} <strong>{formatDate(o.dueDate)}</strong>
        </p>
        <div className="calendar-entry__head">
          <span className="calendar-entry__title">
            {o.state ? `${STATE_CODES[o.state]}: ` : ''}
            {o.title}
          </span>
          {o.onLegalHold ? <Badge tone="warning">{LABEL_ON_LEGAL_HOLD}</Badge> : <Badge tone={TONE[o.status]}>{OBLIGATION_STATUS_LABELS[o.status]}</Badge>}
          {isNext && <Badge tone="info">Next</Badge>}
        </div>
        <p className="obligation__rule">
          {o.rule} {o.source && <SourceLine source={o.source} />}
        </p>
        {o.proof && (
          <p className="obligation__proof">
            Done {formatDateTime(o.proof.closedAt)}:{' '}
            {o.proof.kind === 'upload' ? (
              <a href={uploadDownloadPath(o.proof.reference)}>{o.proof.label ?? 'proof'}</a>
            ) : (
              <a href={o.proof.reference} rel="noreferrer">
                {o.proof.reference}
              </a>
            )}
            {o.proof.note && ` (${o.proof.note})`}
          </p>
        )}
        <div className="calendar-entry__action">
          <Button variant="secondary" onPress={() => setClosing(o)}>
            {o.proof ? 'Replace proof' : 'Mark done'}
          </Button>
        </div>
      </li>
    )
  }

  return (
    <section className="promotion-calendar" aria-labelledby="calendar-title" data-testid="calendar">
      <h2 id="calendar-title">Calendar</h2>
      {/* The customer's words (issue 25): no rule-set code; each duty names its source and when it was read. Staff see codes in the console. */}
      <p className="muted" data-testid="calendar-intro">
        Every date of this promotion and every duty the regulators’ rules set for it, in date order. Each duty names where the rule comes from and when we last
        checked it; <a href="/rules/">how we keep the rules up to date</a>.
      </p>
      {duties.isError && (
        <p className="form-error" role="alert">
          {duties.error.message}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted">{duties.isPending ? 'Loading…' : 'Complete the permit application to see the promotion dates here.'}</p>
      ) : (
        <>
          {!next && <p className="muted">Every date of this promotion has passed.</p>}
          <ol className="calendar-entries">{entries.map(renderEntry)}</ol>
        </>
      )}
      <p className="promotion-calendar__files">
        <a className="button" href={`/promotions/downloadcalendarfile/${promotionId}`} download>
          Download calendar file (.ics)
        </a>{' '}
        {/* Issue 30: a ZIP the API builds, for a regulator or a platform asking for proof. */}
        {duties.data && (
          <a className="button" href={duties.data.compliancePackUrl} download>
            Download the compliance pack
          </a>
        )}
      </p>
      {duties.data?.certificateUrl && (
        <p>
          Entrants’ personal data was deleted at the end of the records period: <a href={duties.data.certificateUrl}>certificate of deletion</a>.
        </p>
      )}
      {feed}
      {duties.data && <RuleNotes notes={duties.data.notes} />}
      {closing && <CloseObligationDialog promotionId={promotionId} obligation={closing} onClose={() => setClosing(null)} />}
    </section>
  )
}
