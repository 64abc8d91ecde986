import { z } from 'zod'
import { IdResponseSchema, PromotionNoteViewSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { PromotionIdQuerySchema } from '../promotions/promotions.schemas'
import { deletePromotionNote, getPromotionNotes, PromotionNoteIdSchema, PromotionNoteSaveSchema, savePromotionNote } from './promotion-notes'

/** /api/promotionNote/{get,save,delete} (001 §7): the owner's notes on a promotion. */
export function promotionNoteRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'get',
      path: '/promotionNote/get',
      access: 'user',
      summary: "A promotion's notes (id is the promotion id).",
      query: PromotionIdQuerySchema,
      response: z.array(PromotionNoteViewSchema),
      handler: ({ owner, query }) => getPromotionNotes(db, owner, query.id),
    }),
    route({
      method: 'post',
      path: '/promotionNote/save',
      access: 'user',
      summary: 'Add a note (no id) or change one (id).',
      body: PromotionNoteSaveSchema,
      response: PromotionNoteViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => savePromotionNote(db, owner, body),
    }),
    route({
      method: 'post',
      path: '/promotionNote/delete',
      access: 'user',
      summary: 'Delete a note.',
      body: PromotionNoteIdSchema,
      response: IdResponseSchema,
      handler: ({ owner, body }) => deletePromotionNote(db, owner, body),
    }),
  ]
}
