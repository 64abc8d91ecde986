/**
 * Every call the staff console makes (001 §7: /api/admin/*, /api/adminNote/*, the staff-only
 * /api/promotion/* calls), one function each, and their TanStack Query keys (issue 26). Screens
 * import these and never write an `/api/` path themselves (the boundary lint checks that): a
 * path is typed once, here, beside the answer's type.
 */
import type { z } from 'zod'
import type {
  AdminNoteView,
  AdminPromotionDetail,
  AdminPromotionRow,
  ChangelogEntryView,
  InvoiceView,
  OutstandingRow,
  Promotion,
  RuleSetPreviewSchema,
  RuleSetSummarySchema,
  RuleSetView,
  StaffMember,
} from '@permitdesk/shared'
import { MSG_UPLOAD_ERROR } from '@permitdesk/shared'
import { api, ApiError, quiet } from '../../lib/api-client'

// --- query keys: everything under ['staff'], so a staff action can refresh the console at once --
export const staffKeys = {
  all: ['staff'] as const,
  promotion: (id: number) => ['staff', 'promotion', id] as const,
  /** The customer's view of a promotion (the attachments screen saves it back whole). */
  customerPromotion: (id: number) => ['staff', 'promotion', id, 'customer-view'] as const,
  notes: (filter: NotesFilter) => ['staff', 'notes', filter] as const,
  note: (id: string) => ['staff', 'note', id] as const,
  staff: ['staff', 'members'] as const,
  changelog: (id: number) => ['staff', 'promotion', id, 'changelog'] as const,
  actionFields: ['staff', 'action-fields'] as const,
  resources: ['staff', 'resources'] as const,
  outstanding: (filters: OutstandingFilters | null) => ['staff', 'outstanding', filters] as const,
  promotions: (query: PromotionSearch) => ['staff', 'promotions', query] as const,
  users: (q: string, page: number) => ['staff', 'users', q, page] as const,
  emailChanges: (q: string, page: number) => ['staff', 'email-changes', q, page] as const,
  contacts: (resolved: string, contactId: string | undefined) => ['staff', 'contacts', resolved, contactId] as const,
  invoices: (id: number) => ['staff', 'promotion', id, 'invoices'] as const,
  invoiceBlock: (id: number) => ['staff', 'promotion', id, 'invoice-block'] as const,
  invoice: (invoiceNumber: number) => ['staff', 'invoice', invoiceNumber] as const,
  statistics: (filter: StatisticsParams) => ['staff', 'statistics', filter] as const,
  ruleSets: ['staff', 'rule-sets'] as const,
  ruleSet: (id: string) => ['staff', 'rule-set', id] as const,
}

// --- promotions ---------------------------------------------------------------------------------
export const getAdminPromotion = (id: number) => api.get<AdminPromotionDetail>('/api/admin/getPromotion', { query: { id } })
export const isPromotionActive = (id: number) => api.get<{ active: boolean }>('/api/admin/isPromotionActive', { query: { id } })

export type PromotionSearch = { q?: string; page: number; showTest: boolean; account_id?: string; promotion_id?: string; note_id?: string }
export type PromotionPage = { promotions: AdminPromotionRow[]; total: number; page: number; pageSize: number }
export const searchPromotions = (query: PromotionSearch) => api.get<PromotionPage>('/api/admin/getPromotions', { query })

export type OutstandingFilters = { statusIds?: number[]; states?: string[] }
export const getOutstanding = (filters: OutstandingFilters | null) =>
  api.get<{ rows: OutstandingRow[]; filters: OutstandingFilters }>('/api/promotion/getOutstanding', {
    query: filters ? { useSaved: false, status: filters.statusIds?.join(',') || undefined, states: filters.states?.join(',') || undefined } : {},
  })
export const saveOutstandingFilters = (filters: OutstandingFilters) => api.post<OutstandingFilters>('/api/admin/saveOutstandingFilters', filters)
export const getChangelog = (id: number) => api.get<ChangelogEntryView[]>('/api/admin/getChangelog', { query: { id } })

/** The staff actions on a promotion's status and flags (promotion-status-actions.ts), by name. */
export const promotionActions = {
  approve: (promotionId: number, sendToWA: boolean) => api.post('/api/admin/approvePromotion', { promotionId, sendToWA }, quiet),
  lock: (id: number) => api.post('/api/promotion/lock', { id }),
  unlock: (id: number) => api.post('/api/promotion/unlock', { id }),
  delete: (id: number) => api.post('/api/admin/deletePromotion', { id }),
  restore: (id: number) => api.post('/api/admin/restorePromotion', { id }),
  forceSaPremium: (id: number, on: boolean) => api.post('/api/promotion/forceSaPremium', { id, on }),
  sendPermitNumberUpdate: (id: number) => api.post('/api/promotion/sendPermitNumberUpdate', { id }),
  setTest: (id: number, isTest: boolean) => api.post('/api/admin/setTestPromotion', { id, isTest }),
  forceStatus: (id: number, newStatus: number) => api.post('/api/admin/forcePromotionStatusChange', { id, newStatus }),
  markFormsSubmitted: (id: number, state: string) => api.post('/api/promotion/markFormsSubmitted', { id, state }),
}

