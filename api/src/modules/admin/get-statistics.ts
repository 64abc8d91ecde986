/**
 * statistics (001 §2 statistics/, issue 26): promotions by status, state and month; the provider's
 * revenue by service (ex GST) with government fees apart as money passed through to the
 * regulators; conversion; turnaround from submission to permit number per state (median and 90th
 * percentile); outstanding work by age. Filtered by created date range, state and service; test
 * promotions left out unless asked for. Percentages rounded to 2 decimals (001 §9).
 */
import {
  adminStatusName,
  GOVERNMENT_FEES,
  OUTSTANDING_AGE_BUCKETS,
  OUTSTANDING_STATUS_IDS,
  outstandingAgeBucket,
  percentage,
  percentile,
  PROVIDER_SERVICE_FEES,
  STATISTICS_STATES,
  SUBMITTED_OR_GENERATED_STATUS_IDS,
  toDollars,
  type StatisticsQuery,
} from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findStatisticsAggregates, findStatisticsVersion } from './admin.repository'

/** Paid: a promotion that reached submission or generation (payment is taken on submit). */
export const PAID_STATUS_IDS: readonly number[] = SUBMITTED_OR_GENERATED_STATUS_IDS

const FEE_KEYS = [...PROVIDER_SERVICE_FEES.map((fee) => fee.key), ...GOVERNMENT_FEES.map((fee) => fee.key)]

export async function getStatistics(db: DbOrTx, query: StatisticsQuery = { includeTest: false }) {
  const a = await findStatisticsAggregates(db, PAID_STATUS_IDS, OUTSTANDING_STATUS_IDS, FEE_KEYS, query)
  const total = a.byStatus.reduce((sum, r) => sum + r.n, 0)
  const cents = (key: string) => Number(a.revenue[key] ?? 0)
  const providerTotal = PROVIDER_SERVICE_FEES.reduce((sum, fee) => sum + cents(fee.key), 0)
  const governmentTotal = GOVERNMENT_FEES.reduce((sum, fee) => sum + cents(fee.key), 0)
  return {
    filter: query,
    total,
    byStatus: a.byStatus.map((r) => ({ statusId: r.statusId, status: adminStatusName(r.statusId), count: r.n, percentage: percentage(r.n, total) })),
    byState: STATISTICS_STATES.map((state) => ({ state, count: a.byState[state] ?? 0, percentage: percentage(a.byState[state] ?? 0, total) })),
    byMonth: a.byMonth.map((m) => ({ month: m.month, created: m.created, paid: m.paid })),
    /** The provider's own fees, ex GST: what the business earns. */
    revenueByService: PROVIDER_SERVICE_FEES.map((fee) => ({
      service: fee.service,
      label: fee.label,
      amount: toDollars(cents(fee.key)),
      percentage: percentage(cents(fee.key), providerTotal),
    })),
    revenueTotal: toDollars(providerTotal),
    /** Government permit fees collected with invoices and paid on to the regulators: not revenue. */
    governmentFees: GOVERNMENT_FEES.map((fee) => ({ state: fee.state, label: fee.label, amount: toDollars(cents(fee.key)) })),
    governmentFeesTotal: toDollars(governmentTotal),
    conversion: { created: a.conversion.created, paid: a.conversion.paid, percentage: percentage(a.conversion.paid, a.conversion.created) },
    turnaround: ['NSW', 'ACT', 'SA'].map((state) => {
      const days = a.turnaround.filter((t) => t.state === state).map((t) => t.days)
      return { state, measured: days.length, medianDays: percentile(days, 50), p90Days: percentile(days, 90) }
    }),
    outstandingByAge: OUTSTANDING_AGE_BUCKETS.map((bucket) => ({
      label: bucket.label,
      tone: bucket.tone,
      count: a.outstanding.filter((o) => outstandingAgeBucket(o.days) === bucket.label).length,
    })),
    averageDaysToApproval: a.approval.days === null ? null : Math.round(a.approval.days * 100) / 100,
    approvalsMeasured: a.approval.n,
  }
}

type Statistics = Awaited<ReturnType<typeof getStatistics>> & { asOf: string }
export type StatisticsCache = Map<string, { at: number; value: Promise<Statistics> }>

/** At most a minute old: outstanding ages move with the clock even when nothing is written. */
export const STATISTICS_MAX_AGE_MS = 60_000

/**
 * The statistics screen's figures, computed once per filter and data version: any promotion
 * created or changed (every write is in the changelog) gives a new version, so staff never see
 * stale figures after a change; concurrent requests share one computation; at 100,000 promotions
 * a computation takes seconds, which staff would otherwise wait for on every filter change.
 */
export async function getStatisticsCached(db: DbOrTx, query: StatisticsQuery, cache: StatisticsCache, now = Date.now()): Promise<Statistics> {
  const version = await findStatisticsVersion(db)
  const key = JSON.stringify([query, version])
  const hit = cache.get(key)
  if (hit && now - hit.at < STATISTICS_MAX_AGE_MS) return hit.value
  for (const [old, entry] of cache) if (now - entry.at >= STATISTICS_MAX_AGE_MS || cache.size > 100) cache.delete(old)
  const value = getStatistics(db, query).then((figures) => ({ ...figures, asOf: new Date(now).toISOString() }))
  cache.set(key, { at: now, value })
  value.catch(() => cache.delete(key))
  return value
}
