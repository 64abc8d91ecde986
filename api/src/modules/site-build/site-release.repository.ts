import pg from 'pg'

/** The channel every process LISTENs on for a new current site release (payload: its id). */
export const SITE_RELEASE_CHANNEL = 'site_release'

export type SiteRelease = { id: number; key: string; fingerprint: string; files: number; bytes: number; reason: string; createdAt: Date }

const columns = `id, key, fingerprint, files, bytes::float8 as bytes, reason, created_at as "createdAt"`

/** The current build: the newest release. */
export async function findCurrentSiteRelease(pool: pg.Pool | pg.Client): Promise<SiteRelease | undefined> {
  const { rows } = await pool.query<SiteRelease>(`select ${columns} from app.site_releases order by id desc limit 1`)
  return rows[0]
}

/** Makes a release current and tells every process, in one transaction (the NOTIFY is sent on commit). */
export async function insertSiteRelease(pool: pg.Pool, release: Omit<SiteRelease, 'id' | 'createdAt'>): Promise<SiteRelease> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    const { rows } = await client.query<SiteRelease>(
      `insert into app.site_releases (key, fingerprint, files, bytes, reason) values ($1, $2, $3, $4, $5) returning ${columns}`,
      [release.key, release.fingerprint, release.files, release.bytes, release.reason.slice(0, 500)],
    )
    await client.query(`select pg_notify($1, $2)`, [SITE_RELEASE_CHANNEL, String(rows[0]!.id)])
    await client.query('commit')
    return rows[0]!
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** Releases older than the newest `keep` (a process still loading one of them has minutes to finish). */
export async function deleteOldSiteReleases(pool: pg.Pool, keep: number): Promise<string[]> {
  const { rows } = await pool.query<{ key: string }>(
    `delete from app.site_releases where id not in (select id from app.site_releases order by id desc limit $1) and created_at < now() - interval '10 minutes' returning key`,
    [keep],
  )
  return rows.map((row) => row.key)
}

/** A short-lived pool of its own (the start-up preparation, before the app's pool exists). */
export async function withOwnPool<T>(databaseUrl: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  try {
    return await work(pool)
  } finally {
    await pool.end()
  }
}

/**
 * A dedicated connection LISTENing on `site_release`: `onRelease` for each notification,
 * `onLost` once when the connection fails or ends (the caller reconnects). Answers its close.
 */
export async function listenForSiteReleases(
  databaseUrl: string,
  handlers: { onRelease: () => void; onLost: (error?: Error) => void },
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl })
  let closing = false
  let lost = false
  const lose = (error?: Error) => {
    if (closing || lost) return
    lost = true
    client.end().catch(() => {})
    handlers.onLost(error)
  }
  client.on('notification', (message) => message.channel === SITE_RELEASE_CHANNEL && handlers.onRelease())
  client.on('error', lose)
  client.on('end', () => lose())
  try {
    await client.connect()
    await client.query(`listen ${SITE_RELEASE_CHANNEL}`)
  } catch (error) {
    closing = true
    await client.end().catch(() => {})
    throw error
  }
  return async () => {
    closing = true
    await client.end().catch(() => {})
  }
}
