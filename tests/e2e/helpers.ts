import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { completeApplication } from '../factories/permit'
import PostalMime from 'postal-mime'
import { pollUntil } from '../setup/poll'
import { promotionInput } from '../factories/promotion-input'

export const repoRoot = path.resolve(import.meta.dirname, '../..')
/** Where the specs keep their screenshots (test artefacts, looked at before an issue is called done). */
export const SCREENS_DIR = path.join(repoRoot, 'tests', 'e2e', 'screens')
/** The port of the server Playwright started, and its data directory (see playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT || 3100)
export const E2E_DATA_DIR = `.test-data/e2e-${E2E_PORT}`

/** Collects console errors and failed page scripts, to assert a page ran cleanly. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

export type RunningServer = { process: ChildProcess; output: () => string; stop: () => Promise<number | null> }

/** Starts another `npm start` (the same entry point) and waits until it says it is ready. */
export async function startServer(env: Record<string, string>, timeoutMs = 240_000): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, BOT_CHECK: 'off', NODE_ENV: 'test', ...env },
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), timeoutMs)
    const check = () => {
      // With the CMS admin: on a checkout without its build, after the build behind the start (issue 29).
      if (output.includes('Ready in') && (!output.includes('being prepared') || output.includes('CMS admin ready in'))) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return {
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.removeAllListeners('exit')
        child.once('exit', (code) => resolve(code))
        child.kill('SIGINT')
      }),
  }
}

export function readDatabaseUrl(dataDir: string): string {
  return fs.readFileSync(path.join(repoRoot, dataDir, 'embedded-database-url'), 'utf8').trim()
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const outbox = path.join(repoRoot, E2E_DATA_DIR, 'outbox')
/** The password of the accounts e2e tests register. */
export const PASSWORD = 'correct horse battery'

/** The link in the newest e-mail to `to` (the e2e server writes mail to its outbox). */
export function mailLink(to: string, part: string): Promise<string> {
  return pollUntil(
    async () => {
      const files = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .sort()
            .reverse()
        : []
      for (const file of files) {
        const mail = await PostalMime.parse(fs.readFileSync(path.join(outbox, file)))
        if (mail.to?.some((a) => a.address === to)) {
          const link = mail.text?.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part))
          if (link) return link
        }
      }
      return undefined
    },
    `a mail to ${to} with a link to ${part}`,
    { timeoutMs: 10_000 },
  )
}

/** A customer registered, confirmed from the real e-mail and signed in on `request`; returns the address. */
export async function signUpCustomer(
  request: APIRequestContext,
  prefix: string,
  who = { firstName: 'Pat', lastName: 'Promoter', accountName: 'Pat Promoter Pty Ltd' },
): Promise<string> {
  const email = `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`
  const register = await request.post('/api/account/register', { data: { email, password: PASSWORD, ...who, phone: '0298765432', agreedTerms: true } })
  expect(register.status()).toBe(200)
  expect((await request.get(await mailLink(email, '/api/account/confirmEmail'))).ok()).toBe(true)
  expect((await request.post('/api/account/login', { data: { email, password: PASSWORD } })).status()).toBe(200)
  return email
}

/** Creates a promotion as the signed-in customer of `request` (the tests' create payload, NSW + ACT at $20,000 managed, with `fields` over it); its id. */
export async function createPromotion(request: APIRequestContext, name: string, fields: Record<string, unknown> = {}): Promise<number> {
  const created = await request.post('/api/promotion/create', { data: promotionInput({ ...fields, name }) })
  expect(created.status(), await created.text()).toBe(200)
  return (await created.json()).id as number
}

/**
 * A promotion (NSW + ACT unless told, $20,000, managed) made complete through the API, attachments B
 * and E uploaded: "Ready for submission". With `termsAndConditions` our T&Cs are bought, so the
 * promoter's own T&Cs (B) are not uploaded, only the prize list (E).
 */
export async function readyPromotion(
  request: APIRequestContext,
  name: string,
  ausStates: Record<string, boolean> = { nsw: true, act: true },
  { termsAndConditions = false }: { termsAndConditions?: boolean } = {},
): Promise<number> {
  const id = await createPromotion(request, name, { ausStates, termsAndConditions })
  const current = await (await request.get(`/api/promotion/get?id=${id}`)).json()
  const complete = completeApplication()
  // Each chosen state's prize value (the complete application has NSW's and ACT's).
  const prizeValues = Object.fromEntries(
    Object.keys(ausStates)
      .filter((state) => ausStates[state])
      .map((state) => [`prizeValue${state.toUpperCase()}`, 20_000]),
  )
  const saved = await request.post('/api/promotion/save', {
    data: { ...current, ...complete, ...prizeValues, name, permit: { ...current.permit, ...complete.permit }, versionNumber: current.versionNumber },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const pdf = { name: 'file.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n') }
  const files: string[] = []
  const codes = termsAndConditions ? ['E'] : ['B', 'E']
  for (let i = 0; i < codes.length; i++) {
    const uploaded = await request.post('/api/Upload', { multipart: { file: pdf } })
    expect(uploaded.status()).toBe(201)
    files.push((await uploaded.json()).serverFileName)
  }
  const attached = await request.post('/api/promotion/saveAttachments', {
    data: {
      id,
      versionNumber: (await saved.json()).versionNumber,
      attachments: codes.map((code, i) => ({ attachmentType: { code }, uploaded: true, fileName: files[i] })),
    },
  })
  expect((await attached.json()).permitStatus.slug).toBe('ready-submission')
  return id
}

/**
 * Issue 22: staff (the e2e server's ADMIN_EMAIL account, in a context of their own) waive the
 * payment of paid services of promotion `id`, for specs about a service rather than its payment.
 */
export async function waivePaymentAsStaff(browser: Browser, id: number, services: ('terms' | 'draw' | 'lodgementPack')[]) {
  const context = await browser.newContext()
  try {
    const login = await context.request.post('/api/account/login', { data: { email: 'staff@permitdesk.test', password: 'staff-password-123' } })
    expect(login.status(), await login.text()).toBe(200)
    for (const service of services) {
      const waived = await context.request.post('/api/admin/waiveServicePayment', { data: { id, service, reason: 'End-to-end test of the service itself' } })
      expect(waived.status(), await waived.text()).toBe(200)
    }
  } finally {
    await context.close()
  }
}
