/**
 * The admin service (001 §7 "Admin service", DESIGN.md §4): /api/admin/{action}, the staff-only
 * /api/promotion/{action} calls, and /api/adminNote/{action}. Every spec of these lists goes
 * through `staffOnly` (the guard, applied once to the whole list).
 */
import { adminStatusName, StatisticsQuerySchema, toDollars, today } from '@permitdesk/shared'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import type { PromotionRow } from '../../db/schema/promotions'
import { route, type RouteSpec } from '../../http/route'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { findOutstandingFilters, findStaffMembers, saveOutstandingFilters } from './admin.repository'
import { staffOnly } from './admin-guard'
import { ActionEntryBodySchema, createActionEntry, getActionFields } from './create-action-entry'
import { claimCustomerContact, getCustomerContact, getCustomerContacts, resolveCustomerContact } from './customer-contacts'
import { getInvoiceBlock } from './create-invoice'
import { getAdminPromotion } from './get-admin-promotion'
import { getChangelog } from './get-changelog'
import { getActionsRequired, getOutstanding } from './get-outstanding'
import { getPromotions } from './get-promotions'
import { endUserSessions, getEmailUpdates, getUserLog, getUsers, UpdateUserEmailSchema, updateUserEmail } from './manage-users'
import { isPromotionActive } from './promotion-activity'
import {
  approvePromotion,
  forcePromotionStatusChange,
  forceSaPremium,
  lockPromotion,
  markFormsSubmitted,
  setPromotionDeleted,
  setTestPromotion,
  unlockPromotion,
} from './promotion-status-actions'
import { savePermitNumber } from './save-permit-number'
import { sendPermitNumberUpdate } from './send-permit-number-update'
import { onPermitNumbersChanged } from '../terms/on-permit-numbers-changed'
import { getStatisticsCached, type StatisticsCache } from './get-statistics'
import { voicemailApiRoutes } from './voicemail.routes'
import { getStaffResources } from './get-staff-resources'

const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')
const IdQuery = z.object({ id: RecordIdSchema })
const IdBody = z.object({ id: RecordIdSchema })
const PromotionIdBody = z
  .object({ id: RecordIdSchema.optional(), promotionId: RecordIdSchema.optional() })
  .refine((v) => v.id ?? v.promotionId, { error: 'Please give a valid id.', path: ['id'] })
const pidOf = (b: { id?: number; promotionId?: number }) => (b.id ?? b.promotionId)!
const StatusOut = z.object({ id: z.number(), statusId: z.number(), statusName: z.string() }).passthrough()
const Page = z.coerce.number().int().min(1).max(100_000).default(1)
const StatesList = z.array(z.enum(['ACT', 'NSW', 'SA', 'VIC', 'NT', 'WA', 'QLD', 'TAS']))
const OutstandingFilters = z.object({ statusIds: z.array(z.number().int().min(1).max(15)).optional(), states: z.array(z.string()).optional() })
const Anything = z.unknown()
const EmailChange = z
  .object({
    id: z.number(),
    at: z.string(),
    userId: z.number().nullable(),
    name: z.string(),
    currentEmail: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    changedById: z.number().nullable(),
    changedByEmail: z.string().nullable(),
  })
  .passthrough()

const statusOf = (row: PromotionRow) => ({ id: row.id, statusId: row.statusId, statusName: adminStatusName(row.statusId), deleted: row.deleted })
const staffOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email })

