/** The wire schemas of the rule set and compliance calendar calls (issue #30). */
import { z } from 'zod'
import { IsoDateSchema } from '../dates/date-schemas'
import { OBLIGATION_STATUSES } from '../compliance/obligations'
import { RecordIdInputSchema } from '../validation/applicant-compliance'
import { STATE_KEYS } from '../states'
import {
  MSG_LEGAL_HOLD_LIFT_REASON_REQUIRED,
  MSG_LEGAL_HOLD_REASON_REQUIRED,
  MSG_LEGAL_HOLD_REASON_TOO_LONG,
  MSG_OBLIGATION_LINK_INVALID,
  MSG_OBLIGATION_PROOF_REQUIRED,
  MSG_RULE_SET_DESCRIPTION_REQUIRED,
  MSG_RULE_SET_ID_INVALID,
  MSG_SOURCE_NOTE_REQUIRED,
  MSG_SOURCE_TITLE_REQUIRED,
  MSG_SOURCE_URL_INVALID,
} from './messages'

/** `GET /api/rules/current?date=`: the Sydney date to ask about (default today). */
export const RulesCurrentQuerySchema = z.object({ date: IsoDateSchema.optional() })

export const FigureSourceSchema = z
  .object({
    title: z.string({ error: MSG_SOURCE_TITLE_REQUIRED }).trim().min(1, { error: MSG_SOURCE_TITLE_REQUIRED }).max(300, { error: MSG_SOURCE_TITLE_REQUIRED }),
    url: z
      .string({ error: MSG_SOURCE_URL_INVALID })
      .trim()
      .max(2000, { error: MSG_SOURCE_URL_INVALID })
      .refine((v) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(v) || /^\/[^\s]*$/.test(v), { error: MSG_SOURCE_URL_INVALID }),
    dateRead: IsoDateSchema,
    verified: z.boolean(),
    note: z.string().trim().max(1000).optional(),
  })
  .superRefine((s, ctx) => {
    if (!s.verified && !s.note) ctx.addIssue({ code: 'custom', path: ['note'], message: MSG_SOURCE_NOTE_REQUIRED })
  })

/** A figure's value on the wire (FigureValue): the answer's schema says exactly which shapes a client meets. */
const FigureValueSchema = z
  .union([
    z.number(),
    z.array(z.number()),
    z.object({ base: z.number(), steps: z.array(z.object({ above: z.number(), fee: z.number() })) }),
    z.object({ numerator: z.number(), denominator: z.number() }),
    z.string(),
    z.array(z.string()),
    z.null(),
  ])
  .describe(
    'Money in dollars; a tier table { base, steps: [{ above, fee }] }; a count; a rate { numerator, denominator }; a text or a list; null when the sources state no such rule.',
  )

export const FigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  state: z.enum(STATE_KEYS).nullable(),
  kind: z.enum(['money', 'money-list', 'tiers', 'count', 'rate', 'text', 'list']),
  unit: z.enum(['business days', 'days', 'months']).optional(),
  options: z.array(z.string()).readonly().optional(),
  value: FigureValueSchema,
  source: FigureSourceSchema.nullable(),
})

export const FigureDifferenceSchema = z.object({
  key: z.string(),
  label: z.string(),
  state: z.enum(STATE_KEYS).nullable(),
  kind: FigureSchema.shape.kind,
  unit: FigureSchema.shape.unit,
  before: FigureValueSchema,
  after: FigureValueSchema,
  source: FigureSourceSchema.nullable(),
})

const NoticeSchema = z.object({ code: z.string(), text: z.string() })

export const RuleSetViewSchema = z.object({
  id: z.string(),
  effectiveFrom: z.string(),
  description: z.string(),
  inForce: z.boolean(),
  figures: z.array(FigureSchema),
  notices: z.object({ nt: NoticeSchema, wa: NoticeSchema }),
  previous: z.object({ id: z.string(), effectiveFrom: z.string() }).nullable(),
  changes: z.array(FigureDifferenceSchema),
})

export const RuleSetSummarySchema = z.object({
  id: z.string(),
  effectiveFrom: z.string(),
  description: z.string(),
  inForce: z.boolean(),
  current: z.boolean(),
  published: z.boolean(),
})

/** A new set: a base to clone, its figures changed (each with its source), an effective date. */
export const RuleSetDraftSchema = z.object({
  baseId: z.string().min(1).max(60),
  id: z
    .string({ error: MSG_RULE_SET_ID_INVALID })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: MSG_RULE_SET_ID_INVALID })
    .max(60, { error: MSG_RULE_SET_ID_INVALID }),
  effectiveFrom: IsoDateSchema,
  description: z.string({ error: MSG_RULE_SET_DESCRIPTION_REQUIRED }).trim().min(1, { error: MSG_RULE_SET_DESCRIPTION_REQUIRED }).max(1000),
  changes: z
    .array(z.object({ key: z.string().max(100), value: z.unknown(), source: FigureSourceSchema }))
    .max(400)
    .default([]),
})
export type RuleSetDraft = z.infer<typeof RuleSetDraftSchema>

