import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findFreePort } from '../../api/src/db/embedded'
import { repoRoot } from '../../api/src/server/paths'

/** Runs `npm start`'s entry point with the given environment until it exits. */
async function startWith(env: Record<string, string>, timeoutMs = 150_000) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/start.mjs')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: '.test-data/startup', ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c) => (stdout += c))
  child.stderr.on('data', (c) => (stderr += c))
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('exit', (exitCode) => {
      clearTimeout(timer)
      resolve(exitCode)
    })
  })
  return { code, stdout, stderr }
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m)

// A start on a loaded machine takes tens of seconds of wall time for a few of CPU: the child's own
// 60 s bound (startWith) decides, not the suite's default 30 s test timeout.
describe('npm start refuses bad configuration with one clear line', { timeout: 180_000 }, () => {
  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between 1 and 65535/],
    [{ DATABASE_URL: 'mysql://nope' }, /DATABASE_URL must be a URL like postgres:\/\//],
    [{ BOT_CHECK: 'off', NODE_ENV: 'production', PAYLOAD_SECRET: 'x'.repeat(40) }, /BOT_CHECK cannot be off when NODE_ENV=production/],
    [{ BOT_CHECK: 'sometimes' }, /BOT_CHECK must be one of altcha, recaptcha, off/],
    [{ STAFF_PATH: 'admin' }, /STAFF_PATH must look like \/admin\//],
  ])('%o', async (env, message) => {
    const result = await startWith(env)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).toMatch(/Cannot start: the configuration is not valid/)
    noStackTrace(result.stderr)
  })

  it('names a port already in use', async () => {
    const blocker = net.createServer().listen(0, '0.0.0.0')
    await new Promise((r) => blocker.once('listening', r))
    const port = (blocker.address() as net.AddressInfo).port
    try {
      const result = await startWith({ PORT: String(port) })
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`port ${port} is already in use`)
      noStackTrace(result.stderr)
    } finally {
      blocker.close()
    }
  })

  it('refuses a production start without a finished build, before touching a database', async () => {
    // A build directory that never exists: whatever the checkout has built, this one is not built.
    const result = await startWith({
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      PAYLOAD_SECRET: 'x'.repeat(40),
      PORT: String(await findFreePort()),
      CMS_BUILD_DIR: '.next-never-built',
      DATA_DIR: '.test-data/startup-production',
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'Cannot start: the app and the CMS admin are not built for these sources. Run `npm run build` (with NODE_ENV=production) first.',
    )
    expect(result.stdout).not.toMatch(/PostgreSQL|building/)
    noStackTrace(result.stderr)
  })

  it('gives up on an unreachable DATABASE_URL after a bounded retry', async () => {
    const result = await startWith({
      PORT: String(await findFreePort()),
      DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/none',
      DB_CONNECT_TIMEOUT_SECONDS: '2',
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/cannot reach the database at 127\.0\.0\.1:1\/none \(DATABASE_URL\)/)
    expect(result.stderr).not.toContain('secret')
    // Bounded by attempts, not by the clock: with a 2 s budget and a backoff from 250 ms doubling,
    // at most 4 retries fit (a loaded machine makes fewer); exit code 1 shows it gave up by itself.
    const retries = `${result.stdout}${result.stderr}`.match(/database not answering yet .*; retrying/g) ?? []
    expect(retries.length).toBeGreaterThanOrEqual(1)
    expect(retries.length).toBeLessThanOrEqual(4)
    noStackTrace(result.stderr)
  })
})

describe("npm start's bundle (issue 29)", () => {
  it('is one module holding the api and shared sources, packages left to node_modules, rebuilt when a source changes', { timeout: 120_000 }, async () => {
    const { execFileSync } = await import('node:child_process')
    const fs = await import('node:fs')
    const outDir = path.join(repoRoot, 'api/.build/server')
    execFileSync(process.execPath, [path.join(repoRoot, 'api/start.mjs'), '--bundle-only'], { cwd: repoRoot })
    const code = fs.readFileSync(path.join(outDir, 'main.mjs'), 'utf8')
    expect(code).not.toMatch(/from ["']@permitdesk\//)
    expect(code).toMatch(/from ["']express["']/)
    expect(code).toContain('Starting PermitDesk')
    // The map from zod's issues to our sentences is a side effect: the bundle must keep it.
    expect(code).toContain('__zod_globalConfig')
    const stamp = fs.readFileSync(path.join(outDir, 'stamp.json'), 'utf8')
    const built = fs.statSync(path.join(outDir, 'main.mjs')).mtimeMs
    // Current: kept as it is.
    execFileSync(process.execPath, [path.join(repoRoot, 'api/start.mjs'), '--bundle-only'], { cwd: repoRoot })
    expect(fs.statSync(path.join(outDir, 'main.mjs')).mtimeMs).toBe(built)
    // Made from other sources (the stamp's fingerprint no longer theirs): built again, stamped anew.
    fs.writeFileSync(path.join(outDir, 'stamp.json'), JSON.stringify({ fingerprint: 'other sources' }))
    execFileSync(process.execPath, [path.join(repoRoot, 'api/start.mjs'), '--bundle-only'], { cwd: repoRoot })
    expect(JSON.parse(fs.readFileSync(path.join(outDir, 'stamp.json'), 'utf8')).fingerprint).toBe(JSON.parse(stamp).fingerprint)
    expect(fs.statSync(path.join(outDir, 'main.mjs')).mtimeMs).toBeGreaterThan(built)
    // The bundle lives elsewhere than each source file: only paths.ts (placed to work from either) and
    // module resolution (createRequire) may use the module's own location.
    const located: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && /import\.meta\.(url|dirname|filename)/.test(fs.readFileSync(full, 'utf8')))
          located.push(path.relative(repoRoot, full))
      }
    }
    walk(path.join(repoRoot, 'api/src'))
    walk(path.join(repoRoot, 'shared/src'))
    expect(located.sort()).toEqual(['api/src/http/openapi.routes.ts', 'api/src/server/paths.ts'])
  })
})
