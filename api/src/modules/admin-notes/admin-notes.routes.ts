/** /api/adminNote/{get,getTasks,create,update,delete,resolve} and /api/admin/assign (001 §7), guarded once. */
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { staffOnly } from '../admin/admin-guard'
import {
  AdminNoteAssignSchema,
  AdminNoteCreateSchema,
  AdminNoteIdSchema,
  AdminNoteMakeTaskSchema,
  AdminNoteResolveSchema,
  AdminNoteUpdateSchema,
  assignAdminNote,
  createAdminNote,
  deleteAdminNote,
  getAdminNote,
  getTasks,
  makeTaskOfNote,
  resolveAdminNote,
  TasksQuerySchema,
  updateAdminNote,
} from './admin-notes'

const NoteOut = z.object({ id: z.number(), note: z.string(), resolved: z.boolean() }).passthrough()

export function adminNoteRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return staffOnly([
    route({
      method: 'get',
      path: '/adminNote/get',
      summary: 'One admin note.',
      tag: 'adminNote',
      access: 'staff',
      query: AdminNoteIdSchema,
      response: NoteOut,
      handler: ({ query }) => getAdminNote(db, query.id),
    }),
    route({
      method: 'get',
      path: '/adminNote/getTasks',
      summary: 'Admin notes (tasks), at most 1000: assigned to me, anyone, unassigned or one staff member; open, resolved or all.',
      tag: 'adminNote',
      access: 'staff',
      query: TasksQuerySchema,
      response: z.array(NoteOut),
      handler: ({ query, user }) => getTasks(db, user, query),
    }),
    route({
      method: 'post',
      path: '/adminNote/create',
      summary: 'Create an admin note on a promotion, a customer contact, or neither.',
      tag: 'adminNote',
      access: 'staff',
      idempotent: true,
      body: AdminNoteCreateSchema,
      response: NoteOut,
      handler: ({ body, user }) => createAdminNote(db, user, body),
    }),
    route({
      method: 'post',
      path: '/adminNote/update',
      summary: "Edit an admin note's text.",
      tag: 'adminNote',
      access: 'staff',
      body: AdminNoteUpdateSchema,
      response: NoteOut,
      handler: ({ body, user }) => updateAdminNote(db, user, body),
    }),
    route({
      method: 'post',
      path: '/adminNote/delete',
      summary: 'Delete an admin note.',
      tag: 'adminNote',
      access: 'staff',
      body: AdminNoteIdSchema,
      response: z.object({ id: z.number() }),
      handler: ({ body, user }) => deleteAdminNote(db, user, body.id),
    }),
    route({
      method: 'post',
      path: '/adminNote/resolve',
      summary: 'Resolve (or reopen with resolved: false) an admin note.',
      tag: 'adminNote',
      access: 'staff',
      body: AdminNoteResolveSchema,
      response: NoteOut,
      handler: ({ body, user }) => resolveAdminNote(db, user, body),
    }),
    route({
      method: 'post',
      path: '/adminNote/makeTask',
      summary: 'Make an admin note a task: a due date, and a staff member (or anyone); it then shows on the main list.',
      tag: 'adminNote',
      access: 'staff',
      body: AdminNoteMakeTaskSchema,
      response: NoteOut,
      handler: ({ body, user }) => makeTaskOfNote(db, user, body),
    }),
    route({
      method: 'post',
      path: '/admin/assign',
      summary: 'Assign an admin note to a staff member (null: anyone).',
      access: 'staff',
      body: AdminNoteAssignSchema,
      response: NoteOut,
      handler: ({ body, user }) => assignAdminNote(db, user, body),
    }),
  ])
}
