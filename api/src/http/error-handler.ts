import crypto from 'node:crypto'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import { AppError, isAppError, MSG_BODY_NOT_JSON, MSG_BODY_TOO_LARGE, MSG_FIELD_INVALID, MSG_NO_SUCH_API_CALL, toErrorResponse } from '@permitdesk/shared'
import type { Logger } from '../logger'

/** Any path under /api that no route answers. */
export const notFoundApi: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND', MSG_NO_SUCH_API_CALL))

/**
 * The one error handler: an AppError (or a ZodError) becomes `{ message, modelState, code }` with
 * the status of its code in shared ERROR_CODES; body-parser's own errors are mapped to codes
 * first; anything else is a 500 whose details are logged with a request id and never shown.
 */
/**
 * Values PostgreSQL itself refuses are the caller's mistake, not ours (issue 18, found by fuzzing):
 * a number past a column's range (an id above 2^31-1), a NUL character or invalid UTF-8 in text.
 * The statement failed, so its transaction wrote nothing; the answer is 400, never a 500.
 * drizzle wraps the driver's error, so the code is looked for on the error and its causes.
 */
const REFUSED_VALUE_CODES = new Set(['22003', '22P02', '22P05', '22021', '22007', '22008'])
function refusedByDatabase(error: unknown): AppError | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    if (typeof e.code === 'string' && REFUSED_VALUE_CODES.has(e.code))
      return new AppError('VALIDATION', MSG_FIELD_INVALID, { modelState: { '': [MSG_FIELD_INVALID] } })
  }
  return undefined
}

/**
 * The answer to an error: its status, its body and the Retry-After it carries, if any; a 500 is
 * logged with a request id (in its body) and never shows its details. The error handler below
 * sends it, and so does the front door's fast path for entries (entry-hot-paths.ts).
 */
export function errorAnswer(error: unknown, logger: Logger, req: { method?: string; path: string }): { status: number; body: object; retryAfter?: string } {
  const parserType = (error as { type?: string } | undefined)?.type
  // A body in a charset or encoding the parser does not read is no more readable JSON than a broken one (found by the front door's property test).
  if (parserType === 'entity.parse.failed' || parserType === 'charset.unsupported' || parserType === 'encoding.unsupported')
    error = new AppError('VALIDATION', MSG_BODY_NOT_JSON, { modelState: { '': [MSG_BODY_NOT_JSON] } })
  else if (parserType === 'entity.too.large') error = new AppError('PAYLOAD_TOO_LARGE', MSG_BODY_TOO_LARGE)
  else error = refusedByDatabase(error) ?? error
  const { status, body } = toErrorResponse(error)
  // An overloaded service (the PDF pool's anonymous queue, issue 23) and a caller over its limit are told when to come back.
  const retryAfter =
    isAppError(error) && (error.code === 'UNAVAILABLE' || error.code === 'RATE_LIMITED') && error.retryAfterSeconds
      ? String(error.retryAfterSeconds)
      : undefined
  if (status >= 500) {
    const requestId = crypto.randomUUID()
    logger.error('request failed', { requestId, method: req.method, path: req.path, error: error instanceof Error ? error.stack : String(error) })
    return { status, body: { ...body, requestId }, retryAfter }
  }
  return { status, body, retryAfter }
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return
    const { status, body, retryAfter } = errorAnswer(error, logger, req)
    if (retryAfter) res.set('Retry-After', retryAfter)
    res.status(status).json(body)
  }
}
