import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SESSION_CLOSING_GRACE_MS, SESSION_IDLE_MS, sessionLife } from './session-life'

const now = new Date('2026-11-26T02:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const base = { endedAt: null, expiresAt: new Date(now.getTime() + 60_000), lastSeenAt: ago(0), closingAt: null }

describe('sessionLife', () => {
  it('a fresh session is live; an ended one is ended whatever its times', () => {
    expect(sessionLife(base, now)).toBe('live')
    expect(sessionLife({ ...base, endedAt: ago(1) }, now)).toBe('ended')
  })

  it('idle past 30 minutes or past its maximum age is expired; a closed page past the grace is closed', () => {
    expect(sessionLife({ ...base, lastSeenAt: ago(SESSION_IDLE_MS) }, now)).toBe('live')
    expect(sessionLife({ ...base, lastSeenAt: ago(SESSION_IDLE_MS + 1) }, now)).toBe('expired')
    expect(sessionLife({ ...base, expiresAt: now }, now)).toBe('expired')
    expect(sessionLife({ ...base, closingAt: ago(SESSION_CLOSING_GRACE_MS) }, now)).toBe('live')
    expect(sessionLife({ ...base, closingAt: ago(SESSION_CLOSING_GRACE_MS + 1) }, now)).toBe('closed')
  })

  it('is live exactly when nothing ended it, across any times', () => {
    const ms = fc.integer({ min: -2 * SESSION_IDLE_MS, max: 2 * SESSION_IDLE_MS })
    fc.assert(
      fc.property(fc.option(ms, { nil: null }), ms, ms, fc.option(ms, { nil: null }), (ended, expiresIn, seenAgo, closingAgo) => {
        const session = {
          endedAt: ended === null ? null : ago(ended),
          expiresAt: new Date(now.getTime() + expiresIn),
          lastSeenAt: ago(seenAgo),
          closingAt: closingAgo === null ? null : ago(closingAgo),
        }
        const live = ended === null && expiresIn > 0 && seenAgo <= SESSION_IDLE_MS && (closingAgo === null || closingAgo <= SESSION_CLOSING_GRACE_MS)
        expect(sessionLife(session, now) === 'live').toBe(live)
      }),
    )
  })
})
