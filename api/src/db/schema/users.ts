import { boolean, jsonb, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { AddressDraft } from '@permitdesk/shared'
import { app } from './instance'

/**
 * An account (000 §3 User, 001 §3 User). The e-mail is stored lower-cased and is unique.
 * `isStaff` is only ever set by the ADMIN_EMAIL start-up upsert or by staff, never by a customer call.
 */
export const users = app.table('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  accountName: text('account_name').notNull(),
  phone: text('phone'),
  optedIntoCommunication: boolean('opted_into_communication').notNull().default(false),
  authorisedAgent: boolean('authorised_agent').notNull().default(false),
  agentBusinessAddress: jsonb('agent_business_address').$type<AddressDraft | null>(),
  isStaff: boolean('is_staff').notNull().default(false),
  /**
   * The staff role (issue 13): `admin` reaches the staff console, the admin calls and /cms/;
   * `marketing` reaches /cms/ only. An admin has `isStaff`; a marketing user does NOT (so every
   * API check that reads `isStaff` treats them as a customer) and has `staffRole = 'marketing'`.
   */
  staffRole: text('staff_role').$type<'admin' | 'marketing'>(),
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type UserRow = typeof users.$inferSelect
