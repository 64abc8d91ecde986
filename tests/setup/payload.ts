/**
 * The CMS's Payload instance in process, over the test API's database (its own pool), for tests
 * of the CMS's hooks, access rules and sign-in without a Next build.
 */
import type { Payload, SanitizedConfig } from 'payload'
import type { Client, TestApi } from './test-api'

export type TestPayload = { payload: Payload; config: SanitizedConfig; close: () => Promise<void> }

export async function startPayload(api: TestApi): Promise<TestPayload> {
  process.env.DATABASE_URL = api.dbUrl
  process.env.PAYLOAD_SECRET = 'integration-tests-secret-0123456789abcdef'
  process.env.MEDIA_DIR = `${api.config.DATA_DIR}/media`
  const { getPayload } = await import('payload')
  const { default: configPromise } = await import('../../cms/src/payload.config')
  const config = (await configPromise) as SanitizedConfig
  const payload = await getPayload({ config })
  return {
    payload,
    config,
    close: async () => {
      const pool = (payload.db as unknown as { pool?: { on: (event: 'error', listener: () => void) => void } }).pool
      await payload.destroy()
      // Dropping the test database ends Payload's idle connections: that is expected here.
      pool?.on('error', () => undefined)
    },
  }
}

/** The CMS user Payload sees for a client's PermitDesk session cookie (none when it refuses it). */
export const cmsUserOf = async (payload: Payload, client: Client) =>
  (await payload.auth({ headers: new Headers({ cookie: `pd_session=${client.cookie('pd_session')}` }) })).user
