import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { E2E_DATA_DIR, E2E_PORT, isAlive, readDatabaseUrl, repoRoot, startServer, watchConsole } from './helpers'

test.describe('one origin, one command', () => {
  test('the home page is the static site', async ({ page }) => {
    const errors = watchConsole(page)
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle('Home · PermitDesk')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('/cms/ is the Payload admin sign-in screen', async ({ page }) => {
    await page.goto('/cms/')
    await expect(page).toHaveURL(/\/cms\/login/)
    await expect(page.getByLabel(/email/i)).toBeVisible()
    await expect(page.locator('input[type="password"]')).toBeVisible()
  })

  test('/api/health answers ok', async ({ request }) => {
    const response = await request.get('/api/health')
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', cms: 'ready' })
  })

  test('/account/login/ is the wizard app sign-in screen', async ({ page }) => {
    const errors = watchConsole(page)
    const response = await page.goto('/account/login/')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByLabel('Email address')).toBeVisible()
    await expect(page).toHaveTitle(/^Sign in · /)
    expect(errors).toEqual([])
  })

  test('an unknown path gets the site 404 page with status 404', async ({ page }) => {
    for (const unknown of ['/no-such-page/', '/account/no-such-screen/', '/promotions/edit/not-a-number/']) {
      const response = await page.goto(unknown)
      expect(response?.status(), unknown).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    }
  })
})

test.describe('deployment shapes', () => {
  test.describe.configure({ timeout: 300_000 })

  test('a second server with DATABASE_URL pointed at the first one serves the same data', async ({ request }) => {
    const url = readDatabaseUrl(E2E_DATA_DIR)
    const secondPort = E2E_PORT + 1
    const dataDir = `.test-data/e2e-${E2E_PORT}-second`
    fs.rmSync(path.join(repoRoot, dataDir), { recursive: true, force: true })
    const second = await startServer({ PORT: String(secondPort), DATA_DIR: dataDir, DATABASE_URL: url })
    try {
      expect(second.output()).toContain('connecting to PostgreSQL at 127.0.0.1')
      expect(second.output()).not.toContain('embedded')
      const health = await request.get(`http://localhost:${secondPort}/api/health`)
      expect(await health.json()).toEqual({ status: 'ok', cms: 'ready' })
      const settings = await request.get(`http://localhost:${secondPort}/cms-api/globals/site-settings`)
      expect((await settings.json()).productName).toBe('PermitDesk')
      const home = await request.get(`http://localhost:${secondPort}/`)
      expect(await home.text()).toContain('<title>Home · PermitDesk</title>')
      // It shared the first server's database: no new migrations, the one secret.
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      const secrets = await client.query("select count(*)::int as n from app.instance_settings where key = 'payload_secret'")
      await client.end()
      expect(secrets.rows[0].n).toBe(1)
    } finally {
      expect(await second.stop()).toBe(0)
    }
  })

  test('Ctrl-C stops the embedded PostgreSQL too, and the next start finds the data', async () => {
    const lifecyclePort = E2E_PORT + 2
    const dataDir = `.test-data/e2e-${E2E_PORT}-lifecycle`
    fs.rmSync(path.join(repoRoot, dataDir), { recursive: true, force: true })
    const first = await startServer({ PORT: String(lifecyclePort), DATA_DIR: dataDir })
    const pidFile = path.join(repoRoot, dataDir, 'pg', 'postmaster.pid')
    const postgresPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
    expect(isAlive(postgresPid)).toBe(true)

    const client = new pg.Client({ connectionString: readDatabaseUrl(dataDir) })
    await client.connect()
    await client.query(`insert into app.instance_settings (key, value) values ('e2e_marker', '"kept"')`)
    await client.end()

    expect(await first.stop()).toBe(0)
    expect(first.output()).toContain('stopped.')
    expect(isAlive(postgresPid)).toBe(false)
    expect(fs.existsSync(pidFile)).toBe(false)

    const again = await startServer({ PORT: String(lifecyclePort), DATA_DIR: dataDir })
    try {
      expect(again.output()).not.toContain('creating the embedded PostgreSQL cluster')
      const check = new pg.Client({ connectionString: readDatabaseUrl(dataDir) })
      await check.connect()
      const { rows } = await check.query(`select value from app.instance_settings where key = 'e2e_marker'`)
      await check.end()
      expect(rows[0]?.value).toBe('kept')
    } finally {
      expect(await again.stop()).toBe(0)
    }
  })
})
