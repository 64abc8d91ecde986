/**
 * getOutstanding (001 §2 outstanding/): promotions waiting for staff, oldest submission first,
 * each with its days since submission and row colour (shared rule). Filters: statuses and states;
 * each staff member's defaults are saved (staff_preferences).
 */
import { adminStatusName, daysSince, OUTSTANDING_STATUS_IDS, outstandingColour, PERMIT_STATUS_IDS, type OutstandingRow } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findActionsRequired, findOutstanding } from './admin.repository'

export const OUTSTANDING_LIMIT = 500

export type OutstandingFilters = { statusIds?: number[]; states?: string[] }

export async function getOutstanding(db: DbOrTx, filters: OutstandingFilters, now: Date): Promise<OutstandingRow[]> {
  const statusIds = filters.statusIds?.length ? filters.statusIds.filter((s) => OUTSTANDING_STATUS_IDS.includes(s)) : OUTSTANDING_STATUS_IDS
  const rows = await findOutstanding(db, { statusIds: statusIds.length ? statusIds : OUTSTANDING_STATUS_IDS, states: filters.states, limit: OUTSTANDING_LIMIT })
  return rows.map((r) => {
    const days = daysSince(r.submittedAt ?? r.updatedAt, now)
    return {
      id: r.id,
      name: r.name,
      statusId: r.statusId,
      statusName: adminStatusName(r.statusId),
      accountName: r.accountName,
      email: r.email,
      submittedAt: (r.submittedAt ?? r.updatedAt).toISOString(),
      daysSinceSubmission: days,
      colour: outstandingColour(days, r.statusId === PERMIT_STATUS_IDS.awaitingSubmission),
    }
  })
}

/** getActionsRequired: promotions in "Action required", with whether the customer has answered. */
export async function getActionsRequired(db: DbOrTx) {
  const rows = await findActionsRequired(db, OUTSTANDING_LIMIT)
  return rows.map((r) => {
    const entry = (r.details as { actionEntry?: { actionFields?: unknown[]; actionQuestions?: { answer?: string | null }[] } }).actionEntry
    const questions = entry?.actionQuestions ?? []
    return {
      id: r.id,
      name: r.name,
      accountName: r.accountName,
      email: r.email,
      updatedAt: r.updatedAt.toISOString(),
      flaggedFields: entry?.actionFields?.length ?? 0,
      questions: questions.length,
      answered: questions.filter((q) => q.answer && q.answer.trim()).length,
    }
  })
}