export type PermitNumberInput = { promotionId: number; state: string; number: string; approvalDate: string; expiryDate: string | null; fileName: string | null }
export const savePermitNumber = (input: PermitNumberInput) => api.post('/api/promotion/savePermitNumber', input, quiet)

export type ActionField = { slug: string; name: string }
export const getActionFields = () => api.get<ActionField[]>('/api/admin/getActionFields')
export type ActionEntryInput = {
  promotionId: number
  actionFields: { actionFieldSlug: string; comment: string | null }[]
  actionQuestions: { question: string }[]
}
export const createActionEntry = (input: ActionEntryInput) => api.post('/api/admin/createActionEntry', input)

/** The customer's promotion record, read and saved back whole (attachments: 001 §5). */
export type CustomerPromotion = Promotion & {
  attachmentsRelevant?: string
  attachmentsManualOverride?: boolean | null
  attachmentsManuallyRequired?: string | null
}
export const getCustomerPromotion = (id: number) => api.get<CustomerPromotion>('/api/promotion/get', { query: { id } })
export const savePromotion = (promotion: Record<string, unknown>) => api.post<CustomerPromotion>('/api/promotion/save', promotion, quiet)
export const saveAttachments = (body: { id: number; versionNumber: number; attachments: unknown[] }) => api.post('/api/promotion/saveAttachments', body, quiet)

/** POST /api/Upload (multipart): the stored name, or the server's message as an error. */
export async function uploadFile(file: File): Promise<{ serverFileName: string; headerFileName: string; message: string }> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch('/api/Upload', { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } })
  const body = (await response.json().catch(() => ({}))) as { message?: string; serverFileName?: string; headerFileName?: string }
  if (!response.ok || !body.serverFileName) throw new ApiError(response.status, { message: body.message || MSG_UPLOAD_ERROR })
  return { serverFileName: body.serverFileName, headerFileName: body.headerFileName ?? file.name, message: body.message ?? '' }
}

// --- notes and tasks ----------------------------------------------------------------------------
export type NotesFilter = {
  assignedTo?: string
  resolved: 'true' | 'false' | 'all'
  promotionId?: number
  customerContactId?: number
  kind?: 'tasks' | 'notes' | 'all'
}
export const getNotes = (filter: NotesFilter) => api.get<AdminNoteView[]>('/api/adminNote/getTasks', { query: filter })
export const getNote = (id: string) => api.get<AdminNoteView>('/api/adminNote/get', { query: { id } })
export const getStaffMembers = () => api.get<StaffMember[]>('/api/admin/getStaff')
export type NoteInput = {
  note: string
  promotionId?: number | null
  customerContactId?: number | null
  makeTask?: boolean
  dueDate?: string | null
  assignedTo?: number | null
}
export const createNote = (input: NoteInput) => api.post<AdminNoteView>('/api/adminNote/create', input, quiet)
export const updateNote = (id: number, note: string) => api.post<AdminNoteView>('/api/adminNote/update', { id, note })
export const resolveNote = (id: number, resolved: boolean) => api.post<AdminNoteView>('/api/adminNote/resolve', { id, resolved })
export const deleteNote = (id: number) => api.post('/api/adminNote/delete', { id })
export const makeTask = (input: { id: number; dueDate: string | null; assignedTo: number | null }) =>
  api.post<AdminNoteView>('/api/adminNote/makeTask', input, quiet)
export const assignNote = (id: number, assignedTo: number | null) => api.post<AdminNoteView>('/api/admin/assign', { id, assignedTo })

// --- customer contacts --------------------------------------------------------------------------
export type Contact = {
  id: number
  kind: string
  source: string | null
  name: string
  organisation: string | null
  email: string
  phone: string | null
  message: string
  promotionRef: string | null
  assignedTo: string | null
  receivedAt: string
  resolvedAt: string | null
  voicemailFile: string | null
}
export const getContacts = (resolved: string, contactId: string | undefined) =>
  api.get<{ contacts: Contact[]; total: number }>('/api/admin/getCustomerContacts', {
    query: { resolved: contactId ? 'all' : resolved, contact_id: contactId },
  })
