import { index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'

/** Uncaught script errors the browser reported through POST /error/js/ (000 §7). */
export const jsErrors = app.table(
  'js_errors',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    source: text('source'),
    line: integer('line'),
    column: integer('column'),
    error: text('error'),
    console: text('console'),
    pageUrl: text('page_url'),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('js_errors_created_at_idx').on(t.createdAt)],
)
