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
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import { startCmsGateway, type CmsGateway } from '../setup/cms-gateway'
import { CMS_COLLECTION_POLICY, CMS_GLOBAL_POLICY, CMS_ROLES, mayRead, mayWrite, type CmsRole } from '../security/cms-policy'
import { createCustomer } from '../factories/promotions'

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
    const different = api.routes
      .filter((r) => API_POLICY[routeKey(r)] && API_POLICY[routeKey(r)]!.access !== r.access)
      .map((r) => `${routeKey(r)}: declared ${r.access}, policy ${API_POLICY[routeKey(r)]!.access}`)
    expect(different).toEqual([])
    const stale = Object.keys(API_POLICY).filter((key) => !api.routes.some((r) => routeKey(r) === key))
    expect(stale).toEqual([])
  })

  it('has an entry for every download and page route outside /api', () => {
    const declared = new Set(api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`))
    const outside = registeredPaths(api.app).filter((key) => !declared.has(key))
    const policyKeys = Object.keys(DOWNLOAD_POLICY)
    const missing = outside.filter((key) => !policyKeys.some((p) => p === key || (p.endsWith(key.split(' ')[1]!) && p.startsWith(key.split(' ')[0]!))))
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
        if ((policy.access === 'session' || policy.access === 'staff') && viaKey !== 403 && viaKey !== 401)
          results.push(`${key} with an API key: ${viaKey}, expected 403`)
        if (policy.access === 'user' && denied(viaKey)) results.push(`${key} with an API key: ${viaKey}, expected to pass the guard`)
      } else if (route.path.toLowerCase() === '/apikey/create') results.push('no API key could be created for the matrix')
      const all = { signedOut, customerA: a, customerB: b, agent, marketing, admin }
      for (const [role, status] of Object.entries(all)) if (status >= 500) results.push(`${key} as ${role}: ${status}`)
      if (policy.access !== 'public' && signedOut !== 401) results.push(`${key} signed out: ${signedOut}, expected 401`)
      if (policy.access === 'staff') {
        for (const [role, status] of Object.entries({ customerA: a, customerB: b, agent, marketing }))
          if (status !== 403) results.push(`${key} as ${role}: ${status}, expected 403`)
        if (denied(admin)) results.push(`${key} as admin: ${admin}, expected to pass the guard`)
      } else if (policy.access !== 'public') {
        for (const [role, status] of Object.entries({ customerA: a, agent, marketing, admin }))
          if (denied(status)) results.push(`${key} as ${role}: ${status}, expected to pass the guard`)
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

describe('every CMS REST route answers as its policy says (issue 24)', () => {
  let cms: CmsGateway
  let as: Record<CmsRole, Client>
  beforeAll(async () => {
    cms = await startCmsGateway(api)
    /** A gateway client carrying the session cookie of a user made in the database. */
    const holding = async (overrides: Parameters<typeof createCustomer>[1] | null) => {
      const client = cms.client()
      if (overrides === null) return client
      const user = await createCustomer(api, overrides)
      ;(client as unknown as { cookies: Map<string, string> }).cookies.set('pd_session', user.client.cookie('pd_session')!)
      return Object.assign(client, { userId: user.id })
    }
    const removed = await holding({ staffRole: 'marketing' })
    // Signed in to the CMS once as marketing, then the role is taken away.
    expect((await removed.get('/cms-api/users/me')).body.user).not.toBeNull()
    await api.database.pool.query('update app.users set staff_role = null where id = $1', [(removed as unknown as { userId: number }).userId])
    as = {
      anonymous: await holding(null),
      customer: await holding({}),
      marketing: await holding({ staffRole: 'marketing' }),
      admin: await holding({ isStaff: true, staffRole: 'admin' }),
      roleRemoved: removed,
    }
  }, 120_000)
  afterAll(async () => {
    await cms?.close()
  })

  it('covers every collection and global the CMS has', () => {
    expect(
      cms.payload.config.collections
        .map((c) => c.slug)
        .filter((slug) => !slug.startsWith('payload-'))
        .sort(),
    ).toEqual(Object.keys(CMS_COLLECTION_POLICY).sort())
    expect(cms.payload.config.globals.map((g) => g.slug).sort()).toEqual(Object.keys(CMS_GLOBAL_POLICY).sort())
  })

  it('reads and writes each collection as each role', async () => {
    const wrong: string[] = []
    for (const [slug, policy] of Object.entries(CMS_COLLECTION_POLICY)) {
      for (const role of CMS_ROLES) {
        const read = await as[role].get(`/cms-api/${slug}?limit=5&depth=0`)
        if (mayRead(policy.read, role) !== (read.status === 200)) wrong.push(`${role} read ${slug}: ${read.status}`)
        if (policy.read === 'self' && read.status === 200 && role !== 'admin' && read.body.docs.length !== 1)
          wrong.push(`${role} read ${slug}: saw ${read.body.docs.length} users, not only itself`)
        // An empty document: a role allowed to write meets the validation (400), a refused one 403 before it.
        const write = await as[role].post(`/cms-api/${slug}`, {})
        const refused = write.status === 403 || write.status === 401
        if (mayWrite(policy.write, role) === refused || write.status < 300) wrong.push(`${role} create ${slug}: ${write.status}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)

  it('reads and writes each global as each role', async () => {
    const wrong: string[] = []
    for (const [slug, policy] of Object.entries(CMS_GLOBAL_POLICY)) {
      for (const role of CMS_ROLES) {
        const read = await as[role].get(`/cms-api/globals/${slug}?depth=0`)
        if (mayRead(policy.read, role) !== (read.status === 200)) wrong.push(`${role} read ${slug}: ${read.status}`)
        const write = await as[role].post(`/cms-api/globals/${slug}`, {})
        if (mayWrite(policy.write, role) !== (write.status === 200)) wrong.push(`${role} update ${slug}: ${write.status}`)
      }
    }
    expect(wrong).toEqual([])
  }, 60_000)
})
