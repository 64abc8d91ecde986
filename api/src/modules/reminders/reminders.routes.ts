import { z } from 'zod'
import {
  AppError,
  MSG_LIST_NAME_REQUIRED,
  MSG_LIST_NOT_FOUND,
  MSG_NOT_FOUND,
  MSG_REMINDERS_LIST_INVALID,
  MSG_EMAIL_INVALID,
  MSG_UNSUBSCRIBE_LINK_INVALID,
  REMINDER_DATE_SETTINGS,
  REMINDER_KINDS,
  ReminderChoiceSchema,
  EmailSchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, parseInput, type RouteSpec } from '../../http/route'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
import { escapeHtml } from '../../mail/templates'
import { calendarFeedText, getCalendarFeed, promotionCalendarFile, regenerateCalendarFeed } from './calendar'
import {
  addDistributionListEmails,
  createDistributionList,
  getDistributionLists,
  removeDistributionList,
  removeDistributionListEmail,
} from './distribution-lists'
import { getPromotionReminders, saveReminders } from './promotion-reminders'
import { resubscribeToPromotion, unsubscribeFromPromotion } from './unsubscribe'

const ListId = z.coerce.number({ error: MSG_LIST_NOT_FOUND }).int({ error: MSG_LIST_NOT_FOUND }).positive({ error: MSG_LIST_NOT_FOUND })
const PromotionId = z.coerce.number({ error: MSG_NOT_FOUND }).int({ error: MSG_NOT_FOUND }).positive({ error: MSG_NOT_FOUND })

const ListSchema = z.object({ id: z.number(), name: z.string(), emails: z.array(z.string()) })
const RejectedSchema = z.object({ line: z.number(), value: z.string(), message: z.string() })
const ReminderSettingSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  label: z.string(),
  description: z.string(),
  daysBefore: z.number(),
  businessDays: z.boolean(),
})
const PlannedSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  label: z.string(),
  date: z.string().nullable(),
  daysBefore: z.number(),
  businessDays: z.boolean(),
  reminderDate: z.string().nullable(),
  sendAt: z.string().nullable(),
  status: z.enum(['scheduled', 'past', 'no-date', 'sent']),
  message: z.string().nullable(),
  accountHolder: z.boolean(),
  distributionListIds: z.array(z.number()),
})
const RemindersViewSchema = z.object({
  promotionId: z.number(),
  unsubscribed: z.boolean(),
  dates: z.array(
    z.object({ kind: z.string(), label: z.string(), description: z.string(), date: z.string(), time: z.string().nullable(), daysLeft: z.number() }),
  ),
  reminders: z.array(PlannedSchema),
  distributionLists: z.array(ListSchema),
})
const FeedSchema = z.object({
  url: z.string().nullable().describe('the address, only when just made: it is shown once'),
  webcalUrl: z.string().nullable(),
  createdAt: z.string().describe('when the current address was made'),
})

const ownerOf = (user: { id: number; isStaff: boolean }) => ({ userId: user.id, isStaff: user.isStaff })

/**
 * /api/DistributionList/*, /api/Reminder/*, /api/unsubscribe/* (001 §7) and the calendar feed's
 * address (beyond the spec). Lists belong to the signed-in account.
 */
