import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addDays, isoDateOf } from '../dates/calendar'
import { RULE_SET_2025_26 } from '../rules/rule-set-2025-26'
import { RULE_SET_2020 } from '../rules/rule-sets'
import { getObligations, obligationStatus } from './obligations'
import { isStateBusinessDay, stateBusinessDaysBefore, stateBusinessDaysBetween, statePublicHolidays } from './state-holidays'

describe('state public holidays', () => {
  it('2026: SA Adelaide Cup, ACT Canberra and Reconciliation Days, King\u2019s Birthday, Labour Day', () => {
    expect(statePublicHolidays('sa', 2026).map((h) => h.date)).toEqual(['2026-03-09', '2026-06-08', '2026-10-05'])
    expect(statePublicHolidays('act', 2026).map((h) => h.date)).toEqual(['2026-03-09', '2026-06-01', '2026-06-08', '2026-10-05'])
    expect(statePublicHolidays('nsw', 2026).map((h) => h.date)).toEqual(['2026-06-08', '2026-10-05'])
    expect(statePublicHolidays('act', 2025).map((h) => h.date)).toEqual(['2025-03-10', '2025-06-02', '2025-06-09', '2025-10-06'])
  })
  it('a state holiday is a business day elsewhere', () => {
    expect(isStateBusinessDay('sa', '2026-03-09')).toBe(false)
    expect(isStateBusinessDay('nsw', '2026-03-09')).toBe(true)
    expect(isStateBusinessDay('vic', '2026-04-03')).toBe(false) // Good Friday, national
  })
  it('SA: 14 business days before Monday 23 March 2026 skips Adelaide Cup Day (NSW does not)', () => {
    expect(stateBusinessDaysBefore('sa', '2026-03-23', 14)).toBe('2026-03-02')
    expect(stateBusinessDaysBefore('nsw', '2026-03-23', 14)).toBe('2026-03-03')
  })
  it('leaves exactly n business days of the state between lodging and the start, for any start', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('nsw' as const, 'sa' as const, 'act' as const),
        fc.integer({ min: 0, max: 365 * 4 }),
        fc.integer({ min: 1, max: 20 }),
        (state, offset, n) => {
          const start = addDays('2025-01-01', offset)
          const lodge = stateBusinessDaysBefore(state, start, n)
          expect(isStateBusinessDay(state, lodge)).toBe(true)
          expect(stateBusinessDaysBetween(state, lodge, start)).toBe(n)
          // The next business day would leave one fewer.
          let next = addDays(lodge, 1)
          while (!isStateBusinessDay(state, next)) next = addDays(next, 1)
          expect(stateBusinessDaysBetween(state, next, start)).toBe(n - 1)
        },
      ),
    )
  })
})

const nswSaVic = {
  ausStates: { nsw: true, sa: true, vic: true },
  totalPrizeValue: 2_000_000,
  hasNswAuthority: true,
  startDate: '2026-03-23',
  endDate: '2026-04-30',
  finalDrawDate: '2026-05-04',
  maxPrizeValue: 500_000,
}