export const claimContact = (id: number) => api.post('/api/admin/claimCustomerContact', { id })
export const resolveContact = (id: number) => api.post('/api/admin/resolveCustomerContact', { id })
/** POST /api/admin/createVoicemail (multipart: the recording and what is known of the caller). */
export async function createVoicemail(data: FormData): Promise<void> {
  const response = await fetch('/api/admin/createVoicemail', { method: 'POST', body: data, credentials: 'include', headers: { accept: 'application/json' } })
  if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => ({}))) as { message?: string })
}
export const voicemailUrl = (file: string) => `/download/voicemail/${file}`

// --- users --------------------------------------------------------------------------------------
export type UserRow = {
  id: number
  email: string
  firstName: string
  lastName: string
  accountName: string
  authorisedAgent: boolean
  isStaff: boolean
  staffRole: string | null
  createdAt: string
}
export type EmailChange = {
  id: number
  at: string
  userId: number
  name: string
  currentEmail: string
  from: string | null
  to: string | null
  changedByEmail: string | null
}
export const getUsers = (q: string, page: number) =>
  api.get<{ users: UserRow[]; total: number; pageSize: number }>('/api/admin/getUsers', { query: { q: q || undefined, page } })
export const getEmailChanges = (q: string, page: number) =>
  api.get<{ changes: EmailChange[]; total: number; pageSize: number }>('/api/admin/updateEmails', { query: { q: q || undefined, page } })
export const updateUserEmail = (userId: number, email: string) => api.post('/api/admin/updateUserEmail', { userId, email }, quiet)
export const endUserSessions = (userId: number) =>
  api.post<{ ended: number; apiKeysRevoked: number; calendarFeedReplaced: boolean }>('/api/admin/endUserSessions', { userId })

// --- invoices and cards -------------------------------------------------------------------------
export const getInvoiceBlock = (id: number) => api.get<{ blockedReason: string | null }>('/api/admin/getInvoiceBlock', { query: { id } })
export const createInvoice = (body: { id: number; amount: number; gst: number; description: string | null }) =>
  api.post<InvoiceView>('/api/admin/createInvoice', body, quiet)
export const getArbitraryInvoice = (invoiceNumber: number) => api.get<InvoiceView>('/api/invoice/getArbitrary', { query: { invoiceNumber }, notify: false })
export const cancelInvoice = (invoiceNumber: number) => api.post('/api/invoice/cancel', { invoiceNumber }, quiet)
export const approveBpayPayment = (id: number) => api.post('/api/admin/approveBpayPayment', { id }, quiet)
export type ChargeCardBody = Record<string, unknown>
export const chargeCard = (body: ChargeCardBody) =>
  api.post<{ invoice: InvoiceView; card: { brand: string | null; last4: string | null } }>('/api/admin/chargeCard', body, quiet)

// --- resources ----------------------------------------------------------------------------------
export type StaffResource = {
  id: number
  title: string
  category: string
  kind: 'link' | 'document'
  description: string | null
  href: string | null
  fileName: string | null
  mimeType: string | null
  fileSize: number | null
  updatedAt: string
}
export const getResources = () => api.get<StaffResource[]>('/api/admin/getResources')

// --- statistics ---------------------------------------------------------------------------------
export type StatisticsParams = { from?: string; to?: string; state?: string; service?: string; includeTest?: boolean }
/** GET /api/admin/statistics; the answer's type lives with the screen that draws it. */
export const getStatistics = <T>(params: StatisticsParams) => api.get<T>('/api/admin/statistics', { query: params })

// --- rule sets (issue 30) -----------------------------------------------------------------------
export type RuleSetSummary = z.infer<typeof RuleSetSummarySchema>
export type RuleSetPreview = Omit<z.infer<typeof RuleSetPreviewSchema>, 'ruleSet'> & { ruleSet: RuleSetView }
export type RuleSetDraft = {
  baseId: string
  id: string
  effectiveFrom: string
  description: string
  changes: { key: string; value: unknown; source: { title: string; url: string; dateRead: string; verified: boolean; note?: string } }[]
}
export const getRuleSets = () => api.get<RuleSetSummary[]>('/api/admin/ruleSets')
export const getRuleSet = (id: string) => api.get<RuleSetView>(`/api/rules/${encodeURIComponent(id)}`)
export const previewRuleSet = (draft: RuleSetDraft) => api.post<RuleSetPreview>('/api/admin/previewRuleSet', draft, quiet)
export const publishRuleSet = (draft: RuleSetDraft) => api.post<unknown>('/api/admin/publishRuleSet', draft, quiet)
