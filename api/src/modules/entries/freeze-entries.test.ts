import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maskDigits, maskEmail, maskText } from '@permitdesk/shared'
import { frozenFields } from './freeze-entries'

/** The row as the shared rules mask it (the fields of the draw's canonical file). */
const reference = (r: { id: string; name: string | null; email: string | null; phone: string | null; state: string | null; postcode: string | null }) => {
  const v = (x: string | null) => (x ?? '').trim()
  return [r.id, v(r.name) && maskText(v(r.name)), v(r.email) && maskEmail(v(r.email)), v(r.phone) && maskDigits(v(r.phone)), v(r.state), v(r.postcode)]
}

// Plain ASCII (the loops), e-mail-like and phone-like text, and any Unicode (the shared functions).
const text = fc.oneof(
  fc.string(),
  fc.stringMatching(/^ ?[A-Za-z0-9.'"-]{0,6}( {1,2}[a-z@]{0,5}){0,3} ?$/),
  fc.stringMatching(/^[a-z0-9.+]{0,6}@{0,2}[a-z0-9.@ -]{0,10}$/),
  fc.stringMatching(/^\+?[0-9 ()-]{0,14}$/),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
)
const nullable = fc.option(text, { nil: null })

describe('frozenFields', () => {
  it('masks exactly as the shared rules do, for any field values', () => {
    fc.assert(
      fc.property(fc.nat().map(String), nullable, nullable, nullable, nullable, nullable, (id, name, email, phone, state, postcode) => {
        const row = { id, name, email, phone, state, postcode }
        expect(frozenFields(row)).toEqual(reference(row))
      }),
      { numRuns: 5000 },
    )
  })

  it('keeps the examples of the public record', () => {
    expect(frozenFields({ id: '7', name: 'jo  smith', email: 'john@example.com', phone: '0412 345 678', state: 'NSW', postcode: '2000' })).toEqual([
      '7',
      'J. S.',
      'j***@example.com',
      '**** *** 678',
      'NSW',
      '2000',
    ])
  })
})
