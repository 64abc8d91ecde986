/**
 * Permit application figures (issue 6):
 * (a) the save round-trip, POST /api/promotion/save with a full application (every permit,
 *     applicant, contact, draw and promotion-level field), BENCH_CONCURRENCY clients each saving
 *     its own promotion (no version conflicts) for BENCH_SECONDS, beside GET /api/health in the
 *     same run; target save p99 < 100 ms;
 * (b) the working PDF, /promotions/downloadworkingpdf/{id} of a filled promotion: the first one
 *     after server start (browser launch included), then warm ones one at a time, then PDFs per
 *     second with 4 requests at once; target warm p50 < 500 ms.
 * Latencies are given twice: as the server saw them (request in to response written, timed by a
 * wrapper around the app's handler) and as the client saw them over loopback.
 *   node scripts/bench/permit.mjs      (BENCH_SECONDS=10 BENCH_CONCURRENCY=4 BENCH_PDF_SECONDS=5)
 * The API runs in a child process (the real createApp over an embedded PostgreSQL) so the load
 * generator does not share its event loop.
 */
import http from 'node:http'
import {
  benchDataDir,
  benchHandler,
  describeServerAndClient as f,
  fetchOk,
  listenAndAnnounce,
  load,
  ms,
  serverTimings,
  startApiDatabase,
  startChild,
  stats,
  stopChild,
  stopOnSignal,
} from './lib.mjs'

const dataDir = benchDataDir('permit')
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4)
const PDF_SECONDS = Number(process.env.BENCH_PDF_SECONDS || 5)
const PDF_CONCURRENCY = 4
const TARGET_SAVE_P99_MS = 100
const TARGET_PDF_P50_MS = 500

