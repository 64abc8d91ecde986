/**
 * One identity (issue 13): a staff administrator's or marketing user's PermitDesk session is a
 * Payload user (custom auth strategy over our session); a customer's or agent's is not; an ended
 * session is not.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payload } from 'payload'
import { createCustomer, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import { cmsUserOf as cmsUserOfPayload, startPayload, type TestPayload } from '../setup/payload'

let api: TestApi
let payload: Payload
let cms: TestPayload
let staff: Client
let customer: Customer
let agent: Customer
let marketing: Customer

beforeAll(async () => {
  api = await startTestApi()
  cms = await startPayload(api)
  payload = cms.payload
  staff = api.client()
  await signInStaff(staff, api)
  customer = await createCustomer(api)
  agent = await createCustomer(api, { authorisedAgent: true })
  marketing = await createCustomer(api, { staffRole: 'marketing', firstName: 'Mia', lastName: 'Marketing' })
}, 60_000)
afterAll(async () => {
  await cms?.close()
  await api?.close()
})

const cmsUserOf = (client: Client) => cmsUserOfPayload(payload, client)

describe('Payload sign-in through the PermitDesk session', () => {
  it('signs in the staff administrator as a CMS user', async () => {
    const user = await cmsUserOf(staff)
    expect(user).toMatchObject({ email: 'staff@permitdesk.test', _strategy: 'permitdesk-session', collection: 'users' })
  })

  it('signs in a marketing user (created on first use) for the CMS only', async () => {
    const user = await cmsUserOf(marketing.client)
    expect(user).toMatchObject({ email: marketing.email, name: 'Mia Marketing', _strategy: 'permitdesk-session' })
    // The same CMS user next time, not a second one.
    await cmsUserOf(marketing.client)
    expect((await payload.find({ collection: 'users', where: { email: { equals: marketing.email } }, overrideAccess: true })).totalDocs).toBe(1)
    // ... and not the staff console.
    expect((await marketing.client.get('/api/adminNote/getTasks')).status).toBe(403)
  })

  it('never signs in customers or agents, nor without a session', async () => {
    expect(await cmsUserOf(customer.client)).toBeNull()
    expect(await cmsUserOf(agent.client)).toBeNull()
    expect((await payload.auth({ headers: new Headers({ cookie: 'pd_session=not-a-session' }) })).user).toBeNull()
    expect((await payload.auth({ headers: new Headers() })).user).toBeNull()
  })

  it('stops at sign-out', async () => {
    const other = await createCustomer(api, { staffRole: 'marketing' })
    expect(await cmsUserOf(other.client)).not.toBeNull()
    const cookie = other.client.cookie('pd_session')
    await other.client.post('/api/account/logout')
    expect((await payload.auth({ headers: new Headers({ cookie: `pd_session=${cookie}` }) })).user).toBeNull()
  })

  it('refuses a session the API considers over: its page was closed and no request came back within the grace (issue 31: one rule)', async () => {
    const other = await createCustomer(api, { staffRole: 'marketing' })
    const cookie = other.client.cookie('pd_session')!
    expect(await cmsUserOf(other.client)).not.toBeNull()
    // The tab is closed (sendBeacon): within the grace a reload keeps the session, so the CMS still takes it.
    expect((await other.client.post('/api/account/killsessions', { clientSession: crypto.randomUUID() })).status).toBe(204)
    expect(await cmsUserOf(other.client)).not.toBeNull()
    // The grace has passed (the closing moved back past it, as the clock would): over for the API, so for the CMS too.
    const id = crypto.createHash('sha256').update(cookie).digest('hex')
    await api.database.pool.query(`update app.sessions set closing_at = now() - interval '3 minutes' where id = $1`, [id])
    expect(await cmsUserOf(other.client)).toBeNull()
    expect((await other.client.post('/api/account/authenticated', {})).status).toBe(401)
  })
})
