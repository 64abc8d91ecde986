/** Wire shapes of the admin service (issue 13): the API builds them, the staff console reads them. */
import type { OutstandingColour } from '../constants'

export type AdminPromotionRow = {
  id: number
  name: string
  statusId: number
  statusName: string
  accountId: number
  accountName: string
  email: string
  organisation: string | null
  permitNumbers: string[]
  isTest: boolean
  deleted: boolean
  createdAt: string
}

export type AdminNoteView = {
  id: number
  kind: string
  /** A task (on the main list) or a note (on its promotion or contact only). */
  isTask: boolean
  /** `YYYY-MM-DD`, for tasks. */
  dueDate: string | null
  /** Where it came from, in words ("Staff note by Sam Staff", "Customer asked for a lawyer"). */
  source: string
  note: string
  promotionId: number | null
  promotionName: string | null
  customerContactId: number | null
  assignedTo: number | null
  assignedToName: string | null
  createdBy: number | null
  resolved: boolean
  resolvedAt: string | null
  createdAt: string
  updatedAt: string
}

export type ChangelogEntryView = {
  id: number
  at: string
  userId: number | null
  userName: string | null
  entity: string
  entityId: number | null
  action: string
  changes: Record<string, { from: unknown; to: unknown }>
}

export type OutstandingRow = {
  id: number
  name: string
  statusId: number
  statusName: string
  accountName: string
  email: string
  submittedAt: string | null
  daysSinceSubmission: number
  colour: OutstandingColour
}

export type StaffMember = { id: number; name: string; email: string }

/** Promotion Detail (GET /api/admin/getPromotion). */
export type AdminPromotionDetail = {
  id: number
  name: string
  statusId: number
  statusName: string
  statusBeforeLock: number | null
  forceableStatuses: { id: number; name: string }[]
  editable: boolean
  states: string[]
  includeNz: boolean
  startDate: string | null
  totalPrizeValue: number
  managedSubmission: boolean
  deleted: boolean
  archived: boolean
  isTest: boolean
  permitNumbers: Record<string, { number: string; approvalDate: string; expiryDate: string | null; fileName: string | null }>
  formsSubmitted: Record<string, string>
  forceSaPremium: boolean
  /** Approved with "send to WA" (001 §4), and when and to whom the WA notice was e-mailed (issue 26). */
  waNotice: { requested: boolean; sentAt: string | null; sentTo: string | null }
  /** The stored fees in dollars (the SA line shows the forced premium). */
  fees: { NSW: number; ACT: number; SA: number; total: number; gst: number; surcharge: number; grandTotal: number; isSAFeePremium: boolean }
  actionEntry: unknown
  organisation: string | null
  submittedAt: string | null
  ownerActiveAt: string | null
  createdAt: string
  updatedAt: string
  owner: { id: number; email: string; name: string; accountName: string; phone: string | null } | null
}
