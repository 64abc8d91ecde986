import { describe, expect, it } from 'vitest'
import { LOCKED_TEMPLATE_SLUGS, lockedScreenFor } from './locked-screens'
import { isEditableStatus, PERMIT_STATUSES } from './statuses'

describe("the permit editor's locked screens (001 §4)", () => {
  it('every status that cannot be edited has its own template, and editable ones none', () => {
    for (const status of PERMIT_STATUSES) {
      const screen = lockedScreenFor(status.id, { skill: false })
      if (isEditableStatus(status.id)) expect(screen).toBeNull()
      else expect(LOCKED_TEMPLATE_SLUGS, status.slug).toContain(status.slug)
    }
  })

  it('BPAY: pay your BPAY invoice, or by card instead', () => {
    expect(lockedScreenFor(9, { skill: false })).toMatchObject({ title: 'Pay your BPAY invoice', action: { kind: 'pay-by-card' } })
  })

  it('submitted statuses offer an amendment; status 15 the T&Cs approval; locked, contact', () => {
    for (const id of [4, 5, 11, 13]) expect(lockedScreenFor(id, { skill: false })?.action.kind).toBe('start-amendment')
    expect(lockedScreenFor(15, { skill: false })?.action.kind).toBe('approve-terms')
    expect(lockedScreenFor(12, { skill: false })?.action.kind).toBe('contact-us')
  })

  it('has a skill variant that speaks of terms and conditions, not permits', () => {
    expect(lockedScreenFor(8, { skill: false })?.title).toBe('Your application is approved')
    expect(lockedScreenFor(8, { skill: true })?.title).toBe('Your terms and conditions are final')
    expect(lockedScreenFor(4, { skill: true })?.title).not.toMatch(/regulator/)
  })
})
