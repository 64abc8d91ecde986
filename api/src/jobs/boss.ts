import { PgBoss } from 'pg-boss'
import type { Logger } from '../logger'

/**
 * The job queue (DESIGN.md §5): pg-boss in the same PostgreSQL, so any number of api processes
 * share it. Started by main.ts only; tests of the HTTP API run without it.
 */
export async function startBoss(databaseUrl: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss' })
  boss.on('error', (error: unknown) => logger.error('job queue error', { error: error instanceof Error ? error.message : String(error) }))
  await boss.start()
  return boss
}
