import { z } from 'zod'
import { AppError, ENTRY_CHANNELS, ENTRY_FIELD_MODES, ENTRY_REFUSAL_REASONS, MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type Owner, type RouteSpec } from '../../http/route'
import { assertBotCheck } from '../bot-check/bot-check'
import { EntryFormSaveSchema, getEntryForm, getPublicEntryForm, saveEntryForm, setEntryFormOpen } from './entry-form'
import { exportEntrantEntries, exportEntries, listEntrantEntries, listEntries } from './list-entries'
import { submitByCode, submitForPromotion } from './submit-entry'
import { embedScript } from './embed-script'
import { importEntries } from './import-entries'
import { getReceiptFile } from './receipt-file'

const PromotionId = z.object({ promotionId: z.coerce.number().int().positive() })
const Mode = z.enum(ENTRY_FIELD_MODES)
const Fields = z.object({
  name: Mode,
  email: Mode,
  phone: Mode,
  postcode: Mode,
  state: Mode,
  dateOfBirth: Mode,
  receiptNumber: Mode,
  receiptFile: Mode.default('off'),
  answer: Mode,
  question: z.string(),
  wordLimit: z.number(),
  consents: z.array(z.object({ id: z.string(), label: z.string(), required: z.boolean() })),
})
const FormView = z.object({
  promotionId: z.number(),
  code: z.string(),
  status: z.enum(['open', 'closed', 'frozen']),
  fields: Fields,
  receipts: z.boolean(),
  staffDomains: z.array(z.string()),
  path: z.string().describe('the hosted form, /enter/{code}/'),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  entriesPerDay: z.number().nullable(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  collectionNotice: z.string().describe('the collection notice under the form (CMS text with the promoter\u2019s details)'),
})
const EntryValues = z
  .record(
    z.string(),
    z.union([
      z.string().max(10_000),
      z.number(),
      z.boolean(),
      z.record(z.string(), z.union([z.boolean(), z.string()])),
      // The receipt file: base64 of the bytes (at most 1 MB; JPEG, PNG, WebP, HEIC or PDF by content).
      z.object({ name: z.string().max(255), data: z.string().max(1_500_000) }),
    ]),
  )
  .describe(
    'the form\u2019s fields by name (name, email, phone, postcode, state, dateOfBirth YYYY-MM-DD, receiptNumber, answer) and `consents`: { id: true }; `receiptFile`: { name, data (base64) } when the form asks for one',
  )
/** The hosted form's and the API channel's bodies (also read by the front door's fast path, http/entry-hot-paths.ts). */
export const EnterBody = z.object({
  code: z.string().max(40),
  entry: EntryValues,
  recaptchaResponse: z.string().optional(),
  embed: z.boolean().optional(),
  device: z.string().max(100).optional().describe('a random id the form keeps in the browser (hashed, for screening)'),
})
export const SubmitBody = PromotionId.extend({ entry: EntryValues })

export const isIdempotencyKey = (key: string | undefined): key is string => Boolean(key) && key!.length <= 200

/** POST /api/entries/enter once its body is read: the bot check, then the entry by the form's code. */
export async function enterViaForm(deps: AppDeps, body: z.output<typeof EnterBody>, client: { ip: string | undefined; userAgent: string | undefined }) {
  await assertBotCheck(deps, body.recaptchaResponse)
  return submitByCode(deps, body.code, {
    channel: body.embed ? 'embed' : 'form',
    input: body.entry,
    ip: client.ip,
    device: body.device ?? client.userAgent ?? null,
  })
}

/**
 * POST /api/entries/submit once the key is admitted and the body read. With a key, the statement
 * storing the entry checks it is still live and the owner's; `confirmCaller` (the front door's, for
 * a key admitted from its cache) is asked before any answer that stores nothing.
 */
export function submitViaApiKey(
  deps: AppDeps,
  owner: Owner,
  body: z.output<typeof SubmitBody>,
  call: { ip: string | undefined; apiKeyId: number | null; idempotencyKey: string; confirmCaller?: () => Promise<void> },
) {
  return submitForPromotion(deps, owner, body.promotionId, {
    channel: 'api',
    input: body.entry,
    ip: call.ip,
    apiKeyId: call.apiKeyId,
    apiKeyUserId: call.apiKeyId === null ? undefined : owner.userId,
    idempotencyKey: call.idempotencyKey,
    confirmCaller: call.confirmCaller,
  })
}
const Accepted = z.object({ entryNumber: z.number(), receivedAt: z.string(), replayed: z.boolean() })
const MaskedEntry = z.object({
  entryNumber: z.number(),
  receivedAt: z.string(),
  channel: z.enum(ENTRY_CHANNELS),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  postcode: z.string(),
  state: z.string(),
  flags: z.number(),
  decision: z.enum(['keep', 'exclude']).nullable(),
  receiptFile: z.boolean().describe('the entry has a receipt file (GET /api/entries/receipt-file?entryNumber=)').optional(),
})
const Search = PromotionId.extend({ q: z.string().max(200).optional(), before: z.coerce.number().int().positive().optional() })
const EntrantQuery = z.object({ email: z.string().max(320) })

/** Issue 27, entry collection: the form builder, the hosted form and embed, the API channel, the promoter's table. */
export function entryRoutes(deps: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/entries/form',
      summary: 'The entry form of a promotion with the random draw service (made, closed, on first read)',
      access: 'user',
      query: PromotionId,
      response: FormView,
      handler: ({ query, owner }) => getEntryForm(deps, owner, query.promotionId),
    }),
    route({
      method: 'post',
      path: '/entries/form/save',
      summary: 'Save the entry form: the fields asked, receipts by e-mail, the promoter\u2019s staff e-mail domains (excluded)',
      access: 'user',
      body: EntryFormSaveSchema.extend({ fields: Fields.partial() }),
      response: FormView,
      handler: ({ body, owner }) => saveEntryForm(deps, owner, body),
    }),
    route({
      method: 'post',
      path: '/entries/form/open',
      summary: 'Open or close the entry form (opening needs the application\u2019s entry period and the draw service paid)',
      access: 'user',
      body: PromotionId.extend({ open: z.boolean() }),
      response: FormView,
      handler: ({ body, owner }) => setEntryFormOpen(deps, owner, body.promotionId, body.open),
    }),
    route({
      method: 'get',
      path: '/entries/public',
      summary: 'What the hosted entry form shows (public, by the form\u2019s code)',
      access: 'public',
      query: z.object({ code: z.string().max(40) }),
      response: z.object({
        code: z.string(),
        promotionName: z.string(),
        promoterName: z.string(),
        promoterContact: z.string().nullable(),
        status: z.enum(['open', 'closed', 'frozen']),
        fields: Fields,
        states: z.array(z.object({ code: z.string(), name: z.string() })),
        opensAt: z.string().nullable(),
        closesAt: z.string().nullable(),
        termsPath: z.string().nullable(),
        under18s: z.boolean(),
        collectionNotice: z.string().describe('the collection notice under the form (CMS text with the promoter\u2019s details)'),
      }),
      handler: ({ query }) => getPublicEntryForm(deps, query.code),
    }),
    route({
      method: 'post',
      path: '/entries/enter',
      summary: 'An entry through the hosted form or its embed (bot check required): the entry number, committed before the answer',
      access: 'public',
      status: 201,
      body: EnterBody,
      response: Accepted,
      handler: ({ body, req }) => enterViaForm(deps, body, { ip: req.ip, userAgent: req.get('user-agent') }),
    }),
    route({
      method: 'post',
      path: '/entries/submit',
      summary: 'An entry from an agency\u2019s system (API key). Idempotency-Key is required: a replay answers the same entry number',
      access: 'user',
      status: 201,
      headers: [
        { name: 'Idempotency-Key', description: 'unique per entry (1 to 200 characters); a retry with the same key answers the first entry', required: true },
      ],
      body: SubmitBody,
      response: Accepted,
      handler: ({ body, owner, req, res }) => {
        const key = req.get('idempotency-key')
        if (!isIdempotencyKey(key))
          throw new AppError('VALIDATION', MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED, { modelState: { 'Idempotency-Key': [MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED] } })
        const apiKey = res.locals.apiKey as { id: number } | undefined
        return submitViaApiKey(deps, owner, body, { ip: req.ip, apiKeyId: apiKey?.id ?? null, idempotencyKey: key })
      },
    }),
    route({
      method: 'get',
      path: '/entries/list',
      summary: 'A page of a promotion\u2019s entries, newest first, personal data masked; search by entry number or e-mail; refusals per reason',
      access: 'user',
      query: Search,
      response: z.object({
        total: z.number(),
        entries: z.array(MaskedEntry),
        nextBefore: z.number().nullable().describe('pass as `before` for the next page'),
        refusals: z.array(z.object({ reason: z.enum(ENTRY_REFUSAL_REASONS), label: z.string(), count: z.number() })),
      }),
      handler: ({ query, owner }) => listEntries(deps, owner, query),
    }),
    route({
      method: 'get',
      path: '/entries/export',
      summary: 'The promotion\u2019s entries as CSV (formula-safe cells), optionally filtered as the list',
      access: 'user',
      raw: true,
      query: Search.omit({ before: true }),
      handler: ({ query, owner, res }) => exportEntries(deps, owner, query, res),
    }),
    route({
      method: 'get',
      path: '/entries/entrant',
      summary: 'A data request: one entrant\u2019s entries (by e-mail) in the caller\u2019s promotions (staff: all), masked',
      access: 'user',
      query: EntrantQuery,
      response: z.object({ entries: z.array(MaskedEntry.extend({ promotionId: z.number(), promotionName: z.string() })) }),
      handler: ({ query, owner }) => listEntrantEntries(deps, owner, query.email),
    }),
    route({
      method: 'get',
      path: '/entries/entrant/export',
      summary: 'A data request: one entrant\u2019s entries as CSV, unmasked, to send to them',
      access: 'user',
      raw: true,
      query: EntrantQuery,
      handler: ({ query, owner, res }) => exportEntrantEntries(deps, owner, query.email, res),
    }),
    route({
      method: 'post',
      path: '/entries/import',
      summary:
        'Import offline entries from a CSV (`?promotionId=`): a header row naming the fields (name, email, phone, postcode, state, dateOfBirth, receiptNumber, answer, consent:<id>) and optionally `received` (Sydney YYYY-MM-DD HH:MM); each row under the same rules',
      access: 'user',
      multipart: true,
      query: PromotionId,
      body: z.object({ file: z.string().describe('the CSV file') }),
      response: z.object({
        rows: z.number(),
        accepted: z.number(),
        refused: z.array(z.object({ reason: z.enum(ENTRY_REFUSAL_REASONS), label: z.string(), count: z.number() })),
        invalid: z.number(),
        problems: z.array(z.object({ line: z.number(), message: z.string() })).describe('the first 100 rows not accepted, with why'),
      }),
      handler: ({ owner, req }) => importEntries(deps, owner, req),
    }),
    route({
      method: 'get',
      path: '/entries/receipt-file',
      summary: 'An entry\u2019s receipt file (photo or PDF), for the promotion\u2019s owner (staff: any); another account: 404',
      access: 'user',
      raw: true,
      query: z.object({ entryNumber: z.coerce.number().int().positive() }),
      handler: async ({ query, owner, res }) => {
        const file = await getReceiptFile(deps, owner, query.entryNumber)
        res.set('Content-Type', file.mimeType)
        res.set('Content-Length', String(file.sizeBytes))
        res.set(
          'Content-Disposition',
          `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        res.set('Cache-Control', 'private, no-store')
        res.set('X-Content-Type-Options', 'nosniff')
        file.stream.pipe(res)
      },
    }),
    route({
      method: 'get',
      path: '/entries/embed.js',
      summary: 'The embed script: `<script src=".../api/entries/embed.js" data-code="{code}" async>` puts the hosted form in a frame that fits it',
      access: 'public',
      raw: true,
      handler: ({ res }) => {
        res.set('Cache-Control', 'public, max-age=300')
        res.type('text/javascript').send(embedScript(deps.config.PUBLIC_URL.replace(/\/$/, '')))
      },
    }),
  ]
}
