/**
 * Issue 29: a first start answers before the CMS admin is built. The product starts with no CMS
 * build present (CMS_BUILD_DIR names an empty build directory beside the checkout's own `.next`):
 * `/api/health`, `/` and `/account/login/` answer while the admin's Next build runs behind, `/cms/`
 * answers the preparing page meanwhile, a second server started beside the first waits for that
 * build instead of starting its own, and both serve the admin afterwards without a restart.
 * One Next build (a minute or several on a loaded machine): polling is bounded, nothing is timed.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MSG_CMS_PREPARING } from '@permitdesk/shared'
import { findFreePort } from '../../api/src/db/embedded'
import { parts, repoRoot } from '../../api/src/server/paths'

const BUILD_DIR = '.next-fresh'
const servers: Array<{ child: ChildProcess; output: () => string }> = []

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', BOT_CHECK: 'off', CMS_BUILD_DIR: BUILD_DIR, ...env },
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const server = { child, output: () => output }
  servers.push(server)
  return server
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGINT')
  })

afterAll(async () => {
  for (const server of servers) await stop(server.child)
  fs.rmSync(path.join(parts.cms, BUILD_DIR), { recursive: true, force: true })
}, 60_000)

const get = (url: string, accept = 'text/html') => fetch(url, { headers: { accept }, redirect: 'manual' }).catch(() => undefined)
const health = async (base: string) => {
  const answer = await get(`${base}/api/health`, 'application/json')
  return answer?.status === 200 ? ((await answer.json()) as { status: string; cms?: string }) : undefined
}

describe('a first start with no CMS admin build', () => {
  it('answers the site, the app and the API first, shows the preparing page at /cms/, builds once and then serves the admin', {
    timeout: 1_800_000,
  }, async () => {
    fs.rmSync(path.join(parts.cms, BUILD_DIR), { recursive: true, force: true })
    const port = await findFreePort()
    const base = `http://127.0.0.1:${port}`
    const dataDir = `.test-data/first-start-${port}`
    fs.rmSync(path.join(repoRoot, dataDir), { recursive: true, force: true })
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir })

    // Up, with the admin still building: health first, then the site and the app, then /cms/ still
    // preparing, which shows the others answered before the build finished.
    await expect.poll(() => health(base), { timeout: 600_000, interval: 1000 }).toEqual({ status: 'ok', cms: 'building' })
    const home = await get(`${base}/`)
    expect(home?.status).toBe(200)
    expect(await home?.text()).toContain('<title>Home · PermitDesk</title>')
    expect((await get(`${base}/account/login/`))?.status).toBe(200)
    const preparing = await get(`${base}/cms/`)
    expect(preparing?.status).toBe(503)
    expect(preparing?.headers.get('retry-after')).toBe('5')
    expect(await preparing?.text()).toContain(`<h1>${MSG_CMS_PREPARING}</h1>`)
    const api = await get(`${base}/cms-api/globals/site-settings`, 'application/json')
    expect(api?.status).toBe(503)
    expect(await api?.json()).toMatchObject({ state: 'building', modelState: {} })
    expect(first.output()).toMatch(/Ready in [\d.]+ s/)
    expect(first.output()).toContain('being prepared')

    // A second server beside the first (its database, its own data directory) waits for the
    // first's build instead of starting another.
    const secondPort = await findFreePort()
    const secondBase = `http://127.0.0.1:${secondPort}`
    const databaseUrl = fs.readFileSync(path.join(repoRoot, dataDir, 'embedded-database-url'), 'utf8').trim()
    const second = startServer({ PORT: String(secondPort), DATA_DIR: `${dataDir}-second`, DATABASE_URL: databaseUrl })
    await expect.poll(() => health(secondBase), { timeout: 600_000, interval: 1000 }).toMatchObject({ status: 'ok' })

    // The admin takes over in both, without a restart.
    await expect.poll(async () => (await health(base))?.cms, { timeout: 1_500_000, interval: 2000 }).toBe('ready')
    await expect
      .poll(async () => (await health(secondBase))?.cms, { timeout: 300_000, interval: 1000 })
      .toBe('ready')
      .catch((error: Error) => {
        // What the second server said is the diagnosis: kept with the failure.
        throw new Error(`${error.message}\n--- the second server's output ---\n${second.output().slice(-6000)}`)
      })
    for (const at of [base, secondBase]) {
      // Next answers `/cms/` (through its own redirect to `/cms`) and the sign-in page itself.
      for (const page of ['/cms/', '/cms/login']) {
        const admin = await fetch(`${at}${page}`, { headers: { accept: 'text/html' } })
        expect(admin.status, `${at}${page}`).toBe(200)
        const html = await admin.text()
        expect(html, `${at}${page}`).not.toContain(MSG_CMS_PREPARING)
        expect(html, `${at}${page}`).toContain('/_next/static/')
      }
      const settings = await get(`${at}/cms-api/globals/site-settings`, 'application/json')
      expect(settings?.status, at).toBe(200)
      expect(((await settings?.json()) as { productName: string }).productName, at).toBe('PermitDesk')
    }

    // One build: the first process built it with progress lines; the second only waited.
    expect(first.output()).toMatch(/building the CMS admin/)
    expect(first.output()).toMatch(/CMS admin: Step \d of \d: Compiling the admin/)
    expect(first.output()).toMatch(/CMS admin ready in [\d.]+ s/)
    expect(second.output()).not.toMatch(/building the CMS admin/)
    expect(second.output()).toContain('CMS admin: Waiting for another server that is building it.')
    expect(fs.existsSync(path.join(parts.cms, BUILD_DIR, 'BUILD_ID'))).toBe(true)
  })
})
