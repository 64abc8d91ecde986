import type { Database } from '../../db/client'

type Pool = Pick<Database, 'pool'>['pool']

/** The installation's setting under `key`, stored with `fresh` the first time (the first writer wins). */
export async function ensureInstanceSetting(pool: Pool, key: string, fresh: string): Promise<string> {
  await pool.query('insert into app.instance_settings (key, value) values ($1, $2) on conflict (key) do nothing', [key, fresh])
  const { rows } = await pool.query<{ value: string }>('select value from app.instance_settings where key = $1', [key])
  return rows[0]!.value
}

/** Records a spent one-time token until it expires; false when it was spent before. */
export async function spendOnce(pool: Pool, key: string, ttlMs: number): Promise<boolean> {
  const spent = await pool.query(
    `insert into app.rate_limits (key, count, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond') on conflict (key) do nothing returning key`,
    [key, ttlMs],
  )
  return spent.rowCount === 1
}