/** A whole application as the wizard saves it (PermitSaveSchema), dates in the coming months. */
function fullApplication(shared) {
  const { addDays, today, keysToFlags, ADVERTISING_METHOD_FLAGS, ENTRY_METHOD_FLAGS, DRAW_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } = shared
  const start = addDays(today({ now: new Date() }), 40)
  const end = addDays(start, 59)
  const finalDraw = addDays(end, 7)
  const unclaimedDraw = addDays(finalDraw, 90)
  const office = { lineOne: 'Level 3, 100 George Street', lineTwo: 'Suite 301', suburb: 'Sydney', state: 'NSW', postcode: '2000' }
  const postal = { lineOne: 'PO Box 1234', lineTwo: null, suburb: 'Sydney', state: 'NSW', postcode: '2001' }
  const drawPlace = { lineOne: '5 Draw Lane', lineTwo: 'Unit 2', suburb: 'Parramatta', state: 'NSW', postcode: '2150' }
  return {
    promotion: {
      prizeValueNSW: 2_000_000,
      prizeValueACT: 1_500_000,
      prizeValueVIC: 1_000_000,
      prizeValueSA: 500_000,
      prizeValueQLD: 500_000,
      prizeValueTAS: 250_000,
      prizeValueWA: 250_000,
      prizeValueNT: 250_000,
      prizeQuantityTotal: 25,
      prizeDescription: 'First prize: a year of coffee and an espresso machine.\nSecond prizes: 24 gift vouchers of $500 each.',
      prizeCategoriesValue: keysToFlags(['electrical', 'voucher', 'other'], PRIZE_CATEGORY_FLAGS),
      prizeCategoriesOther: 'Coffee subscription',
      maxPrizeValue: 800_000,
      prizePublicationACT: 'The Canberra Times, public notices',
      prizePublicationDateACT: addDays(finalDraw, 7),
      letterOfAuthorityReused: false,
      attachmentsManualOverride: false,
      attachmentsManuallyRequired: null,
      actionEntry: { actionFields: [], actionQuestions: [] },
      attachments: [],
    },
    permit: {
      startDate: start,
      startTime: '09:00',
      endDate: end,
      endTime: '15:00',
      requiredDate: addDays(start, -7),
      under18s: true,
      inducementsOffered: true,
      inducementsDetail: 'A free sample with every entry.',
      advertisingMethodsValue: keysToFlags(['digital', 'print', 'other'], ADVERTISING_METHOD_FLAGS),
      advertisingMethodsOther: 'In-store posters',
      promotedProducts: 'Bean There coffee beans, 1 kg bags',
      entryMethodsValue: keysToFlags(['internet', 'proof', 'sms', 'other'], ENTRY_METHOD_FLAGS),
      entryMethodsPhoneNumbers: '0412345678',
      entryMethodsOther: 'Entry form at the counter',
      entryMethodsWebsite: 'www.beanthere.com.au/win',
      entryMechanic: 'Buy a 1 kg bag of Bean There coffee beans, keep the receipt and enter the code from the bag at www.beanthere.com.au/win.',
      entriesPerDay: 3,
      multiplePrizesAllowed: false,
      drawMethodsValue: keysToFlags(['singleAll'], DRAW_METHOD_FLAGS),
      drawMethodsOther: null,
      visitedEntryDraw: true,
      visitedComments: true,
      isComputerDraw: true,
      randomDrawMachineApproved: true,
      finalDraw: {
        multipleDates: false,
        multipleDatesDetail: null,
        date: finalDraw,
        time: '15:00',
        locationAddress: drawPlace,
        locationOrganisation: 'Draw Co Pty Ltd',
        notification: { method: 'email', date: addDays(finalDraw, 2) },
      },
      unclaimedDraw: {
        multipleDates: false,
        multipleDatesDetail: null,
        date: unclaimedDraw,
        time: '15:00',
        locationAddress: drawPlace,
        locationOrganisation: 'Draw Co Pty Ltd',
        notification: { method: 'email', date: addDays(unclaimedDraw, 2) },
      },
      scrutineerRequired: true,
      scrutineerName: 'Sam Scrutineer',
      nonIndependentScrutineer: false,
      nonIndependentScrutineerReason: null,
      comments: 'Please call before lodging.',
      applicant: {
        organisation: 'Bean There Pty Ltd',
        abnacn: '51824753556',
        tradingName: 'Bean There',
        businessAddress: office,
        postalAddress: postal,
        postalSameAsBusiness: false,
        website: 'www.beanthere.com.au',
        nswAuthorityNumber: null,
        nswAuthorityExpiration: null,
        nswAuthorityDuration: 1,
        reuseFromPromotion: null,
        hasLetterOfAuthority: false,
        contact: { title: 'Ms', firstName: 'Ana', lastName: 'Ruiz', position: 'Marketing manager', phone: '0291234567', email: 'ana@beanthere.com.au' },
      },
    },
  }
}

