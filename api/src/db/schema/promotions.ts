import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, jsonb, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { FeeDue } from '@permitdesk/shared'
import { app } from './instance'
import { users } from './users'

/** Fee fields and the included-but-not-required flags, as last computed by the API with `calculateFees`. */
export type StoredFees = FeeDue & {
  isNSWIncludedButNotRequired: boolean
  isACTIncludedButNotRequired: boolean
  isSAIncludedButNotRequired: boolean
  /** Staff forced the SA premium (rows priced before it existed lack it: false). */
  isSAFeePremium?: boolean
  /** The SA licence is applied for online only (issue 25); rows priced before it lack it: read from the requirement. */
  isSAElectronicSubmissionOnly?: boolean
  /**
   * The licence fees of the rule set it was priced at, cents, whether charged through us (managed)
   * or paid by the customer to the regulators (self submission): "Permits required" names them
   * (issue 25). Rows priced before it lack it.
   */
  licenceFees?: { nsw: number; act: number; sa: number }
  ruleSetId: string
}

/**
 * A promotion (001 §3). Typed columns hold what lists sort, filter and search on and what the
 * create/modify form sets; the six-step permit application and its applicant live in `permit`
 * and `applicant` (jsonb, validated by the shared schemas), so the next issue extends this row
 * without a migration per field. `version` guards concurrent edits (optimistic locking).
 */
export const promotions = app.table(
  'promotions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull().default(''),
    statusId: smallint('status_id').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }),
    /** Integer cents. */
    totalPrizeValue: bigint('total_prize_value', { mode: 'number' }).notNull().default(0),
    postSubmissionTotalPrizeValue: bigint('post_submission_total_prize_value', { mode: 'number' }),
    // ausStates flags (001 §3), national = all eight
    stateAct: boolean('state_act').notNull().default(false),
    stateNsw: boolean('state_nsw').notNull().default(false),
    stateSa: boolean('state_sa').notNull().default(false),
    stateVic: boolean('state_vic').notNull().default(false),
    stateNt: boolean('state_nt').notNull().default(false),
    stateWa: boolean('state_wa').notNull().default(false),
    stateQld: boolean('state_qld').notNull().default(false),
    stateTas: boolean('state_tas').notNull().default(false),
    includeNz: boolean('include_nz').notNull().default(false),
    // services (DESIGN.md §4 names)
    managedSubmission: boolean('managed_submission').notNull().default(true),
    randomDraw: boolean('random_draw').notNull().default(false),
    termsAndConditions: boolean('terms_and_conditions').notNull().default(false),
    abridgedTC: boolean('abridged_tc').notNull().default(false),
    hostedTC: boolean('hosted_tc').notNull().default(false),
    skillsBasedTC: boolean('skills_based_tc').notNull().default(false),
    /** Winner publication (001 §1 service line; decision record 020): we publish the ACT/SA winners on the hosted winners page. */
    winnerPublication: boolean('winner_publication').notNull().default(false),
    /** Skill T&C credit option '150' | '250' | '1000' (issue 14, decision record 014); null = the $150 list price. */
    skillsTcPaymentOption: text('skills_tc_payment_option'),
    // the permit quiz (001 §5)
    hasNswAuthority: boolean('has_nsw_authority'),
    hasInstantWinPrizes: boolean('has_instant_win_prizes'),
    winnersDrawnElectronically: boolean('winners_drawn_electronically'),
    randomDrawMachineApproved: boolean('random_draw_machine_approved'),
    usingRandomDrawsDotCom: boolean('using_random_draws_dot_com'),
    requiresPermits: boolean('requires_permits').notNull().default(false),
    fees: jsonb('fees').$type<StoredFees>().notNull(),
    lawyerContactRequested: boolean('lawyer_contact_requested').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    /** 001 §3: "A deleted flag toggles on delete" (restorable by staff). */
    deleted: boolean('deleted').notNull().default(false),
    /** The permit application body (next issue): validated by the shared permit schemas. */
    permit: jsonb('permit').$type<Record<string, unknown>>().notNull().default({}),
    applicant: jsonb('applicant').$type<Record<string, unknown>>(),
    /**
     * Promotion-level answers of the application (prize breakdown and categories, ACT publication,
     * action-entry answers, attachment overrides): what `PermitSaveSchema` carries beside `permit`.
     */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The application's attachments (001 §3 Attachment), each pointing at an upload or a reused promotion. */
    attachments: jsonb('attachments').$type<Record<string, unknown>[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    /** Staff console (issue 13): a test promotion, hidden from staff searches unless asked for. */
    isTest: boolean('is_test').notNull().default(false),
    /** The status before an administrator locked it; unlock returns to it. */
    statusBeforeLock: smallint('status_before_lock'),
    /** The last time the owner was active in the wizard (isPromotionActive). */
    ownerActiveAt: timestamp('owner_active_at', { withTimezone: true }),
    /** Issue 26: when staff last worked on it in the wizard (the owner sees a notice). */
    staffActiveAt: timestamp('staff_active_at', { withTimezone: true }),
    /** When it was last submitted (outstanding list colouring: days since submission). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Permit numbers saved by staff, by state: { nsw: { number, approvalDate, expiryDate, fileName } }. */
    permitNumbers: jsonb('permit_numbers')
      .$type<Record<string, { number: string; approvalDate: string; expiryDate: string | null; fileName: string | null }>>()
      .notNull()
      .default({}),
    /** Per state, when staff marked the forms submitted (markFormsSubmitted). */
    formsSubmitted: jsonb('forms_submitted').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My Promotions: one owner's live rows, by each sortable column (default: date descending).
    // Ascending on purpose: scanned backwards they give ORDER BY ... DESC (NULLS FIRST), which a DESC NULLS LAST index cannot.
    index('promotions_owner_created_idx').on(t.userId, t.archived, t.createdAt, t.id).where(sql`${t.deleted} = false`),
    index('promotions_owner_name_idx').on(t.userId, t.archived, sql`lower(${t.name})`, t.id).where(sql`${t.deleted} = false`),
    index('promotions_owner_start_idx').on(t.userId, t.archived, t.startDate, t.id).where(sql`${t.deleted} = false`),
    index('promotions_owner_status_idx').on(t.userId, t.archived, t.statusId, t.id).where(sql`${t.deleted} = false`),
    index('promotions_owner_value_idx').on(t.userId, t.archived, t.totalPrizeValue, t.id).where(sql`${t.deleted} = false`),
    // staff lists (all accounts) by date and status
    index('promotions_created_idx').on(t.createdAt, t.id),
    index('promotions_status_idx').on(t.statusId),
  ],
)

export type PromotionRow = typeof promotions.$inferSelect
export type NewPromotionRow = typeof promotions.$inferInsert
