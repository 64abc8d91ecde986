import {
  ArchiveResponseSchema,
  DeleteResponseSchema,
  IdResponseSchema,
  LawyerContactResponseSchema,
  PermitSaveSchema,
  PromotionCreateSchema,
  PromotionListResponseSchema,
  PromotionReuseListResponseSchema,
  PromotionViewSchema,
  SaveAttachmentsSchema,
  SaveNswAuthoritySchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { archivePromotion } from './archive-promotion'
import { createPromotion } from './create-promotion'
import { deletePromotion } from './delete-promotion'
import { getReuseList } from './get-reuse-list'
import { listPromotions } from './list-promotions'
import { modifyPromotion } from './modify-promotion'
import type { PromotionChecks } from './promotion-checks'
import {
  ArchiveBodySchema,
  PromotionIdBodySchema,
  PromotionListQuerySchema,
  PromotionModifyBodyDoc,
  PromotionModifyBodySchema,
  ReuseListQuerySchema,
} from './promotions.schemas'
import { requestLawyerContact } from './request-lawyer-contact'
import { saveAttachments } from './save-attachments'
import { saveNswAuthority } from './save-nsw-authority'
import { savePromotion } from './save-promotion'

/** /api/promotion/{action} (001 §7): parse, call the use case, answer. Every call needs a signed-in user. */
export function promotionRoutes(deps: AppDeps, checks: PromotionChecks): RouteSpec[] {
  const db = deps.database.db
  return [
    route({
      method: 'post',
      path: '/promotion/create',
      access: 'user',
      summary: 'Create a promotion (the create form: name, states, total prize value, quiz, services).',
      body: PromotionCreateSchema,
      response: IdResponseSchema,
      idempotent: true,
      handler: ({ user, body }) => createPromotion(db, user.id, body),
    }),
    route({
      method: 'post',
      path: '/promotion/modify',
      access: 'user',
      summary: 'Change the services, states and total prize value of a promotion.',
      body: PromotionModifyBodySchema,
      bodyDoc: PromotionModifyBodyDoc,
      response: IdResponseSchema,
      idempotent: true,
      handler: async ({ owner, body }) => {
        // Issue 12: a change that raises the fees of a paid application mails "additional payment due".
        const id = Number((body as { id?: unknown }).id)
        const owedBefore = Number.isSafeInteger(id) ? await checks.owedAfterPayment(db, id) : 0
        const answer = await modifyPromotion(db, owner, body, checks)
        checks.additionalPaymentDue(answer.id, owedBefore)
        return answer
      },
    }),
    route({
      method: 'post',
      path: '/promotion/save',
      access: 'user',
      summary: 'Save the promotion with its permit application; send back what get returned, with versionNumber.',
      body: PermitSaveSchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => savePromotion(db, owner, body, checks),
    }),
    route({
      method: 'post',
      path: '/promotion/saveNswAuthority',
      access: 'user',
      summary: 'Save the NSW authority answer (number, expiry, duration).',
      body: SaveNswAuthoritySchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => saveNswAuthority(db, owner, body, checks),
    }),
    route({
      method: 'post',
      path: '/promotion/saveAttachments',
      access: 'user',
      summary: 'Save the attachment list alone.',
      body: SaveAttachmentsSchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => saveAttachments(db, owner, body, checks),
    }),
    route({
      method: 'get',
      path: '/promotion/list',
      access: 'user',
      summary: 'My Promotions: one page, sorted and searched.',
      query: PromotionListQuerySchema,
      response: PromotionListResponseSchema,
      // An API key never acts as staff (DESIGN §4), so it lists its owner's promotions only.
      handler: ({ owner, query, res }) => listPromotions(db, { ...owner, isStaff: owner.isStaff && !res.locals.apiKey }, query),
    }),
    route({
      method: 'get',
      path: '/promotion/getReuseList',
      access: 'user',
      summary: "The user's promotions to copy details from.",
      query: ReuseListQuerySchema,
      response: PromotionReuseListResponseSchema,
      handler: ({ owner, query }) => getReuseList(db, owner, query.search, query.exclude),
    }),
    route({
      method: 'post',
      path: '/promotion/archive',
      access: 'user',
      summary: 'Archive (default) or un-archive a promotion.',
      body: ArchiveBodySchema,
      response: ArchiveResponseSchema,
      handler: ({ owner, body }) => archivePromotion(db, owner, body.id, body.archived),
    }),
    route({
      method: 'post',
      path: '/promotion/delete',
      access: 'user',
      summary: 'Delete a promotion (toggles the deleted flag).',
      body: PromotionIdBodySchema,
      response: DeleteResponseSchema,
      handler: ({ owner, body }) => deletePromotion(db, owner, body.id),
    }),
    route({
      method: 'post',
      path: '/promotion/requestLawyerContact',
      access: 'user',
      summary: 'Ask for a lawyer to contact the customer about the promotion.',
      body: PromotionIdBodySchema,
      response: LawyerContactResponseSchema,
      handler: ({ owner, body }) => requestLawyerContact(db, owner, body.id),
    }),
  ]
}