/** Promotion actions of Promotion Detail, under /api/admin and (lock/unlock) /api/promotion. */
function promotionActions(deps: AppDeps): RouteSpec[] {
  const db = deps.database.db
  const lock = (path: string) =>
    route({
      method: 'post',
      path,
      summary: 'Lock a promotion (status "Locked by administrator"); unlock returns it to its previous status.',
      access: 'staff',
      body: PromotionIdBody,
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await lockPromotion(db, user, pidOf(body))),
    })
  const unlock = (path: string) =>
    route({
      method: 'post',
      path,
      summary: 'Unlock a locked promotion (back to the status it had).',
      access: 'staff',
      body: PromotionIdBody,
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await unlockPromotion(db, user, pidOf(body))),
    })
  return [
    lock('/admin/lockPromotion'),
    unlock('/admin/unlockPromotion'),
    lock('/promotion/lock'),
    unlock('/promotion/unlock'),
    route({
      method: 'post',
      path: '/admin/forcePromotionStatusChange',
      summary: 'Force a promotion into any status other than its current one.',
      access: 'staff',
      body: z.object({
        id: RecordIdSchema,
        newStatus: z.coerce
          .number({ error: 'Please choose a status.' })
          .int()
          .min(1, { error: 'Please choose a status.' })
          .max(15, { error: 'Please choose a status.' }),
      }),
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await forcePromotionStatusChange(db, user, body.id, body.newStatus)),
    }),
    route({
      method: 'post',
      path: '/admin/deletePromotion',
      summary: 'Delete a promotion (the customer no longer sees it).',
      access: 'staff',
      body: IdBody,
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await setPromotionDeleted(db, user, body.id, true)),
    }),
    route({
      method: 'post',
      path: '/admin/restorePromotion',
      summary: 'Restore a deleted promotion.',
      access: 'staff',
      body: IdBody,
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await setPromotionDeleted(db, user, body.id, false)),
    }),
    // 001 §7 names approvePromotion both in the admin service and under /api/promotion/: one call, two paths.
    ...['/admin/approvePromotion', '/promotion/approvePromotion'].map((path) =>
      route({
        method: 'post',
        path,
        summary: 'Approve a submitted promotion (sendToWA when not amending and not yet started).',
        access: 'staff',
        body: z.object({ promotionId: RecordIdSchema, sendToWA: z.boolean().default(false) }),
        response: StatusOut,
        handler: async ({ body, user }) => statusOf(await approvePromotion(db, deps.events, user, body.promotionId, body.sendToWA, today({ now: new Date() }))),
      }),
    ),
    route({
      method: 'post',
      path: '/admin/setTestPromotion',
      summary:
        "Mark a promotion as staff's test (or clear the mark): test promotions are left out of search, outstanding work and statistics unless asked for.",
      access: 'staff',
      body: z.object({ id: RecordIdSchema, isTest: z.boolean({ error: 'Please say whether this is a test promotion.' }) }),
      response: z.object({ id: z.number(), isTest: z.boolean() }),
      handler: async ({ body, user }) => {
        const after = await setTestPromotion(db, user, body.id, body.isTest)
        return { id: after.id, isTest: after.isTest }
      },
    }),
    route({
      method: 'post',
      path: '/promotion/markFormsSubmitted',
      summary: "Record that a state's forms were submitted to the regulator.",
      access: 'staff',
      body: z.object({ id: RecordIdSchema, state: z.enum(['ACT', 'NSW', 'SA', 'VIC', 'NT', 'WA', 'QLD', 'TAS'], { error: 'Please choose a state.' }) }),
      response: z.object({ id: z.number(), formsSubmitted: z.record(z.string(), z.string()) }),
      handler: async ({ body, user }) => {
        const row = await markFormsSubmitted(db, user, body.id, body.state, new Date())
        return { id: row.id, formsSubmitted: row.formsSubmitted }
      },
    }),
    route({
      method: 'post',
      path: '/promotion/forceSaPremium',
      summary: 'Charge the SA permit at the premium fee whatever the prize value (or stop doing so); the fees are recomputed.',
      access: 'staff',
      body: z.object({ id: RecordIdSchema, on: z.boolean().default(true) }),
      response: z.object({
        id: z.number(),
        forceSaPremium: z.boolean(),
        isSAFeePremium: z.boolean(),
        feeDue_SA: z.number(),
        feeDue_Total: z.number(),
        feeDue_GrandTotal: z.number(),
      }),
      handler: async ({ body, user }) => {
        const row = await forceSaPremium(db, user, body.id, body.on)
        return {
          id: row.id,
          forceSaPremium: (row.details as { forceSaPremium?: boolean }).forceSaPremium === true,
          isSAFeePremium: row.fees.isSAFeePremium === true,
          feeDue_SA: toDollars(row.fees.feeDue_SA),
          feeDue_Total: toDollars(row.fees.feeDue_Total),
          feeDue_GrandTotal: toDollars(row.fees.feeDue_GrandTotal),
        }
      },
    }),
    route({
      method: 'post',
      path: '/promotion/savePermitNumber',
      summary: 'Save a permit number (promotionId, state, number, approvalDate, fileName, expiryDate).',
      access: 'staff',
      body: z.object({ promotionId: RecordIdSchema }).passthrough(),
      response: z.object({ id: z.number(), permitNumbers: z.record(z.string(), Anything) }),
      handler: async ({ req, user }) => {
        const saved = await savePermitNumber(db, user, req.body, { now: new Date() })
        // Approved T&Cs get a new version carrying the numbers (the customer is e-mailed the link).
        await onPermitNumbersChanged(deps, saved.id).catch((error: unknown) =>
          deps.logger.error('permit numbers: T&Cs update failed', { promotionId: saved.id, error: String(error) }),
        )
        return saved
      },
    }),
    route({
      method: 'post',
      path: '/promotion/sendPermitNumberUpdate',
      summary: 'E-mail the customer the saved permit numbers.',
      access: 'staff',
      body: PromotionIdBody,
      response: z.object({ sent: z.number() }),
      handler: ({ body, user }) => sendPermitNumberUpdate(deps, user, pidOf(body)),
    }),
    route({
      method: 'get',
      path: '/admin/isPromotionActive',
      summary: "Whether the promotion's owner was active in the wizard in the last two minutes.",
      access: 'staff',
      query: IdQuery,
      response: z.object({ active: z.boolean(), lastActivity: z.string().nullable() }),
      handler: ({ query }) => isPromotionActive(db, query.id, new Date()),
    }),
    route({
      method: 'get',
      path: '/admin/getInvoiceBlock',
      summary: 'Why a new invoice cannot be created for a promotion now (the tooltip), or null.',
      access: 'staff',
      query: IdQuery,
      response: z.object({ blockedReason: z.string().nullable() }),
      handler: ({ query }) => getInvoiceBlock(db, query.id),
    }),
    route({
      method: 'get',
      path: '/admin/getActionFields',
      summary: 'The application sections staff can flag in an action entry.',
      access: 'staff',
      response: z.array(z.object({ slug: z.string(), name: z.string() })),
      handler: () => getActionFields(),
    }),
    route({
      method: 'post',
      path: '/admin/createActionEntry',
      summary: 'Flag fields with comments and ask questions: the promotion becomes "Action required" and the customer is e-mailed.',
      access: 'staff',
      body: ActionEntryBodySchema,
      response: z.object({ id: z.number(), statusId: z.number() }),
      handler: ({ body, user }) => createActionEntry(deps, user, body),
    }),
  ]
}

