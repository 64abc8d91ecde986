/**
 * statistics (issue 13 statistics/): promotions by status, by state and by month, revenue by
 * service (the stored fees of paid promotions, dollars), conversion from created to paid, and
 * average days from submission to approval. Percentages rounded to 2 decimals (001 §9).
 */
import { adminStatusName, percentage, SUBMITTED_OR_GENERATED_STATUS_IDS, toDollars } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findStatisticsAggregates } from './admin.repository'

/** Paid: a promotion that reached submission or generation (payment is taken on submit). */
export const PAID_STATUS_IDS: readonly number[] = SUBMITTED_OR_GENERATED_STATUS_IDS

export async function getStatistics(db: DbOrTx) {
  const a = await findStatisticsAggregates(db, PAID_STATUS_IDS)
  const total = a.byStatus.reduce((sum, r) => sum + r.n, 0)
  const states = ['NSW', 'ACT', 'SA', 'VIC', 'QLD', 'WA', 'TAS', 'NT']
  const revenueTotal = Object.values(a.revenue).reduce<number>((s, v) => s + Number(v), 0)
  return {
    total,
    byStatus: a.byStatus.map((r) => ({ statusId: r.statusId, status: adminStatusName(r.statusId), count: r.n, percentage: percentage(r.n, total) })),
    byState: states.map((state) => ({ state, count: a.byState[state] ?? 0, percentage: percentage(a.byState[state] ?? 0, total) })),
    byMonth: a.byMonth.map((m) => ({ month: m.month, created: m.created, paid: m.paid })),
    revenueByService: Object.entries(a.revenue).map(([service, cents]) => ({ service, amount: toDollars(Number(cents)), percentage: percentage(Number(cents), revenueTotal) })),
    conversion: { created: a.conversion.created, paid: a.conversion.paid, percentage: percentage(a.conversion.paid, a.conversion.created) },
    averageDaysToApproval: a.approval.days === null ? null : Math.round(a.approval.days * 100) / 100,
    approvalsMeasured: a.approval.n,
  }
}
