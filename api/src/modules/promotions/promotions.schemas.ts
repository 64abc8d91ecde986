/**
 * Query and small-body schemas of /api/promotion/* that the shared package does not define
 * (the create/modify payloads are the shared PromotionCreate/Modify schemas).
 */
import { z } from 'zod'
import { PromotionModifySchema, PromotionModifySkillsBasedSchema, type PromotionModify, type PromotionModifySkillsBased } from '@permitdesk/shared'

const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')
export const RecordIdSchema = z.coerce
  .number({ error: 'Please give a valid id.' })
  .int({ error: 'Please give a valid id.' })
  .positive({ error: 'Please give a valid id.' })
  .max(2_147_483_647, { error: 'Please give a valid id.' })

/** GET /api/promotion/get?id= */
export const PromotionIdQuerySchema = z.object({ id: RecordIdSchema, admin: bool.optional() })

/** POST bodies carrying only the promotion id (delete, requestLawyerContact). */
export const PromotionIdBodySchema = z.object({ id: RecordIdSchema })

/** POST /api/promotion/archive: archive (default) or un-archive. */
export const ArchiveBodySchema = z.object({ id: RecordIdSchema, archived: z.boolean().default(true) })

/**
 * GET /api/promotion/list (001 §7): id, name, status, after (rows to skip), count (page size),
 * getTotal, archived; plus our sort, direction and search (the My Promotions table and search box).
 */
export const PromotionListQuerySchema = z.object({
  id: RecordIdSchema.optional(),
  name: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
  status: z.coerce.number().int().min(1).max(15).optional(),
  /** Staff only (a session, never an API key): another account's promotions. Ignored for customers. */
  account: RecordIdSchema.optional(),
  /** The applicant's organisation, trading name or contact (part of it). */
  applicant: z.string().trim().max(200).optional(),
  /** Staff's test promotions (001 §6): shown with the rest (`show`, the default), left out (`hide`) or alone (`only`). */
  test: z.enum(['show', 'hide', 'only'], { error: 'test must be show, hide or only.' }).default('show'),
  after: z.coerce.number({ error: 'after must be a whole number.' }).int().min(0).max(1_000_000).default(0),
  count: z.coerce.number({ error: 'count must be a whole number.' }).int().min(1).max(100).default(10),
  getTotal: bool.default(false),
  archived: bool.default(false),
  sort: z.enum(['date', 'name', 'status', 'startDate', 'totalPrizeValue', 'id']).default('date'),
  direction: z.enum(['asc', 'desc']).optional(),
})
export type PromotionListQuery = z.infer<typeof PromotionListQuerySchema>

/** GET /api/promotion/getReuseList?search=&exclude= */
export const ReuseListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  exclude: RecordIdSchema.optional(),
})

/**
 * POST /api/promotion/modify: the skills-based form (no quiz; sets skillsBasedTC) when the body
 * says `skillsBasedTC: true`, else the game-of-chance form. Issues are those of the chosen form.
 */
export const PromotionModifyBodySchema = z.unknown().transform((value, ctx) => {
  const skill = typeof value === 'object' && value !== null && (value as { skillsBasedTC?: unknown }).skillsBasedTC === true
  const result = skill ? PromotionModifySkillsBasedSchema.safeParse(value) : PromotionModifySchema.safeParse(value)
  if (result.success) return result.data as PromotionModify | PromotionModifySkillsBased
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  return z.NEVER
})
/** How the modify body is documented (either form). */
export const PromotionModifyBodyDoc = z.union([PromotionModifySchema, PromotionModifySkillsBasedSchema])
