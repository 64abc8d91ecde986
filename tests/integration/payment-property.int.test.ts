/**
 * Issue 22, the property: random sequences of what a customer (and staff) do to one promotion —
 * modify, save, a declined card, pay, amend, BPAY and its clearance — and after every step:
 * - the paid invoices add up to the fees of what was submitted (no refunds: each payment brings
 *   the paid total up to the fees at that moment, never less, never more);
 * - no two paid invoices cover the same fees (one paid first invoice; the additional ones only the rise);
 * - no service is delivered while money is owed (the lodgement pack is "unpaid" exactly then);
 * - (issue 22, the charge outside the lock) two pays sent at once charge once: every invoice paid
 *   by card has exactly one successful charge at the sandbox gateway, and no attempt is left
 *   unresolved after a step.
 */
import { dollarsToCents } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINED, readyPromotion, VISA } from '../factories/payments'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, promotionInput, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let staff: Client
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

type Step =
  | { kind: 'modify'; sa: boolean; value: number }
  | { kind: 'save' }
  | { kind: 'decline' }
  | { kind: 'pay' }
  | { kind: 'payTwice' }
  | { kind: 'amend' }
  | { kind: 'bpay' }
  | { kind: 'clearBpay' }

// Weighted towards the steps that move money; "modify" is followed by the customer's save of the answers it needs.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('modify' as const), sa: fc.boolean(), value: fc.constantFrom(20_000, 60_000, 250_000, 9_000) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'save' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'decline' as const }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'pay' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'payTwice' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'amend' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bpay' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clearBpay' as const }) },
)

const PAYABLE = new Set(['ready-submission', 'ready-resubmission', 'pending-payment-clearance'])

async function promotion(id: number) {
  return (await alice.client.get(`/api/promotion/get?id=${id}`)).body
}

/** The current prize values for every state of the promotion, so a save completes the application. */
const completeFor = (p: any) => {
  const complete = withCompleteApplication(p)
  const value = p.totalPrizeValue
  return { ...complete, attachments: p.attachments, prizeValueNSW: value, prizeValueACT: value, prizeValueSA: p.ausStates?.sa ? value : null }
}

async function act(id: number, s: Step) {
  const p = await promotion(id)
  const slug: string = p.permitStatus.slug
  switch (s.kind) {
    case 'modify': {
      const modified = await alice.client.post('/api/promotion/modify', {
        id,
        ...promotionInput({ ausStates: { nsw: true, act: true, sa: s.sa }, totalPrizeValue: s.value, hasInstantWinPrizes: false }),
      })
      return modified.status === 200 ? savePromotion(alice.client, id, completeFor) : modified
    }
    case 'save':
      return savePromotion(alice.client, id, completeFor)
    case 'decline':
      return alice.client.post(PAYABLE.has(slug) ? '/api/promotion/submitPermitApplication' : '/api/promotion/submitAdditionalPayment', {
        id,
        ...DECLINED,
        isCardAfterBpay: slug === 'pending-payment-clearance',
      })
    case 'pay':
      return alice.client.post(PAYABLE.has(slug) ? '/api/promotion/submitPermitApplication' : '/api/promotion/submitAdditionalPayment', {
        id,
        ...VISA,
        isCardAfterBpay: slug === 'pending-payment-clearance',
      })
    case 'payTwice': {
      // A double click, or two tabs: both sent at once; one charges, the other is refused (409) or answers the payment made.
      const path = PAYABLE.has(slug) ? '/api/promotion/submitPermitApplication' : '/api/promotion/submitAdditionalPayment'
      const body = { id, ...VISA, isCardAfterBpay: slug === 'pending-payment-clearance' }
      const answers = await Promise.all([alice.client.post(path, body), alice.client.post(path, body)])
      return answers.reduce((worst, a) => (a.status > worst.status ? a : worst))
    }
    case 'amend':
      return alice.client.post('/api/promotion/beginAmendPermitApplication', { id })
    case 'bpay':
      return alice.client.post(PAYABLE.has(slug) ? '/api/promotion/submitPermitApplication' : '/api/promotion/submitAdditionalPayment', { id, isBPAY: true })
    case 'clearBpay':
      return staff.post('/api/admin/approveBpayPayment', { id })
  }
}

