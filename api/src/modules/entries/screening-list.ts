import {
  ENTRY_FLAG_LABELS,
  maskDigits,
  maskEmail,
  maskText,
  SCREENING_MEMBERS_SHOWN,
  SCREENING_PAGE_SIZE,
  type FlagKind,
  type ScreeningListQuery,
} from '@permitdesk/shared'
import * as repo from './screening.repository'
import { requireScreenable, type Owner, type ScreeningDeps } from './screening-run'

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** Personal data masked as on the entries table: the screen needs to compare, not to read. */
function maskedFields(fields: Record<string, string | boolean>) {
  const name = text(fields.name)
  const email = text(fields.email)
  const phone = text(fields.phone)
  return {
    name: name ? maskText(name) : null,
    email: email ? maskEmail(email) : null,
    phone: phone ? maskDigits(phone) : null,
    postcode: text(fields.postcode) || null,
    state: text(fields.state) || null,
  }
}

/**
 * GET /api/entries/screening: the counts and one page of flagged groups, each with its
 * explanation and its first entries (masked), and what has been decided.
 */
export async function listScreening(deps: ScreeningDeps, owner: Owner, query: ScreeningListQuery) {
  await requireScreenable(deps, owner, query.promotionId)
  const db = deps.database.db
  const offset = (query.page - 1) * SCREENING_PAGE_SIZE
  const [counts, form, page] = await Promise.all([
    repo.screeningCounts(db, query.promotionId),
    repo.formStatusOf(db, query.promotionId),
    repo.flaggedGroups(db, query.promotionId, { kind: query.kind, undecidedOnly: query.undecided, offset, limit: SCREENING_PAGE_SIZE }),
  ])
  const members = await repo.groupMembers(
    db,
    query.promotionId,
    page.groups.map((g) => g.group),
    SCREENING_MEMBERS_SHOWN,
  )
  const byGroup = new Map<string, typeof members>()
  for (const m of members) byGroup.set(m.group, [...(byGroup.get(m.group) ?? []), m])
  return {
    counts,
    frozen: form?.status === 'frozen',
    screenedAt: form?.screenedAt?.toISOString() ?? null,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(page.total / SCREENING_PAGE_SIZE)),
    groupCount: page.total,
    groups: page.groups.map((g) => {
      const list = byGroup.get(g.group) ?? []
      const lead = list.find((m) => m.flag.original) ?? list[0]
      return {
        group: g.group,
        kind: g.kind as FlagKind,
        label: ENTRY_FLAG_LABELS[g.kind as FlagKind] ?? g.kind,
        size: g.size,
        excluded: g.excluded,
        kept: g.kept,
        undecided: g.undecided,
        explanation: lead?.flag.explanation ?? '',
        more: Math.max(0, g.size - list.length),
        entries: list.map((m) => ({
          entryNumber: m.id,
          receivedAt: m.receivedAt.toISOString(),
          channel: m.channel,
          ...maskedFields(m.fields),
          original: m.flag.original === true,
          explanation: m.flag.explanation,
          decision: m.decision,
          decisionReason: m.decisionReason,
          decisionClause: m.decisionClause,
          decidedAt: m.decidedAt?.toISOString() ?? null,
        })),
      }
    }),
  }
}
