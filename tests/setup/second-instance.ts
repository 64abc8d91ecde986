/**
 * A second API instance over a first instance's database, as a second process behind a load
 * balancer would be: its own pool, LISTEN connection, caches and gateways; it shares nothing with
 * the first but PostgreSQL and the data directory.
 */
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type { Express } from 'express'
import { createApp } from '../../api/src/app'
import { createDatabase, type Database } from '../../api/src/db/client'
import { loadConfig } from '../../api/src/env'
import { silentLogger } from '../../api/src/logger'
import type { TestApi } from './test-api'

export type SecondInstance = { baseUrl: string; app: Express; database: Database; close: () => Promise<void> }

export async function startSecondInstance(first: TestApi): Promise<SecondInstance> {
  const database = createDatabase(first.dbUrl)
  const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: first.dbUrl, DATA_DIR: first.config.DATA_DIR })
  const app = createApp({ config, database, logger: silentLogger })
  const server: Server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    app,
    database,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await database.close()
    },
  }
}
