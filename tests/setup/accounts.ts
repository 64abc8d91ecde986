import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import PostalMime from 'postal-mime'
import type { Register } from '@permitdesk/shared'
import { ensureStaffAdmin } from '../../api/src/modules/account/ensure-staff-admin'
import { silentLogger } from '../../api/src/logger'
import type { Client, TestApi } from './test-api'
import { pollUntil } from './poll'

export const STAFF_EMAIL = 'staff@permitdesk.test'
export const STAFF_PASSWORD = 'staff-password-123'

/** A valid registration; every call a new e-mail address. */
export function buildRegistration(overrides: Partial<Register> = {}): Register & { recaptchaResponse?: string } {
  return {
    email: `customer-${crypto.randomBytes(5).toString('hex')}@example.test`,
    password: 'correct horse battery',
    firstName: 'Casey',
    lastName: 'Customer',
    accountName: 'Casey Promotions Pty Ltd',
    phone: '0299990000',
    optedIntoCommunication: false,
    authorisedAgent: false,
    agentBusinessAddress: null,
    agreedTerms: true,
    ...overrides,
  }
}

export type ParsedMail = { to: string; subject: string; html: string; text: string; file: string }

/** Every .eml in an outbox, parsed, oldest first. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const outbox = path.join(dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return []
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
  return Promise.all(
    files.map(async (file) => {
      const mail = await PostalMime.parse(fs.readFileSync(path.join(outbox, file)))
      return { to: mail.to?.map((a) => a.address).join(', ') ?? '', subject: mail.subject ?? '', html: mail.html ?? '', text: mail.text ?? '', file }
    }),
  )
}

/**
 * Waits for the newest mail to `to` whose subject matches, in the outbox of `dataDirs` (default:
 * every test API's data directory under .test-data). Mail sent after the answer (forgot password)
 * arrives a moment later, hence the polling.
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  { dataDirs, timeoutMs = 10_000 }: { dataDirs?: string[]; timeoutMs?: number } = {},
): Promise<ParsedMail> {
  const dirs = () =>
    dataDirs ??
    (fs.existsSync(path.resolve('.test-data'))
      ? fs
          .readdirSync(path.resolve('.test-data'))
          .filter((d) => d.startsWith('api-'))
          .map((d) => path.resolve('.test-data', d))
      : [])
  // The one bounded wait of the tests (setup/poll.ts).
  return pollUntil(
    async () => {
      for (const dir of dirs()) {
        const found = (await readOutbox(dir)).filter((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject)).at(-1)
        if (found) return found
      }
      return undefined
    },
    `a mail to ${to} matching ${subject}`,
    { timeoutMs, intervalMs: 50 },
  )
}

/** The first link in a mail's plain text that contains `part`. */
export function linkIn(mail: ParsedMail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part))
  if (!link) throw new Error(`no link containing ${part} in "${mail.subject}"`)
  return link
}

/**
 * Registers a customer through the real API, confirms the address with the link of the e-mail it
 * received, and signs the Client in. Pass `api` when its DATA_DIR is not under .test-data/api-*.
 */
export async function registerAndSignIn(client: Client, overrides: Partial<Register> = {}, { api }: { api?: TestApi } = {}) {
  const registration = buildRegistration(overrides)
  const registered = await client.post('/api/account/register', registration)
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.text}`)
  const mail = await waitForMail(registration.email, /Confirm your email/, { dataDirs: api ? [api.config.DATA_DIR] : undefined })
  const confirmPath = new URL(linkIn(mail, '/api/account/confirmEmail')).pathname + new URL(linkIn(mail, '/api/account/confirmEmail')).search
  const confirmed = await client.get(confirmPath)
  if (confirmed.status !== 303 || !confirmed.headers.get('location')?.includes('confirmed=1'))
    throw new Error(`confirm failed: ${confirmed.status} ${confirmed.headers.get('location')}`)
  const login = await client.post('/api/account/login', { email: registration.email, password: registration.password })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`)
  return { ...registration, userId: login.body.user.userId as number, user: login.body.user }
}

/** Creates (or updates) the staff administrator in the test API's database, as start-up does, and signs the Client in. */
export async function signInStaff(client: Client, api: TestApi) {
  await ensureStaffAdmin(api.database.db, { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD }, silentLogger)
  const login = await client.post('/api/account/login', { email: STAFF_EMAIL, password: STAFF_PASSWORD })
  if (login.status !== 200) throw new Error(`staff login failed: ${login.status} ${login.text}`)
  return { email: STAFF_EMAIL, userId: login.body.user.userId as number, user: login.body.user }
}
