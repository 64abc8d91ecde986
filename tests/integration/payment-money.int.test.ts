/**
 * Issue 22, "Money you can trust": the sequences a customer (or a dishonest one) makes around a
 * payment. The rule under test: an invoice's lines are the fee calculation at the moment it is
 * charged; an unpaid invoice priced before a change is cancelled (number kept) and the next
 * payment issues a new one at the current figures.
 */
import { dollarsToCents, MSG_CARD_DECLINED, MSG_PAYMENT_TOTAL_CHANGED } from '@permitdesk/shared'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINED, NEEDS_AUTHENTICATION, readyPromotion, VISA } from '../factories/payments'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, promotionInput, type Customer } from '../factories/promotions'
import { repoRoot } from '../../api/src/server/paths'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
})
afterAll(async () => api?.close())

async function rows(query: ReturnType<typeof sql>) {
  return (await api.database.db.execute(query)).rows as any[]
}
const invoicesOf = (id: number) =>
  rows(sql`select invoice_number, amount::int, gst::int, lines, paid_at, cancelled_at from app.invoices where promotion_id = ${id} order by id`)
const paymentsOf = (id: number) => rows(sql`select status, amount::int from app.payments where promotion_id = ${id} order by id`)
const get = async (id: number) => (await alice.client.get(`/api/promotion/get?id=${id}`)).body

/** The SA answers a promotion that gained SA needs (the application was complete for NSW + ACT). */
const withSaAnswers = (value: number) => (p: any) => {
  const complete = withCompleteApplication(p)
  return { ...complete, attachments: p.attachments, prizeValueNSW: value, prizeValueACT: value, prizeValueSA: value, maxPrizeValue: 8_000 }
}

