/**
 * Terms and conditions figures (issue 14), in process:
 * (a) generate + render HTML of the full chance T&Cs for a full application (all eight states,
 *     every prize category, every TA–TO trigger, permit numbers) from the seed clause library:
 *     p50/p99 over BENCH_TERMS_RUNS runs; also the abridged form and the skill form. Baseline in
 *     the same run: a JSON round trip of the same application (parse + stringify), so the ratio
 *     says how many such round trips one generation costs.
 * (b) the PDF of that document through the PdfService (warm browser): p50/p99 over
 *     BENCH_TERMS_PDFS prints; baseline in the same run: a one-paragraph page through the same
 *     printer (the fixed cost of any PDF).
 *   npm run bench -- terms      (BENCH_TERMS_RUNS=2000 BENCH_TERMS_PDFS=20)
 */
import fs from 'node:fs'
import { percentile, registerTsx } from './lib.mjs'

const RUNS = Number(process.env.BENCH_TERMS_RUNS || 2000)
const PDFS = Number(process.env.BENCH_TERMS_PDFS || 20)

function time(runs, fn) {
  for (let i = 0; i < Math.min(50, runs); i++) fn()
  const samples = []
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint()
    fn()
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) }
}

async function timeAsync(runs, fn) {
  await fn()
  const samples = []
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint()
    await fn()
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) }
}

const ms = (v) => `${v.toFixed(3)} ms`

export async function run(report) {
  await registerTsx()
  const shared = await import('../../shared/src/index.ts')
  const { keysToFlags, PRIZE_CATEGORIES, PRIZE_CATEGORY_FLAGS, ENTRY_METHOD_FLAGS, DRAW_METHOD_FLAGS, ausStatesOf, STATE_KEYS, SEED_TERMS_CLAUSES } = shared
  const address = { lineOne: 'Level 3, 100 George Street', lineTwo: 'Suite 301', suburb: 'Sydney', state: 'NSW', postcode: '2000' }
  const source = {
    name: 'Big national giveaway',
    ausStates: ausStatesOf(...STATE_KEYS),
    totalPrizeValue: 25_000_000,
    prizeValueACT: 25_000_000,
    prizeValueNSW: 25_000_000,
    prizeValueSA: 25_000_000,
    prizeValueVIC: 25_000_000,
    prizeValueQLD: 25_000_000,
    prizeValueTAS: 25_000_000,
    prizeValueWA: 25_000_000,
    prizeValueNT: 25_000_000,
    prizeQuantityTotal: 120,
    prizeDescription: 'A car, a house, a holiday, cash, wine, televisions and concert tickets.',
    prizeCategoriesValue: keysToFlags([...PRIZE_CATEGORIES], PRIZE_CATEGORY_FLAGS),
    maxPrizeValue: 9_000_000,
    prizePublicationACT: 'The Canberra Times',
    prizePublicationDateACT: '2027-04-14',
    permit: {
      startDate: '2027-02-01',
      startTime: '09:00',
      endDate: '2027-03-31',
      endTime: '15:00',
      under18s: true,
      inducementsOffered: true,
      inducementsDetail: 'a free sample with every purchase',
      promotedProducts: 'Sunscreen',
      entryMethodsValue: keysToFlags(['internet', 'mail', 'sms', 'phone1900', 'gaming'], ENTRY_METHOD_FLAGS),
      entryMethodsPhoneNumbers: '19 99 99',
      entryMethodsWebsite: 'example.com.au/win',
      entryMechanic: 'Buy any product and enter the code.',
      entriesPerDay: 3,
      multiplePrizesAllowed: false,
      drawMethodsValue: keysToFlags(['singleAll', 'predetermined', 'instantElectronic'], DRAW_METHOD_FLAGS),
      isComputerDraw: true,
      finalDraw: {
        date: '2027-04-07',
        time: '15:00',
        locationOrganisation: 'Draw Co',
        locationAddress: address,
        notification: { method: 'email', date: '2027-04-09' },
      },
      unclaimedDraw: { date: '2027-07-07', time: '15:00', locationOrganisation: 'Draw Co', locationAddress: address },
      scrutineerRequired: true,
      scrutineerName: 'Sam Scrutineer',
      judgingCriteria: 'originality',
      judges: 'a panel',
      applicant: { organisation: 'Big Brand Pty Ltd', abnacn: '51824753556', businessAddress: address, website: 'example.com.au' },
    },
  }
  const context = {
    permitNumbers: [
      { state: 'NSW', number: 'NTP/01234' },
      { state: 'ACT', number: 'TP 27/01234' },
      { state: 'SA', number: 'T27/1234' },
    ],
    hostedUrl: 'https://tc.example/t/Ab3dE9xYz1/',
  }
  const library = shared.parseClauseLibrary(SEED_TERMS_CLAUSES)
  const gen = (kind) => shared.renderTermsHtml(shared.generateTermsDocument(source, library, kind, context))
  const html = gen('chance')
  const notes = shared
    .getRelevantComplianceNotes({ ...source, ...source.permit, ...shared.getPrizeTierFlags(source.maxPrizeValue) })
    .filter((c) => c.startsWith('T'))
  report(`document: ${html.length} characters, ${(html.match(/<li id=/g) || []).length} clauses; TA–TO notes triggered: ${notes.length}/15`)

  const text = JSON.stringify(source)
  const baseline = time(RUNS, () => JSON.stringify(JSON.parse(text)))
  const chance = time(RUNS, () => gen('chance'))
  const skill = time(RUNS, () => gen('skill'))
  const abridged = time(RUNS, () => gen('abridged'))
  report(`baseline JSON round trip of the application: p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}`)
  report(`generate + render chance: p50 ${ms(chance.p50)}  p99 ${ms(chance.p99)}  (${(chance.p50 / baseline.p50).toFixed(1)}x baseline at p50)`)
  report(`generate + render skill:  p50 ${ms(skill.p50)}  p99 ${ms(skill.p99)}  (${(skill.p50 / baseline.p50).toFixed(1)}x)`)
  report(`generate + render abridged: p50 ${ms(abridged.p50)}  p99 ${ms(abridged.p99)}  (${(abridged.p50 / baseline.p50).toFixed(1)}x)`)

  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!fs.existsSync(chromium)) {
    report(`PDF: skipped (no browser at ${chromium})`)
    return
  }
  const { PdfService } = await import('../../api/src/pdf/pdf-service.ts')
  const { termsPage } = await import('../../api/src/modules/terms/terms-page.ts')
  const pdf = new PdfService({ chromiumPath: chromium })
  try {
    const page = termsPage({ title: 'T&Cs', fragment: html, meta: 'Version 1' })
    const small = termsPage({ title: 'One paragraph', fragment: '<p>One paragraph.</p>' })
    const t0 = process.hrtime.bigint()
    const first = await pdf.render(page)
    report(`PDF first (browser start included): ${ms(Number(process.hrtime.bigint() - t0) / 1e6)}, ${first.length} bytes`)
    const base = await timeAsync(PDFS, () => pdf.render(small))
    const full = await timeAsync(PDFS, () => pdf.render(page))
    report(`PDF baseline one-paragraph page: p50 ${ms(base.p50)}  p99 ${ms(base.p99)}`)
    report(`PDF full T&Cs (warm): p50 ${ms(full.p50)}  p99 ${ms(full.p99)}  (${(full.p50 / base.p50).toFixed(2)}x baseline at p50)`)
  } finally {
    await pdf.close()
  }
}