async function serve() {
  const api = await startApiDatabase(dataDir)
  const { PdfService } = await import('../../api/src/pdf/pdf-service.ts')
  const shared = await import('../../shared/src/index.ts')
  const { pool } = api

  const application = fullApplication(shared)
  // Checked here so a payload the schema refuses fails the bench, not every request.
  shared.PermitSaveSchema.parse({
    id: 1,
    versionNumber: 1,
    ausStates: shared.ausStatesOf('nsw', 'act', 'vic'),
    ...application.promotion,
    permit: application.permit,
  })

  const userId = await api.insertUser({ email: 'bench-permit@example.com', firstName: 'Bench', lastName: 'Permit', accountName: 'Bean There' })
  const quiz = {
    ausStates: shared.ausStatesOf('nsw', 'act', 'vic'),
    totalPrizeValue: 2_000_000,
    hasNswAuthority: false,
    winnersDrawnElectronically: true,
    randomDrawMachineApproved: true,
  }
  const fees = shared.calculateFees(quiz)
  const feeJson = JSON.stringify({
    ...Object.fromEntries(Object.entries(fees).filter(([k]) => k.startsWith('feeDue_'))),
    isNSWIncludedButNotRequired: false,
    isACTIncludedButNotRequired: false,
    isSAIncludedButNotRequired: false,
    ruleSetId: fees.ruleSetId,
  })
  const { applicant, ...permit } = application.permit
  const { attachments: _none, ...details } = application.promotion
  // Two documents on the PDF's promotion so its attachment list shows files (the save leaves them out: they point at uploads).
  const attachments = [
    {
      attachmentType: { code: 'B', name: 'Terms and conditions' },
      uploaded: true,
      fileName: 'b.pdf',
      userFileName: 'Terms and conditions v3.pdf',
      uploadDate: new Date().toISOString(),
    },
    {
      attachmentType: { code: 'E', name: 'Proposed advertisement or notice' },
      uploaded: true,
      fileName: 'e.pdf',
      userFileName: 'Poster A3.pdf',
      uploadDate: new Date().toISOString(),
    },
  ]
  const insert = (name, filled) =>
    pool.query(
      `insert into app.promotions (user_id, name, status_id, start_date, total_prize_value, state_nsw, state_act, state_vic, managed_submission, random_draw,
         has_nsw_authority, winners_drawn_electronically, random_draw_machine_approved, requires_permits, fees, permit, applicant, details, attachments)
       values ($1, $2, 1, $3, 2000000, true, true, true, true, true, false, true, true, true, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb) returning id`,
      [
        userId,
        name,
        permit.startDate,
        feeJson,
        JSON.stringify(filled ? permit : {}),
        filled ? JSON.stringify(applicant) : null,
        JSON.stringify(filled ? details : {}),
        JSON.stringify(filled ? attachments : []),
      ],
    )
  // One promotion per save client, each starting empty (the first save fills it), and one filled for the PDF.
  const saveIds = []
  for (let i = 0; i < CONCURRENCY; i++) saveIds.push((await insert(`Bench save ${i + 1}: win a year of coffee`, false)).rows[0].id)
  const pdfId = (await insert('Bench PDF: win a year of coffee', true)).rows[0].id
  const token = await api.createSession(userId)

  const config = api.config()
  // The app's own lazy printer, kept here so shutdown can close the browser.
  let printer
  const app = api.createApp(config, { pdf: () => (printer ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH })) })
  // Server-side latency: request in to response written, per route (ids folded), collected until read.
  const server = listenAndAnnounce(http.createServer(benchHandler(app, { timings: true })), { token, saveIds, pdfId, application })
  stopOnSignal(
    dataDir,
    () => server.close(),
    () => printer?.close(),
    api.stop,
  )
}

