import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addYears, sydneyInstant } from '../dates/calendar'
import { MSG_ENTRY_FORM_NEEDS_CONTACT, MSG_ENTRY_UNDER_AGE, msgEntryAnswerTooLong } from '../messages'
import { DEFAULT_ENTRY_FORM_FIELDS, EntryFormFieldsSchema, ageOn, checkArrival, checkEntryFields, countWords, entryPeriod, parseStaffDomains } from './form'

const facts = (now: Date) => ({
  now,
  period: entryPeriod({ startDate: '2026-12-01', startTime: '09:00', endDate: '2026-12-31', endTime: '17:00' }),
  states: ['nsw', 'act'] as const,
  under18s: false,
  staffDomains: ['promoter.com.au'],
})
const entry = (input: Record<string, unknown>) => {
  const checked = checkEntryFields(
    { ...DEFAULT_ENTRY_FORM_FIELDS, state: 'optional', dateOfBirth: 'optional' },
    { name: 'Sam Lee', email: 'sam@example.com', postcode: '2000', ...input },
  )
  if ('modelState' in checked) throw new Error(JSON.stringify(checked.modelState))
  return checked.entry
}

describe('entryPeriod', () => {
  it('is the application\u2019s Sydney times; without an end time, the end of the end date', () => {
    const p = entryPeriod({ startDate: '2026-12-01', startTime: '09:00', endDate: '2026-12-31', endTime: '17:00' })!
    expect(p.opensAt.toISOString()).toBe('2026-11-30T22:00:00.000Z')
    expect(p.closesAt.toISOString()).toBe('2026-12-31T06:00:00.000Z')
    expect(entryPeriod({ startDate: '2026-06-01', endDate: '2026-06-30' })!.closesAt.toISOString()).toBe(sydneyInstant('2026-07-01').toISOString())
    expect(entryPeriod({ startDate: '2026-06-01' })).toBeNull()
  })
})

describe('checkArrival', () => {
  it('refuses a second before the start and at the close; accepts at the start and a second before the close', () => {
    const { period } = facts(new Date())
    const at = (ms: number) => checkArrival(entry({}), facts(new Date(ms)))?.reason ?? 'accepted'
    expect(at(period!.opensAt.getTime() - 1000)).toBe('before_start')
    expect(at(period!.opensAt.getTime())).toBe('accepted')
    expect(at(period!.closesAt.getTime() - 1000)).toBe('accepted')
    expect(at(period!.closesAt.getTime())).toBe('after_end')
  })
  it('checks state, age on the Sydney day, and staff domains', () => {
    const now = new Date('2026-12-10T01:00:00Z') // 12 pm in Sydney
    expect(checkArrival(entry({ state: 'vic' }), facts(now))?.reason).toBe('state')
    expect(checkArrival(entry({ dateOfBirth: '2008-12-11' }), facts(now))).toMatchObject({ reason: 'under_age', message: MSG_ENTRY_UNDER_AGE })
    expect(checkArrival(entry({ dateOfBirth: '2008-12-10' }), facts(now))).toBeNull()
    expect(checkArrival(entry({ email: 'a@sub.promoter.com.au' }), facts(now))?.reason).toBe('staff')
    expect(checkArrival(entry({ email: 'a@notpromoter.com.au' }), facts(now))).toBeNull()
    expect(checkArrival(entry({ dateOfBirth: '2010-01-01' }), { ...facts(now), under18s: true })).toBeNull()
  })
})

describe('ageOn', () => {
  it('is 18 exactly on the 18th birthday, whatever the dates (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1930-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }), (d) => {
        const dob = d.toISOString().slice(0, 10)
        const birthday = addYears(dob, 18)
        expect(ageOn(dob, birthday)).toBe(dob.endsWith('02-29') && !birthday.endsWith('02-29') ? 17 : 18)
      }),
    )
  })
})

describe('the form\u2019s fields', () => {
  it('needs an e-mail or a phone as required', () => {
    const parsed = EntryFormFieldsSchema.safeParse({ ...DEFAULT_ENTRY_FORM_FIELDS, email: 'optional', phone: 'optional' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(MSG_ENTRY_FORM_NEEDS_CONTACT)
  })
  it('counts words and refuses an answer over the limit', () => {
    expect(countWords('  one  two\nthree ')).toBe(3)
    const checked = checkEntryFields(
      { ...DEFAULT_ENTRY_FORM_FIELDS, answer: 'required', question: 'Why?', wordLimit: 3 },
      { name: 'A B', email: 'a@b.co', postcode: '2000', answer: 'one two three four' },
    )
    expect(checked).toEqual({ modelState: { answer: [msgEntryAnswerTooLong(3, 4)] } })
  })
  it('parses staff domains and refuses what is not one', () => {
    expect(parseStaffDomains('@Promoter.com.au, agency.example\n\n')).toEqual({ domains: ['promoter.com.au', 'agency.example'] })
    expect(parseStaffDomains('not a domain')).toHaveProperty('error')
  })
})
