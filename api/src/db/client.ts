import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema/index'
import { createNotifications, type Notifications } from './notifications'

export type Db = NodePgDatabase<typeof schema>
export type Database = {
  pool: pg.Pool
  db: Db
  /** LISTEN/NOTIFY on a connection of its own, opened on the first subscription (db/notifications.ts). */
  notifications: Notifications
  close: () => Promise<void>
}

export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
}

export function createDatabase(url: string, { max = 10 }: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 })
  // An idle client losing its server must not take the process down; the next query reports it.
  pool.on('error', () => {})
  const db = drizzle(pool, { schema })
  const notifications = createNotifications(url)
  return { pool, db, notifications, close: async () => void (await Promise.all([notifications.close(), pool.end()])) }
}

/**
 * Waits for the server to answer, retrying with backoff up to `timeoutSeconds`, then fails with
 * a message that names the server and the last reason, never a hang.
 */
export async function waitForDatabase(url: string, timeoutSeconds: number, onRetry?: (reason: string) => void) {
  const deadline = Date.now() + timeoutSeconds * 1000
  let delay = 250
  let lastReason = ''
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return
    } catch (error) {
      await client.end().catch(() => {})
      const code = (error as { code?: string }).code
      lastReason = code ? `${code}${(error as Error).message ? `: ${(error as Error).message}` : ''}` : (error as Error).message
      // Wrong credentials or a missing database will not fix themselves by waiting.
      if (code === '28P01' || code === '28000' || code === '3D000') break
      if (Date.now() + delay > deadline) break
      onRetry?.(lastReason)
      await new Promise((r) => setTimeout(r, delay))
      delay = Math.min(delay * 2, 2_000)
    }
  }
  throw new Error(`cannot reach the database at ${describeDatabaseUrl(url)} (DATABASE_URL): ${lastReason || 'no answer'}`)
}