describe('the obligations of a NSW + SA + VIC promotion', () => {
  it('under the specification set', () => {
    const list = getObligations(nswSaVic, RULE_SET_2020, { today: '2026-01-10' })
    expect(list.map((o) => [o.code, o.dueDate])).toEqual([
      ['lodge-sa', '2026-03-02'],
      ['lodge-sa-premium', '2026-03-06'],
      ['notify-nsw', '2026-03-09'],
      ['draw', '2026-05-04'],
      ['publish-winners-vic', '2026-05-04'],
      ['notify-winners-sa', '2026-05-11'],
      ['deliver-prizes-vic', '2026-06-01'],
      ['publish-winners-until-vic', '2026-06-01'],
      ['publish-winners-sa', '2026-06-03'],
      ['keep-records', '2029-04-30'],
    ])
    expect(list.every((o) => o.status === 'upcoming')).toBe(true)
    const notify = list.find((o) => o.code === 'notify-nsw')!
    expect(notify.rule).toMatch(/10 business days/)
    expect(notify.source?.url).toMatch(/service\.nsw\.gov\.au/)
    expect(list.find((o) => o.code === 'keep-records')).toMatchObject({ state: 'vic', ruleKey: 'states.vic.recordMonths' })
  })
  it('under the 2025-26 set, SA\u2019s premium window is 5 business days', () => {
    const list = getObligations(nswSaVic, RULE_SET_2025_26, { today: '2026-01-10' })
    expect(list.find((o) => o.code === 'lodge-sa-premium')?.dueDate).toBe('2026-03-16')
  })
  it('without an NSW authority, holding one is a duty; an authority expiring before the end must be renewed', () => {
    expect(
      getObligations({ ...nswSaVic, hasNswAuthority: false }, RULE_SET_2025_26, { today: '2026-01-10' }).find((o) => o.code === 'nsw-authority')?.dueDate,
    ).toBe('2026-03-09')
    const renew = getObligations({ ...nswSaVic, nswAuthorityExpiration: '2026-04-15' }, RULE_SET_2025_26, { today: '2026-01-10' }).find(
      (o) => o.code === 'renew-nsw-authority',
    )
    expect(renew?.dueDate).toBe('2026-04-15')
    expect(
      getObligations({ ...nswSaVic, nswAuthorityExpiration: '2026-04-30' }, RULE_SET_2025_26, { today: '2026-01-10' }).some(
        (o) => o.code === 'renew-nsw-authority',
      ),
    ).toBe(false)
  })
  it('NSW at $10,000 needs no notification; just over it does', () => {
    const at = getObligations({ ...nswSaVic, ausStates: { nsw: true }, totalPrizeValue: 1_000_000 }, RULE_SET_2025_26, { today: '2026-01-10' })
    const over = getObligations({ ...nswSaVic, ausStates: { nsw: true }, totalPrizeValue: 1_000_001 }, RULE_SET_2025_26, { today: '2026-01-10' })
    expect(at.some((o) => o.code === 'notify-nsw')).toBe(false)
    expect(over.some((o) => o.code === 'notify-nsw')).toBe(true)
  })
  it('NT: a permit only when no other state issued one, 10 days ahead', () => {
    const alone = getObligations({ ...nswSaVic, ausStates: { nt: true, vic: true } }, RULE_SET_2025_26, { today: '2026-01-10' })
    expect(alone.find((o) => o.code === 'lodge-nt')?.dueDate).toBe('2026-03-13')
    const withSa = getObligations({ ...nswSaVic, ausStates: { nt: true, sa: true } }, RULE_SET_2025_26, { today: '2026-01-10' })
    expect(withSa.some((o) => o.code === 'lodge-nt')).toBe(false)
  })
  it('VIC publication only for a prize over $1,000; ACT from $1,000 on the date the application gives', () => {
    const vic = (maxPrizeValue: number) =>
      getObligations({ ...nswSaVic, ausStates: { vic: true }, maxPrizeValue }, RULE_SET_2025_26, { today: '2026-01-10' }).some(
        (o) => o.code === 'publish-winners-vic',
      )
    expect(vic(100_000)).toBe(false)
    expect(vic(100_001)).toBe(true)
    const act = (maxPrizeValue: number) =>
      getObligations({ ...nswSaVic, ausStates: { act: true }, maxPrizeValue, prizePublicationDateACT: '2026-05-20' }, RULE_SET_2025_26, {
        today: '2026-01-10',
      }).find((o) => o.code === 'publish-winners-act')
    expect(act(99_999)).toBeUndefined()
    expect(act(100_000)?.dueDate).toBe('2026-05-20')
  })
  it('QLD draw within 12 months; records kept for the longest period of the states', () => {
    const small = getObligations({ ...nswSaVic, ausStates: { vic: true, qld: true }, maxPrizeValue: 50_000 }, RULE_SET_2025_26, { today: '2026-01-10' })
    expect(small.some((o) => o.code.startsWith('publish-winners'))).toBe(false)
    expect(small.find((o) => o.code === 'draw-within-qld')?.dueDate).toBe('2027-03-23')
    expect(small.find((o) => o.code === 'keep-records')).toMatchObject({ state: 'qld', dueDate: '2031-04-30' })
  })
  it('a closed duty is done; an open one is due within a week and overdue after its date', () => {
    const proof = { kind: 'link' as const, reference: 'https://example.com/winners', label: null, note: null, closedAt: '2026-05-05T01:00:00.000Z' }
    const list = getObligations(nswSaVic, RULE_SET_2020, { today: '2026-05-05', proofs: { draw: proof } })
    expect(list.find((o) => o.code === 'draw')).toMatchObject({ status: 'done', proof })
    expect(list.find((o) => o.code === 'lodge-sa')?.status).toBe('overdue')
    expect(list.find((o) => o.code === 'notify-winners-sa')?.status).toBe('due')
    expect(list.find((o) => o.code === 'keep-records')?.status).toBe('upcoming')
  })
  it('status boundaries', () => {
    expect(obligationStatus('2026-05-12', '2026-05-05', false)).toBe('due')
    expect(obligationStatus('2026-05-13', '2026-05-05', false)).toBe('upcoming')
    expect(obligationStatus('2026-05-05', '2026-05-05', false)).toBe('due')
    expect(obligationStatus('2026-05-04', '2026-05-05', false)).toBe('overdue')
    expect(obligationStatus('2026-05-04', '2026-05-05', true)).toBe('done')
  })
  it('a skill promotion has no lodgement duties', () => {
    const list = getObligations({ ...nswSaVic, skillsBasedTC: true }, RULE_SET_2020, { today: '2026-01-10' })
    expect(list.some((o) => o.code.startsWith('lodge') || o.code.startsWith('notify-nsw'))).toBe(false)
  })
  it('isoDateOf sanity for the fixtures', () => expect(isoDateOf(2026, 3, 23)).toBe('2026-03-23'))
})
