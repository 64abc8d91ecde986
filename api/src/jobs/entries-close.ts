import type { PgBoss } from 'pg-boss'
import type { DrawDeps } from '../modules/draws/draw-service'
import { freezeClosedEntries } from '../modules/entries/freeze-entries'

export const ENTRIES_CLOSE_QUEUE = 'entries-close'

/**
 * Issue 27: every minute one worker freezes the entries of promotions whose entry period has
 * ended into their draw. Idempotent: a frozen form is never frozen again (the form's status is
 * the lock), so an overlap or a retry changes nothing.
 */
export async function startEntriesClose(boss: PgBoss, deps: DrawDeps) {
  await boss.createQueue(ENTRIES_CLOSE_QUEUE, { policy: 'stately' })
  await boss.schedule(ENTRIES_CLOSE_QUEUE, '* * * * *')
  await boss.work(ENTRIES_CLOSE_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const done = await freezeClosedEntries(deps, new Date())
    if (done.frozen || done.failed) deps.logger.info('entries frozen at the close', done)
  })
}
