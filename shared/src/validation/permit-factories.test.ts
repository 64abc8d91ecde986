import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MSG_NSW_AUTHORITY_DURATION_REQUIRED, MSG_NSW_AUTHORITY_NUMBER_REQUIRED, MSG_POSITION_REQUIRED } from '../messages'
import { createContactSchema, createNswAuthoritySchema, isNswAuthorityDurationRequired, type NswAuthorityContext } from './permit'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((i) => i.message))

describe('schema factories built once per options (issue 25)', () => {
  it('give the same schema for the same options', () => {
    expect(createContactSchema({ positionRequired: true })).toBe(createContactSchema({ positionRequired: true }))
    expect(createContactSchema({ positionRequired: true })).not.toBe(createContactSchema({ positionRequired: false }))
  })

  it('apply the options of each call, whatever was asked before (a cached schema never answers for other options)', () => {
    const date = fc.constantFrom(null, undefined, '2031-01-10', '2031-02-01', '2031-03-15')
    const context = fc.record({ nswRequired: fc.boolean(), hasNswAuthority: fc.constantFrom(true, false, null, undefined), endDate: date })
    const value = fc.record({
      nswAuthorityNumber: fc.constantFrom(null, '', '12345'),
      nswAuthorityExpiration: date,
      nswAuthorityDuration: fc.constantFrom(null, 3),
    })
    // Long sequences push the first options out of the cache and bring them back.
    fc.assert(
      fc.property(fc.array(fc.tuple(context, value), { minLength: 1, maxLength: 60 }), (calls) => {
        for (const [ctx, v] of calls as [
          NswAuthorityContext,
          { nswAuthorityNumber: string | null; nswAuthorityExpiration: string | null | undefined; nswAuthorityDuration: number | null },
        ][]) {
          const expected = [
            ...(ctx.nswRequired && ctx.hasNswAuthority === true && !v.nswAuthorityNumber ? [MSG_NSW_AUTHORITY_NUMBER_REQUIRED] : []),
            ...(isNswAuthorityDurationRequired(ctx, v.nswAuthorityExpiration) && !v.nswAuthorityDuration ? [MSG_NSW_AUTHORITY_DURATION_REQUIRED] : []),
          ]
          expect(messages(createNswAuthoritySchema(ctx).safeParse(v))).toEqual(expected)
        }
      }),
    )
  })

  it('a contact asks for the position only when its options say so, in either order', () => {
    const contact = { firstName: 'Ann', lastName: 'Lee', phone: '0412 345 678', email: 'ann@example.com' }
    expect(messages(createContactSchema({ positionRequired: true }).safeParse(contact))).toEqual([MSG_POSITION_REQUIRED])
    expect(messages(createContactSchema({ positionRequired: false }).safeParse(contact))).toEqual([])
    expect(messages(createContactSchema({ positionRequired: true }).safeParse(contact))).toEqual([MSG_POSITION_REQUIRED])
  })
})
