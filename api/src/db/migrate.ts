import crypto from 'node:crypto'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { parts } from '../server/paths'

/** One key for "this installation is being prepared": migrations, seed, builds. */
const PREPARE_LOCK_KEY = 7_301_2026

/**
 * Holds a session-level advisory lock on its own connection while `work` runs, so that several
 * servers starting together against one database prepare it once, one after another.
 */
export async function withPrepareLock<T>(url: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [PREPARE_LOCK_KEY])
    if (!rows[0]?.locked) {
      onWait?.()
      await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY])
    }
    return await work()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]).catch(() => {})
    await client.end().catch(() => {})
  }
}

/** Applies the committed drizzle migrations of the `app` schema. */
export async function migrateApp(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(parts.api, 'drizzle'), migrationsSchema: 'drizzle' })
  } finally {
    await pool.end()
  }
}

/** Payload's migrations do not create their schema (NOTES): do it before they run. */
export async function ensureCmsSchema(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('create schema if not exists cms')
  } finally {
    await client.end()
  }
}

/** Returns a secret this installation generated once and keeps in the database, shared by every process. */
export async function getOrCreateInstanceSecret(url: string, key: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const fresh = crypto.randomBytes(32).toString('base64url')
    await client.query('insert into app.instance_settings (key, value) values ($1, $2) on conflict (key) do nothing', [key, JSON.stringify(fresh)])
    const { rows } = await client.query<{ value: string }>('select value from app.instance_settings where key = $1', [key])
    return rows[0]!.value
  } finally {
    await client.end()
  }
}
