import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import type { Express } from 'express'
import { inject } from 'vitest'
import { PdfService } from '../../api/src/pdf/pdf-service'
import { createApp, type AppDeps } from '../../api/src/app'
import { createDatabase, type Database } from '../../api/src/db/client'
import { loadConfig, type Config } from '../../api/src/env'
import { silentLogger } from '../../api/src/logger'
import type { RouteSpec } from '../../api/src/http/route'
import { PgBoss } from 'pg-boss'
import { startOutboxRelay } from '../../api/src/events/delivery'
import { startPaymentMails } from '../../api/src/jobs/payment-mails'
import { startDrawResultMails } from '../../api/src/jobs/draw-result-mail'
import { startTermsApproved } from '../../api/src/jobs/terms-approved'
import { createStorage } from '../../api/src/storage/create-storage'
import { createMailer } from '../../api/src/mail/create-mailer'

/** One answer of a declared route that does not match the route's documented `response` schema. */
export type ResponseMismatch = { route: string; issues: string[]; body: unknown }

/**
 * Checks every JSON answer of a declared route against its documented `response` schema (the
 * schema /api/openapi.json publishes), as JSON would carry it. Installed by startTestApi, so every
 * integration test that calls the API also checks the contract; `close()` fails the file when an
 * answer did not match.
 */
export function responseChecker() {
  const mismatches: ResponseMismatch[] = []
  const check = (spec: RouteSpec, _status: number, body: unknown) => {
    if (!spec.response) return
    const json = body === undefined ? undefined : JSON.parse(JSON.stringify(body))
    const result = spec.response.safeParse(json)
    if (!result.success) {
      mismatches.push({
        route: `${spec.method.toUpperCase()} /api${spec.path}`,
        issues: result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
        body: json,
      })
    }
  }
  return { check, mismatches }
}

const TEMPLATE_DATABASE = 'permitdesk_test_template'

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A database of this test file's own, cloned from the migrated template in well under a second. */
export async function createTestDatabase(): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseServerUrl')
  const name = `permitdesk_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') })
  await admin.connect()
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`)
  await admin.end()
  const url = withDatabase(serverUrl, name)
  const database = createDatabase(url)
  return {
    url,
    database,
    drop: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/** A client that keeps its own cookies, like one browser. */
export class Client {
  private cookies = new Map<string, string>()
  constructor(
    readonly baseUrl: string,
    private origin = baseUrl,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const multipart = body instanceof FormData
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && !multipart ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        origin: this.origin,
        ...headers,
      },
      body: body === undefined ? undefined : multipart || typeof body === 'string' ? (body as BodyInit) : JSON.stringify(body),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value)
    }
    const bytes = Buffer.from(await response.arrayBuffer())
    const text = bytes.toString('utf8')
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, body: json, text, bytes }
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers)
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers)
  /** A multipart upload, as the browser's FormData sends it. */
  upload = (path: string, form: FormData, headers?: Record<string, string>) => this.request('POST', path, form, headers)
  cookie = (name: string) => this.cookies.get(name)
}

export type TestApi = {
  baseUrl: string
  config: Config
  database: Database
  dbUrl: string
  client: () => Client
  /** Every declared /api route (app.locals.apiRoutes): what /api/openapi.json documents. */
  routes: RouteSpec[]
  /** Every declared download and page outside /api (app.locals.surfaces, issue 31). */
  surfaces: SurfaceSpec[]
  /** Answers seen so far that did not match their documented schema. */
  responseMismatches: ResponseMismatch[]
  /** The Express app itself (the authorisation matrix walks its routers). */
  app: Express
  /** With `deliverEvents`: the job queue the outbox relay and the payment mail handlers run on, as in `npm start`. */
  boss: PgBoss | undefined
  close: () => Promise<void>
}

/**
 * The real API app on a random port, over its own cloned database. `deliverEvents` (issue 31) also
 * runs what `npm start` runs for the outbox: pg-boss, the payment and draw result mail handlers and
 * the relay, so the mails a payment or a draw run publishes arrive through the real delivery (wait for them with pollUntil or
 * waitForMail). Off by default: most files send no payment mail and need no job queue.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  { deliverEvents = false, ...deps }: Pick<AppDeps, 'lodgementPacks'> & { deliverEvents?: boolean } = {},
): Promise<TestApi> {
  const { url, database, drop } = await createTestDatabase()
  const server0 = { PORT: '3999', BOT_CHECK: 'off', NODE_ENV: 'test', DATA_DIR: `.test-data/api-${crypto.randomBytes(4).toString('hex')}`, ...env }
  const config = loadConfig({ ...server0, DATABASE_URL: url })
  // The app's browser is closed with the server, so no Chromium outlives a test file.
  let pdf: PdfService | undefined
  const checker = responseChecker()
  const app = createApp({
    config,
    database,
    logger: silentLogger,
    pdf: () => (pdf ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH })),
    onResponse: checker.check,
    ...deps,
  })
  const stops: (() => Promise<void>)[] = []
  let boss: PgBoss | undefined
  if (deliverEvents) {
    boss = new PgBoss({ connectionString: url, schema: 'pgboss' })
    await boss.start()
    const delivery = { database, logger: silentLogger }
    const mailer = createMailer(config, silentLogger)
    const pdfOnce = () => (pdf ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH }))
    stops.push(
      await startPaymentMails(boss, { ...delivery, db: database.db, mailer, pdf: pdfOnce, config, logger: silentLogger }, { pollingIntervalSeconds: 0.5 }),
    )
    stops.push(await startDrawResultMails(boss, { ...delivery, mailer, config }, { pollingIntervalSeconds: 0.5 }))
    // With packs on events, approved T&Cs are attached by their subscriber (issue 31), as in `npm start`.
    if (deps.lodgementPacks === 'events') {
      const storage = createStorage(config) // the app's own store (a bucket when the env names one)
      const packDeps = { ...delivery, db: database.db, storage, pdf: pdfOnce, productName: 'PermitDesk' }
      stops.push(await startTermsApproved(boss, packDeps, { pollingIntervalSeconds: 0.5 }))
    }
    stops.push(startOutboxRelay(boss, delivery, { pollingIntervalMs: 200 }))
  }
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl,
    config,
    database,
    dbUrl: url,
    client: () => new Client(baseUrl),
    routes: app.locals.apiRoutes as RouteSpec[],
    surfaces: app.locals.surfaces as SurfaceSpec[],
    responseMismatches: checker.mismatches,
    app,
    boss,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      for (const stop of stops.reverse()) await stop()
      await boss?.stop({ graceful: false, close: true })
      await pdf?.close()
      await drop()
      if (checker.mismatches.length > 0) {
        const lines = checker.mismatches.slice(0, 5).map((m) => `${m.route}\n    ${m.issues.slice(0, 5).join('\n    ')}`)
        throw new Error(`${checker.mismatches.length} answer(s) did not match their documented response schema:\n  ${lines.join('\n  ')}`)
      }
    },
  }
}
