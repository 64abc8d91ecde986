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

/** The signed token of an unsubscribe link: promotion and address, nothing else to guess. */
export async function unsubscribeToken(deps: TokenDeps, promotionId: number, email: string): Promise<string> {
  return crypto.createHmac('sha256', await unsubscribeKey(deps.config, deps.database)).update(`${promotionId}:${email.toLowerCase()}`).digest('base64url')
}

export async function isValidUnsubscribeToken(deps: TokenDeps, promotionId: number, email: string, token: string): Promise<boolean> {
  const expected = Buffer.from(await unsubscribeToken(deps, promotionId, email))
  const given = Buffer.from(token)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}
