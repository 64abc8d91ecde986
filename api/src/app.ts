import path from 'node:path'
import express, { type Express } from 'express'
import type { Config } from './env'
import type { Database } from './db/client'
import type { Logger } from './logger'
import { errorHandler, notFoundApi } from './http/error-handler'
import { sameOrigin } from './http/same-origin'
import { loadSession } from './http/auth'
import { mountRoutes, type RouteSpec } from './http/route'
import { createMailer, type Mailer } from './mail/create-mailer'
import { accountRoutes } from './modules/account/account.routes'
import { botCheckRoutes } from './modules/bot-check/bot-check.routes'
import { contactRoutes } from './modules/contact/contact.routes'
import { errorReportRoutes } from './modules/error-report/error-report.routes'
import { healthRoutes } from './modules/health/health.routes'
import { promotionRoutes } from './modules/promotions/promotions.routes'
import { promotionNoteRoutes } from './modules/promotion-notes/promotion-notes.routes'
import { applicantRoutes } from './modules/applicants/applicants.routes'
import { complianceNoteRoutes } from './modules/compliance-notes/compliance-notes.routes'
import { supportItemRoutes } from './modules/support-items/support-items.routes'
import { documentRoutes } from './modules/documents/documents.routes'
import { uploadRoutes } from './modules/upload/upload.routes'
import { securityRoutes } from './modules/security/security.routes'
import { PdfService } from './pdf/pdf-service'
import { LocalFileStorage, type FileStorage } from './storage/storage'

export type AppDeps = {
  config: Config
  database: Database
  logger: Logger
  mailer: Mailer
  /** Uploaded and generated files (local under DATA_DIR, or S3-compatible). */
  storage: FileStorage
  /** The PDF printer, started on first use so a server that prints nothing needs no browser. */
  pdf: () => PdfService
}

type Given = Omit<AppDeps, 'mailer' | 'storage' | 'pdf'> & Partial<Pick<AppDeps, 'mailer' | 'storage' | 'pdf'>>

function lazyPdf(config: Config): () => PdfService {
  let service: PdfService | undefined
  return () => (service ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH }))
}

/**
 * The transactional API: every /api/... call of the spec. Built from its dependencies so tests
 * can run it against their own database.
 */
export function createApp(given: Given): Express {
  const deps: AppDeps = {
    ...given,
    mailer: given.mailer ?? createMailer(given.config, given.logger),
    storage: given.storage ?? new LocalFileStorage(path.join(given.config.DATA_DIR)),
    pdf: given.pdf ?? lazyPdf(given.config),
  }
  const uploads = uploadRoutes(deps)
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')

  const api = express.Router({ caseSensitive: false })
  api.use(express.json({ limit: '2mb' }))
  api.use(express.urlencoded({ extended: false, limit: '256kb' }))
  api.use(sameOrigin(deps.config.publicOrigin))
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  api.use(loadSession(deps))
  // Calls declared with route() (http/route.ts): one list mounts them and documents them.
  const routeSpecs: RouteSpec[] = [
    ...securityRoutes(deps),
  ]
  app.locals.apiRoutes = routeSpecs
  api.use(mountRoutes(routeSpecs))
  api.use(healthRoutes(deps))
  api.use(accountRoutes(deps))
  api.use(botCheckRoutes(deps))
  api.use(contactRoutes(deps))
  api.use(promotionRoutes(deps))
  api.use(promotionNoteRoutes(deps))
  api.use(applicantRoutes(deps))
  api.use(complianceNoteRoutes(deps))
  api.use(supportItemRoutes(deps))
  api.use(uploads.api)
  api.use(notFoundApi)

  app.use('/api', api)
  // Downloads are links (001 §7): same session, no JSON body parsing.
  const downloads = express.Router({ caseSensitive: false })
  downloads.use(loadSession(deps))
  downloads.use('/download', uploads.downloads)
  downloads.use(documentRoutes(deps))
  app.use(downloads)
  // 000 §7: browsers report uncaught script errors here (the gateway sends /error/* to this app).
  app.use('/error', errorReportRoutes(deps))
  app.use(errorHandler(deps.logger))
  return app
}
