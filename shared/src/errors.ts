/**
 * The error model shared by the API (which maps codes to HTTP) and the clients (which read
 * `{ message, modelState, code }`, the wire shape of DESIGN.md §4 and spec 000 §7/§8).
 */
import type { ZodError, ZodType, output } from 'zod'
import {
  MSG_CONFLICT,
  MSG_ERROR_OCCURRED,
  MSG_FORBIDDEN,
  MSG_NOT_FOUND,
  MSG_PAYMENT_FAILED,
  MSG_RATE_LIMITED,
  MSG_SESSION_REPLACED,
  MSG_UNAUTHENTICATED,
  MSG_COMPLETE_ALL_FIELDS,
  MSG_EMAIL_NOT_CONFIRMED,
  MSG_LOGIN_FAILED,
} from './messages'
import { MSG_IDEMPOTENCY_KEY_REUSED, MSG_INTERNAL_ERROR, MSG_PDF_UNAVAILABLE } from './wire/messages'

/** Field path (dotted, e.g. `permit.applicant.abnacn`) → messages. The root is the key `''`. */
export type ModelState = Record<string, string[]>

/** Domain error codes with their HTTP status and default user-facing message. The one table. */
export const ERROR_CODES = {
  VALIDATION: { httpStatus: 400, message: MSG_COMPLETE_ALL_FIELDS },
  /** 001 §8: wrong e-mail or password. */
  LOGIN_FAILED: { httpStatus: 400, message: MSG_LOGIN_FAILED },
  UNAUTHENTICATED: { httpStatus: 401, message: MSG_UNAUTHENTICATED },
  PAYMENT_FAILED: { httpStatus: 402, message: MSG_PAYMENT_FAILED },
  FORBIDDEN: { httpStatus: 403, message: MSG_FORBIDDEN },
  /** 000 §4: only one session per user; the replaced one gets 403 on the authentication check. */
  SESSION_REPLACED: { httpStatus: 403, message: MSG_SESSION_REPLACED },
  EMAIL_NOT_CONFIRMED: { httpStatus: 403, message: MSG_EMAIL_NOT_CONFIRMED },
  NOT_FOUND: { httpStatus: 404, message: MSG_NOT_FOUND },
  CONFLICT: { httpStatus: 409, message: MSG_CONFLICT },
  PAYLOAD_TOO_LARGE: { httpStatus: 413, message: MSG_ERROR_OCCURRED },
  /** The same Idempotency-Key with a different body. */
  IDEMPOTENCY_MISMATCH: { httpStatus: 422, message: MSG_IDEMPOTENCY_KEY_REUSED },
  RATE_LIMITED: { httpStatus: 429, message: MSG_RATE_LIMITED },
  INTERNAL: { httpStatus: 500, message: MSG_INTERNAL_ERROR },
  UNAVAILABLE: { httpStatus: 503, message: MSG_PDF_UNAVAILABLE },
} as const satisfies Record<string, { httpStatus: number; message: string }>

export type ErrorCode = keyof typeof ERROR_CODES

/** HTTP status for a domain code. */
export function httpStatusFor(code: ErrorCode): number {
  return ERROR_CODES[code].httpStatus
}

export interface AppErrorOptions {
  /** Per-field messages, keyed by dotted path. */
  modelState?: ModelState
  /** Detail for logs only; never sent to users. */
  internalMessage?: string
  /** RATE_LIMITED: seconds until a retry may succeed (the API sends it as `Retry-After`). */
  retryAfterSeconds?: number
  cause?: unknown
}

/**
 * A domain error. `message` is shown to users as is; `internalMessage` is for logs only.
 * Throw it from rules/use cases; the API turns it into `{ message, modelState, code }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly modelState?: ModelState
  readonly internalMessage?: string
  readonly retryAfterSeconds?: number

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? ERROR_CODES[code].message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    if (options.modelState) this.modelState = options.modelState
    if (options.internalMessage) this.internalMessage = options.internalMessage
    if (options.retryAfterSeconds) this.retryAfterSeconds = options.retryAfterSeconds
  }

  get httpStatus(): number {
    return httpStatusFor(this.code)
  }

  /** The wire body of DESIGN.md §4. */
  toJSON(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      // Always present (empty when no field is named), so a client reads `modelState` without a guard.
      modelState: this.modelState ?? {},
    }
  }
}

/** Error response body on the wire. */
export interface ErrorBody {
  code: ErrorCode
  message: string
  modelState: ModelState
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}

/**
 * Turns a ZodError into the wire shape: `message` is the first issue's message and
 * `modelState` maps each dotted field path to its messages (root issues under `''`).
 */
export function zodErrorToModelState(error: ZodError): { message: string; modelState: ModelState } {
  const modelState: ModelState = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    const list = (modelState[key] ??= [])
    if (!list.includes(issue.message)) list.push(issue.message)
  }
  return { message: error.issues[0]?.message ?? MSG_COMPLETE_ALL_FIELDS, modelState }
}

/** A VALIDATION AppError from a ZodError. */
export function appErrorFromZod(error: ZodError): AppError {
  const { message, modelState } = zodErrorToModelState(error)
  return new AppError('VALIDATION', message, { modelState, cause: error })
}

/** The one way input is parsed: a zod schema, and its failure as a VALIDATION AppError (routes and use cases alike). */
export function parseInput<S extends ZodType>(schema: S, data: unknown): output<S> {
  const result = schema.safeParse(data ?? {})
  if (!result.success) throw appErrorFromZod(result.error)
  return result.data
}

/**
 * Normalises anything thrown into `{ status, body }`. Unknown errors become INTERNAL with the
 * generic message: their details are for logs, never for users.
 */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (isAppError(error)) return { status: error.httpStatus, body: error.toJSON() }
  if (isZodError(error)) {
    const appError = appErrorFromZod(error)
    return { status: appError.httpStatus, body: appError.toJSON() }
  }
  return { status: 500, body: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message, modelState: {} } }
}

function isZodError(error: unknown): error is ZodError {
  return (
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues)
  )
}
