import { PgBoss } from 'pg-boss'
import type { Logger } from '../logger'

/**
 * The job queue (DESIGN.md §5): pg-boss in the same PostgreSQL, so any number of api processes
 * share it. Started by main.ts only; tests of the HTTP API run without it.
 */
export async function startBoss(databaseUrl: string, logger: Logger, { stopping = () => false }: { stopping?: () => boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss' })
  boss.on('error', bossErrorHandler(logger, stopping))
  await boss.start()
  return boss
}

/** How the queue's errors are logged. */
export function bossErrorHandler(logger: Logger, stopping: () => boolean) {
  return (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    // Ctrl-C reaches the embedded PostgreSQL too, which ends its connections (57P01) while this
    // process stops in order: expected then, not an error for the operator to read.
    if (isAdminShutdown(error)) {
      if (stopping()) logger.debug('job queue: PostgreSQL closed the connection while stopping', { error: message })
      else logger.warn('job queue: PostgreSQL is shutting down and closed the connection', { error: message })
      return
    }
    logger.error('job queue error', { error: message })
  }
}

/** PostgreSQL's admin_shutdown: the server ended the connection because it is stopping. */
export function isAdminShutdown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57P01'
}
