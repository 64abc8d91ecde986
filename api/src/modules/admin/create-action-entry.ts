/**
 * Actions (001 §2 action/{id}/): getActionFields lists the sections staff can flag;
 * createActionEntry flags fields with comments and adds questions, moves the promotion to
 * "Action required" (ADMIN_FORCE through the transition table) and e-mails the customer.
 */
import {
  AppError,
  MSG_ACTION_ENTRY_EMPTY,
  MSG_ACTION_QUESTION_REQUIRED,
  PERMIT_STATUS_IDS,
  requireTransition,
  SECTION_KEYS,
  SECTION_NAMES,
} from '@permitdesk/shared'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { brandFor } from '../../mail/templates'
import { actionRequiredTemplate } from '../../mail/staff-templates'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { findOwner } from './admin.repository'
import { writePromotionAsStaff, type Staff } from './staff-write'

const FLAGGABLE = SECTION_KEYS.filter((key) => key !== 'questions')

export function getActionFields() {
  return FLAGGABLE.map((slug) => ({ slug, name: SECTION_NAMES[slug] }))
}

export const ActionEntryBodySchema = z.object({
  promotionId: RecordIdSchema,
  actionFields: z
    .array(
      z.object({
        actionFieldSlug: z.enum(FLAGGABLE as [string, ...string[]], { error: MSG_ACTION_ENTRY_EMPTY }),
        comment: z.string().trim().max(2000).nullish(),
      }),
    )
    .default([]),
  actionQuestions: z
    .array(z.object({ question: z.string({ error: MSG_ACTION_QUESTION_REQUIRED }).trim().min(1, { error: MSG_ACTION_QUESTION_REQUIRED }).max(2000) }))
    .default([]),
})
export type ActionEntryBody = z.infer<typeof ActionEntryBodySchema>

export async function createActionEntry(deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>, staff: Staff, input: ActionEntryBody) {
  if (input.actionFields.length === 0 && input.actionQuestions.length === 0) {
    throw new AppError('VALIDATION', MSG_ACTION_ENTRY_EMPTY, { modelState: { '': [MSG_ACTION_ENTRY_EMPTY] } })
  }
  const { after } = await writePromotionAsStaff(deps.database.db, staff, input.promotionId, 'create-action-entry', (row) => {
    const to =
      row.statusId === PERMIT_STATUS_IDS.actionRequired
        ? row.statusId
        : requireTransition({ from: row.statusId, event: 'ADMIN_FORCE', role: 'admin', to: PERMIT_STATUS_IDS.actionRequired })
    const actionEntry = {
      actionFields: input.actionFields.map((f) => ({ actionFieldSlug: f.actionFieldSlug, checked: true, comment: f.comment ?? null })),
      actionQuestions: input.actionQuestions.map((q) => ({ question: q.question, answer: null })),
    }
    return { statusId: to, details: { ...row.details, actionEntry } }
  })
  const owner = await findOwner(deps.database.db, after.userId)
  if (owner) {
    const items = [
      ...input.actionFields.map((f) => `${SECTION_NAMES[f.actionFieldSlug as keyof typeof SECTION_NAMES]}${f.comment ? `: ${f.comment}` : ''}`),
      ...input.actionQuestions.map((q) => `Question: ${q.question}`),
    ]
    await deps.mailer.send({
      to: owner.email,
      ...actionRequiredTemplate(brandFor(deps.config), {
        firstName: owner.firstName,
        promotionName: after.name || `Promotion ${after.id}`,
        url: `${deps.config.PUBLIC_URL}/permit/edit/${after.id}/details/`,
        items,
      }),
    })
  }
  return { id: after.id, statusId: after.statusId }
}