export function reminderRoutes({ database, config }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'post',
      path: '/DistributionList/create',
      summary: 'Creates a distribution list of the account',
      access: 'user',
      idempotent: true,
      body: z.object({
        name: z.string({ error: MSG_LIST_NAME_REQUIRED }).trim().min(1, { error: MSG_LIST_NAME_REQUIRED }).max(200, { error: MSG_LIST_NAME_REQUIRED }),
      }),
      response: ListSchema,
      handler: ({ body, user }) => createDistributionList(db, { userId: user.id }, body.name),
    }),
    route({
      method: 'post',
      path: '/DistributionList/addEmail',
      summary: 'Adds an address, or pasted text / CSV content with one or more addresses per row (bad rows reported by line)',
      access: 'user',
      body: z.object({
        id: ListId,
        email: z.string({ error: MSG_EMAIL_INVALID }).optional(),
        emails: z.string({ error: MSG_EMAIL_INVALID }).optional(),
        csv: z.string({ error: MSG_EMAIL_INVALID }).optional(),
      }),
      response: ListSchema.extend({ added: z.number(), rejected: z.array(RejectedSchema) }),
      handler: ({ body, user }) => {
        const text = body.csv ?? body.emails
        if (text === undefined) parseInput(z.object({ email: EmailSchema }), { email: body.email })
        return addDistributionListEmails(db, { userId: user.id }, body.id, text !== undefined ? { text, csv: body.csv !== undefined } : { email: body.email })
      },
    }),
    route({
      method: 'post',
      path: '/DistributionList/removeEmail',
      summary: 'Removes an address from a list',
      access: 'user',
      body: z.object({ id: ListId, email: z.string({ error: MSG_EMAIL_INVALID }).min(1, { error: MSG_EMAIL_INVALID }) }),
      response: ListSchema,
      handler: ({ body, user }) => removeDistributionListEmail(db, { userId: user.id }, body.id, body.email),
    }),
    route({
      method: 'post',
      path: '/DistributionList/delete',
      summary: 'Deletes a list (and takes it off every reminder)',
      access: 'user',
      body: z.object({ id: ListId }),
      response: z.object({ id: z.number() }),
      handler: ({ body, user }) => removeDistributionList(db, { userId: user.id }, body.id),
    }),
    route({
      method: 'get',
      path: '/DistributionList/get',
      summary: "The account's distribution lists",
      access: 'user',
      response: z.array(ListSchema),
      handler: ({ user }) => getDistributionLists(db, { userId: user.id }),
    }),
    route({
      method: 'get',
      path: '/Reminder/getReminderDateSettings',
      summary: 'The reminder kinds with their default offsets (decision record 016)',
      access: 'public',
      response: z.array(ReminderSettingSchema),
      handler: () => REMINDER_DATE_SETTINGS.map((setting) => ({ ...setting })),
    }),
    route({
      method: 'post',
      path: '/Reminder/save',
      summary: "Sets a promotion's reminders: which go to the account holder and to which lists, with their offsets",
      access: 'user',
      idempotent: true,
      body: z.object({
        promotionId: PromotionId,
        reminders: z.array(ReminderChoiceSchema, { error: MSG_REMINDERS_LIST_INVALID }).max(REMINDER_KINDS.length * 2, { error: MSG_REMINDERS_LIST_INVALID }),
      }),
      response: RemindersViewSchema,
      handler: ({ body, user }) => saveReminders(db, ownerOf(user), body),
    }),
    route({
      method: 'get',
      path: '/Reminder/get',
      summary: "The promotion's key dates (meaning, days left) and reminders set, for the dashboard",
      access: 'user',
      query: z.object({ promotionId: PromotionId }),
      response: RemindersViewSchema,
      handler: ({ query, user }) => getPromotionReminders(db, ownerOf(user), query.promotionId),
    }),
    route({
      method: 'post',
      path: '/unsubscribe/frompromotion',
      summary: "Stops a promotion's reminders to an address: from the e-mail link (signed token) or by the signed-in owner",
      access: 'public',
      body: z.object({
        promotionId: PromotionId,
        email: z.string({ error: MSG_UNSUBSCRIBE_LINK_INVALID }).min(1, { error: MSG_UNSUBSCRIBE_LINK_INVALID }),
        token: z.string().optional(),
      }),
      response: z.object({ promotionId: z.number(), email: z.string(), unsubscribed: z.boolean(), message: z.string() }),
      handler: ({ body, user }) => unsubscribeFromPromotion({ config, database }, user, body),
    }),
    route({
      method: 'post',
      path: '/unsubscribe/resubscribeToPromotion',
      summary: "The account holder receives the promotion's reminders again",
      access: 'user',
      body: z.object({ promotionId: PromotionId }),
      response: z.object({ promotionId: z.number(), unsubscribed: z.boolean(), message: z.string() }),
      handler: ({ body, user }) => resubscribeToPromotion({ config, database }, user, body.promotionId),
    }),
    route({
      method: 'get',
      path: '/calendar/getFeed',
      summary: "The account's private calendar feed: made on first ask and its address (webcal) shown then only; later, when it was made",
      access: 'session',
      response: FeedSchema,
      handler: ({ user }) => getCalendarFeed(db, user.id, config.PUBLIC_URL),
    }),
    route({
      method: 'post',
      path: '/calendar/regenerateFeed',
      summary: 'Replaces the feed secret: the old address stops working; the new one is shown once',
      access: 'session',
      response: FeedSchema,
      handler: ({ user }) => regenerateCalendarFeed(db, user.id, config.PUBLIC_URL),
    }),
  ]
}