function queries(deps: AppDeps): RouteSpec[] {
  const db = deps.database.db
  const statisticsCache: StatisticsCache = new Map()
  const changelog = (path: string) =>
    route({
      method: 'get',
      path,
      summary: "A promotion's changelog, newest first (who, when, what, from → to).",
      access: 'staff',
      query: IdQuery,
      response: z.array(Anything),
      handler: ({ query }) => getChangelog(db, query.id),
    })
  const outstanding = (path: string) =>
    route({
      method: 'get',
      path,
      summary: "Outstanding permit applications, oldest first, with row colours; without filters, the staff member's saved defaults.",
      access: 'staff',
      query: z.object({ status: z.string().optional(), states: z.string().optional(), useSaved: bool.default(true) }),
      response: z.object({ rows: z.array(Anything), filters: OutstandingFilters }),
      handler: async ({ query, user }) => {
        const given = query.status !== undefined || query.states !== undefined
        const filters =
          given || !query.useSaved
            ? {
                statusIds: query.status
                  ? query.status
                      .split(',')
                      .map(Number)
                      .filter((n) => Number.isInteger(n))
                  : undefined,
                states: query.states ? StatesList.catch([]).parse(query.states.split(',')) : undefined,
              }
            : await findOutstandingFilters(db, user.id)
        return { rows: await getOutstanding(db, filters, new Date()), filters }
      },
    })
  return [
    changelog('/admin/getChangelog'),
    changelog('/promotion/getChangelog'),
    outstanding('/promotion/getOutstanding'),
    outstanding('/admin/getOutstanding'),
    route({
      method: 'post',
      path: '/admin/saveOutstandingFilters',
      summary: "Save the staff member's default filters of the outstanding list.",
      access: 'staff',
      body: OutstandingFilters,
      response: OutstandingFilters,
      handler: async ({ body, user }) => (await saveOutstandingFilters(db, user.id, body), body),
    }),
    route({
      method: 'get',
      path: '/promotion/getActionsRequired',
      summary: 'Promotions in "Action required", with how many questions the customer answered.',
      access: 'staff',
      response: z.array(Anything),
      handler: () => getActionsRequired(db),
    }),
    route({
      method: 'get',
      path: '/admin/getPromotions',
      summary: 'Search promotions (page size 10): account_id, promotion_id, note_id, free text; test promotions hidden unless asked.',
      access: 'staff',
      query: z.object({
        q: z.string().trim().max(200).optional(),
        account_id: RecordIdSchema.optional(),
        promotion_id: RecordIdSchema.optional(),
        note_id: RecordIdSchema.optional(),
        showTest: bool.default(false),
        showDeleted: bool.default(true),
        page: Page,
      }),
      response: z.object({ promotions: z.array(Anything), total: z.number(), page: z.number(), pageSize: z.number() }),
      handler: ({ query }) =>
        getPromotions(db, {
          q: query.q || undefined,
          accountId: query.account_id,
          promotionId: query.promotion_id,
          noteId: query.note_id,
          showTest: query.showTest,
          showDeleted: query.showDeleted,
          page: query.page,
        }),
    }),
    route({
      method: 'get',
      path: '/admin/getPromotion',
      summary: 'Promotion Detail: one promotion with its owner and staff-set fields (deleted ones too).',
      access: 'staff',
      query: IdQuery,
      response: z.object({ id: z.number(), statusId: z.number() }).passthrough(),
      handler: ({ query }) => getAdminPromotion(db, query.id),
    }),
    route({
      method: 'get',
      path: '/admin/getStaff',
      summary: 'Staff members (task assignees).',
      access: 'staff',
      response: z.array(Anything),
      handler: async () => (await findStaffMembers(db)).map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim(), email: s.email })),
    }),
    route({
      method: 'get',
      path: '/admin/statistics',
      summary:
        "Promotions by status, state and month; the provider's revenue by service (ex GST) with government fees apart; conversion; turnaround per state; outstanding work by age. Filters: from, to (created, Sydney dates), state, service, includeTest (default false).",
      access: 'staff',
      query: StatisticsQuerySchema,
      response: Anything,
      handler: ({ query }) => getStatisticsCached(db, query, statisticsCache),
    }),
    route({
      method: 'get',
      path: '/admin/getResources',
      summary: 'Links and documents for staff, edited in the CMS (Staff resources), by category and order.',
      access: 'staff',
      response: z.array(
        z.object({
          id: z.number(),
          title: z.string(),
          category: z.string(),
          kind: z.enum(['link', 'document']),
          description: z.string().nullable(),
          href: z.string().nullable(),
          fileName: z.string().nullable(),
          mimeType: z.string().nullable(),
          fileSize: z.number().nullable(),
          updatedAt: z.string(),
        }),
      ),
      handler: () => getStaffResources(db),
    }),
    route({
      method: 'get',
      path: '/promotion/statistics',
      summary: 'The same statistics as /api/admin/statistics, with the same filters.',
      access: 'staff',
      query: StatisticsQuerySchema,
      response: Anything,
      handler: ({ query }) => getStatisticsCached(db, query, statisticsCache),
    }),
  ]
}