async function invoicesOf(id: number) {
  const result = await api.database.db.execute(
    sql`select purpose, purpose_key, amount::int, gst::int, method, paid_at, cancelled_at from app.invoices where promotion_id = ${id} and purpose <> 'custom' order by id`,
  )
  return result.rows as {
    purpose: string
    purpose_key: string
    amount: number
    gst: number
    method: string | null
    paid_at: Date | null
    cancelled_at: Date | null
  }[]
}

/** Successful charges the sandbox gateway itself recorded for the promotion's attempts, and attempts left unresolved. */
async function gatewayOf(id: number) {
  const charges = await api.database.db.execute(
    sql`select count(*)::int as n from app.sandbox_charges c join app.payments p on p.idempotency_key = c.idempotency_key where p.promotion_id = ${id} and c.answer->>'status' = 'succeeded'`,
  )
  const unresolved = await api.database.db.execute(
    sql`select count(*)::int as n from app.payments where promotion_id = ${id} and status in ('pending', 'unknown')`,
  )
  return { succeeded: (charges.rows[0] as { n: number }).n, unresolved: (unresolved.rows[0] as { n: number }).n }
}

describe('money invariants over random sequences (fast-check)', () => {
  it('after every step: paid = fees of what was submitted, no fee paid twice, no service with money owed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const id = await readyPromotion(alice)
        // The model: what the paid invoices must add up to (each payment brings them up to the fees then).
        const model = { amount: 0, gst: 0 }
        for (const s of steps) {
          const before = await invoicesOf(id)
          const response = await act(id, s)
          // Never a 500: every refusal is a 4xx with a message.
          expect(response.status, `${s.kind}: ${response.text}`).toBeLessThan(500)
          const p = await promotion(id)
          const fees = { amount: dollarsToCents(p.permit.feeDue_Total), gst: dollarsToCents(p.permit.feeDue_GST) }
          const after = await invoicesOf(id)
          const newlyPaid = after.filter((i) => i.paid_at && !before.find((b) => b.purpose_key === i.purpose_key && b.paid_at))
          if (newlyPaid.length > 0) {
            model.amount = Math.max(model.amount, fees.amount)
            model.gst = Math.max(model.gst, fees.gst)
          }
          const paid = after.filter((i) => i.paid_at && !i.cancelled_at)
          expect({ amount: paid.reduce((n, i) => n + i.amount, 0), gst: paid.reduce((n, i) => n + i.gst, 0) }, `after ${s.kind}`).toEqual(model)
          // One paid first invoice; every paid invoice its own charge.
          expect(paid.filter((i) => i.purpose === 'submission').length).toBeLessThanOrEqual(1)
          expect(after.filter((i) => i.paid_at && i.cancelled_at)).toHaveLength(0)
          // Owed: the fees exceed what is paid. Then no service is delivered.
          const owed = fees.amount > model.amount || fees.gst > model.gst
          const pack = (await alice.client.get(`/api/promotion/lodgementPack?id=${id}`)).body
          if (owed) expect(pack.state, `after ${s.kind}`).toBe('unpaid')
          if (!owed && paid.length > 0) expect(pack.state, `after ${s.kind}`).not.toBe('unpaid')
          // Charged once per invoice paid by card, and nothing left half-done.
          expect(await gatewayOf(id), `after ${s.kind}`).toEqual({ succeeded: paid.filter((i) => i.method === 'card').length, unresolved: 0 })
        }
      }),
      { numRuns: 16, endOnFailure: true },
    )
  }, 300_000)
})
