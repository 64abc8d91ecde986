import { z } from 'zod'
import {
  ComplianceNoteCreateSchema,
  ComplianceNoteDeleteSchema,
  ComplianceNoteListQuerySchema,
  ComplianceNoteViewSchema,
  IdResponseSchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { createComplianceNote } from './create-compliance-note'
import { deleteComplianceNote } from './delete-compliance-note'
import { getComplianceNotes } from './get-compliance-notes'

/**
 * /api/ComplianceNote/{get,create,delete} (001 §7). The promotion's owner and staff read the notes;
 * only staff write them (401 signed out, 403 customers).
 */
export function complianceNoteRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'get',
      path: '/ComplianceNote/get',
      access: 'user',
      summary: "A promotion's compliance notes.",
      query: ComplianceNoteListQuerySchema,
      response: z.array(ComplianceNoteViewSchema),
      handler: ({ owner, query }) => getComplianceNotes(db, owner, query.promotionId),
    }),
    route({
      method: 'post',
      path: '/ComplianceNote/create',
      access: 'staff',
      summary: 'Add a compliance note (staff).',
      body: ComplianceNoteCreateSchema,
      response: ComplianceNoteViewSchema,
      handler: ({ owner, body }) => createComplianceNote(db, owner, body),
    }),
    route({
      method: 'post',
      path: '/ComplianceNote/delete',
      access: 'staff',
      summary: 'Delete a compliance note (staff).',
      body: ComplianceNoteDeleteSchema,
      response: IdResponseSchema,
      handler: ({ body }) => deleteComplianceNote(db, body.id),
    }),
  ]
}
