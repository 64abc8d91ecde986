/**
 * Issue 18, the authorisation matrix: every route the app registers is called as signed out,
 * customer A, customer B on A's record, an authorised agent, marketing staff and a staff admin,
 * and the answers are compared with the declared policy (tests/security/policy.ts). A route
 * missing from the policy, or declared with another access, fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteSpec } from '../../api/src/http/route'
import { API_POLICY, DOWNLOAD_POLICY } from '../security/policy'
import { callNaming, castRoles, fillPath, recordOf, registeredPaths, routeKey, type Cast } from '../security/matrix'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let cast: Cast
beforeAll(async () => {
  api = await startTestApi()
  cast = await castRoles(api)
}, 60_000)
afterAll(async () => {
  // Answers of hostile calls are not the documented success shapes; only the access is checked here.
  api.responseMismatches.length = 0
  await api?.close()
})

const ok = (status: number) => status >= 200 && status < 400
const denied = (status: number) => status === 401 || status === 403

describe('the policy covers every route', () => {
  it('has an entry, with the same access, for every declared /api route', () => {
    const missing = api.routes.filter((r) => !API_POLICY[routeKey(r)]).map(routeKey)
    expect(missing).toEqual([])
    const different = api.routes.filter((r) => API_POLICY[routeKey(r)] && API_POLICY[routeKey(r)]!.access !== r.access).map((r) => `${routeKey(r)}: declared ${r.access}, policy ${API_POLICY[routeKey(r)]!.access}`)
    expect(different).toEqual([])
    const stale = Object.keys(API_POLICY).filter((key) => !api.routes.some((r) => routeKey(r) === key))
    expect(stale).toEqual([])
  })

  it('has an entry for every download and page route outside /api', () => {
    const declared = new Set(api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`))
    const outside = registeredPaths(api.app).filter((key) => !declared.has(key))
    const policyKeys = Object.keys(DOWNLOAD_POLICY)
    const missing = outside.filter((key) => !policyKeys.some((p) => p === key || p.endsWith(key.split(' ')[1]!) && p.startsWith(key.split(' ')[0]!)))
    expect(missing).toEqual([])
  })
})

describe('every /api route answers as its policy says', () => {
  // Routes are checked in batches so a failure names the route and the role.
  const results: string[] = []
  it('signed out, customers, agent, marketing staff and admin', async () => {
    for (const route of api.routes as RouteSpec[]) {
      const policy = API_POLICY[routeKey(route)]
      if (!policy) continue
      // A fresh cast per route: a call may end its caller's session (log out, change password).
      cast = await castRoles(api)
      const record = await recordOf(cast)
      const key = routeKey(route)
      const as = async (role: keyof Omit<Cast, 'ids'>) => (await callNaming(cast[role], route.method, `/api${route.path}`, record)).status
      // B first: were the guard broken, B's call could change A's record before A's own call.
      const b = await as('customerB')
      const signedOut = await as('signedOut')
      const a = await as('customerA')
      const agent = await as('agent')
      const marketing = await as('marketing')
      const admin = await as('admin')
      // A's API key: never a session or staff call; a user call passes the guard.
      if (cast.apiKey) {
        const viaKey = (await callNaming(cast.signedOut, route.method, `/api${route.path}`, record, { authorization: `Bearer ${cast.apiKey}` })).status
        if (viaKey >= 500) results.push(`${key} with an API key: ${viaKey}`)
        if ((policy.access === 'session' || policy.access === 'staff') && viaKey !== 403 && viaKey !== 401) results.push(`${key} with an API key: ${viaKey}, expected 403`)
        if (policy.access === 'user' && denied(viaKey)) results.push(`${key} with an API key: ${viaKey}, expected to pass the guard`)
      } else if (route.path.toLowerCase() === '/apikey/create') results.push('no API key could be created for the matrix')
      const all = { signedOut, customerA: a, customerB: b, agent, marketing, admin }
      for (const [role, status] of Object.entries(all)) if (status >= 500) results.push(`${key} as ${role}: ${status}`)
      if (policy.access !== 'public' && signedOut !== 401) results.push(`${key} signed out: ${signedOut}, expected 401`)
      if (policy.access === 'staff') {
        for (const [role, status] of Object.entries({ customerA: a, customerB: b, agent, marketing })) if (status !== 403) results.push(`${key} as ${role}: ${status}, expected 403`)
        if (denied(admin)) results.push(`${key} as admin: ${admin}, expected to pass the guard`)
      } else if (policy.access !== 'public') {
        for (const [role, status] of Object.entries({ customerA: a, agent, marketing, admin })) if (denied(status)) results.push(`${key} as ${role}: ${status}, expected to pass the guard`)
        // Another customer's record is 404, exactly as a missing one, whenever the owner's call worked.
        if (policy.owned && ok(a) && b !== 404) results.push(`${key} as customer B on A's record: ${b}, expected 404 (A got ${a})`)
      }
    }
    expect(results).toEqual([])
  }, 600_000)
})

describe('downloads outside /api', () => {
  it('never give a file to a signed-out caller or another customer', async () => {
    const problems: string[] = []
    for (const [key, policy] of Object.entries(DOWNLOAD_POLICY)) {
      if (policy.access === 'public') continue
      const [method, path] = key.split(' ') as [string, string]
      cast = await castRoles(api)
      const record = await recordOf(cast)
      const url = fillPath(path, record)
      const signedOut = await cast.signedOut.request(method, url)
      const b = await cast.customerB.request(method, url)
      if (ok(signedOut.status) && signedOut.status !== 302 && signedOut.status !== 303) problems.push(`${key} signed out: ${signedOut.status}`)
      if (ok(b.status)) problems.push(`${key} as customer B: ${b.status}`)
      if (signedOut.status >= 500 || b.status >= 500) problems.push(`${key}: ${signedOut.status}/${b.status}`)
    }
    expect(problems).toEqual([])
  }, 300_000)
})
