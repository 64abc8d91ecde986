/**
 * Every call the staff console makes (001 §7: /api/admin/*, /api/adminNote/*, the staff-only
 * /api/promotion/* calls), one function each, and their TanStack Query keys (issue 26). Screens
 * import these and never write an `/api/` path themselves (the boundary lint checks that): a
 * path is typed once, here, beside the answer's type. Calls go through typedApi (lib/typed-api.ts),
 * typed from the API's route list: a path, query or body the API does not declare fails tsc. Where
 * a route declares its answer loosely (a loose object), the view type the screen reads is asserted.
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
import { ApiError, quiet } from '../../lib/api-client'
import { apiUrl, typedApi, type ApiBody, type ApiPostPath, type ApiQuery } from '../../lib/typed-api'

/** The two multipart calls (typedApi sends JSON): their paths are still checked against the route list. */
const UPLOAD_PATH: ApiPostPath = '/Upload'
const VOICEMAIL_PATH: ApiPostPath = '/admin/createVoicemail'

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
export const getAdminPromotion = (id: number) => typedApi.get('/admin/getPromotion', { query: { id } }) as Promise<AdminPromotionDetail>
export const isPromotionActive = (id: number) => typedApi.get('/admin/isPromotionActive', { query: { id } }) as Promise<{ active: boolean }>

export type PromotionSearch = { q?: string; page: number; showTest: boolean; account_id?: string; promotion_id?: string; note_id?: string }
export type PromotionPage = { promotions: AdminPromotionRow[]; total: number; page: number; pageSize: number }
/** The ids come from the address bar as text; one that is not a number is sent as NaN, which the API answers with its 400. */
const idParam = (value: string | undefined) => (value === undefined ? undefined : Number(value))
export const searchPromotions = (query: PromotionSearch) =>
  typedApi.get('/admin/getPromotions', {
    query: { ...query, account_id: idParam(query.account_id), promotion_id: idParam(query.promotion_id), note_id: idParam(query.note_id) },
  }) as Promise<PromotionPage>

export type OutstandingFilters = { statusIds?: number[]; states?: string[] }
export const getOutstanding = (filters: OutstandingFilters | null) =>
  typedApi.get('/promotion/getOutstanding', {
    query: filters ? { useSaved: false, status: filters.statusIds?.join(',') || undefined, states: filters.states?.join(',') || undefined } : {},
  }) as Promise<{ rows: OutstandingRow[]; filters: OutstandingFilters }>
export const saveOutstandingFilters = (filters: OutstandingFilters) => typedApi.post('/admin/saveOutstandingFilters', filters) as Promise<OutstandingFilters>
export const getChangelog = (id: number) => typedApi.get('/admin/getChangelog', { query: { id } }) as Promise<ChangelogEntryView[]>

/** The staff actions on a promotion's status and flags (promotion-status-actions.ts), by name. */
export const promotionActions = {
  approve: (promotionId: number, sendToWA: boolean) => typedApi.post('/admin/approvePromotion', { promotionId, sendToWA }, quiet),
  lock: (id: number) => typedApi.post('/promotion/lock', { id }),
  unlock: (id: number) => typedApi.post('/promotion/unlock', { id }),
  delete: (id: number) => typedApi.post('/admin/deletePromotion', { id }),
  restore: (id: number) => typedApi.post('/admin/restorePromotion', { id }),
  forceSaPremium: (id: number, on: boolean) => typedApi.post('/promotion/forceSaPremium', { id, on }),
  sendPermitNumberUpdate: (id: number) => typedApi.post('/promotion/sendPermitNumberUpdate', { id }),
  setTest: (id: number, isTest: boolean) => typedApi.post('/admin/setTestPromotion', { id, isTest }),
  forceStatus: (id: number, newStatus: number) => typedApi.post('/admin/forcePromotionStatusChange', { id, newStatus }),
  markFormsSubmitted: (id: number, state: ApiBody<'/promotion/markFormsSubmitted'>['state']) => typedApi.post('/promotion/markFormsSubmitted', { id, state }),
}

export type PermitNumberInput = { promotionId: number; state: string; number: string; approvalDate: string; expiryDate: string | null; fileName: string | null }
export const savePermitNumber = (input: PermitNumberInput) => typedApi.post('/promotion/savePermitNumber', input, quiet)

export type ActionField = { slug: string; name: string }
export const getActionFields = () => typedApi.get('/admin/getActionFields') as Promise<ActionField[]>
export type ActionEntryInput = ApiBody<'/admin/createActionEntry'>
export const createActionEntry = (input: ActionEntryInput) => typedApi.post('/admin/createActionEntry', input)

/** The customer's promotion record, read and saved back whole (attachments: 001 §5). */
export type CustomerPromotion = Promotion & {
  attachmentsRelevant?: string
  attachmentsManualOverride?: boolean | null
  attachmentsManuallyRequired?: string | null
}
export const getCustomerPromotion = (id: number) => typedApi.get('/promotion/get', { query: { id } }) as Promise<CustomerPromotion>
export const savePromotion = (promotion: CustomerPromotion) =>
  typedApi.post('/promotion/save', promotion as ApiBody<'/promotion/save'>, quiet) as Promise<CustomerPromotion>
export const saveAttachments = (body: ApiBody<'/promotion/saveAttachments'>) => typedApi.post('/promotion/saveAttachments', body, quiet)

