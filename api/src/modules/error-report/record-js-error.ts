import { TIMINGS } from '@permitdesk/shared/constants'
import type { Db } from '../../db/client'
import { countInWindow, insertJsError } from './error-report.repository'
import type { JsErrorReport } from './error-report.schema'

/**
 * Stores a browser's error report unless that client already sent its share in this window:
 * the same 3 per 30 s the page itself keeps to (000 §9), enforced here per client address so a
 * broken or hostile page cannot fill the table.
 */
export async function recordJsError(
  db: Db,
  report: JsErrorReport,
  client: { address: string; userAgent?: string; pageUrl?: string },
): Promise<'stored' | 'limited'> {
  const count = await countInWindow(db, `js-error:${client.address}`, TIMINGS.errorReportWindowMs)
  if (count > TIMINGS.errorReportLimit) return 'limited'
  await insertJsError(db, {
    ...report,
    pageUrl: client.pageUrl?.slice(0, 2000),
    userAgent: client.userAgent?.slice(0, 500),
    clientAddress: client.address.slice(0, 100),
  })
  return 'stored'
}
