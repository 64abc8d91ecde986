import { z } from 'zod'
import { MSG_NOT_FOUND, MSG_TERMS_HTML_REQUIRED, SubmitSkillsBasedTCResponseSchema, SubmitSkillsBasedTCSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
import { hostedTermsNotFound, hostedTermsPage, termsPdf } from './terms-documents'
import { approveTerms } from './approve-terms'
import { generateTerms } from './generate-terms'
import { getTerms } from './get-terms'
import { saveTermsVersion } from './save-terms-version'
import { submitSkillsBasedTC } from './submit-skills-based-tc'

const PromotionIdSchema = z.coerce.number({ error: MSG_NOT_FOUND }).int({ error: MSG_NOT_FOUND }).positive({ error: MSG_NOT_FOUND })

const VersionSchema = z.object({
  number: z.number().int(),
  kind: z.string(),
  reason: z
    .enum(['generated', 'application-change', 'clause-library-change', 'application-and-clause-library-change', 'regenerated', 'staff-edit', 'permit-numbers'])
    .or(z.string()),
  html: z.string(),
  abridgedHtml: z.string().nullable(),
  libraryRevision: z.string().nullable().describe('Hash of the clause library snapshot the version was generated from'),
  createdByStaff: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
})

const TermsResponseSchema = z.object({
  status: z.enum(['not-generated', 'awaiting-approval', 'approved']),
  kind: z.enum(['chance', 'skill']),
  versionNumber: z.number().int().nullable(),
  html: z.string().nullable(),
  abridgedHtml: z.string().nullable().describe('Addendum Y: the abridged form, when abridged T&Cs are a service'),
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  canGenerate: z.boolean(),
  awaitingPayment: z
    .string()
    .nullable()
    .describe(
      'Issue 22: while the promotion owes money, what to pay and where; approval, the PDF and the hosted page wait (the draft is marked "Draft — not yet paid")',
    ),
  canApprove: z.boolean(),
  canEdit: z.boolean(),
  skillsBasedTCEditWindow: z.string().nullable().describe('For bought skill T&Cs: until when the customer may regenerate or amend them'),
  skillsBasedTCPaymentOption: z.enum(['150', '250', '1000']).nullable().describe('Skill T&Cs: the credit option chosen (default 150)'),
  skillsBasedTCEditWindowDays: z.number().int().nullable().describe("Skill T&Cs: the edit window's length in days for that option"),
  skillsBasedTCPurchasedAt: z.string().nullable().describe('Skill T&Cs: when their payment cleared (the edit window starts)'),
  versions: z.array(VersionSchema),
})

const VersionCreatedSchema = z.object({ versionNumber: z.number().int() })

const GeneratedSchema = z.object({
  versionNumber: z.number().int().describe('The new version, or the current one when nothing changed'),
  created: z.boolean().describe('False when nothing changed since the current version: no new version was made'),
  message: z.string().nullable().describe('Says so when nothing changed'),
  reason: z
    .string()
    .describe(
      'What caused the version: generated, application-change, clause-library-change, application-and-clause-library-change, regenerated, staff-edit, permit-numbers',
    ),
})

/** Issue 14: the T&C calls. */
export function termsRoutes(deps: AppDeps): RouteSpec[] {
  const actorOf = (user: { id: number; isStaff: boolean }) => ({ userId: user.id, isStaff: user.isStaff })
  const db = deps.database.db
  // The payment's mails subscribe to the events its transaction published (jobs/payment-mails.ts).
  const paymentDeps = {
    db,
    gateway: deps.paymentGateway,
    billerCode: deps.config.BPAY_BILLER_CODE,
    claimant: () => deps.database.notifications.identity,
  }
  return [
    route({
      method: 'get',
      path: '/terms/get',
      tag: 'terms',
      summary: 'The terms and conditions of a promotion: status, latest version, hosted link and every version (owner and staff)',
      access: 'user',
      query: z.object({ promotionId: PromotionIdSchema }),
      response: TermsResponseSchema,
      handler: ({ query, user }) => getTerms(deps, actorOf(user), query.promotionId),
    }),
    route({
      method: 'post',
      path: '/terms/generate',
      tag: 'terms',
      summary: 'Generate a new version of the terms and conditions from the application and the clause library (owner when allowed, staff always)',
      access: 'user',
      idempotent: true,
      body: z.object({ promotionId: PromotionIdSchema }),
      response: GeneratedSchema,
      handler: ({ body, user }) => generateTerms(deps, actorOf(user), body.promotionId),
    }),
    route({
      method: 'post',
      path: '/terms/saveVersion',
      tag: 'terms',
      summary: 'Save staff-edited text of the terms and conditions as a new version (staff)',
      access: 'staff',
      idempotent: true,
      body: z.object({
        promotionId: PromotionIdSchema,
        html: z.string({ error: MSG_TERMS_HTML_REQUIRED }).min(1, { error: MSG_TERMS_HTML_REQUIRED }).max(500_000, { error: MSG_TERMS_HTML_REQUIRED }),
      }),
      response: VersionCreatedSchema,
      handler: async ({ body, user }) => ({ versionNumber: (await saveTermsVersion(deps, actorOf(user), body.promotionId, body.html)).number }),
    }),
    route({
      method: 'post',
      path: '/promotion/approveTermsAndConditions',
      tag: 'promotion',
      summary: 'Approve the latest version of the terms and conditions; in "Awaiting submission" the promotion moves on into submission',
      access: 'user',
      idempotent: true,
      body: z.object({ id: PromotionIdSchema }),
      response: z.object({ id: z.number().int(), versionNumber: z.number().int(), statusId: z.number().int() }),
      handler: ({ body, user }) => approveTerms(deps, actorOf(user), body.id),
    }),
    route({
      method: 'post',
      path: '/promotion/submitSkillsBasedTC',
      tag: 'promotion',
      summary:
        'Buy skill-based T&Cs for a game of skill (no permit) by card or BPAY; skillsBasedTCPaymentOption 150/250/1000 sets the price and the edit window (30/90/365 days)',
      access: 'user',
      idempotent: true,
      body: SubmitSkillsBasedTCSchema,
      response: SubmitSkillsBasedTCResponseSchema,
      handler: ({ body, user }) => submitSkillsBasedTC(paymentDeps, actorOf(user), body),
    }),
  ]
}

/**
 * Outside /api: the PDF of the latest version (owner and staff) and the public hosted page
 * `/t/{code}/` (latest approved version with its number and date, older versions listed).
 */
export function termsDocumentRoutes(deps: AppDeps): SurfaceSpec[] {
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/promotions/downloadterms/:id',
      summary: 'The terms and conditions PDF of the latest version, once paid (its owner and staff).',
      tag: 'terms',
      access: 'user',
      params: idParams('id'),
      contentTypes: ['application/pdf'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const { pdf, fileName } = await termsPdf(deps, owner, params.id)
        return { body: pdf, filename: fileName }
      },
    }),
    // Always the canonical address with its trailing slash.
    surface({
      kind: 'html',
      method: 'get',
      path: '/t/:code',
      summary: 'The hosted terms and conditions of a promotion (latest approved version; ?version=N for an older one).',
      access: 'public',
      params: z.object({ code: z.string() }),
      // An unreadable version number shows the current version, as before.
      query: z.object({ version: z.coerce.number().int().positive().optional().catch(undefined) }),
      trailingSlash: true,
      contentTypes: ['text/html; charset=utf-8'],
      cache: 'public, max-age=60',
      handler: async ({ params, query }) => {
        const page = await hostedTermsPage(deps.database.db, params.code, query.version)
        return page === undefined ? { status: 404, cache: 'no-store', body: hostedTermsNotFound() } : { body: page }
      },
    }),
  ]
}