function users(deps: AppDeps): RouteSpec[] {
  const db = deps.database.db
  return [
    route({
      method: 'get',
      path: '/admin/getUsers',
      summary: 'Users, page size 20, with search over e-mail, names and account.',
      access: 'staff',
      query: z.object({ q: z.string().trim().max(200).optional(), page: Page }),
      response: z.object({ users: z.array(Anything), total: z.number(), page: z.number(), pageSize: z.number() }),
      handler: ({ query }) => getUsers(db, query.q || undefined, query.page),
    }),
    route({
      method: 'get',
      path: '/admin/getUserLog',
      summary: "A user's log (e-mail changes, sessions ended), newest first.",
      access: 'staff',
      query: IdQuery,
      response: z.array(Anything),
      handler: ({ query }) => getUserLog(db, query.id),
    }),
    route({
      method: 'post',
      path: '/admin/updateUserEmail',
      summary: "Change a user's e-mail address (unused address; logged; both addresses told).",
      access: 'staff',
      body: UpdateUserEmailSchema,
      response: z.object({ userId: z.number(), email: z.string() }),
      handler: ({ body, user }) => updateUserEmail(deps, user, body),
    }),
    route({
      method: 'get',
      path: '/admin/updateEmails',
      summary: "Every change of a user's e-mail address, newest first (page size 20), searchable by the old, new or current address.",
      access: 'staff',
      query: z.object({ q: z.string().trim().max(200).optional(), page: Page }),
      response: z.object({ changes: z.array(EmailChange), total: z.number(), page: z.number(), pageSize: z.number() }),
      handler: ({ query }) => getEmailUpdates(db, query.q || undefined, query.page),
    }),
    route({
      method: 'post',
      path: '/admin/endUserSessions',
      summary: 'End every credential of a user: live sessions, API keys (revoked) and the calendar feed address (they must sign in again).',
      access: 'staff',
      body: z.object({ userId: RecordIdSchema }),
      response: z.object({ ended: z.number(), apiKeysRevoked: z.number(), calendarFeedReplaced: z.boolean() }),
      handler: ({ body, user }) => endUserSessions(db, user, body.userId),
    }),
  ]
}

