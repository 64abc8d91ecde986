import type pg from 'pg'

/**
 * The rows of the CMS's `site-builds` collection (cms.site_builds), written here because the
 * worker runs in the api: staff see every rebuild, and a failure's error, in the Payload admin.
 */
export async function insertSiteBuild(pool: pg.Pool, reason: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into cms.site_builds (status, reason, started_at, updated_at, created_at) values ('running', $1, now(), now(), now()) returning id`,
    [reason.slice(0, 500)],
  )
  return rows[0]!.id
}

export async function finishSiteBuild(pool: pg.Pool, id: number, outcome: { status: 'succeeded' | 'failed'; seconds: number; error?: string }) {
  await pool.query(`update cms.site_builds set status = $2, finished_at = now(), seconds = $3, error = $4, updated_at = now() where id = $1`, [
    id,
    outcome.status,
    Math.round(outcome.seconds * 10) / 10,
    outcome.error?.slice(0, 20_000) ?? null,
  ])
}

/** Keeps the newest builds only: the table is a log, not an archive. */
export async function pruneSiteBuilds(pool: pg.Pool, keep = 200) {
  await pool.query(`delete from cms.site_builds where id not in (select id from cms.site_builds order by id desc limit $1)`, [keep])
}