describe('decline → modify → pay (finding 1 and 2)', () => {
  it('a promotion that gains SA and a $250,000 prize pool is no longer ready, and its payment charges the new fees', async () => {
    const id = await readyPromotion(alice)
    const declined = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...DECLINED })
    expect(declined.status).toBe(402)
    expect(declined.body.message).toBe(MSG_CARD_DECLINED)
    const [old] = await invoicesOf(id)
    const oldTotal = old.amount + old.gst
    // Issue 22: the declined charge's invoice is cancelled at once (its number kept, never reused).
    expect(old.cancelled_at).not.toBeNull()

    const modified = await alice.client.post('/api/promotion/modify', {
      id,
      ...promotionInput({ ausStates: { nsw: true, act: true, sa: true }, totalPrizeValue: 250_000, hasInstantWinPrizes: false }),
    })
    expect(modified.status).toBe(200)

    // The old invoice stays cancelled (number kept), nothing is owed on it any more.
    const afterModify = await invoicesOf(id)
    expect(afterModify).toHaveLength(1)
    expect(afterModify[0]).toMatchObject({ invoice_number: old.invoice_number, paid_at: null })
    expect(afterModify[0].cancelled_at).not.toBeNull()
    const promotion = await get(id)
    expect(promotion.pendingSubmissionInvoice).toBeNull()
    // Finding 2: the unanswered SA questions take it back from "Ready for submission".
    expect(promotion.permitStatus.slug).not.toBe('ready-submission')
    const refused = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(refused.status).toBe(409)
    expect(await paymentsOf(id)).toHaveLength(1)

    const saved = await savePromotion(alice.client, id, withSaAnswers(250_000))
    expect(saved.status).toBe(200)
    expect(saved.body.permitStatus.slug, JSON.stringify(saved.body.applicationIssues)).toBe('ready-submission')
    const fees = saved.body.permit
    expect(dollarsToCents(fees.feeDue_Total + fees.feeDue_GST)).toBeGreaterThan(oldTotal)

    // The page still showing the old total is refused, and nothing is charged.
    const stale = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, expectedTotal: (old.amount + old.gst) / 100 })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(MSG_PAYMENT_TOTAL_CHANGED)
    expect(await paymentsOf(id)).toHaveLength(1)

    const paid = await alice.client.post('/api/promotion/submitPermitApplication', {
      id,
      ...VISA,
      isReattempt: true,
      expectedTotal: fees.feeDue_Total + fees.feeDue_GST,
    })
    expect(paid.status).toBe(200)
    expect(paid.body.permitStatus.slug).toBe('submitted')
    expect(paid.body.invoice.invoiceNumber).not.toBe(Number(old.invoice_number))
    expect(paid.body.invoice.amount).toBe(fees.feeDue_Total)
    expect(paid.body.invoice.gst).toBe(fees.feeDue_GST)
    expect(paid.body.invoice.lines.map((l: any) => l.description)).toEqual(expect.arrayContaining([expect.stringMatching(/^SA/)]))

    const all = await invoicesOf(id)
    expect(all.map((i) => [i.paid_at !== null, i.cancelled_at !== null])).toEqual([
      [false, true],
      [true, false],
    ])
    const payments = await paymentsOf(id)
    expect(payments.map((p) => p.status)).toEqual(['failed', 'succeeded'])
    expect(payments[1]!.amount).toBe(dollarsToCents(paid.body.invoice.total))
  })

  it('a save that moves no fee keeps the unpaid invoice, and the retry pays it', async () => {
    // An invoice left unpaid by a 3-D Secure challenge not yet answered (a decline cancels its invoice at once).
    const id = await readyPromotion(alice)
    const challenged = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    expect(challenged.body.requiresAction).toBeTruthy()
    const [owed] = await invoicesOf(id)
    const saved = await savePromotion(alice.client, id, (p) => ({ ...p, permit: { ...p.permit, promotedProducts: 'Sunscreen and hats' } }))
    expect(saved.status).toBe(200)
    expect((await get(id)).pendingSubmissionInvoice.invoiceNumber).toBe(Number(owed.invoice_number))
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', {
      id,
      ...VISA,
      invoiceNumber: Number(owed.invoice_number),
      expectedTotal: (owed.amount + owed.gst) / 100,
    })
    expect(paid.status).toBe(200)
    expect(paid.body.invoice.invoiceNumber).toBe(Number(owed.invoice_number))
  })

  it('a payment naming a cancelled invoice is refused with 409 and charges nothing', async () => {
    const id = await readyPromotion(alice)
    await alice.client.post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    const [owed] = await invoicesOf(id)
    const modified = await alice.client.post('/api/promotion/modify', { id, ...promotionInput({ totalPrizeValue: 60_000 }) })
    expect(modified.status).toBe(200)
    expect((await invoicesOf(id))[0].cancelled_at).not.toBeNull()
    const promotion = await get(id)
    const refused = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, invoiceNumber: Number(owed.invoice_number) })
    expect(refused.status).toBe(409)
    expect(await paymentsOf(id)).toHaveLength(1)
    expect((await get(id)).version).toBe(promotion.version)
  })
})

describe('payment modes (finding 3)', () => {
  it('outside production the default is test mode: sandbox invoices have their own number series and say so', async () => {
    expect(api.config.paymentMode).toBe('test')
    const id = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(paid.status).toBe(200)
    expect(paid.body.invoice.testMode).toBe(true)
    expect(paid.body.invoice.invoiceNumber).toBeGreaterThanOrEqual(900_000_001)
    // The real gapless series is not touched by test payments.
    const real = await rows(sql`select count(*)::int as n from app.invoices where invoice_number < 900000001`)
    expect(real[0].n).toBe(0)
  })

  /** Runs `npm start`'s entry point with `env` until it exits (a refused configuration exits at once). */
  async function startWith(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/main.ts')], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: '.test-data/startup-payments', ...env },
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    clearTimeout(timer)
    return { code, stderr }
  }

  it.each([
    [{ NODE_ENV: 'production', PAYLOAD_SECRET: 'x'.repeat(40) }, /^\s*PAYMENTS is required when NODE_ENV=production/m],
    [{ NODE_ENV: 'production', PAYLOAD_SECRET: 'x'.repeat(40), PAYMENTS: 'stripe' }, /^\s*STRIPE_SECRET_KEY is required when PAYMENTS=stripe/m],
    [{ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }, /^\s*STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/m],
  ])(
    'the start is refused with one line naming the variable: %o',
    async (env, line) => {
      const { code, stderr } = await startWith(env)
      expect(code).toBe(1)
      expect(stderr).toMatch(line)
      expect(stderr).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m)
    },
    90_000,
  ) // a process start (tsx) on a loaded machine
})
