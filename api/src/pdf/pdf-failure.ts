import { AppError, MSG_PDF_UNAVAILABLE } from '@permitdesk/shared'
import { ChromiumNotFoundError } from './find-chromium'

/** Whether printing failed because this server has no browser to print with (an operator's fix, not the caller's). */
export const isPdfUnavailable = (error: unknown): boolean => error instanceof ChromiumNotFoundError

/**
 * The one mapping of a PDF failure to what a caller sees (issue 31): no browser is 503 with
 * MSG_PDF_UNAVAILABLE; anything else is left as it was (the error handler's 500, logged).
 *   try { pdf = await render() } catch (error) { throw asPdfFailure(error) }
 */
export function asPdfFailure(error: unknown): unknown {
  return isPdfUnavailable(error) ? new AppError('UNAVAILABLE', MSG_PDF_UNAVAILABLE, { cause: error }) : error
}
