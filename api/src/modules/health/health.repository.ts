import type { Database } from '../../db/client'

/** True while the database answers a trivial query. */
export async function checkDatabase(database: Pick<Database, 'pool'>): Promise<boolean> {
  try {
    await database.pool.query('select 1')
    return true
  } catch {
    return false
  }
}
