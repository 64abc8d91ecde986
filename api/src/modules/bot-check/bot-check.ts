import crypto from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib'
import { AppError, MSG_RECAPTCHA_INVALID } from '@permitdesk/shared'
import type { Config } from '../../env'
import type { Database } from '../../db/client'
import { ensureInstanceSetting, spendOnce } from './bot-check.repository'

/**
 * The bot check before login, register, forgot password and the contact forms (000 §5).
 * BOT_CHECK=altcha: a self-hosted proof of work; the browser solves a challenge from
 * GET /api/botcheck/challenge and sends the base64 payload as `recaptchaResponse`.
 * BOT_CHECK=recaptcha: Google's siteverify. BOT_CHECK=off (refused in production): always passes.
 */
export type BotCheckConfig = Pick<Config, 'BOT_CHECK' | 'RECAPTCHA_SECRET' | 'RECAPTCHA_SITE_KEY' | 'SESSION_SECRET'> &
  Partial<Pick<Config, 'ALTCHA_MAX_NUMBER'>>
export type BotCheckDeps = { config: BotCheckConfig; database: Pick<Database, 'pool'> }

/** How hard the proof of work is: the library's default and recommendation (1,000,000; about a second in a browser on average). */
export const ALTCHA_MAX_NUMBER = 1_000_000
export const ALTCHA_EXPIRES_MS = 10 * 60_000

const keys = new WeakMap<object, Promise<string>>()

/** The HMAC key: SESSION_SECRET when set, else a secret this installation keeps in the database. */
export function altchaKey({ config, database }: BotCheckDeps): Promise<string> {
  if (config.SESSION_SECRET) return Promise.resolve(`altcha:${config.SESSION_SECRET}`)
  let key = keys.get(database.pool)
  if (!key) {
    key = (async () => {
      const fresh = JSON.stringify(crypto.randomBytes(32).toString('base64url'))
      return ensureInstanceSetting(database.pool, 'altcha_hmac_key', fresh)
    })()
    key.catch(() => keys.delete(database.pool))
    keys.set(database.pool, key)
  }
  return key
}

export async function createBotCheckChallenge(deps: BotCheckDeps) {
  return createChallenge({
    hmacKey: await altchaKey(deps),
    maxNumber: deps.config.ALTCHA_MAX_NUMBER ?? ALTCHA_MAX_NUMBER,
    expires: new Date(Date.now() + ALTCHA_EXPIRES_MS),
  })
}

/**
 * True when the token passes the configured check. An altcha solution is accepted once: its
 * signature is recorded (in PostgreSQL, so every API process knows) until it expires.
 */
export async function verifyBotCheck(deps: BotCheckDeps, token: unknown): Promise<boolean> {
  const { config } = deps
  if (config.BOT_CHECK === 'off') return true
  if (typeof token !== 'string' || token.length === 0 || token.length > 4000) return false
  if (config.BOT_CHECK === 'recaptcha') return verifyRecaptcha(config.RECAPTCHA_SECRET!, token)
  let payload: { signature?: unknown }
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
  } catch {
    return false
  }
  if (typeof payload?.signature !== 'string') return false
  let ok = false
  try {
    ok = await verifySolution(token, await altchaKey(deps), true)
  } catch {
    return false
  }
  if (!ok) return false
  return spendOnce(deps.database.pool, `altcha:${payload.signature}`, ALTCHA_EXPIRES_MS)
}

async function verifyRecaptcha(secret: string, token: string): Promise<boolean> {
  try {
    const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(5000),
    })
    const body = (await response.json()) as { success?: boolean }
    return body.success === true
  } catch {
    return false
  }
}

/** 400 {message: "reCAPTCHA is invalid.", modelState: {recaptchaResponse: [...]}} unless the token passes. */
export async function assertBotCheck(deps: BotCheckDeps, token: unknown): Promise<void> {
  if (!(await verifyBotCheck(deps, token)))
    throw new AppError('VALIDATION', MSG_RECAPTCHA_INVALID, { modelState: { recaptchaResponse: [MSG_RECAPTCHA_INVALID] } })
}
