import crypto from 'node:crypto'
import type { Config } from '../../env'
import type { Database } from '../../db/client'
// The installation's settings have one repository function (first writer wins); SQL stays in repositories.
import { ensureInstanceSetting } from '../bot-check/bot-check.repository'

const keys = new WeakMap<object, Promise<string>>()

/** The HMAC key of unsubscribe links: SESSION_SECRET when set, else a secret kept in the database. */
function unsubscribeKey(config: Pick<Config, 'SESSION_SECRET'>, database: Pick<Database, 'pool'>): Promise<string> {
  if (config.SESSION_SECRET) return Promise.resolve(`unsubscribe:${config.SESSION_SECRET}`)
  let key = keys.get(database.pool)
  if (!key) {
    key = (async () => {
      const fresh = JSON.stringify(crypto.randomBytes(32).toString('base64url'))
      return String(await ensureInstanceSetting(database.pool, 'unsubscribe_hmac_key', fresh))
    })()
    key.catch(() => keys.delete(database.pool))
    keys.set(database.pool, key)
  }
  return key
}

export type TokenDeps = { config: Pick<Config, 'SESSION_SECRET'>; database: Pick<Database, 'pool'> }

/** An unsubscribe link works for a year (issue 24); each reminder carries a fresh one. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 60 * 60_000

const sign = async (deps: TokenDeps, promotionId: number, email: string, expires: number) =>
  crypto
    .createHmac('sha256', await unsubscribeKey(deps.config, deps.database))
    .update(`${promotionId}:${email.toLowerCase()}:${expires}`)
    .digest('base64url')

/**
 * The signed token of an unsubscribe link: `<expiry, Unix seconds>.<HMAC of promotion, address and
 * expiry>`, nothing else to guess. Links of the old form (no expiry) are no longer accepted.
 */
export async function unsubscribeToken(deps: TokenDeps, promotionId: number, email: string, now = new Date()): Promise<string> {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000)
  return `${expires}.${await sign(deps, promotionId, email, expires)}`
}

export async function isValidUnsubscribeToken(deps: TokenDeps, promotionId: number, email: string, token: string, now = new Date()): Promise<boolean> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return false
  const expires = Number(match[1])
  if (expires * 1000 <= now.getTime()) return false
  const expected = Buffer.from(await sign(deps, promotionId, email, expires))
  const given = Buffer.from(match[2]!)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}
