import express, { type Express } from 'express'
// Our sentences for zod's issues, installed for its side effect: reached only through shared's index,
// which is side-effect free, the bundler of `npm start` (esbuild) would drop it, and zod's English
// ("Invalid input: expected object, received array") would reach people.
import '@permitdesk/shared/wire/zod-messages'
import compression from 'compression'
import type { Config } from './env'
import type { AppDeps } from './deps'
import { errorHandler, notFoundApi } from './http/error-handler'
import { sameOrigin } from './http/same-origin'
import { bodyParsers } from './http/body-limits'
import { authenticate } from './http/auth'
import { warnUntrustedForwarding } from './http/untrusted-proxy'
import { SessionCache } from './modules/account/session-cache'
import { mountRawBodyRoutes, mountRoutes, type RouteHooks, type RouteSpec } from './http/route'
import { apiDocsSurfaces, openApiRoutes } from './http/openapi.routes'
import { mountSurfaces, type SurfaceSpec } from './http/surface'
import { createMailer } from './mail/create-mailer'
import { accountRoutes } from './modules/account/account.routes'
import { adminRoutes } from './modules/admin/admin.routes'
import { adminNoteRoutes } from './modules/admin-notes/admin-notes.routes'
import { staffPromotionRoutes } from './modules/admin/staff-promotion.routes'
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes'
import { idempotencyHook } from './modules/idempotency/idempotency'
import { botCheckRoutes } from './modules/bot-check/bot-check.routes'
import { contactRoutes } from './modules/contact/contact.routes'
import { errorReportRoutes } from './modules/error-report/error-report.routes'
import { healthRoutes } from './modules/health/health.routes'
import { promotionRoutes } from './modules/promotions/promotions.routes'
import { promotionChecks } from './promotion-checks'
import { promotionNoteRoutes } from './modules/promotion-notes/promotion-notes.routes'
import { applicantRoutes } from './modules/applicants/applicants.routes'
import { complianceNoteRoutes } from './modules/compliance-notes/compliance-notes.routes'
import { supportItemRoutes } from './modules/support-items/support-items.routes'
import { documentRoutes } from './modules/documents/documents.routes'
import { uploadRoutes } from './modules/upload/upload.routes'
import { paymentRoutes } from './modules/payments/payments.routes'
import { invoiceDownloadRoutes } from './modules/payments/invoice-download.routes'
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes'
import { lodgementPackApiRoutes, lodgementPackRoutes } from './modules/payments/lodgement-pack.routes'
import { voicemailDownloadRoutes } from './modules/admin/voicemail.routes'
import { createPaymentGateway } from './modules/payments/create-payment-gateway'
import { termsDocumentRoutes, termsRoutes } from './modules/terms/terms.routes'
import { reminderLinkRoutes, reminderRoutes } from './modules/reminders/reminders.routes'
import { drawRoutes } from './modules/draws/draws.routes'
import { screeningRoutes } from './modules/entries/screening.routes'
import { entryRoutes } from './modules/entries/entries.routes'
import { drawPageRoutes } from './modules/draws/draw-pages.routes'
import { securityRoutes } from './modules/security/security.routes'
import { compliancePackRoutes, ruleRoutes } from './modules/rules/rules.routes'
import { legalHoldRoutes } from './modules/housekeeping/housekeeping.routes'
import { PdfService } from './pdf/pdf-service'
import { createStorage } from './storage/create-storage'
import { createEvents } from './events/events'
import { hotPaths } from './http/hot-paths'
import { promotionOverviewRoutes } from './modules/promotion-overview/promotion-overview.routes'

export type { AppDeps }

type Given = Omit<AppDeps, 'mailer' | 'storage' | 'pdf' | 'paymentGateway' | 'events'> &
  Partial<Pick<AppDeps, 'mailer' | 'storage' | 'pdf' | 'paymentGateway' | 'events'>> & {
    /** Sees every JSON answer of a declared route (the tests validate it against the documented schema). */
    onResponse?: RouteHooks['onResponse']
  }

function lazyPdf(config: Config, logger: AppDeps['logger']): () => PdfService {
  let service: PdfService | undefined
  return () => (service ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH, logger }))
}

/**
 * The transactional API: every /api/... call of the spec. Built from its dependencies so tests
 * can run it against their own database.
 */