export const RuleSetPreviewSchema = z.object({
  ruleSet: RuleSetViewSchema,
  /** Open (not yet submitted) promotions whose fees the set would change once in force. */
  affected: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      startDate: z.string().nullable(),
      feeDue_Total_before: z.number(),
      feeDue_Total_after: z.number(),
    }),
  ),
})

export const ObligationsQuerySchema = z.object({ id: RecordIdInputSchema })

export const ObligationProofSchema = z.object({
  kind: z.enum(['upload', 'link']),
  reference: z.string(),
  label: z.string().nullable(),
  note: z.string().nullable(),
  closedAt: z.string(),
})

export const ObligationSchema = z.object({
  code: z.string(),
  title: z.string(),
  state: z.enum(STATE_KEYS).nullable(),
  dueDate: z.string().describe('A Sydney calendar date, YYYY-MM-DD.'),
  dueKind: z.enum(['by', 'on', 'from', 'until']),
  status: z.enum(OBLIGATION_STATUSES),
  rule: z.string(),
  ruleKey: z.string(),
  source: FigureSourceSchema.nullable(),
  proof: ObligationProofSchema.nullable(),
  /** The records duty of a promotion staff hold: shown "On legal hold", its data kept past the date. */
  onLegalHold: z.boolean(),
})

export const RuleNoteSchema = z.object({
  code: z.string(),
  state: z.enum(STATE_KEYS),
  level: z.enum(['check', 'info']),
  text: z.string(),
  ruleKey: z.string(),
  source: FigureSourceSchema.nullable(),
})

export const ObligationsResponseSchema = z.object({
  promotionId: z.number().int(),
  ruleSetId: z.string(),
  today: z.string(),
  obligations: z.array(ObligationSchema),
  /** Entry-cost caps and prize restrictions of its states, checked against the application. */
  notes: z.array(RuleNoteSchema),
  /** Staff hold the promotion: its entrants' data is not deleted when the records period ends. */
  onLegalHold: z.boolean(),
  /** When the entrants' personal data was deleted (records period over), and its deletion certificate. */
  dataDeletedAt: z.string().nullable(),
  certificateUrl: z.string().nullable(),
  /** The compliance pack (ZIP: a PDF of every duty with its proof, the proof files and the permits). */
  compliancePackUrl: z.string(),
})

/** Close a duty with proof: an upload (the server file name POST /api/Upload answered) or a link. */
export const CloseObligationSchema = z
  .object({
    id: RecordIdInputSchema,
    code: z.string().min(1).max(80),
    serverFileName: z.string().trim().max(200).optional(),
    link: z.string().trim().max(2000).optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.serverFileName && !v.link) ctx.addIssue({ code: 'custom', path: ['link'], message: MSG_OBLIGATION_PROOF_REQUIRED })
    else if (v.link && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(v.link)) ctx.addIssue({ code: 'custom', path: ['link'], message: MSG_OBLIGATION_LINK_INVALID })
  })

/** Staff place or lift a legal hold on a promotion (issue #30): the reason goes to the changelog. */
export const PlaceLegalHoldSchema = z.object({
  id: RecordIdInputSchema,
  reason: z
    .string({ error: MSG_LEGAL_HOLD_REASON_REQUIRED })
    .trim()
    .min(1, { error: MSG_LEGAL_HOLD_REASON_REQUIRED })
    .max(1000, { error: MSG_LEGAL_HOLD_REASON_TOO_LONG }),
})
export const LiftLegalHoldSchema = z.object({
  id: RecordIdInputSchema,
  reason: z
    .string({ error: MSG_LEGAL_HOLD_LIFT_REASON_REQUIRED })
    .trim()
    .min(1, { error: MSG_LEGAL_HOLD_LIFT_REASON_REQUIRED })
    .max(1000, { error: MSG_LEGAL_HOLD_REASON_TOO_LONG }),
})
export const LegalHoldQuerySchema = z.object({ id: RecordIdInputSchema })

/** A promotion's legal hold and retention, as the staff console shows them. */
export const LegalHoldViewSchema = z.object({
  promotionId: z.number().int(),
  onLegalHold: z.boolean(),
  reason: z.string().nullable(),
  placedAt: z.string().nullable(),
  /** The Sydney date the records are kept until (the keep-records duty), null when no rule gives one. */
  keepUntil: z.string().nullable(),
  dataDeletedAt: z.string().nullable(),
  certificateUrl: z.string().nullable(),
})
