import type { PgBoss } from 'pg-boss'
import type { AppDeps } from '../deps'
import { processDueWork, type DrawDeps } from '../modules/draws/draw-service'

export const DRAW_SCHEDULE_QUEUE = 'draw-schedule'

/**
 * What the scheduler needs. The PDF service is required, not optional as for a request: a draw
 * run by the schedule has nobody to ask for its certificate, so it is printed and stored at the
 * run (issue 23), and a process that forgot to pass it would fail the type check, not silently.
 */
export type DrawScheduleDeps = DrawDeps & Pick<AppDeps, 'pdf'>

/**
 * Scheduled draws and winner publication (issue 15): every minute one worker, whichever api
 * process gets the job, commits draws whose upload has closed, runs those whose final draw time has
 * come and puts due winner pages live. The work is idempotent (conditional updates, one result
 * per draw), so an overlap or a retry changes nothing.
 */
export async function startDrawSchedule(boss: PgBoss, deps: DrawScheduleDeps) {
  await boss.createQueue(DRAW_SCHEDULE_QUEUE, { policy: 'stately' })
  await boss.schedule(DRAW_SCHEDULE_QUEUE, '* * * * *')
  await boss.work(DRAW_SCHEDULE_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const done = await processDueWork(deps, new Date())
    if (done.committed || done.ran || done.published) deps.logger.info('scheduled draws', done)
  })
}
