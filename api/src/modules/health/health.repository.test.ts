import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { checkDatabase, HEALTH_ANSWER_MS } from './health.repository'

/** A pool whose `select 1` answers as told, counting the round trips. */
function pool(answers: boolean[]) {
  const fake = { calls: 0, query: async () => (answers[fake.calls++] ? { rows: [] } : Promise.reject(new Error('down'))) }
  return { pool: fake as unknown as pg.Pool, fake }
}

describe('checkDatabase', () => {
  it('answers a burst of checks with one round trip, and a success stands for HEALTH_ANSWER_MS', async () => {
    const { pool: p, fake } = pool([true, true])
    expect(await Promise.all([checkDatabase({ pool: p }), checkDatabase({ pool: p }), checkDatabase({ pool: p })])).toEqual([true, true, true])
    expect(fake.calls).toBe(1)
    expect(await checkDatabase({ pool: p }, Date.now() + HEALTH_ANSWER_MS - 50)).toBe(true)
    expect(fake.calls).toBe(1)
    expect(await checkDatabase({ pool: p }, Date.now() + HEALTH_ANSWER_MS + 1)).toBe(true)
    expect(fake.calls).toBe(2)
  })

  it('never keeps a failure: the next check asks again', async () => {
    const { pool: p, fake } = pool([false, true])
    expect(await checkDatabase({ pool: p })).toBe(false)
    expect(await checkDatabase({ pool: p })).toBe(true)
    expect(fake.calls).toBe(2)
  })

  it('asks again once a success is older than HEALTH_ANSWER_MS, and reports the outage', async () => {
    const { pool: p } = pool([true, false])
    expect(await checkDatabase({ pool: p })).toBe(true)
    expect(await checkDatabase({ pool: p }, Date.now() + HEALTH_ANSWER_MS + 1)).toBe(false)
  })
})
