/**
 * The server of `npm start` without the CMS and the site build (tests/integration/crash.int.test.ts
 * kills it with SIGKILL and starts it again): the same configuration, database, app, job queue and
 * workers, gateway and port as api/src/main.ts, put together the same way. The CMS (Next) takes no
 * part in saves, payments or jobs, and building it takes minutes, so it is left out.
 *   node --import tsx tests/setup/api-server.ts      (PORT, DATABASE_URL, DATA_DIR, ...)
 * Prints `ready <port>` once it listens.
 */
import path from 'node:path'
import { createApp } from '../../api/src/app'
import { createDatabase } from '../../api/src/db/client'
import { migrateApp, withPrepareLock } from '../../api/src/db/migrate'
import { loadConfig } from '../../api/src/env'
import { createLogger } from '../../api/src/logger'
import { createMailer } from '../../api/src/mail/create-mailer'
import { startBoss } from '../../api/src/jobs/boss'
import { startReminderWorker } from '../../api/src/jobs/reminders'
import { startHousekeeping } from '../../api/src/jobs/housekeeping'
import { createGateway, listenGateway } from '../../api/src/server/gateway'
import { siteOutputDir } from '../../api/src/server/build'

const config = loadConfig()
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required')
const url = config.DATABASE_URL
const logger = createLogger({ level: config.LOG_LEVEL })

await withPrepareLock(url, () => migrateApp(url))
const database = createDatabase(url)
const mailer = createMailer(config, logger)
const api = createApp({ config, database, logger, mailer })
const boss = await startBoss(url, logger)
await startReminderWorker(boss, { config, database, logger, mailer })
await startHousekeeping(boss, { db: database.db, logger })
const gateway = createGateway({ api, config, siteDir: siteOutputDir(path.resolve(config.DATA_DIR)) })
const server = listenGateway({ gateway, api, config }, config.PORT, config.HOST, () => process.stdout.write(`ready ${config.PORT}\n`))
server.keepAliveTimeout = 5_000

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    server.close()
    await boss.stop({ graceful: false, close: true, timeout: 1000 }).catch(() => {})
    await database.close().catch(() => {})
    process.exit(0)
  })
}
