/**
 * Issue 18, fuzzing: every route with a body or query schema gets at least 200 hostile inputs
 * (tests/security/hostile.ts) from a signed-in staff admin (so every guard is passed and the
 * parsing is what answers). Never a 5xx; a refusal is 4xx with a `message` (and `modelState` on
 * 400); a route that refused every input left the database as it was.
 */
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZOD_DEFAULT_TEXT } from '@permitdesk/shared'
import type { RouteSpec } from '../../api/src/http/route'
import { createCustomer } from '../factories/promotions'
import { hostileInput, schemaKeys, toQuery } from '../security/hostile'
import { routeKey } from '../security/matrix'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

const RUNS = 200
let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
}, 60_000)
afterAll(async () => {
  api.responseMismatches.length = 0
  await api?.close()
})

/** Row contents of the app's tables, less those a refused call may write: rate limits, sessions, and secrets made on first use (instance_settings). */
async function fingerprint(): Promise<string> {
  const tables = await api.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'app' and table_type = 'BASE TABLE' and table_name not in ('rate_limits', 'sessions', 'idempotency_keys', 'instance_settings', '__drizzle_migrations') order by table_name`,
  )
  const parts: string[] = []
  for (const { table_name } of tables.rows) {
    const { rows } = await api.database.db.execute<{ n: string; h: string | null }>(
      sql.raw(`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as h from app."${table_name}" t`),
    )
    parts.push(`${table_name}:${rows[0]!.n}:${rows[0]!.h}`)
  }
  return parts.join(',')
}

describe('hostile input on every route with a schema', () => {
  it(`answers ${RUNS} hostile inputs per route with 4xx {message, modelState}, never 5xx, and changes nothing when it refuses`, async () => {
    const problems: string[] = []
    const routes = (api.routes as RouteSpec[]).filter((r) => (r.body || r.query) && !r.multipart)
    expect(routes.length).toBeGreaterThan(50)
    for (const route of routes) {
      let staff: Client = (await createCustomer(api, { isStaff: true, staffRole: 'admin' } as never)).client
      const keys = [...schemaKeys(route.body), ...schemaKeys(route.query)]
      const before = await fingerprint()
      let allRefused = true
      await fc.assert(
        fc.asyncProperty(hostileInput(keys), async (input) => {
          const url = `/api${route.path.replace(/:[A-Za-z]+/g, '1')}`
          const answer = route.method === 'get' ? await staff.get(`${url}${toQuery(input)}`) : await staff.post(url, JSON.stringify(input) ?? 'null')
          if (answer.status === 401) staff = (await createCustomer(api, { isStaff: true, staffRole: 'admin' } as never)).client
          if (answer.status < 400) allRefused = false
          if (answer.status >= 500) return void problems.push(`${routeKey(route)}: ${answer.status} for ${JSON.stringify(input)?.slice(0, 200)}`)
          // 414/431: Node's own refusal of an over-long URL, before the app (no JSON body by design).
          if (answer.status >= 400 && !route.raw && answer.status !== 414 && answer.status !== 431) {
            if (typeof answer.body?.message !== 'string') problems.push(`${routeKey(route)}: ${answer.status} without a message: ${answer.text.slice(0, 120)}`)
            // Every refusal carries modelState (empty when no field is named), so clients read it without a guard.
            if (typeof answer.body?.modelState !== 'object' || answer.body.modelState === null)
              problems.push(`${routeKey(route)}: ${answer.status} without modelState`)
            if (ZOD_DEFAULT_TEXT.test(answer.text)) problems.push(`${routeKey(route)}: library text reached the user: ${answer.text.slice(0, 160)}`)
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      )
      if (allRefused) {
        const after = await fingerprint()
        if (after !== before) problems.push(`${routeKey(route)}: refused every input but the database changed`)
      }
    }
    expect(problems.slice(0, 40)).toEqual([])
  }, 1_500_000)
})