export function createApp(given: Given): Express {
  const { onResponse, ...rest } = given
  const deps: AppDeps = {
    ...rest,
    mailer: given.mailer ?? createMailer(given.config, given.logger),
    storage: given.storage ?? createStorage(given.config),
    pdf: given.pdf ?? lazyPdf(given.config, given.logger),
    paymentGateway: given.paymentGateway ?? createPaymentGateway(given.config, given.database.db),
    events: given.events ?? createEvents(),
  }
  const uploads = uploadRoutes(deps)
  const app = express()
  app.disable('x-powered-by')
  // Answers are `no-store` and change with every call: an ETag (a hash of each body) buys nothing.
  app.set('etag', false)
  app.set('trust proxy', deps.config.TRUST_PROXY)
  app.use(warnUntrustedForwarding(deps.logger))

  const api = express.Router({ caseSensitive: false })
  // JSON answers over 1 KB are compressed (gzip or brotli as the client accepts); files are not.
  api.use(compression({ threshold: 1024, filter: (_req, res) => /^application\/json/.test(String(res.getHeader('Content-Type') ?? '')) }))
  // Per-route body limits (a few KB for the account and contact forms), before any parsing.
  api.use(bodyParsers())
  api.use(sameOrigin(deps.config.publicOrigin))
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  // Session lookups are cached in memory, invalidated across processes by LISTEN/NOTIFY (session-cache.ts).
  // Listening starts now: the connection also names this process in idempotency claims.
  const sessionCache = new SessionCache(deps.database.notifications).start()
  app.locals.sessionCache = sessionCache
  // The health probe and the session poll, answered before Express where the server puts a front door (server/gateway.ts).
  app.locals.hotPaths = hotPaths({ ...deps, sessionCache })
  api.use(authenticate({ ...deps, sessionCache }))
  // Every download and page outside /api, declared with surface() (http/surface.ts).
  const surfaceSpecs: SurfaceSpec[] = [
    ...invoiceDownloadRoutes(deps),
    ...voicemailDownloadRoutes(deps),
    ...lodgementPackRoutes(deps),
    ...uploads.downloads,
    ...documentRoutes(deps),
    ...termsDocumentRoutes(deps),
    ...reminderLinkRoutes(deps),
    ...drawPageRoutes(deps),
    ...compliancePackRoutes(deps),
    // 000 §7: browsers report uncaught script errors here (the gateway sends /error/* to this app).
    ...errorReportRoutes(deps),
    ...apiDocsSurfaces(),
  ]
  // Every /api call, declared with route() (http/route.ts): one list mounts them and documents them.
  const routeSpecs: RouteSpec[] = [
    ...healthRoutes(deps),
    ...accountRoutes(deps),
    ...apiKeyRoutes(deps),
    ...botCheckRoutes(deps),
    ...contactRoutes(deps),
    ...promotionRoutes(deps, promotionChecks(deps)),
    ...promotionOverviewRoutes(deps),
    ...promotionNoteRoutes(deps),
    ...applicantRoutes(deps),
    ...complianceNoteRoutes(deps),
    ...supportItemRoutes(deps),
    ...uploads.api,
    ...paymentRoutes(deps),
    ...stripeWebhookRoutes(deps),
    ...lodgementPackApiRoutes(deps),
    ...adminRoutes(deps),
    ...adminNoteRoutes(deps),
    ...staffPromotionRoutes(deps),
    ...termsRoutes(deps),
    ...reminderRoutes(deps),
    ...drawRoutes(deps),
    ...entryRoutes(deps),
    ...openApiRoutes(
      deps,
      () => routeSpecs,
      () => surfaceSpecs,
    ),
    ...securityRoutes(deps),
    ...ruleRoutes(deps),
    ...legalHoldRoutes(deps),
    ...screeningRoutes(deps),
  ]
  app.locals.apiRoutes = routeSpecs
  app.locals.surfaces = surfaceSpecs
  api.use(mountRoutes(routeSpecs, { onResponse, idempotency: idempotencyHook(deps.database.db, deps.database.notifications) }))
  api.use(notFoundApi)

  // Routes that read their raw body (Stripe's signed events, from no browser origin): before the API's parsers.
  app.use('/api', mountRawBodyRoutes(routeSpecs, { onResponse }))
  // Pages under /api (the reference page): before the API's router, whose 404 would answer first.
  const underApi = (spec: SurfaceSpec) => spec.path.toLowerCase().startsWith('/api/')
  app.use(mountSurfaces(surfaceSpecs.filter(underApi), { publicOrigin: deps.config.publicOrigin }))
  app.use('/api', api)
  // Downloads and pages are links (001 §7): same session; a body is read only where a surface
  // declares a form. One list mounts them, documents the files and reports in OpenAPI, and the
  // pages are in the gateway's page list (tests/integration/http-surfaces.int.test.ts).
  const downloads = express.Router({ caseSensitive: false })
  downloads.use(authenticate({ ...deps, sessionCache }))
  downloads.use(
    mountSurfaces(
      surfaceSpecs.filter((spec) => !underApi(spec)),
      { publicOrigin: deps.config.publicOrigin },
    ),
  )
  app.use(downloads)
  app.use(errorHandler(deps.logger))
  return app
}
