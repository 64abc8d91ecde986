import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import {
  adminStatusName,
  customerStatusName,
  getPermitStatus,
  isEditableStatus,
  mobileStatusLabelFor,
  PERMIT_STATUSES,
  startsAmendment,
  STATUS_WORDS,
  statusColour,
  statusNextStep,
  statusWords,
} from './statuses'
import { availableEvents, forceableStatuses, PERMIT_TRANSITIONS, requireTransition, resolveTransition } from './transitions'

describe('permit statuses', () => {
  it('has the 15 statuses with unique ids and slugs', () => {
    expect(PERMIT_STATUSES.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    expect(new Set(PERMIT_STATUSES.map((s) => s.slug)).size).toBe(15)
  })
  it.each([
    [1, 'Incomplete', 'incomplete', 'default'],
    [2, 'Ready for submission', 'ready-submission', 'info'],
    [3, 'Forms ready for generation', 'ready-generate', 'info'],
    [4, 'Submitted and awaiting feedback', 'submitted', 'warning'],
    [5, 'Generated', 'generated', 'warning'],
    [6, 'Action required', 'action-required', 'danger'],
    [7, 'Ready for resubmission', 'ready-resubmission', 'info'],
    [8, 'Approved', 'approved', 'success'],
    [9, 'Pending payment clearance', 'pending-payment-clearance', 'default'],
    [10, 'Forms ready for regeneration', 'ready-regenerate', 'info'],
    [11, 'Regenerated', 'regenerated', 'warning'],
    [12, 'Locked by administrator', 'locked', 'default'],
    [13, 'Resubmitted and awaiting feedback', 'resubmitted', 'warning'],
    [14, 'Amendments in progress', 'amendments-in-progress', 'warning'],
    [15, 'Awaiting submission', 'awaiting-submission', 'default'],
  ])('%i %s (%s) is %s', (id, name, slug, colour) => {
    expect(getPermitStatus(id)).toMatchObject({ name, slug })
    expect(statusColour(id)).toBe(colour)
  })
  it('amendments start from submitted, resubmitted, generated and regenerated', () => {
    expect(
      PERMIT_STATUSES.filter((s) => startsAmendment(s.id))
        .map((s) => s.slug)
        .sort(),
    ).toEqual(['generated', 'regenerated', 'resubmitted', 'submitted'])
  })
  it('editable statuses', () => {
    expect(PERMIT_STATUSES.filter((s) => isEditableStatus(s.id)).map((s) => s.id)).toEqual([1, 2, 3, 6, 7, 10, 14])
  })
  it("every status has the customer's words, the staff's words and one sentence of what happens next", () => {
    expect(Object.keys(STATUS_WORDS).map(Number)).toEqual(PERMIT_STATUSES.map((s) => s.id))
    for (const status of PERMIT_STATUSES) {
      const words = statusWords(status.id)
      expect(words.customer.trim().length, `customer words of ${status.slug}`).toBeGreaterThan(0)
      expect(words.staff.trim().length, `staff words of ${status.slug}`).toBeGreaterThan(0)
      // One sentence, ending in a full stop, no back-office jargon.
      expect(words.next, `next step of ${status.slug}`).toMatch(/^[A-Z].*\.$/)
      expect(words.customer).not.toMatch(/feedback|administrator|slug/i)
    }
    // Customer words tell statuses apart: no two statuses read the same to a promoter.
    expect(new Set(PERMIT_STATUSES.map((s) => customerStatusName(s.id))).size).toBe(15)
  })
  it('staff words are the spec names, status 15 as staff read it', () => {
    for (const status of PERMIT_STATUSES) if (status.id !== 15) expect(adminStatusName(status.id)).toBe(status.name)
  })
  it('after "Pay and submit" with T&Cs bought, the customer reads what happened and what to do', () => {
    expect(customerStatusName(15)).not.toBe('Awaiting submission')
    expect(statusNextStep(15)).toContain('Approve your terms and conditions')
  })
  it('mobile labels and admin names', () => {
    expect(mobileStatusLabelFor(4, false)).toBe('Submitted: waiting for the regulators')
    expect(mobileStatusLabelFor(2, true)).toBe('Ready to generate T&Cs')
    expect(adminStatusName(15)).toBe('Awaiting T&Cs approval')
    expect(() => getPermitStatus(99)).toThrow(RangeError)
  })
})

describe('transition table', () => {
  it('has one row per (from, event)', () => {
    const keys = PERMIT_TRANSITIONS.map((t) => `${t.from}:${t.event}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it.each([4, 5, 11, 13])('beginning an amendment from %i → 14', (from) => {
    expect(resolveTransition({ from, event: 'BEGIN_AMENDMENT', role: 'customer' })).toEqual({ ok: true, to: 14 })
  })
  it.each([1, 2, 8, 9, 14])('no amendment from %i', (from) => {
    expect(resolveTransition({ from, event: 'BEGIN_AMENDMENT', role: 'customer' })).toEqual({ ok: false, reason: 'NOT_ALLOWED' })
  })

  it.each([
    [2, 4],
    [7, 13],
    // Issue 12: self submission stays ready for (re)generation once paid; generatePermitApplication moves it on.
    [3, 3],
    [10, 10],
  ])('card submit from %i → %i', (from, to) => {
    expect(requireTransition({ from, event: 'SUBMIT_CARD', role: 'customer' })).toBe(to)
  })
  it.each([2, 3, 7, 10])('BPAY submit from %i → pending payment clearance', (from) => {
    expect(requireTransition({ from, event: 'SUBMIT_BPAY', role: 'customer' })).toBe(9)
  })
  it('card after BPAY, or admin approval of BPAY, moves on', () => {
    expect(requireTransition({ from: 9, event: 'PAY_CARD_AFTER_BPAY', role: 'customer' })).toBe(4)
    expect(requireTransition({ from: 9, event: 'PAY_CARD_AFTER_BPAY', role: 'customer', managedSubmission: false })).toBe(3)
    expect(requireTransition({ from: 9, event: 'PAY_CARD_AFTER_BPAY', role: 'customer', managedSubmission: false, resubmission: true })).toBe(10)
    expect(requireTransition({ from: 9, event: 'PAY_CARD_AFTER_BPAY', role: 'customer', resubmission: true })).toBe(13)
    expect(requireTransition({ from: 9, event: 'APPROVE_BPAY_PAYMENT', role: 'admin' })).toBe(4)
    expect(resolveTransition({ from: 9, event: 'APPROVE_BPAY_PAYMENT', role: 'customer' })).toEqual({ ok: false, reason: 'FORBIDDEN' })
  })
  it('self submission generates its forms from 3 → 5 and regenerates from 10 → 11', () => {
    expect(requireTransition({ from: 3, event: 'GENERATE_FORMS', role: 'customer' })).toBe(5)
    expect(requireTransition({ from: 10, event: 'GENERATE_FORMS', role: 'customer' })).toBe(11)
    expect(resolveTransition({ from: 2, event: 'GENERATE_FORMS', role: 'customer' })).toEqual({ ok: false, reason: 'NOT_ALLOWED' })
  })
  it('admin can force any other status; customers cannot; not the same status', () => {
    for (const status of PERMIT_STATUSES) {
      expect(forceableStatuses(status.id)).toHaveLength(14)
      for (const target of forceableStatuses(status.id)) {
        expect(requireTransition({ from: status.id, event: 'ADMIN_FORCE', role: 'admin', to: target })).toBe(target)
      }
      expect(resolveTransition({ from: status.id, event: 'ADMIN_FORCE', role: 'admin', to: status.id }).ok).toBe(false)
    }
    expect(resolveTransition({ from: 1, event: 'ADMIN_FORCE', role: 'customer', to: 8 })).toEqual({ ok: false, reason: 'FORBIDDEN' })
    expect(resolveTransition({ from: 1, event: 'ADMIN_FORCE', role: 'admin', to: 99 }).ok).toBe(false)
  })
  it('requireTransition throws AppError with CONFLICT or FORBIDDEN', () => {
    // toThrow with a matcher fails when nothing is thrown (an assertion inside `catch` would pass silently).
    expect(() => requireTransition({ from: 8, event: 'SUBMIT_CARD', role: 'customer' })).toThrow(AppError)
    expect(() => requireTransition({ from: 8, event: 'SUBMIT_CARD', role: 'customer' })).toThrow(expect.objectContaining({ code: 'CONFLICT' }))
    expect(() => requireTransition({ from: 4, event: 'APPROVE_PROMOTION', role: 'customer' })).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }))
  })
  it('completing the application (system)', () => {
    expect(requireTransition({ from: 1, event: 'APPLICATION_COMPLETED', role: 'system' })).toBe(2)
    expect(requireTransition({ from: 1, event: 'APPLICATION_COMPLETED', role: 'system', managedSubmission: false })).toBe(3)
    expect(requireTransition({ from: 2, event: 'APPLICATION_INCOMPLETE', role: 'system' })).toBe(1)
  })
  it('lists the actions a role may take', () => {
    expect(availableEvents(2, 'customer')).toEqual(['SUBMIT_CARD', 'SUBMIT_BPAY'])
    expect(availableEvents(4, 'admin')).toEqual(['BEGIN_AMENDMENT', 'APPROVE_PROMOTION', 'ADMIN_FORCE'])
  })
})
