import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ObligationView } from '../../api/obligations'
import type { KeyDateView } from '../../api/reminders'
import { calendarEntries } from './calendar-entries'

const day = fc.integer({ min: 0, max: 400 }).map((n) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10))
const keyDate = fc.record({
  kind: fc.constantFrom('required-date', 'start', 'end', 'final-draw', 'notification', 'act-publication'),
  date: day,
  time: fc.option(fc.constantFrom('09:00', '15:00'), { nil: null }),
})
const duty = fc.record({ code: fc.string({ minLength: 1, maxLength: 6 }), dueDate: day, status: fc.constantFrom('upcoming', 'due', 'done', 'overdue') })

const dateView = (d: { kind: string; date: string; time: string | null }): KeyDateView => ({ ...d, label: d.kind, description: '', daysLeft: 0 })
const dutyView = (o: { code: string; dueDate: string; status: string }): ObligationView =>
  ({ ...o, title: o.code, state: null, dueKind: 'by', rule: '', ruleKey: '', source: null, proof: null }) as ObligationView

describe('the dashboard calendar', () => {
  it('holds every date and duty once, in date order, and the next is the first open one not passed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(keyDate, { selector: (d) => d.kind }), fc.uniqueArray(duty, { selector: (o) => o.code }), day, (dates, duties, today) => {
        const { entries, next } = calendarEntries({ dates: dates.map(dateView), obligations: duties.map(dutyView), today })
        expect(entries).toHaveLength(dates.length + duties.length)
        expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length)
        for (let i = 1; i < entries.length; i++) expect(entries[i - 1]!.date <= entries[i]!.date).toBe(true)
        const open = entries.filter((e) => !e.done && e.date >= today)
        expect(next).toBe(open[0] ?? null)
        if (next) expect(entries.slice(0, entries.indexOf(next)).every((e) => e.done || e.date < today)).toBe(true)
      }),
    )
  })

  it('orders a day by time, and a date before the duty that counts from it', () => {
    const { entries, next } = calendarEntries({
      dates: [dateView({ kind: 'final-draw', date: '2027-03-01', time: '15:00' }), dateView({ kind: 'start', date: '2027-03-01', time: '09:00' })],
      obligations: [
        dutyView({ code: 'notify-nsw', dueDate: '2027-03-01', status: 'upcoming' }),
        dutyView({ code: 'lodge-sa', dueDate: '2027-02-01', status: 'done' }),
      ],
      today: '2027-01-15',
    })
    expect(entries.map((e) => e.key)).toEqual(['obligation-lodge-sa', 'date-start', 'date-final-draw', 'obligation-notify-nsw'])
    // The SA lodgement is done: the next thing to act on is the start.
    expect(next?.key).toBe('date-start')
  })
})
