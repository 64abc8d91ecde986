import { describe, expect, it } from 'vitest'
import { getIn, setIn } from './paths'

describe('draft paths', () => {
  it('reads and writes nested values without touching the original', () => {
    const draft = { permit: { applicant: { contact: { email: 'a@b.co' } } }, list: [{ a: 1 }] }
    const next = setIn(draft, 'permit.applicant.contact.phone', '02')
    expect(getIn(next, 'permit.applicant.contact')).toEqual({ email: 'a@b.co', phone: '02' })
    expect(getIn(draft, 'permit.applicant.contact.phone')).toBeUndefined()
    expect(getIn(setIn(draft, 'permit.finalDraw.notification.date', 'x'), 'permit.finalDraw.notification.date')).toBe('x')
    expect(getIn(setIn(draft, 'list.0.a', 2), 'list')).toEqual([{ a: 2 }])
    expect(getIn(null, 'a.b')).toBeUndefined()
  })
})
