import { describe, expect, it } from 'vitest'
import { dollarsToCents } from '../money'
import { calculateFees } from './calculate-fees'
import {
  isSkillTcPaymentOption,
  skillTcInvoiceDescription,
  skillTcEditWindowEnds,
  skillTcOption,
  skillTcOptions,
  SKILL_TC_PAYMENT_OPTIONS,
} from './skill-terms'

const $ = (dollars: number | string) => dollarsToCents(dollars)

describe('skill T&C credit options (decision record 014)', () => {
  it('are the spec amounts 150/250/1000, priced in dollars, each with its edit window', () => {
    expect(SKILL_TC_PAYMENT_OPTIONS).toEqual(['150', '250', '1000'])
    expect(skillTcOptions().map((o) => [o.option, o.priceCents, o.editWindowDays])).toEqual([
      ['150', $(150), 30],
      ['250', $(250), 90],
      ['1000', $(1000), 365],
    ])
    expect(skillTcOption(null)).toMatchObject({ option: '150', priceCents: $(150) })
  })

  it('only the three options are accepted', () => {
    expect(SKILL_TC_PAYMENT_OPTIONS.every(isSkillTcPaymentOption)).toBe(true)
    for (const bad of ['100', '150.00', '', null, 150, ' 250']) expect(isSkillTcPaymentOption(bad)).toBe(false)
  })

  it.each([
    ['150', 150, 15, '167.48'],
    ['250', 250, 25, '279.13'],
    ['1000', 1000, 100, '1116.50'],
  ] as const)('option %s: fee line $%s, GST $%s once, card total $%s', (option, price, gst, byCard) => {
    const card = calculateFees({ ausStates: { nsw: true }, totalPrizeValue: $(5000), skillsBasedTC: true, skillsBasedTCPaymentOption: option })
    expect(card.feeDue_SkillsBasedTC).toBe($(price))
    expect(card.feeDue_GST).toBe($(gst))
    expect(card.feeDue_Total).toBe($(price))
    expect(card.feeDue_GrandTotal).toBe($(byCard))
    const bpay = calculateFees(
      { ausStates: { nsw: true }, totalPrizeValue: $(5000), skillsBasedTC: true, skillsBasedTCPaymentOption: option },
      { paymentMethod: 'bpay' },
    )
    expect(bpay.feeDue_GrandTotal).toBe($(price + gst))
  })

  it('the option is ignored for a game of chance', () => {
    const fees = calculateFees({ ausStates: { nsw: true }, totalPrizeValue: $(5000), termsAndConditions: true, skillsBasedTCPaymentOption: '1000' })
    expect(fees.feeDue_SkillsBasedTC).toBe(0)
    expect(fees.feeDue_TermsAndConditions).toBe($(255))
  })

  it('with abridged and hosted T&Cs GST is taken once on the provider subtotal', () => {
    const fees = calculateFees(
      { ausStates: { vic: true }, totalPrizeValue: $(1000), skillsBasedTC: true, abridgedTC: true, hostedTC: true, skillsBasedTCPaymentOption: '250' },
      { paymentMethod: 'bpay' },
    )
    expect(fees.feeDue_Total).toBe($(450))
    expect(fees.feeDue_GST).toBe($(45))
  })

  it('the edit window closes the option’s days after purchase', () => {
    const paid = new Date('2026-03-01T00:00:00Z')
    expect(skillTcEditWindowEnds(paid, '150').toISOString()).toBe('2026-03-31T00:00:00.000Z')
    expect(skillTcEditWindowEnds(paid, '250').toISOString()).toBe('2026-05-30T00:00:00.000Z')
    expect(skillTcEditWindowEnds(paid, '1000').toISOString()).toBe('2027-03-01T00:00:00.000Z')
    expect(skillTcEditWindowEnds(paid, null).toISOString()).toBe('2026-03-31T00:00:00.000Z')
  })

  it('the tax invoice line says what the option bought', () => {
    expect(skillTcInvoiceDescription($(150))).toBe('Terms and conditions (game of skill), 30-day edit window')
    expect(skillTcInvoiceDescription($(1000))).toBe('Terms and conditions (game of skill), 365-day edit window')
    expect(skillTcInvoiceDescription($(175))).toBe('Terms and conditions (game of skill)')
  })
})
