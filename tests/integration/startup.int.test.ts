import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findFreePort } from '../../api/src/db/embedded'
import { repoRoot } from '../../api/src/server/paths'

/** Runs `npm start`'s entry point with the given environment until it exits. */
async function startWith(env: Record<string, string>, timeoutMs = 150_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: '.test-data/startup', ...env },
  })
  let stdout = ''
  let stderr = ''
  // When it began to reach the database: the bounded retry is timed from here, not from a load-dependent start.
  let connecting: number | undefined
  child.stdout.on('data', (c) => {
    stdout += c
    if (connecting === undefined && stdout.includes('connecting to PostgreSQL')) connecting = Date.now()
  })
  child.stderr.on('data', (c) => (stderr += c))
  const started = Date.now()
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('exit', (exitCode) => {
      clearTimeout(timer)
      resolve(exitCode)
    })
  })
  return { code, stdout, stderr, seconds: (Date.now() - started) / 1000, retrySeconds: connecting === undefined ? undefined : (Date.now() - connecting) / 1000 }
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m)

// Each case starts Node with tsx: tens of seconds on a loaded machine.
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
    const result = await startWith({ NODE_ENV: 'production', PAYLOAD_SECRET: 'x'.repeat(40), PORT: String(await findFreePort()), CMS_BUILD_DIR: '.next-never-built', DATA_DIR: '.test-data/startup-production' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('Cannot start: the app and the CMS admin are not built for these sources. Run `npm run build` (with NODE_ENV=production) first.')
    expect(result.stdout).not.toMatch(/PostgreSQL|building/)
    noStackTrace(result.stderr)
  })

  it('gives up on an unreachable DATABASE_URL after a bounded retry', async () => {
    const result = await startWith({ PORT: String(await findFreePort()), DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/none', DB_CONNECT_TIMEOUT_SECONDS: '2' })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/cannot reach the database at 127\.0\.0\.1:1\/none \(DATABASE_URL\)/)
    expect(result.stderr).not.toContain('secret')
    expect(result.retrySeconds).toBeLessThan(30)
    noStackTrace(result.stderr)
  })
})