function contacts(deps: AppDeps): RouteSpec[] {
  const db = deps.database.db
  return [
    route({
      method: 'get',
      path: '/admin/getCustomerContacts',
      summary: "Messages from the site's contact, agency and law-firm forms.",
      access: 'staff',
      query: z.object({ resolved: z.enum(['true', 'false', 'all']).default('false'), contact_id: RecordIdSchema.optional(), page: Page }),
      response: z.object({ contacts: z.array(Anything), total: z.number(), page: z.number(), pageSize: z.number() }),
      handler: ({ query }) => getCustomerContacts(db, { resolved: query.resolved, contactId: query.contact_id, page: query.page }),
    }),
    route({
      method: 'get',
      path: '/admin/getCustomerContact',
      summary: 'One customer contact message.',
      access: 'staff',
      query: IdQuery,
      response: Anything,
      handler: ({ query }) => getCustomerContact(db, query.id),
    }),
    route({
      method: 'post',
      path: '/admin/claimCustomerContact',
      summary: 'Claim a customer contact message.',
      access: 'staff',
      body: IdBody,
      response: Anything,
      handler: ({ body, user }) => claimCustomerContact(db, staffOf(user), body.id),
    }),
    route({
      method: 'post',
      path: '/admin/resolveCustomerContact',
      summary: 'Resolve a customer contact message.',
      access: 'staff',
      body: IdBody,
      response: Anything,
      handler: ({ body, user }) => resolveCustomerContact(db, staffOf(user), body.id),
    }),
  ]
}

/** Every staff-only call of the API, guarded once. */
export function adminRoutes(deps: AppDeps): RouteSpec[] {
  return staffOnly([...promotionActions(deps), ...queries(deps), ...users(deps), ...contacts(deps), ...voicemailApiRoutes(deps)])
}
