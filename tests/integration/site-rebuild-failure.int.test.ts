import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../api/src/logger'
import { rebuildSite } from '../../api/src/modules/site-build/rebuild-site'
import { contentFileFor, siteOutputDir } from '../../api/src/server/build'
import { LocalFileStorage } from '../../api/src/storage/storage'
import { createTestDatabase } from '../setup/test-api'

let testDb: Awaited<ReturnType<typeof createTestDatabase>>
const dataDir = path.join(os.tmpdir(), `permitdesk-rebuild-${crypto.randomBytes(4).toString('hex')}`)
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a site rebuild that fails', () => {
  it('keeps the last good site and its content, and records the failure for the admin', async () => {
    const live = siteOutputDir(dataDir)
    fs.mkdirSync(live, { recursive: true })
    fs.writeFileSync(path.join(live, 'index.html'), '<title>Home · last good build</title>')
    const contentFile = contentFileFor(dataDir)
    fs.writeFileSync(contentFile, '{"last":"good"}')

    // A CMS secret it refuses makes the content export fail before anything is built.
    const result = await rebuildSite(
      {
        pool: testDb.database.pool,
        logger: silentLogger,
        dataDir,
        contentFile,
        cmsEnv: { DATABASE_URL: testDb.url, PAYLOAD_SECRET: 'too-short', PUBLIC_URL: 'http://localhost:3000' },
        storage: new LocalFileStorage(dataDir),
      },
      'test: broken export',
    )

    expect(result.ok).toBe(false)
    expect(fs.readFileSync(path.join(live, 'index.html'), 'utf8')).toBe('<title>Home · last good build</title>')
    expect(fs.readFileSync(contentFile, 'utf8')).toBe('{"last":"good"}')
    expect(fs.existsSync(`${contentFile}.candidate`)).toBe(false)
    const { rows } = await testDb.database.pool.query(`select status, reason, error from cms.site_builds order by id desc limit 1`)
    expect(rows[0]).toMatchObject({ status: 'failed', reason: 'test: broken export' })
    expect(rows[0].error).toMatch(/CMS content export failed/)
    // Nothing was published: every process keeps serving the last good release.
    expect((await testDb.database.pool.query(`select count(*)::int as n from app.site_releases`)).rows[0].n).toBe(0)
  })
})
