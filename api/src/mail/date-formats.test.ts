/**
 * Issue 25: one date and time format wherever a customer meets one. The e-mail templates, PDFs,
 * calendar descriptions and customer screens show dates only through shared/src/format/date.ts;
 * this reads their sources and fails on the ways other formats crept in before (ISO text, "UTC",
 * locale-dependent formatting, numeric day/month dates, times without their zone).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const FOLDERS = [
  'api/src/mail',
  'api/src/documents',
  'api/src/modules/reminders',
  'wizard/src/features/promotions',
  'wizard/src/features/permit',
  'wizard/src/features/account',
  'wizard/src/components',
  // Issue 25 sweep: the draw, payment and rules screens; the draw record, certificate, T&C pages, entry receipts.
  'wizard/src/features/draws',
  'wizard/src/features/payment',
  'wizard/src/features/rules',
  'api/src/modules/draws',
  'api/src/modules/terms',
  'api/src/modules/entries',
  'api/src/modules/housekeeping',
]

const FORBIDDEN: [RegExp, string][] = [
  [/toLocaleDateString|toLocaleTimeString|toUTCString|toDateString/, 'locale or UTC formatting of a date'],
  [/\.toLocaleString\(\s*['"]en-AU['"]\s*\)\s*}?\s*$|new Date\([^)]*\)\.toLocaleString/, 'locale formatting of a date'],
  [/toISOString\(\)\.(slice|replace|substring)/, 'ISO text cut up for display'],
  [/['"`][^'"`]*\bUTC\b[^'"`]*['"`]/, '"UTC" in shown text'],
  [/formatDateNumeric|formatTimeOfDay|formatInstantTime|dd\/MM\/yyyy/, 'a retired date or time form'],
  [/month:\s*['"]long['"]/, 'long month names ("November 25th")'],
]

// Files that format dates for machines, never for a person.
const NOT_SHOWN = new Set([
  'api/src/mail/create-mailer.ts' /* outbox file names */,
  'api/src/modules/draws/ingest-entries.ts' /* a spreadsheet's date cell as its CSV export's text: entry data, hashed as uploaded */,
])

function sources(folder: string): string[] {
  const dir = path.join(root, folder)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))
    .filter((file) => !NOT_SHOWN.has(file))
}

describe('one date and time format in e-mails, PDFs, calendar files and customer screens', () => {
  const files = FOLDERS.flatMap(sources)

  it('reads the templates and screens it guards', () => {
    expect(files.some((f) => f.includes('api/src/mail/'))).toBe(true)
    expect(files.some((f) => f.includes('api/src/documents/'))).toBe(true)
    expect(files.some((f) => f.includes('wizard/src/features/promotions/'))).toBe(true)
  })

  it.each(FORBIDDEN)('no source shows %s', (pattern, what) => {
    const hits = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        // Comments may name a format; only code shows one.
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()} (${what})`),
    )
    expect(hits).toEqual([])
  })

  it('no screen asks for a date or time with the browser’s own field (it reads mm/dd/yyyy and a zone-less time in an en-US browser)', () => {
    const screens = ['wizard/src', 'site/src'].flatMap((folder) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(tsx|astro)$/.test(file) && !/\.test\.tsx$/.test(file))
        .map((file) => path.join(folder, file)),
    )
    expect(screens.length).toBeGreaterThan(50)
    const native = /type=["'{`]*(date|time|datetime-local|month|week)["'}`]/
    expect(screens.filter((file) => native.test(fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([])
    expect(native.test('<input className="ui-input" name="runDate" type="date" />')).toBe(true)
    expect(native.test('<input type="text" />')).toBe(false)
  })

  it('catches what it is for', () => {
    const probe = (line: string) => FORBIDDEN.some(([pattern]) => pattern.test(line))
    expect(probe("const when = `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`")).toBe(true)
    expect(probe('render: (p) => formatDateNumeric(p.createdAt)')).toBe(true)
    expect(probe("new Date(draw.ranAt).toLocaleString('en-AU')")).toBe(true)
    expect(probe('render: (p) => formatDate(p.createdAt)')).toBe(false)
  })
})
