/**
 * What every module of the API is built from, in a file of its own so modules import it without
 * going through app.ts (which imports every module).
 */
import type { CmsAdminState } from '@permitdesk/shared'
import type { Config } from './env'
import type { Database, Db } from './db/client'
import type { Logger } from './logger'
import type { Mailer } from './mail/create-mailer'
import type { PdfService } from './pdf/pdf-service'
import type { FileStorage } from './storage/storage'
import type { PaymentGateway } from './modules/payments/payment-gateway'
import type { Events } from './events/events'

export type { Config, Database, Db, Logger, Mailer, FileStorage, Events }

export type AppDeps = {
  config: Config
  database: Database
  logger: Logger
  mailer: Mailer
  /** Uploaded and generated files (local under DATA_DIR, or S3-compatible). */
  storage: FileStorage
  /** The PDF printer, started on first use so a server that prints nothing needs no browser. */
  pdf: () => PdfService
  /** Card payments: the sandbox gateway, or Stripe when configured. */
  paymentGateway: PaymentGateway
  /** Side effects: what happened, written to the outbox in the change's transaction (api/src/events). */
  events: Events
  /**
   * Where lodgement packs are built (issue 31): `events` where this process runs the job runner
   * (main.ts: a `lodgementPack.requested` event, built by the pack worker); otherwise (an API
   * started alone, as most integration tests) in the request that needs one. The same holds for
   * attachment B of approved T&Cs (the `terms.approved` subscriber, or the approval's request).
   */
  lodgementPacks?: 'events' | 'in-request'
  /** The CMS admin's state where this process hosts it (main.ts: built behind the rest on a first start); listed by /api/health. */
  cmsState?: () => CmsAdminState
}
