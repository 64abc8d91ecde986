import { z } from 'zod'
import { MoneySchema } from '../money-schema'
import { MASK_RULES } from './masking'
import {
  MSG_DRAW_CANCEL_REASON_REQUIRED,
  MSG_DRAW_EARLY_REASON_INVALID,
  MSG_DRAW_RUN_AT_INVALID,
  MSG_DRAW_ID_REQUIRED,
  MSG_DRAW_PRIZE_VALUES,
  MSG_DRAW_LOOKUP_VALUE_REQUIRED,
  MSG_DRAW_RESERVES_INVALID,
  MSG_DRAW_TITLE_INVALID,
  MSG_DRAW_WINNERS_REQUIRED,
} from './messages'

const MSG_PROMOTION_ID = 'Please give the promotion id.'
const MSG_MASK_RULE = 'Please choose how entries are shown: standard, initialsPostcode or hidden.'
const MSG_SCRUTINEER_NAME = 'Please enter the scrutineer\u2019s name (at most 200 characters).'

/** An id in a body or a query string ("12" or 12). */
const drawId = z.coerce.number({ error: MSG_DRAW_ID_REQUIRED }).int({ error: MSG_DRAW_ID_REQUIRED }).positive({ error: MSG_DRAW_ID_REQUIRED })
const winners = z
  .number({ error: MSG_DRAW_WINNERS_REQUIRED })
  .int({ error: MSG_DRAW_WINNERS_REQUIRED })
  .min(1, { error: MSG_DRAW_WINNERS_REQUIRED })
  .max(100_000, { error: MSG_DRAW_WINNERS_REQUIRED })
const reserves = z
  .number({ error: MSG_DRAW_RESERVES_INVALID })
  .int({ error: MSG_DRAW_RESERVES_INVALID })
  .min(0, { error: MSG_DRAW_RESERVES_INVALID })
  .max(100_000, { error: MSG_DRAW_RESERVES_INVALID })
/** Dollars per winner position (null: not known), for the per-prize winner publication rules; cents inside. */
const prizeValues = z.array(MoneySchema.nullable(), { error: MSG_DRAW_PRIZE_VALUES }).max(100_000, { error: MSG_DRAW_PRIZE_VALUES })
const title = z.string({ error: MSG_DRAW_TITLE_INVALID }).trim().max(200, { error: MSG_DRAW_TITLE_INVALID })

/** POST /api/draw/create: winners default to the application's prize count. */
export const DrawCreateSchema = z.object({
  promotionId: z.coerce.number({ error: MSG_PROMOTION_ID }).int({ error: MSG_PROMOTION_ID }).positive({ error: MSG_PROMOTION_ID }),
  title: title.optional(),
  winners: winners.optional(),
  reserves: reserves.optional(),
  maskRule: z.enum(MASK_RULES, { error: MSG_MASK_RULE }).optional(),
  prizeValues: prizeValues.optional(),
  /** Commit at upload close and run at the final draw's date and time, through the job queue. */
  schedule: z.boolean({ error: 'Please answer whether the draw runs by itself at the final draw time.' }).optional(),
  /**
   * When the application gives no final draw date: the date (YYYY-MM-DD) and time (HH:MM) in
   * Sydney from which the draw may run. Without either, the draw may run from its creation.
   */
  runDate: z
    .string({ error: MSG_DRAW_RUN_AT_INVALID })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DRAW_RUN_AT_INVALID })
    .optional(),
  runTime: z
    .string({ error: MSG_DRAW_RUN_AT_INVALID })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG_DRAW_RUN_AT_INVALID })
    .optional(),
})
export type DrawCreate = z.infer<typeof DrawCreateSchema>

export const DrawIdSchema = z.object({ id: drawId })

export const DrawRunSchema = z.object({
  id: drawId,
  scrutineerName: z.string({ error: MSG_SCRUTINEER_NAME }).trim().max(200, { error: MSG_SCRUTINEER_NAME }).optional(),
  /** Staff only: why the draw runs before its scheduled time (shown on the public record and the certificate). */
  earlyRunReason: z.string({ error: MSG_DRAW_EARLY_REASON_INVALID }).trim().max(500, { error: MSG_DRAW_EARLY_REASON_INVALID }).optional(),
})

/** POST /api/draw/cancel: a draw not yet run, with the reason the public record keeps. */
export const DrawCancelSchema = z.object({
  id: drawId,
  reason: z
    .string({ error: MSG_DRAW_CANCEL_REASON_REQUIRED })
    .trim()
    .min(1, { error: MSG_DRAW_CANCEL_REASON_REQUIRED })
    .max(500, { error: MSG_DRAW_CANCEL_REASON_REQUIRED }),
})

export const DrawRedrawSchema = z.object({
  id: drawId,
  winners,
  reserves: reserves.default(0),
  title: title.optional(),
  prizeValues: prizeValues.optional(),
  /** As at create, when the application gives no unclaimed draw date. */
  runDate: z
    .string({ error: MSG_DRAW_RUN_AT_INVALID })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DRAW_RUN_AT_INVALID })
    .optional(),
  runTime: z
    .string({ error: MSG_DRAW_RUN_AT_INVALID })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG_DRAW_RUN_AT_INVALID })
    .optional(),
})

export const DrawListQuerySchema = z.object({
  promotionId: z.coerce.number({ error: MSG_PROMOTION_ID }).int({ error: MSG_PROMOTION_ID }).positive({ error: MSG_PROMOTION_ID }),
})

const publicId = z
  .string({ error: 'Please give the draw\u2019s public id.' })
  .regex(/^[A-Za-z0-9_-]{6,40}$/, { error: 'Please give the draw\u2019s public id.' })
export const DrawPublicQuerySchema = z.object({ publicId })
export const DrawLookupQuerySchema = z.object({
  publicId,
  value: z
    .string({ error: MSG_DRAW_LOOKUP_VALUE_REQUIRED })
    .trim()
    .min(1, { error: MSG_DRAW_LOOKUP_VALUE_REQUIRED })
    .max(500, { error: MSG_DRAW_LOOKUP_VALUE_REQUIRED }),
})
