import { describe, expect, it } from 'vitest'
import { AppError, MSG_PDF_UNAVAILABLE } from '@permitdesk/shared'
import { ChromiumNotFoundError } from './find-chromium'
import { asPdfFailure, isPdfUnavailable } from './pdf-failure'

describe('the one PDF-failure mapping', () => {
  it('no browser to print with: 503 with our sentence, the operator detail kept as the cause', () => {
    const missing = new ChromiumNotFoundError(['/nowhere/chromium'])
    const mapped = asPdfFailure(missing)
    expect(mapped).toBeInstanceOf(AppError)
    expect(mapped).toMatchObject({ code: 'UNAVAILABLE', message: MSG_PDF_UNAVAILABLE, httpStatus: 503, cause: missing })
    expect(isPdfUnavailable(missing)).toBe(true)
  })

  it('any other failure is left as it was', () => {
    const other = new Error('page crashed')
    expect(asPdfFailure(other)).toBe(other)
    expect(isPdfUnavailable(other)).toBe(false)
  })
})
