import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { outstandingColour, shouldReportScriptError } from './constants'
import { AppError, ERROR_CODES, httpStatusFor, isAppError, toErrorResponse, zodErrorToModelState } from './errors'
import { MSG_ERROR_OCCURRED } from './messages'

describe('ERROR_CODES', () => {
  it.each([
    ['VALIDATION', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
    ['SESSION_REPLACED', 403],
    ['PAYMENT_FAILED', 402],
    ['INTERNAL', 500],
  ] as const)('%s → %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status)
    expect(new AppError(code).httpStatus).toBe(status)
    expect(new AppError(code).message).toBe(ERROR_CODES[code].message)
  })
})

describe('AppError', () => {
  it('carries code, user message and model state; the internal message stays out of JSON', () => {
    const error = new AppError('VALIDATION', 'Bad', { modelState: { name: ['Bad'] }, internalMessage: 'secret' })
    expect(isAppError(error)).toBe(true)
    expect(error).toBeInstanceOf(Error)
    expect(error.toJSON()).toEqual({ code: 'VALIDATION', message: 'Bad', modelState: { name: ['Bad'] } })
    expect(JSON.stringify(error.toJSON())).not.toContain('secret')
  })
})

describe('zodErrorToModelState', () => {
  it('keys by dotted path, first issue message as message', () => {
    const schema = z.object({ a: z.string({ error: 'A!' }), b: z.object({ c: z.array(z.number({ error: 'C!' })) }) })
    const result = schema.safeParse({ b: { c: [1, 'x'] } })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(zodErrorToModelState(result.error)).toEqual({ message: 'A!', modelState: { a: ['A!'], 'b.c.1': ['C!'] } })
  })
  it('puts root issues under the empty key', () => {
    const result = z.string({ error: 'Root' }).safeParse(1)
    if (result.success) throw new Error('expected failure')
    expect(zodErrorToModelState(result.error).modelState).toEqual({ '': ['Root'] })
  })
})

describe('toErrorResponse', () => {
  it('maps AppError, ZodError and unknown errors', () => {
    expect(toErrorResponse(new AppError('NOT_FOUND')).status).toBe(404)
    // Every body names its fields, even when there are none: a client reads modelState without a guard.
    expect(toErrorResponse(new AppError('NOT_FOUND')).body).toEqual({ code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message, modelState: {} })
    const zodResult = z.object({ a: z.string({ error: 'A!' }) }).safeParse({})
    if (zodResult.success) throw new Error('expected failure')
    expect(toErrorResponse(zodResult.error)).toEqual({ status: 400, body: { code: 'VALIDATION', message: 'A!', modelState: { a: ['A!'] } } })
    expect(toErrorResponse(new Error('db down'))).toEqual({ status: 500, body: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message, modelState: {} } })
  })
})

describe('constants helpers', () => {
  it('error reports: 3 per 30 s, never from cache hosts', () => {
    const now = new Date(100_000)
    const base = { now, host: 'example.com', path: '/' }
    expect(shouldReportScriptError({ ...base, previousReportTimes: [80_000, 90_000] })).toBe(true)
    expect(shouldReportScriptError({ ...base, previousReportTimes: [80_000, 90_000, 95_000] })).toBe(false)
    expect(shouldReportScriptError({ ...base, previousReportTimes: [60_000, 90_000, 95_000] })).toBe(true)
    expect(shouldReportScriptError({ ...base, host: 'cache.example.com', previousReportTimes: [] })).toBe(false)
  })
  it.each([
    [1, false, 'default'],
    [2, false, 'warning'],
    [4, false, 'warning'],
    [5, false, 'danger'],
    [3, true, 'default'],
    [4, true, 'danger'],
  ] as const)('outstanding %i days (awaiting T&Cs %s) → %s', (days, awaiting, colour) => {
    expect(outstandingColour(days, awaiting)).toBe(colour)
  })
})
