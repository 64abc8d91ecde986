/**
 * The CMS's one read of the API's sessions (issue 31: SQL only in repositories). It answers the
 * session's times as stored; whether they make a live session is shared's `sessionLife`, the
 * API's own rule, not a second idea of it in SQL.
 */
export type SessionPool = {
  query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
}

export type SessionIdentityRow = {
  endedAt: Date | null
  expiresAt: Date
  lastSeenAt: Date
  closingAt: Date | null
  email: string
  firstName: string
  lastName: string
  isStaff: boolean
  staffRole: string | null
}

/** The session with this id (the token's hash) and its user, or undefined. */
export async function findSessionIdentity(pool: SessionPool, id: string): Promise<SessionIdentityRow | undefined> {
  const { rows } = await pool.query(
    `select s.ended_at, s.expires_at, s.last_seen_at, s.closing_at, u.email, u.first_name, u.last_name, u.is_staff, u.staff_role
       from app.sessions s join app.users u on u.id = s.user_id
      where s.id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    endedAt: (row.ended_at as Date | null) ?? null,
    expiresAt: row.expires_at as Date,
    lastSeenAt: row.last_seen_at as Date,
    closingAt: (row.closing_at as Date | null) ?? null,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    isStaff: row.is_staff as boolean,
    staffRole: (row.staff_role as string | null) ?? null,
  }
}
