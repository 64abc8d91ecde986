/**
 * Issue 11 "Start and builds": builds run with NODE_ENV=production whatever the server's own
 * NODE_ENV is. `NODE_ENV=development npm start` on a fresh checkout used to abort in the CMS build
 * (Next prerendering `/_global-error` under a non-production NODE_ENV). This builds the CMS (the
 * part that broke) from a clean copy with NODE_ENV=development set, through the server's own
 * build step. It is slow (a Next build, about a minute or more), so it is one build.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { binDir, parts } from '../../api/src/server/paths'
import { buildEnv, runStep } from '../../api/src/server/build'
import { createTestDatabase } from '../setup/test-api'

const copy = path.join(parts.cms, '..', '.test-data', `cms-clean-${crypto.randomBytes(4).toString('hex')}`)
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }))

describe('builds under NODE_ENV=development', () => {
  it('every build step gets NODE_ENV=production', () => {
    const saved = process.env.NODE_ENV
    process.env.NODE_ENV = 'development'
    try {
      expect(buildEnv().NODE_ENV).toBe('production')
      expect(buildEnv({ NODE_ENV: 'development', OTHER: 'kept' })).toMatchObject({ NODE_ENV: 'production', OTHER: 'kept' })
    } finally {
      process.env.NODE_ENV = saved
    }
  })

  it('builds the CMS from a clean checkout with NODE_ENV=development', { timeout: 900_000 }, async () => {
    fs.mkdirSync(copy, { recursive: true })
    for (const entry of ['src', 'scripts', 'next.config.mjs', 'package.json', 'tsconfig.json']) {
      if (fs.existsSync(path.join(parts.cms, entry))) fs.cpSync(path.join(parts.cms, entry), path.join(copy, entry), { recursive: true })
    }
    expect(fs.existsSync(path.join(copy, '.next'))).toBe(false)
    const { url, drop } = await createTestDatabase()
    const saved = process.env.NODE_ENV
    process.env.NODE_ENV = 'development'
    try {
      const env = {
        NODE_ENV: 'development',
        DATABASE_URL: url,
        PAYLOAD_SECRET: 'build-test-secret-0123456789abcdef',
        PUBLIC_URL: 'http://localhost:3000',
        MEDIA_DIR: path.join(copy, 'media'),
      }
      await runStep(path.join(binDir, 'payload'), ['generate:importmap'], { cwd: copy, env, label: 'CMS import map' })
      await runStep(path.join(binDir, 'next'), ['build'], { cwd: copy, env: { ...env, NEXT_TELEMETRY_DISABLED: '1' }, label: 'CMS build' })
      expect(fs.existsSync(path.join(copy, '.next', 'BUILD_ID'))).toBe(true)
    } finally {
      process.env.NODE_ENV = saved
      await drop()
    }
  })
})
