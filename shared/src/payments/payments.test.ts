import { describe, expect, it } from 'vitest'
import { calculateFees } from '../fees/calculate-fees'
import { resolveTransition } from '../status/transitions'
import { PERMIT_STATUS_IDS as S } from '../status/statuses'
import { crnForInvoice, invoiceNumberFromCrn, isValidCrn } from './bpay'
import { cardBrand, cardNumberValid, checkCard, expiryInFuture, luhnValid } from './card'
import { cardTotal, submissionInvoiceAmounts } from './invoice'
import { MSG_CARD_CVC_INVALID, MSG_CARD_EXPIRY_INVALID, MSG_CARD_NAME_REQUIRED, MSG_CARD_NUMBER_INVALID } from './messages'

const now = new Date('2026-11-23T10:00:00Z')

describe('card checks (000 §5)', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa', true],
    ['4000000000000002', 'visa', true],
    ['4000 0027 6000 3184', 'visa', true],
    ['5555 5555 5555 4444', 'mastercard', true],
    ['2223 0031 2200 3222', 'mastercard', true],
    ['3782 822463 10005', 'amex', true],
    ['4242 4242 4242 4241', 'visa', false], // bad check digit
    ['4242 4242 4242', 'visa', false], // too short
    ['3782 822463 1000', 'amex', false], // amex is 15
    ['9999 9999 9999 9995', 'unknown', false],
  ])('%s is %s, valid %s', (number, brand, valid) => {
    expect(cardBrand(number)).toBe(brand)
    expect(cardNumberValid(number)).toBe(valid)
  })

  it('checks the Luhn digit', () => {
    expect(luhnValid('79927398713')).toBe(true)
    expect(luhnValid('79927398710')).toBe(false)
    expect(luhnValid('12a')).toBe(false)
  })

  it('needs an expiry month not yet over', () => {
    expect(expiryInFuture('11/26', now)).toBe(true)
    expect(expiryInFuture('10/26', now)).toBe(false)
    expect(expiryInFuture('01/2027', now)).toBe(true)
    expect(expiryInFuture('13/27', now)).toBe(false)
    expect(expiryInFuture('soon', now)).toBe(false)
  })

  it('reports every failing field by its wire name', () => {
    expect(checkCard({ name: 'A Person', number: '4242424242424242', cvc: '123', expiry: '12/30' }, now)).toEqual({})
    expect(checkCard({ name: ' ', number: '4242424242424241', cvc: '12', expiry: '01/20' }, now)).toEqual({
      cardName: [MSG_CARD_NAME_REQUIRED],
      cardNumber: [MSG_CARD_NUMBER_INVALID],
      cardSecurityCode: [MSG_CARD_CVC_INVALID],
      cardExpiry: [MSG_CARD_EXPIRY_INVALID],
    })
    expect(checkCard({ name: 'A', number: '4242424242424242', cvc: '1234', expiry: '12/30' }, now)).toEqual({})
  })
})

describe('BPAY CRN (MOD10V01)', () => {
  it('appends the Luhn check digit to the invoice number', () => {
    expect(crnForInvoice(100001)).toBe('1000017')
    expect(isValidCrn(crnForInvoice(100001))).toBe(true)
    expect(isValidCrn('1000016')).toBe(false)
    expect(crnForInvoice(42)).toBe(`000042${crnForInvoice(42).at(-1)}`)
    expect(invoiceNumberFromCrn(crnForInvoice(123456))).toBe(123456)
    expect(invoiceNumberFromCrn('1000016')).toBeNull()
  })
})

describe('invoice amounts', () => {
  const fees = calculateFees({ ausStates: { nsw: true, act: true }, totalPrizeValue: 2_000_000, hasNswAuthority: false, startDate: '2026-12-01' })

  it('invoices the fee total ex GST and the GST on the provider fees only', () => {
    const invoice = submissionInvoiceAmounts(fees)
    expect(invoice.amount).toBe(fees.feeDue_Total)
    expect(invoice.gst).toBe(fees.feeDue_GST)
    expect(invoice.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice.amount)
    const taxable = invoice.lines.filter((l) => l.taxable).reduce((sum, l) => sum + l.amount, 0)
    expect(invoice.gst).toBe(Math.round(taxable / 10))
    expect(invoice.lines.find((l) => l.description.startsWith('NSW'))).toMatchObject({ amount: 46_800, taxable: false })
  })

  it('invoices winner publication as a taxable line of its own (issue 25)', () => {
    const ordered = submissionInvoiceAmounts(
      calculateFees({ ausStates: { sa: true }, totalPrizeValue: 2_000_000, randomDraw: true, winnerPublication: true, startDate: '2026-12-01' }),
    )
    expect(ordered.lines.find((l) => l.description === 'Winner publication service')).toEqual({
      description: 'Winner publication service',
      amount: 10_000,
      taxable: true,
    })
    expect(ordered.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(ordered.amount)
    // Fees stored before the service existed have no such field: no line, nothing owed for it.
    const { feeDue_WinnerPublication: _dropped, ...stored } = fees
    expect(submissionInvoiceAmounts(stored).lines.some((l) => l.description === 'Winner publication service')).toBe(false)
  })

  it('adds 1.5% of amount plus GST for card, half up', () => {
    expect(cardTotal(10_000, 1_000)).toEqual({ surcharge: 165, total: 11_165 })
    expect(cardTotal(100, 0)).toEqual({ surcharge: 2, total: 102 }) // 1.5 → 2
    expect(cardTotal(fees.feeDue_Total, fees.feeDue_GST).total).toBe(fees.feeDue_GrandTotal)
  })
})

describe('payment status flow', () => {
  it('managed card payment submits, or waits for bought T&Cs in Awaiting submission', () => {
    expect(resolveTransition({ from: S.readySubmission, event: 'SUBMIT_CARD', role: 'customer' })).toEqual({ ok: true, to: S.submitted })
    expect(resolveTransition({ from: S.readySubmission, event: 'SUBMIT_CARD', role: 'customer', termsAwaitingApproval: true })).toEqual({
      ok: true,
      to: S.awaitingSubmission,
    })
    expect(resolveTransition({ from: S.pendingPaymentClearance, event: 'APPROVE_BPAY_PAYMENT', role: 'admin', termsAwaitingApproval: true })).toEqual({
      ok: true,
      to: S.awaitingSubmission,
    })
    expect(resolveTransition({ from: S.pendingPaymentClearance, event: 'APPROVE_BPAY_PAYMENT', role: 'customer' })).toEqual({ ok: false, reason: 'FORBIDDEN' })
    expect(resolveTransition({ from: S.submitted, event: 'SUBMIT_CARD', role: 'customer' })).toEqual({ ok: false, reason: 'NOT_ALLOWED' })
  })
})
