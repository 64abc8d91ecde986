/**
 * Issue 29: a later start skips the CMS prepare step (a child process loading Payload: its
 * migrations, the seed, the content export) when nothing it depends on has moved, and runs it
 * again when the content in the database or the exported file has.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureCmsSchema } from '../../api/src/db/migrate'
import { prepareCms } from '../../api/src/server/cms-prepare'
import { createTestDatabase } from '../setup/test-api'

describe('the CMS prepare step at start', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>
  const dataDir = path.join(os.tmpdir(), `permitdesk-prepare-${crypto.randomBytes(4).toString('hex')}`)
  const contentFile = path.join(dataDir, 'site', 'content.json')
  const lines: string[] = []
  let env: Record<string, string>

  beforeAll(async () => {
    testDb = await createTestDatabase()
    await ensureCmsSchema(testDb.url)
    fs.mkdirSync(path.dirname(contentFile), { recursive: true })
    env = {
      DATABASE_URL: testDb.url,
      PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:3000',
      MEDIA_DIR: path.join(dataDir, 'media'),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    }
  })
  afterAll(async () => {
    await testDb?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const prepare = (overrides: Record<string, string> = {}) =>
    prepareCms({ databaseUrl: testDb.url, contentFile, env: { ...env, ...overrides }, progress: (line) => lines.push(line) })

  it('runs on a new database, then is skipped while sources, settings, content and the export are unchanged', { timeout: 300_000 }, async () => {
    expect(await prepare()).toBe('ran')
    const exported = fs.readFileSync(contentFile, 'utf8')
    expect(JSON.parse(exported)).toBeTypeOf('object')
    expect(await prepare()).toBe('current')
    // Another address for the same database (the embedded server's port moves between starts) is no change.
    expect(await prepare({ DATABASE_URL: `${testDb.url}?application_name=later` })).toBe('current')
    expect(fs.readFileSync(contentFile, 'utf8')).toBe(exported)
  })

  it('runs again when the content changed in the database (an edit, a delete), when a setting changed, or when the export is gone', {
    timeout: 300_000,
  }, async () => {
    const client = new pg.Client({ connectionString: testDb.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.columns where table_schema = 'cms' and column_name = 'updated_at' order by table_name limit 1`,
      )
      const table = rows[0]!.table_name
      const { rowCount } = await client.query(
        `update cms."${table}" set updated_at = now() + interval '1 second' where id = (select min(id) from cms."${table}")`,
      )
      if (rowCount === 0) await client.query(`delete from cms."${table}"`)
    } finally {
      await client.end()
    }
    expect(await prepare()).toBe('ran')
    expect(await prepare()).toBe('current')
    expect(await prepare({ PUBLIC_URL: 'https://permits.example.com' })).toBe('ran')
    expect(await prepare({ PUBLIC_URL: 'https://permits.example.com' })).toBe('current')
    fs.rmSync(contentFile)
    expect(await prepare({ PUBLIC_URL: 'https://permits.example.com' })).toBe('ran')
    expect(fs.existsSync(contentFile)).toBe(true)
  })
})