const ICS_TYPE = 'text/calendar; charset=utf-8'

/** Links outside /api: the calendar download, the feed, and the unsubscribe page of the e-mails. */
export function reminderLinkRoutes({ database, config }: AppDeps): SurfaceSpec[] {
  const UnsubscribeForm = z.object({ promotionId: PromotionId, email: z.string().min(1), token: z.string().min(1) })
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/promotions/downloadcalendarfile/:id',
      summary: "The promotion's key dates as a calendar file (its owner and staff).",
      tag: 'reminders',
      access: 'user',
      params: idParams('id'),
      contentTypes: [ICS_TYPE],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const file = await promotionCalendarFile(database.db, owner, params.id, config.PUBLIC_URL)
        return { body: file.text, filename: file.fileName }
      },
    }),
    surface({
      kind: 'file',
      method: 'get',
      path: '/calendar/feed/:file',
      summary: "The account's calendar feed (the secret file name is the capability).",
      tag: 'reminders',
      access: 'public',
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}(\.ics)?$/i) }),
      contentTypes: [ICS_TYPE],
      cache: 'private, max-age=300',
      handler: async ({ params }) => {
        const text = await calendarFeedText(database.db, params.file.replace(/\.ics$/i, ''), config.PUBLIC_URL)
        if (text === undefined) throw new AppError('NOT_FOUND')
        return { body: text }
      },
    }),
    surface({
      kind: 'html',
      method: 'get',
      path: '/unsubscribe/',
      summary: 'The unsubscribe page of a reminder e-mail: asks before stopping (the signed token is the capability).',
      access: 'public',
      query: z.object({ promotionId: z.string().optional(), email: z.string().optional(), token: z.string().optional() }).catch({}),
      contentTypes: ['text/html; charset=utf-8'],
      cache: 'no-store',
      handler: ({ query }) => ({ body: unsubscribeQuestionPage(query.promotionId ?? '', query.email ?? '', query.token ?? '') }),
    }),
    surface({
      kind: 'html',
      method: 'post',
      path: '/unsubscribe/',
      summary: 'Stops the reminders of a promotion to an address (the form of the unsubscribe page).',
      access: 'public',
      form: z.looseObject({}),
      contentTypes: ['text/html; charset=utf-8'],
      cache: 'no-store',
      handler: async ({ form }) => {
        try {
          const result = await unsubscribeFromPromotion({ config, database }, undefined, parseInput(UnsubscribeForm, form))
          return { body: page('Reminders stopped', `<p role="status">${escapeHtml(result.message)}</p>`) }
        } catch (error) {
          // A person followed a link: a bad or stale one gets a page, never JSON.
          if (!(error instanceof AppError)) throw error
          return { status: 404, body: page('Link not valid', `<p role="alert">${escapeHtml(MSG_UNSUBSCRIBE_LINK_INVALID)}</p>`) }
        }
      },
    }),
  ]
}

function unsubscribeQuestionPage(promotionId: string, email: string, token: string): string {
  return page(
    'Stop reminders',
    `<p>Stop the reminders of promotion #${escapeHtml(promotionId)} to <strong>${escapeHtml(email)}</strong>?</p>
<form method="post" action="/unsubscribe/">
<input type="hidden" name="promotionId" value="${escapeHtml(promotionId)}">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Stop reminders</button>
</form>`,
  )
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · PermitDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#14213d}button{font:inherit;padding:.5rem 1rem;background:#14213d;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}
