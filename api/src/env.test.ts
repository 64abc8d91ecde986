import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv')
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv')
    expect(config.PORT).toBe(3000)
    expect(config.PUBLIC_URL).toBe('http://localhost:3000')
    expect(config.DATA_DIR).toBe('/srv/.data')
    expect(config.BOT_CHECK).toBe('altcha')
    expect(config.STAFF_PATH).toBe('/admin/')
    expect(config.STORAGE).toBe('local')
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('derives PUBLIC_URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_URL: 'https://permits.example.com.au/' }).publicOrigin).toBe('https://permits.example.com.au')
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000)
  })

  it('names each bad variable on its own line', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'nope', ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-password' })
    expect(problems).toHaveLength(3)
    expect(problems.some((p) => p.startsWith('PORT '))).toBe(true)
    expect(problems.some((p) => p.startsWith('DATABASE_URL '))).toBe(true)
    expect(problems.some((p) => p.startsWith('ADMIN_EMAIL '))).toBe(true)
  })

  it('never echoes a secret value', () => {
    const problems = problemsOf({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })
    expect(problems.join()).not.toContain('short')
  })

  it('refuses BOT_CHECK=off in production and recaptcha without keys', () => {
    expect(problemsOf({ BOT_CHECK: 'off', NODE_ENV: 'production', PAYLOAD_SECRET: 'p'.repeat(32), PAYMENTS: 'test' })).toEqual([
      'BOT_CHECK cannot be off when NODE_ENV=production',
    ])
    expect(problemsOf({ BOT_CHECK: 'recaptcha' })[0]).toMatch(/RECAPTCHA_SITE_KEY/)
    expect(problemsOf({ BOT_CHECK: 'off' })).toEqual([])
  })

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'staff@example.com' })[0]).toMatch(/^ADMIN_PASSWORD/)
  })

  it('reads the S3 settings (issue 18): a bucket is required, keys go together, path style is a flag', () => {
    expect(problemsOf({ STORAGE: 's3' })).toEqual(['S3_BUCKET is required when STORAGE=s3'])
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIA' })[0]).toMatch(/^S3_SECRET_ACCESS_KEY/)
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'b', S3_PREFIX: 'no-slash' })[0]).toMatch(/^S3_PREFIX/)
    const config = loadConfig(
      { STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'permitdesk/' },
      '/srv',
    )
    expect(config).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'permitdesk/' })
    expect(loadConfig({}, '/srv').S3_FORCE_PATH_STYLE).toBe(false)
  })
})

describe('config errors never show secrets (issue 18)', () => {
  it('redacts the credentials of a bad SMTP_URL and DATABASE_URL', () => {
    let problems: string[] = []
    try {
      loadConfig({ SMTP_URL: 'http://mailer:hunter2@smtp.example:587', DATABASE_URL: 'mysql://db:s3cret@db.example/x' })
    } catch (error) {
      problems = (error as ConfigError).problems
    }
    expect(problems.join('\n')).toMatch(/SMTP_URL/)
    expect(problems.join('\n')).toMatch(/DATABASE_URL/)
    expect(problems.join('\n')).not.toMatch(/hunter2|mailer:|s3cret/)
  })

  it('reads TRUST_PROXY as hops, false or addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback')
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, loopback')
    expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY/)
  })

  // Issue 22: the sandbox never takes real payments by accident.
  it('chooses the payment mode: test by default outside production, stripe with its keys, never the sandbox unasked in production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
    const production = { NODE_ENV: 'production', PAYLOAD_SECRET: 'p'.repeat(32) }
    expect(loadConfig({}, '/srv').paymentMode).toBe('test')
    expect(loadConfig({ NODE_ENV: 'test' }, '/srv').paymentMode).toBe('test')
    expect(loadConfig({ ...production, ...stripe }, '/srv').paymentMode).toBe('stripe')
    expect(loadConfig({ ...production, PAYMENTS: 'test' }, '/srv').paymentMode).toBe('test')
    expect(loadConfig({ ...production, ...stripe, PAYMENTS: 'test' }, '/srv').paymentMode).toBe('test')
    expect(problemsOf(production)).toEqual([
      'PAYMENTS is required when NODE_ENV=production: set the Stripe keys (PAYMENTS=stripe) or choose PAYMENTS=test explicitly (no money is taken)',
    ])
    expect(problemsOf({ PAYMENTS: 'stripe' })).toEqual(['STRIPE_SECRET_KEY is required when PAYMENTS=stripe (or choose PAYMENTS=test: no money is taken)'])
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (payments confirmed by Stripe would never be recorded)',
    ])
    expect(problemsOf({ PAYMENTS: 'cash' })).toEqual(['PAYMENTS must be one of stripe, test (got "cash")'])
  })
})
