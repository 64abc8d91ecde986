import type { PgBoss } from 'pg-boss'
import { startEventHandler, type DeliveryDeps } from '../events/delivery'
import type { EventHandler } from '../events/events'
import { mailDrawResult, type DrawDeps } from '../modules/draws/draw-service'

type DrawResultMailDeps = Pick<DrawDeps, 'database' | 'mailer' | 'config'>

/**
 * The owner's "Draw result" mail (issue 31) as the subscriber of `draw.run`, published in the run's
 * transaction (a run by hand or by the schedule): a run that rolled back mails nothing, and a second
 * delivery of the same event finds the handler's record and mails nothing.
 */
export function drawResultMailHandler(deps: DrawResultMailDeps): EventHandler<'draw.run'> {
  return { name: 'draw-result-mail', type: 'draw.run', handle: (event) => mailDrawResult(deps, event.payload.drawId) }
}

/** Subscribes this process to the draw result mails; answers the function that stops them. */
export async function startDrawResultMails(boss: PgBoss, deps: DrawResultMailDeps & DeliveryDeps, { pollingIntervalSeconds = 0.5 } = {}) {
  return startEventHandler(boss, deps, drawResultMailHandler(deps), { pollingIntervalSeconds })
}
