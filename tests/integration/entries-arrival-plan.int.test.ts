/**
 * Issue 27, submit throughput: a prepared (named) statement gets one generic plan per connection
 * after five runs, kept until the table's statistics change. On a new installation app.entries is
 * empty (and analysed so) when the first burst starts; a plan made then reads the promotion's
 * entries by a scan, so every later entry read every earlier one (the submit bench fell from 878
 * to 304 entries a second as a slice went on). The batch statement is prepared afresh each time
 * the entries this process stored double, so its look-ups follow the table as it grows.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../api/src/db/client'
import { BATCH_STATEMENT, groupStats, insertEntryWithinLimit } from '../../api/src/modules/entries/entries.repository'
import { createTestDatabase } from '../setup/test-api'

let test: Awaited<ReturnType<typeof createTestDatabase>>
// One connection: what it keeps after the burst is what the entries ran on.
let database: Database
let promotionId: number

beforeAll(async () => {
  test = await createTestDatabase()
  database = createDatabase(test.url, { max: 1 })
  const { rows: users } = await database.pool.query(
    `insert into app.users (email, password_hash, first_name, last_name, account_name) values ('plan@example.com', 'x', 'Pat', 'Plan', 'Plan Pty Ltd') returning id`,
  )
  const { rows } = await database.pool.query(
    `insert into app.promotions (user_id, name, random_draw, fees) values ($1, 'Plan', true, '{}'::jsonb) returning id`,
    [users[0].id],
  )
  promotionId = rows[0].id
  await database.pool.query(`insert into app.entry_forms (promotion_id, code, status, opened_at) values ($1, 'plan', 'open', now())`, [promotionId])
})

afterAll(async () => {
  await database?.close()
  await test?.drop()
})

describe('the entry arrival statement on a table that was empty when the burst began', () => {
  it("keeps no plan from the empty table: the plan in use probes the person's and the key's indexes once the table has grown", async () => {
    await database.pool.query('analyze app.entries')
    const { rows: stats } = await database.pool.query(`select reltuples from pg_class where oid = 'app.entries'::regclass`)
    expect(stats[0].reltuples).toBe(0)
    // The worst case: every generation's first plan, generic, kept for each entry after it.
    await database.pool.query('set plan_cache_mode = force_generic_plan')
    // A burst: distinct entrants with a per-day limit and an Idempotency-Key each, then a replay and a repeat.
    const day = '2026-11-20'
    const at = new Date('2026-11-20T01:00:00Z')
    const entry = (i: number, key: string) => ({
      promotionId,
      channel: 'api' as const,
      receivedAt: at,
      sydneyDay: day,
      fields: { name: `Sam ${i}`, email: `sam${i}@example.com` },
      emailNorm: `sam${i}@example.com`,
      personKey: `e:sam${i}@example.com`,
      idempotencyKey: key,
    })
    const stored: number[] = []
    for (let i = 0; i < 2000; i++) {
      const answer = await insertEntryWithinLimit(database, entry(i, `key-${i}`), 1, false)
      if (!answer || typeof answer === 'string') throw new Error(`entry ${i}: ${answer}`)
      stored.push(answer.id)
    }
    expect(await insertEntryWithinLimit(database, entry(3, 'key-3'), 1, false)).toMatchObject({ id: stored[3], replayed: true })
    expect(await insertEntryWithinLimit(database, entry(4, 'key-4b'), 1, false)).toBeUndefined()

    // The statement in use now was prepared after the table had grown (one generation per doubling).
    const { rows: kept } = await database.pool.query<{ name: string }>(
      `select name from pg_prepared_statements where name like $1 and generic_plans > 0 order by prepare_time desc, name desc`,
      [`${BATCH_STATEMENT}-%`],
    )
    expect(kept.map((k) => k.name)).toContain(`${BATCH_STATEMENT}-11`)
    expect(kept.length).toBeLessThanOrEqual(12)
    // Its plan reads the person's day and the key by their unique indexes, not the promotion's entries.
    const arrival = {
      ord: 0,
      promotion_id: promotionId,
      statuses: ['open'],
      counted: 1,
      person_key: 'e:new@example.com',
      sydney_day: day,
      channel: 'api',
      received_at: at,
      fields: {},
      email_norm: 'new@example.com',
      api_key_id: null,
      idempotency_key: 'key-new',
      canonical: 'x',
    }
    // EXECUTE takes no bound parameters: the batch as a literal.
    const literal = `'${JSON.stringify([arrival]).replaceAll("'", "''")}'`
    const { rows } = await database.pool.query(`explain (costs off) execute "${BATCH_STATEMENT}-11"(${literal})`)
    await database.pool.query('reset plan_cache_mode')
    const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
    expect(plan).not.toMatch(/Seq Scan on entries|entries_promotion_id_idx/)
    expect(plan).toMatch(/entries_person_day_seq_idx/)
    expect(plan).toMatch(/entries_api_idempotency_idx/)
  })
})

describe('entries stored together (group commit)', () => {
  // Ten connections, as a server has: batches on several of them at once, racing for the same entrants.
  let burst: Database
  beforeAll(() => {
    burst = createDatabase(test.url, { max: 10 })
  })
  afterAll(async () => {
    await burst?.close()
  })

  it('never lets a person past the day’s limit, stores every acknowledged entry, and answers replays with the first entry, however a burst interleaves', async () => {
    let run = 0
    const before = { ...groupStats }
    await fc.assert(
      fc.asyncProperty(
        // A burst: each arrival is one of a few entrants, some sending the same Idempotency-Key again
        // (under one of two agencies' keys, or none: a key's namespace is its agency's), some with none (the form).
        fc.array(
          fc.record({
            person: fc.integer({ min: 0, max: 5 }),
            key: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
            agency: fc.constantFrom(null, 7, 8),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 3 }),
        async (arrivals, limit) => {
          run += 1
          const at = new Date('2026-11-21T01:00:00Z')
          const answers = await Promise.all(
            arrivals.map((a) =>
              insertEntryWithinLimit(
                burst,
                {
                  promotionId,
                  channel: a.key === null ? 'form' : 'api',
                  receivedAt: at,
                  sydneyDay: '2026-11-21',
                  fields: { name: `Run ${run} person ${a.person}` },
                  personKey: `run${run}:${a.person}`,
                  apiKeyId: a.agency,
                  idempotencyKey: a.key === null ? null : `run${run}:${a.key}`,
                },
                limit,
                false,
              ),
            ),
          )
          const { rows } = await database.pool.query(
            `select id::int as id, person_key, api_key_id, idempotency_key, day_seq from app.entries where promotion_id = $1 and person_key like $2`,
            [promotionId, `run${run}:%`],
          )
          const byId = new Map(rows.map((r: { id: number }) => [r.id, r]))
          // Every acknowledged entry is stored; a replay answers the entry stored under its key.
          for (const [i, answer] of answers.entries()) {
            if (answer === undefined) continue
            if (typeof answer === 'string') throw new Error(`answer ${answer}`)
            const { key, agency } = arrivals[i]!
            expect(byId.get(answer.id)).toMatchObject({ idempotency_key: key === null ? null : `run${run}:${key}`, api_key_id: agency })
            if (key === null) expect(answer.replayed).toBe(false)
          }
          // One row per key, and never more than the limit per person (places 1..limit, each once).
          const perPerson = new Map<string, number[]>()
          for (const r of rows as { person_key: string; day_seq: number }[]) perPerson.set(r.person_key, [...(perPerson.get(r.person_key) ?? []), r.day_seq])
          for (const places of perPerson.values()) {
            expect(places.length).toBeLessThanOrEqual(limit)
            expect([...places].sort()).toEqual(places.map((_, i) => i + 1))
          }
          const keyed = rows.filter((r: { idempotency_key: string | null }) => r.idempotency_key !== null)
          expect(new Set(keyed.map((r: { api_key_id: number | null; idempotency_key: string }) => `${r.api_key_id}:${r.idempotency_key}`)).size).toBe(
            keyed.length,
          )
          // Refused only at the limit: a person refused has `limit` entries stored.
          for (const [i, answer] of answers.entries()) {
            if (answer === undefined) expect(perPerson.get(`run${run}:${arrivals[i]!.person}`)?.length).toBe(limit)
          }
          // Nothing stored was left unanswered: every row is some arrival's first answer.
          const firstAnswers = new Set(answers.filter((a) => a && typeof a !== 'string' && !a.replayed).map((a) => (a as { id: number }).id))
          expect(rows.map((r: { id: number }) => r.id).sort()).toEqual([...firstAnswers].sort())
        },
      ),
      { numRuns: 25 },
    )
    // The bursts were stored in batches of several entries (one statement each), not one by one.
    expect(groupStats.entries - before.entries).toBeGreaterThan(groupStats.batches - before.batches)
    expect(groupStats.largest).toBeGreaterThan(1)
  })
})
