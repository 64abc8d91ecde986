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

/**
 * The CMS content as it stands, in one cheap reading: for every table of the `cms` schema, its row
 * count and newest `updated_at`. Any save, publish, seed or delete moves it, so a start can tell
 * whether the content it exported last time is still the content in the database.
 */
export async function cmsContentWatermark(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ table_name: string; dated: boolean }>(
      `select t.table_name, exists (select 1 from information_schema.columns c where c.table_schema = 'cms' and c.table_name = t.table_name and c.column_name = 'updated_at') as dated
         from information_schema.tables t where t.table_schema = 'cms' and t.table_type = 'BASE TABLE' order by t.table_name`,
    )
    if (tables.length === 0) return 'empty'
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
    const parts = tables.map(
      (t) =>
        `select ${pgLiteral(t.table_name)} as name, count(*)::text as rows, ${t.dated ? 'max(updated_at)::text' : 'null::text'} as newest from cms.${quote(t.table_name)}`,
    )
    const { rows } = await client.query<{ name: string; rows: string; newest: string | null }>(parts.join(' union all '))
    return crypto
      .createHash('sha256')
      .update(rows.map((r) => `${r.name}:${r.rows}:${r.newest ?? ''}`).join('\n'))
      .digest('hex')
      .slice(0, 16)
  } finally {
    await client.end()
  }
}

const pgLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`
