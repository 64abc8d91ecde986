import crypto from 'node:crypto'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import { ZodError } from 'zod'
import type { Logger } from '../logger'
import { HttpError, type ErrorBody } from './http-error'

/** Domain errors (shared AppError) carry a code and an HTTP status; anything else is a 500. */
type DomainLike = { name?: string; httpStatus?: number; status?: number; code?: string; message: string; modelState?: Record<string, string[]> }

export function zodToBody(error: ZodError): ErrorBody {
  const modelState: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    ;(modelState[key] ??= []).push(issue.message)
  }
  return { message: error.issues[0]?.message ?? 'The request is not valid.', modelState, code: 'VALIDATION' }
}

export const notFoundApi: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'There is no such API call.', code: 'NOT_FOUND' } satisfies ErrorBody)
}

/** Maps every error to the wire shape; 5xx details are logged with a request id and never shown. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return
    if (error instanceof ZodError) {
      res.status(400).json(zodToBody(error))
      return
    }
    if (error instanceof HttpError) {
      res.status(error.status).json({ message: error.message, modelState: error.modelState, code: error.code } satisfies ErrorBody)
      return
    }
    const known = error as DomainLike & { type?: string; expose?: boolean }
    // body-parser's own errors: malformed JSON, a body over the limit.
    if (known?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'The request body is not valid JSON.', code: 'VALIDATION' })
      return
    }
    if (known?.type === 'entity.too.large') {
      res.status(413).json({ message: 'The request body is too large.', code: 'TOO_LARGE' })
      return
    }
    const status = known?.httpStatus ?? (known?.expose ? known.status : undefined)
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: known.message, modelState: known.modelState, code: known.code })
      return
    }
    const requestId = crypto.randomUUID()
    logger.error('request failed', { requestId, method: req.method, path: req.path, error: error instanceof Error ? error.stack : String(error) })
    res.status(500).json({ message: 'Something went wrong on our side. Please try again, and contact support if it persists.', code: 'INTERNAL', requestId } as ErrorBody)
  }
}
