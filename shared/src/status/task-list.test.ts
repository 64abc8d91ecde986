import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MSG_TASK_PAYMENT_CHECKING, MSG_TASK_PAYMENT_NONE_DUE, MSG_TASK_PAYMENT_RECORDED_BY_STAFF } from '../messages'
import { PERMIT_STATUSES } from './statuses'
import { getPromotionTasks, TASK_STATE_LABELS, type TaskListInput } from './task-list'

const base: TaskListInput = {
  statusId: 1,
  managedSubmission: true,
  skillsBasedTC: false,
  requiresPermits: true,
  requiredPermitCount: 2,
  permitNumberCount: 0,
  applicationComplete: false,
  completedSectionCount: 0,
  paid: false,
  owed: false,
  hasTermsAndConditions: true,
  termsStatus: 'not-generated',
  termsCanGenerate: false,
  randomDraw: true,
  drawDate: '2027-03-03',
  today: '2026-11-25',
}
const tasks = (change: Partial<TaskListInput>) => getPromotionTasks({ ...base, ...change })
const byKey = (change: Partial<TaskListInput>) => Object.fromEntries(tasks(change).map((t) => [t.key, t]))
const primary = (change: Partial<TaskListInput>) => tasks(change).find((t) => t.primary)

describe('the promotion task list', () => {
  it('lists application, payment, permits, T&Cs, draw, winners and addenda in that order', () => {
    expect(tasks({}).map((t) => t.key)).toEqual(['application', 'payment', 'permits', 'terms', 'draw', 'winners', 'addenda'])
  })

  it('a new promotion: the one primary action starts the application; the rest cannot start yet', () => {
    const t = byKey({})
    expect(primary({})?.action).toEqual({ kind: 'start-application', label: 'Start the application' })
    expect(t.payment.state).toBe('cannot-start')
    expect(t.permits.state).toBe('cannot-start')
  })

  it('a started application is continued from a button', () => {
    expect(primary({ completedSectionCount: 2 })?.action?.label).toBe('Continue the application')
  })

  it('a complete application leads to "Pay and submit" (self submission: "Pay", then "Generate the forms")', () => {
    expect(primary({ statusId: 2, applicationComplete: true })?.action).toEqual({ kind: 'pay', label: 'Pay and submit' })
    expect(primary({ statusId: 3, applicationComplete: true, managedSubmission: false })?.action?.label).toBe('Pay')
    const paidSelf = byKey({ statusId: 3, applicationComplete: true, managedSubmission: false, paid: true })
    expect(paidSelf.payment.state).toBe('completed')
    expect(paidSelf.permits.action?.kind).toBe('generate-forms')
    expect(paidSelf.permits.primary).toBe(true)
  })

  it('after "Pay and submit" with T&Cs to approve: payment completed, the T&Cs are the next step', () => {
    const t = byKey({ statusId: 15, applicationComplete: true, termsStatus: 'awaiting-approval', paid: true })
    expect(t.payment.state).toBe('completed')
    expect(t.permits.hint).toContain('approve your T&Cs')
    expect(t.terms.primary).toBe(true)
  })

  it('staff moved the application past payment without one: no "Paid" claim, it says what happened (issue 25)', () => {
    for (const statusId of [4, 5, 8, 15]) {
      const t = byKey({ statusId, applicationComplete: true, paid: false })
      expect(t.payment.state).toBe('recorded')
      expect(TASK_STATE_LABELS[t.payment.state]).toBe('Recorded by our staff')
      expect(t.payment.hint).toBe(MSG_TASK_PAYMENT_RECORDED_BY_STAFF)
      expect(t.payment.hint).not.toMatch(/paid/i)
    }
    // Nothing was ever to pay (a submission with no fees makes no invoice): it says so.
    expect(byKey({ statusId: 4, applicationComplete: true, paid: false, feesDueCents: 0 }).payment).toMatchObject({
      state: 'not-needed',
      hint: MSG_TASK_PAYMENT_NONE_DUE,
    })
    expect(byKey({ statusId: 4, applicationComplete: true, paid: false, feesDueCents: 148_600 }).payment.state).toBe('recorded')
    // While the invoices load it neither claims nor denies a payment.
    expect(byKey({ statusId: 8, paid: null }).payment).toMatchObject({ state: 'waiting', hint: MSG_TASK_PAYMENT_CHECKING })
    expect(byKey({ statusId: 8, paid: true }).payment).toMatchObject({ state: 'completed', hint: 'Paid. Your invoices are below.' })
  })

  it('BPAY waits, with card payment offered instead', () => {
    const t = byKey({ statusId: 9, applicationComplete: true })
    expect(t.payment).toMatchObject({ state: 'waiting', primary: true, action: { label: 'Pay by card instead' } })
  })

  it('submitted: with the regulators; an amendment is offered but is not the next step', () => {
    const t = byKey({ statusId: 4, termsStatus: 'approved' })
    expect(t.permits.state).toBe('waiting')
    expect(t.application.action?.kind).toBe('start-amendment')
    expect(t.application.primary).toBe(false)
    expect(t.draw.primary).toBe(true)
  })

  it("approved with a state's permit number still to come says so; with every number, points to them", () => {
    const partly = byKey({ statusId: 8, requiredPermitCount: 2, permitNumberCount: 1 })
    expect(partly.permits.state).toBe('completed')
    expect(partly.permits.hint).toContain('remaining permit number')
    const all = byKey({ statusId: 8, requiredPermitCount: 2, permitNumberCount: 2 })
    expect(all.permits.hint).toBe('Your permit numbers and documents are below.')
  })

  it('approved, after the draw: winners and addenda to do', () => {
    const t = byKey({ statusId: 8, termsStatus: 'approved', today: '2027-03-04' })
    expect(t.permits.state).toBe('completed')
    expect(t.winners.state).toBe('to-do')
    expect(t.addenda.state).toBe('to-do')
  })

  it('no permits needed and no services ordered say so', () => {
    const t = byKey({ requiresPermits: false, requiredPermitCount: 0, hasTermsAndConditions: false, randomDraw: false })
    expect(t.permits.state).toBe('not-needed')
    expect(t.addenda.state).toBe('not-needed')
    expect(t.terms.state).toBe('not-ordered')
    expect(t.draw.hint).toBe('You run the draw on 3 Mar 2027.')
  })

  it('for any facts: at most one primary action, on a task that is not done, and every state has its words', () => {
    const statusIds = PERMIT_STATUSES.map((s) => s.id)
    fc.assert(
      fc.property(
        fc.record({
          statusId: fc.constantFrom(...statusIds),
          managedSubmission: fc.boolean(),
          skillsBasedTC: fc.boolean(),
          requiresPermits: fc.boolean(),
          requiredPermitCount: fc.integer({ min: 0, max: 3 }),
          permitNumberCount: fc.integer({ min: 0, max: 3 }),
          applicationComplete: fc.boolean(),
          completedSectionCount: fc.integer({ min: 0, max: 12 }),
          paid: fc.constantFrom(true, false, null),
          owed: fc.boolean(),
          hasTermsAndConditions: fc.boolean(),
          termsStatus: fc.constantFrom('not-generated' as const, 'awaiting-approval' as const, 'approved' as const, null),
          termsCanGenerate: fc.boolean(),
          randomDraw: fc.boolean(),
          drawDate: fc.constantFrom(null, '2026-01-01', '2027-03-03'),
          today: fc.constant('2026-11-25'),
        }),
        (input) => {
          const list = getPromotionTasks(input)
          const leads = list.filter((t) => t.primary)
          expect(leads.length).toBeLessThanOrEqual(1)
          for (const lead of leads) {
            expect(lead.action).toBeDefined()
            expect(lead.state).not.toBe('completed')
          }
          for (const task of list) {
            expect(TASK_STATE_LABELS[task.state]).toBeTruthy()
            expect(task.hint).toMatch(/\.$/)
          }
        },
      ),
    )
  })

  it('links the winners page from the winners step once the promotion\u2019s draw has one (issue 23), never as the lead action', () => {
    const before = byKey({ statusId: 15, applicationComplete: true, winnersUrl: '/winners/abc/' })
    expect(before.winners.action).toEqual({ kind: 'open-winners', label: 'Open the winners page' })
    expect(before.winners.hint).toBe('After the draw on 3 Mar 2027. The winners page says when they will be published.')
    expect(before.winners.primary).toBe(false)
    const after = byKey({ statusId: 15, applicationComplete: true, winnersUrl: '/winners/abc/', today: '2027-03-04' })
    expect(after.winners).toMatchObject({ state: 'to-do', action: { kind: 'open-winners' }, primary: false })
    expect(byKey({ statusId: 15, applicationComplete: true, winnersUrl: null }).winners.action).toBeUndefined()
  })
})
