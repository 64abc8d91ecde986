import crypto from 'node:crypto'
import type { AuthStrategy, Payload } from 'payload'
import { sessionLife } from '@permitdesk/shared'
import { findSessionIdentity, type SessionPool } from './sessions.repository'

/** The API's session cookie (api/src/modules/account/session-store.ts). */
export const SESSION_COOKIE = 'pd_session'
/** Set on the one create of a CMS user this strategy makes; any other create is refused (Users hook). */
export const CMS_IDENTITY_CONTEXT = 'permitdeskIdentity'
export const STRATEGY_NAME = 'permitdesk-session'

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

/**
 * The signed-in PermitDesk user of a live session who may use the CMS (admin staff or marketing),
 * else null. Live as the API decides it (`sessionLife` in shared: ended, expired, idle, or its page
 * closed past the grace), so a session the API considers over is refused here too.
 */
export async function findCmsIdentity(pool: SessionPool, token: string, now = new Date()) {
  if (!token || token.length > 100) return null
  const row = await findSessionIdentity(pool, crypto.createHash('sha256').update(token).digest('hex'))
  if (!row || sessionLife(row, now) !== 'live') return null
  if (!(row.isStaff || row.staffRole === 'marketing')) return null
  return { email: row.email, name: `${row.firstName} ${row.lastName}`.trim(), role: row.isStaff ? ('admin' as const) : ('marketing' as const) }
}

/**
 * One identity (issue 13): a staff administrator or a marketing user signed in to PermitDesk
 * reaches the Payload admin at /cms/ with the same session; the CMS user with that e-mail is
 * created on first use. Customers (and agents) are never CMS users. Payload's local strategy
 * stays on beside it (see NOTES: the admin depends on it), but a user it signs in has no role, so
 * every access rule refuses it (cms/src/access). Whether the session is live is the API's own
 * rule (shared's `sessionLife`).
 */
export const permitdeskSessionStrategy: AuthStrategy = {
  name: STRATEGY_NAME,
  authenticate: async ({ headers, payload }) => {
    // With an https PUBLIC_URL the API sets the cookie with the `__Host-` prefix (api/src/http/auth.ts).
    const secure = (process.env.PUBLIC_URL ?? '').startsWith('https:')
    const token = readCookie(headers.get('cookie'), secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE)
    if (!token) return { user: null }
    const pool = (payload.db as unknown as { pool?: SessionPool }).pool
    if (!pool) return { user: null }
    const identity = await findCmsIdentity(pool, token)
    if (!identity) return { user: null }
    const doc = await findOrCreateCmsUser(payload, identity)
    // The role comes from PermitDesk on every request (issue 24): cms/src/access reads it from here.
    return { user: { ...doc, role: identity.role, collection: 'users', _strategy: STRATEGY_NAME } }
  },
}

async function findOrCreateCmsUser(payload: Payload, identity: { email: string; name: string }) {
  const { docs } = await payload.find({ collection: 'users', depth: 0, limit: 1, overrideAccess: true, where: { email: { equals: identity.email } } })
  if (docs[0]) return docs[0]
  return payload.create({
    collection: 'users',
    overrideAccess: true,
    context: { [CMS_IDENTITY_CONTEXT]: true },
    // A password nobody knows: this account signs in through the PermitDesk session only.
    data: { email: identity.email, name: identity.name, password: crypto.randomBytes(24).toString('base64url') },
  })
}
