/**
 * Issue 11 "Messages": every `message` and `modelState` entry is a sentence from the shared
 * messages, never zod's English. Every declared call is sent wrong input of several kinds, signed
 * in as staff (so access passes and the input is parsed), and the answers are scanned.
 */
import { ZOD_DEFAULT_TEXT } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let staff: Client
beforeAll(async () => {
  api = await startTestApi()
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

const BODIES: unknown[] = [
  {},
  { id: 'x', email: 5, name: {}, ausStates: 'nsw', totalPrizeValue: '20000', versionNumber: 'x', permit: 'x', note: 5, promotion_id: [] },
  { id: -1, totalPrizeValue: 1234.565, permit: { applicant: { businessAddress: 'x', contact: 5 } }, attachments: [{}], ausStates: { nsw: 'yes' } },
  [1, 2],
]
const QUERIES = ['', '?id=x&promotionId=-1&after=x&count=1000&sort=nope&managedSubmission=maybe', '?id=99999999999&search=' + 'x'.repeat(300)]

describe('no zod default text in any answer', () => {
  it('every declared call answers wrong input with shared sentences', async () => {
    let checked = 0
    for (const spec of api.routes) {
      if (spec.multipart || spec.path === '/account/logOut') continue
      const path = `/api${spec.path}`
      const answers =
        spec.method === 'get' ? await Promise.all(QUERIES.map((q) => staff.get(path + q))) : await Promise.all(BODIES.map((b) => staff.post(path, b)))
      for (const answer of answers) {
        checked++
        expect(answer.status, `${spec.method} ${path}`).toBeLessThan(500)
        expect(answer.text, `${spec.method} ${path}`).not.toMatch(ZOD_DEFAULT_TEXT)
      }
    }
    expect(checked).toBeGreaterThan(60)
  })
})