export async function run(report = console.log) {
  const ready = await startChild(import.meta.filename, ['--serve'])
  try {
    const base = `http://127.0.0.1:${ready.port}`
    const headers = { cookie: `pd_session=${ready.token}` }
    const serverStats = (timings, key, seconds) => stats(timings[key] ?? [], seconds)

    // (b) the working PDF, first: the first request after start launches the browser.
    const pdfUrl = `${base}/promotions/downloadworkingpdf/${ready.pdfId}`
    let pdfBytes = 0
    let pages
    const getPdf = async () => {
      const response = await fetch(pdfUrl, { headers })
      const body = Buffer.from(await response.arrayBuffer())
      if (response.ok && body.subarray(0, 5).toString() === '%PDF-') {
        pdfBytes = body.length
        pages ??= body.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length
        return true
      }
      if (!response.ok) report(`permit: PDF answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`)
      return false
    }
    await serverTimings(base)
    const coldStart = performance.now()
    if (!(await getPdf())) throw new Error('the working PDF failed')
    const coldClient = performance.now() - coldStart
    const coldServer = (await serverTimings(base))['GET /promotions/downloadworkingpdf/{id}']?.[0]
    const warm = await load(PDF_SECONDS, 1, getPdf)
    const warmServer = serverStats(await serverTimings(base), 'GET /promotions/downloadworkingpdf/{id}')
    const parallel = await load(PDF_SECONDS, PDF_CONCURRENCY, getPdf)
    const parallelServer = serverStats(await serverTimings(base), 'GET /promotions/downloadworkingpdf/{id}')

    report(`permit: working PDF of a filled application: ${(pdfBytes / 1024).toFixed(0)} KB${pages ? `, ${pages} pages` : ''}`)
    report(`permit: PDF cold (first after start, browser launch included)  server ${ms(coldServer)}; client ${ms(coldClient)}`)
    report(`permit: PDF warm, one at a time for ${PDF_SECONDS} s               ${f(warm, warmServer)}`)
    report(
      `permit: PDF warm, ${PDF_CONCURRENCY} at once for ${PDF_SECONDS} s                   ${f(parallel, parallelServer)} = ${parallel.rps.toFixed(1)} PDFs/s`,
    )
    report(`permit: target warm PDF p50 < ${TARGET_PDF_P50_MS} ms: ${warmServer.p50 < TARGET_PDF_P50_MS ? 'met' : 'NOT met'} (server ${ms(warmServer.p50)})`)

    // (a) the save round-trip, each client on its own promotion: GET it, then save it again and again with the version each save answers.
    const probe = await fetch(`${base}/api/promotion/save`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })
    if (probe.status === 404) {
      report('permit: POST /api/promotion/save is not there (404): save figures skipped')
      return
    }
    const versions = []
    const bodies = []
    for (const id of ready.saveIds) {
      const response = await fetch(`${base}/api/promotion/get?id=${id}`, { headers })
      if (!response.ok) throw new Error(`get ${id} answered ${response.status}`)
      const promotion = await response.json()
      bodies.push({ ...promotion, ...ready.application.promotion, permit: { ...promotion.permit, ...ready.application.permit } })
      versions.push(promotion.versionNumber)
    }
    let conflicts = 0
    let saves = 0
    let lastError
    let lastSaved
    const save = async (client) => {
      // A changed answer each time, as the wizard sends: every save writes and records a change.
      const body = {
        ...bodies[client],
        versionNumber: versions[client],
        permit: { ...bodies[client].permit, comments: `Please call before lodging (${++saves}).` },
      }
      const response = await fetch(`${base}/api/promotion/save`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = await response.json().catch(() => undefined)
      if (response.ok) {
        versions[client] = answer.versionNumber
        lastSaved = answer
        return true
      }
      if (response.status === 409) conflicts++
      lastError = `${response.status} ${JSON.stringify(answer).slice(0, 300)}`
      return false
    }
    // Warm both paths, then measure them one after the other in the same run.
    const warmup = Math.min(2, SECONDS)
    const getHealth = () => fetchOk(`${base}/api/health`, { headers })
    await load(warmup, CONCURRENCY, getHealth)
    await load(warmup, CONCURRENCY, save)
    await serverTimings(base)
    const health = await load(SECONDS, CONCURRENCY, getHealth)
    const healthServer = serverStats(await serverTimings(base), 'GET /api/health')
    const saved = await load(SECONDS, CONCURRENCY, save)
    const savedServer = serverStats(await serverTimings(base), 'POST /api/promotion/save')

    report(
      `permit: save: full application (${JSON.stringify(bodies[0]).length.toLocaleString('en-AU')} bytes of JSON), ${CONCURRENCY} concurrent clients each on its own promotion, ${SECONDS} s each`,
    )
    report(`permit: GET /api/health            ${f(health, healthServer)}`)
    report(`permit: POST /api/promotion/save   ${f(saved, savedServer)}; ${conflicts} version conflicts`)
    if (lastError) report(`permit: last failed save: ${lastError}`)
    if (lastSaved)
      report(
        `permit: a saved application: status ${lastSaved.permitStatus?.name}, sections complete ${(lastSaved.permit?.completedSections ?? []).length}, application complete ${lastSaved.permit?.applicationComplete} (no attachments uploaded)`,
      )
    report(
      `permit: save / health: server p50 x${(savedServer.p50 / healthServer.p50).toFixed(1)}, p99 x${(savedServer.p99 / healthServer.p99).toFixed(1)}, throughput ${((100 * saved.rps) / health.rps).toFixed(0)}% of health; target save p99 < ${TARGET_SAVE_P99_MS} ms: ${savedServer.p99 < TARGET_SAVE_P99_MS ? 'met' : 'NOT met'} (server ${ms(savedServer.p99)}, client ${ms(saved.p99)})`,
    )
  } finally {
    await stopChild(ready.child)
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.url === `file://${process.argv[1]}`) await run()