/** POST /api/Upload (multipart): the stored name, or the server's message as an error. */
export async function uploadFile(file: File): Promise<{ serverFileName: string; headerFileName: string; message: string }> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch(apiUrl(UPLOAD_PATH), { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } })
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
// A staff member's id arrives from a select as text; 'anyone', 'me' and 'unassigned' are words.
const assignee = (value: string | undefined) =>
  value === undefined || ['anyone', 'me', 'unassigned'].includes(value) ? (value as 'anyone' | 'me' | 'unassigned' | undefined) : Number(value)
export const getNotes = (filter: NotesFilter) =>
  typedApi.get('/adminNote/getTasks', { query: { ...filter, assignedTo: assignee(filter.assignedTo) } }) as Promise<AdminNoteView[]>
export const getNote = (id: string) => typedApi.get('/adminNote/get', { query: { id: Number(id) } }) as Promise<AdminNoteView>
export const getStaffMembers = () => typedApi.get('/admin/getStaff') as Promise<StaffMember[]>
export type NoteInput = {
  note: string
  promotionId?: number | null
  customerContactId?: number | null
  makeTask?: boolean
  dueDate?: string | null
  assignedTo?: number | null
}
export const createNote = (input: NoteInput) => typedApi.post('/adminNote/create', input, quiet) as Promise<AdminNoteView>
export const updateNote = (id: number, note: string) => typedApi.post('/adminNote/update', { id, note }) as Promise<AdminNoteView>
export const resolveNote = (id: number, resolved: boolean) => typedApi.post('/adminNote/resolve', { id, resolved }) as Promise<AdminNoteView>
export const deleteNote = (id: number) => typedApi.post('/adminNote/delete', { id })
export const makeTask = (input: { id: number; dueDate: string | null; assignedTo: number | null }) =>
  typedApi.post('/adminNote/makeTask', input, quiet) as Promise<AdminNoteView>
export const assignNote = (id: number, assignedTo: number | null) => typedApi.post('/admin/assign', { id, assignedTo }) as Promise<AdminNoteView>

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
  typedApi.get('/admin/getCustomerContacts', {
    query: { resolved: (contactId ? 'all' : resolved) as ApiQuery<'/admin/getCustomerContacts'>['resolved'], contact_id: idParam(contactId) },
  }) as Promise<{ contacts: Contact[]; total: number }>
export const claimContact = (id: number) => typedApi.post('/admin/claimCustomerContact', { id })
export const resolveContact = (id: number) => typedApi.post('/admin/resolveCustomerContact', { id })
/** POST /api/admin/createVoicemail (multipart: the recording and what is known of the caller). */
export async function createVoicemail(data: FormData): Promise<void> {
  const response = await fetch(apiUrl(VOICEMAIL_PATH), { method: 'POST', body: data, credentials: 'include', headers: { accept: 'application/json' } })
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
  typedApi.get('/admin/getUsers', { query: { q: q || undefined, page } }) as Promise<{ users: UserRow[]; total: number; pageSize: number }>
export const getEmailChanges = (q: string, page: number) =>
  typedApi.get('/admin/updateEmails', { query: { q: q || undefined, page } }) as Promise<{ changes: EmailChange[]; total: number; pageSize: number }>
export const updateUserEmail = (userId: number, email: string) => typedApi.post('/admin/updateUserEmail', { userId, email }, quiet)
export const endUserSessions = (userId: number) =>
  typedApi.post('/admin/endUserSessions', { userId }) as Promise<{ ended: number; apiKeysRevoked: number; calendarFeedReplaced: boolean }>

// --- invoices and cards -------------------------------------------------------------------------
export const getInvoiceBlock = (id: number) => typedApi.get('/admin/getInvoiceBlock', { query: { id } }) as Promise<{ blockedReason: string | null }>
export const createInvoice = (body: { id: number; amount: number; gst: number; description: string | null }) =>
  typedApi.post('/admin/createInvoice', body, quiet) as Promise<InvoiceView>
export const getArbitraryInvoice = (invoiceNumber: number) =>
  typedApi.get('/invoice/getArbitrary', { query: { invoiceNumber }, notify: false }) as Promise<InvoiceView>
export const cancelInvoice = (invoiceNumber: number) => typedApi.post('/invoice/cancel', { invoiceNumber }, quiet)
export const approveBpayPayment = (id: number) => typedApi.post('/admin/approveBpayPayment', { id }, quiet)
export type ChargeCardBody = ApiBody<'/admin/chargeCard'>
export const chargeCard = (body: ChargeCardBody) =>
  typedApi.post('/admin/chargeCard', body, quiet) as Promise<{ invoice: InvoiceView; card: { brand: string | null; last4: string | null } }>

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
export const getResources = () => typedApi.get('/admin/getResources') as Promise<StaffResource[]>

// --- statistics ---------------------------------------------------------------------------------
export type StatisticsParams = ApiQuery<'/admin/statistics'>
/** GET /api/admin/statistics; the answer's type lives with the screen that draws it. */
export const getStatistics = <T>(params: StatisticsParams) => typedApi.get('/admin/statistics', { query: params }) as Promise<T>

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
export const getRuleSets = () => typedApi.get('/admin/ruleSets') as Promise<RuleSetSummary[]>
export const getRuleSet = (id: string) => typedApi.get('/rules/:id', { params: { id } }) as Promise<RuleSetView>
export const previewRuleSet = (draft: RuleSetDraft) => typedApi.post('/admin/previewRuleSet', draft, quiet) as Promise<RuleSetPreview>
export const publishRuleSet = (draft: RuleSetDraft) => typedApi.post('/admin/publishRuleSet', draft, quiet) as Promise<unknown>
