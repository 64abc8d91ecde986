import path from 'node:path'
import { z } from 'zod'

/**
 * All configuration of DESIGN.md section 3, parsed once at start. Nothing else reads process.env.
 * A bad value stops start with one line per variable naming it and what is wrong.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v))

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
  } catch {
    return false
  }
}, 'must be a URL like postgres://user:password@host:5432/database')

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'must be between 1 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    DATABASE_URL: postgresUrl.optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be a URL like smtp://user:password@host:587')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    BOT_CHECK: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
    RECAPTCHA_SITE_KEY: z.string().length(40, 'must be exactly 40 characters').optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
    STRIPE_API_BASE: z.url().optional(),
    /**
     * Issue 22: how cards are paid. `stripe` (real money; needs the Stripe keys and webhook
     * secret) or `test` (the built-in sandbox: every screen, e-mail and invoice says TEST MODE).
     * Unset: `stripe` when STRIPE_SECRET_KEY is set, else `test`, which production refuses.
     */
    PAYMENTS: z.enum(['stripe', 'test']).optional(),
    BPAY_BILLER_CODE: z
      .string()
      .regex(/^\d{4,10}$/, 'must be 4 to 10 digits')
      .default('123456'),
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    STAFF_PATH: z
      .string()
      .regex(/^\/[a-z0-9-]+\/$/, 'must look like /admin/ (lower-case letters, digits and dashes between slashes)')
      .default('/admin/'),
    CHROMIUM_PATH: z.string().min(1).optional(),
    /** The CMS admin's build directory under cms/ (Next's distDir): another than `.next` lets a test build it from nothing. */
    CMS_BUILD_DIR: z
      .string()
      .regex(/^\.next(-[a-z0-9-]+)?$/, 'must be .next or .next-<name> (lower-case letters, digits, dashes)')
      .default('.next'),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing (`endpoint/bucket/key`): MinIO and most S3-compatible services want it. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** A key prefix inside the bucket (several installations in one bucket), e.g. `permitdesk/`. */
    S3_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*\/$/, 'must be letters, digits, -, _, . and / ending in /, e.g. permitdesk/')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PAYLOAD_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DB_CONNECT_TIMEOUT_SECONDS: z.string().regex(/^\d+$/, 'must be a whole number of seconds').transform(Number).default(20),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /** Extra host names (the T&C short-code domains) that serve only the hosted terms pages `/t/…`. */
    HOSTED_TERMS_HOSTS: z
      .string()
      .regex(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, 'must be host names separated by commas, e.g. tc.example.com,terms.example.net')
      .transform((value) =>
        value
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .default([]),
    /** The largest entries file one draw accepts (issue 15: up to 10 million entries). */
    DRAW_UPLOAD_LIMIT_MB: z.string().regex(/^\d+$/, 'must be a whole number of megabytes').transform(Number).default(2048),
    /** The draw entries one account may keep in storage, all its draws and redraws together (issue 23). */
    DRAW_QUOTA_MB: z.string().regex(/^\d+$/, 'must be a whole number of megabytes').transform(Number).default(20480),
    /** ALTCHA's proof-of-work cost (the library's default and recommendation, 1,000,000; tests lower it). */
    ALTCHA_MAX_NUMBER: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .refine((n) => n >= 1000 && n <= 100_000_000, 'must be between 1000 and 100000000')
      .default(1_000_000),
    /**
     * Express's `trust proxy`: which hops may set X-Forwarded-For (per-IP limits read req.ip).
     * `loopback` (default), a number of hops, `false`, or addresses/subnets separated by commas.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[0-9a-fA-F:./,\s]+|loopback|linklocal|uniquelocal)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F:./]+))*$/,
        'must be loopback, false, true, a number of hops, or addresses/subnets separated by commas',
      )
      .transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value))
      .default('loopback'),
  })
  .superRefine((env, ctx) => {
    if (env.BOT_CHECK === 'off' && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['BOT_CHECK'], message: 'cannot be off when NODE_ENV=production' })
    }
    if (env.BOT_CHECK === 'recaptcha' && (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['BOT_CHECK'], message: 'recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET' })
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' })
    }
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' })
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the SDK's own credential chain)",
      })
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'is required with STRIPE_SECRET_KEY' })
    }
    // Issue 22: the sandbox never takes the place of real payments by accident.
    const mode = paymentModeOf(env)
    if (mode === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENTS=stripe (or choose PAYMENTS=test: no money is taken)' })
    }
    if (mode === 'stripe' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY (payments confirmed by Stripe would never be recorded)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.PAYMENTS && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message: 'is required when NODE_ENV=production: set the Stripe keys (PAYMENTS=stripe) or choose PAYMENTS=test explicitly (no money is taken)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.PAYLOAD_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['PAYLOAD_SECRET'], message: 'is required when NODE_ENV=production' })
    }
  })

/** The payment mode in force: PAYMENTS, else `stripe` when a Stripe key is set, else `test`. */
function paymentModeOf(env: { PAYMENTS?: 'stripe' | 'test' | undefined; STRIPE_SECRET_KEY?: string | undefined }): 'stripe' | 'test' {
  return env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test')
}

export type Config = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_URL' | 'DATA_DIR'> & {
  /** Issue 22: `test` takes no money (the sandbox gateway, TEST MODE on every screen, e-mail and invoice). */
  paymentMode: 'stripe' | 'test'
  PUBLIC_URL: string
  DATA_DIR: string
  /** The origin browsers use; state-changing requests must come from it. */
  publicOrigin: string
  isProduction: boolean
  /** PUBLIC_URL is https: cookies are Secure with the `__Host-` prefix, and HSTS is sent. */
  secureCookies: boolean
}

/** A value as shown in a config error: the user:password of a URL (SMTP_URL, DATABASE_URL) never. */
export function withoutCredentials(value: string): string {
  return value.replace(/^([^:/]*:?\/\/)[^/@]*@/, '$1[redacted]@').replace(/^([^:/]+:)(?!\/\/)[^@/]*:[^@/]*@/, '$1[redacted]@')
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'))
    this.name = 'ConfigError'
  }
}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  // An empty variable means unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = EnvSchema.safeParse(present)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const shown = issue.code === 'invalid_value' && 'values' in issue ? `must be one of ${issue.values.join(', ')}` : issue.message
      return `${name} ${shown}${issue.code !== 'custom' && name in present && !/SECRET|PASSWORD|KEY/.test(name) ? ` (got "${withoutCredentials(present[name]!)}")` : ''}`
    })
    throw new ConfigError(problems)
  }
  const parsed = result.data
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '')
  return {
    ...parsed,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(cwd, parsed.DATA_DIR),
    publicOrigin: new URL(publicUrl).origin,
    isProduction: parsed.NODE_ENV === 'production',
    paymentMode: paymentModeOf(parsed),
    secureCookies: publicUrl.startsWith('https:'),
  }
}
