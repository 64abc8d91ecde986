/**
 * Staff statistics (001 §2 statistics/, issue 26): what each service is called, which fees are the
 * provider's revenue and which are government fees passed through to the regulators, the filters
 * the screen offers, and the figures staff act on (turnaround percentiles, outstanding work by age).
 */
import { z } from 'zod'
import { IsoDateSchema } from '../dates/date-schemas'
import { csvSafeCell } from '../draws/csv-export'

/** The provider's services as fee keys with the words staff read (never code names). */
export const PROVIDER_SERVICE_FEES = [
  { key: 'feeDue_Service', service: 'managedSubmission', label: 'Permit management' },
  { key: 'feeDue_RandomDraw', service: 'randomDraw', label: 'Random draw' },
  { key: 'feeDue_TermsAndConditions', service: 'termsAndConditions', label: 'T&Cs (game of chance)' },
  { key: 'feeDue_SkillsBasedTC', service: 'skillsBasedTC', label: 'T&Cs (game of skill)' },
  { key: 'feeDue_AbridgedTC', service: 'abridgedTC', label: 'Abridged T&Cs' },
  { key: 'feeDue_HostedTC', service: 'hostedTC', label: 'Hosted T&Cs' },
  // Issue 25 (decision record 020).
  { key: 'feeDue_WinnerPublication', service: 'winnerPublication', label: 'Winner publication' },
] as const

/** Government permit fees: collected with the invoice and paid on to the regulator (not revenue). */
export const GOVERNMENT_FEES = [
  { key: 'feeDue_NSW', state: 'NSW', label: 'NSW permit fee (Liquor & Gaming NSW)' },
  { key: 'feeDue_ACT', state: 'ACT', label: 'ACT permit fee (Access Canberra)' },
  { key: 'feeDue_SA', state: 'SA', label: 'SA licence fee (Consumer and Business Services)' },
] as const

export const STATISTICS_SERVICES = PROVIDER_SERVICE_FEES.map((fee) => fee.service) as unknown as readonly [
  'managedSubmission',
  'randomDraw',
  'termsAndConditions',
  'skillsBasedTC',
  'abridgedTC',
  'hostedTC',
  'winnerPublication',
]
export type StatisticsService = (typeof STATISTICS_SERVICES)[number]

/** The label of a service key (`randomDraw`) or fee key (`feeDue_RandomDraw`). */
export function feeServiceLabel(keyOrService: string): string {
  const provider = PROVIDER_SERVICE_FEES.find((fee) => fee.key === keyOrService || fee.service === keyOrService)
  if (provider) return provider.label
  const government = GOVERNMENT_FEES.find((fee) => fee.key === keyOrService)
  return government ? government.label : keyOrService
}

export const STATISTICS_STATES = ['NSW', 'ACT', 'SA', 'VIC', 'QLD', 'WA', 'TAS', 'NT'] as const

export const MSG_STATISTICS_RANGE = 'The start of the date range must be on or before its end.'
export const MSG_STATISTICS_STATE = 'Please choose a state.'
export const MSG_STATISTICS_SERVICE = 'Please choose a service.'

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')

/** The statistics filters: created between `from` and `to` (Sydney dates), a state, a service, test promotions. */
export const StatisticsQuerySchema = z
  .object({
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    state: z.enum(STATISTICS_STATES, { error: MSG_STATISTICS_STATE }).optional(),
    service: z.enum(STATISTICS_SERVICES, { error: MSG_STATISTICS_SERVICE }).optional(),
    includeTest: flag.optional().default(false),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: MSG_STATISTICS_RANGE })
export type StatisticsQuery = z.infer<typeof StatisticsQuerySchema>

/**
 * The p-th percentile (0–100) of a list, linearly interpolated between closest ranks (as
 * PostgreSQL's percentile_cont); null for an empty list. Rounded to 2 decimals (001 §9).
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (p / 100) * (sorted.length - 1)
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  const value = sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low)
  return Math.round(value * 100) / 100
}

/** Outstanding work by age (days since submission), coloured as the outstanding list (001 §9: 2 warning, 5 danger). */
export const OUTSTANDING_AGE_BUCKETS = [
  { label: 'Under 2 days', min: 0, max: 1, tone: 'neutral' },
  { label: '2 to 4 days', min: 2, max: 4, tone: 'warning' },
  { label: '5 to 9 days', min: 5, max: 9, tone: 'danger' },
  { label: '10 days or more', min: 10, max: Number.POSITIVE_INFINITY, tone: 'danger' },
] as const

export function outstandingAgeBucket(days: number): (typeof OUTSTANDING_AGE_BUCKETS)[number]['label'] {
  return OUTSTANDING_AGE_BUCKETS.find((bucket) => days >= bucket.min && days <= bucket.max)!.label
}

/**
 * One CSV cell, safe to open in a spreadsheet: text that starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return is prefixed with an apostrophe so it is never run as a formula (OWASP CSV
 * injection); quoted when it holds a comma, quote or line break (RFC 4180). Numbers stay numbers.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value == null) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const safe = csvSafeCell(value)
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows to CSV text (CRLF line ends, as spreadsheets expect), every cell through `csvCell`. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
