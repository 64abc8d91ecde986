import { boolean, date, index, integer, jsonb, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/** Distribution lists (001 §3 "Distribution list: name and emails"), per account. */
export const distributionLists = app.table(
  'distribution_lists',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** Lower-cased, de-duplicated, in the order added. */
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('distribution_lists_owner_idx').on(t.userId, t.id)],
)
export type DistributionListRow = typeof distributionLists.$inferSelect

/** The reminders chosen for a promotion (POST /api/Reminder/save): one row per kind. */
export const promotionReminders = app.table(
  'promotion_reminders',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Null: the kind's default offset. */
    daysBefore: integer('days_before'),
    accountHolder: boolean('account_holder').notNull().default(true),
    distributionListIds: jsonb('distribution_list_ids').$type<number[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_reminders_kind_idx').on(t.promotionId, t.kind)],
)
export type PromotionReminderRow = typeof promotionReminders.$inferSelect

/**
 * One row per reminder mail sent: claimed (inserted) in the transaction that sends it, so the
 * unique key makes each reminder go to each address once, whatever the number of workers.
 */
export const reminderDeliveries = app.table(
  'reminder_deliveries',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reminderDate: date('reminder_date', { mode: 'string' }).notNull(),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminder_deliveries_once_idx').on(t.promotionId, t.kind, t.reminderDate, t.email)],
)

/** Addresses that asked for no more reminders of a promotion (the link in each reminder). */
export const promotionUnsubscribes = app.table(
  'promotion_unsubscribes',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_unsubscribes_idx').on(t.promotionId, t.email)],
)

/**
 * The secret of an account's subscribable calendar feed (regenerating replaces it), stored as its
 * SHA-256 (issue 24): the address is shown once, when made.
 */
export const calendarFeeds = app.table(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
)
