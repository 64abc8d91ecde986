import { z } from 'zod'
import { MSG_ERROR_REPORT_MESSAGE_REQUIRED } from '@permitdesk/shared'

const clip = (max: number) => z.preprocess((value) => (value === undefined || value === null ? undefined : String(value).slice(0, max)), z.string().optional())
const int = z.preprocess((value) => {
  const n = Number(value)
  return Number.isFinite(n) ? Math.max(0, Math.min(Math.trunc(n), 2_147_483_647)) : undefined
}, z.number().int().optional())

/**
 * POST /error/js/ (000 §7): form-encoded message, source, line, column, error, console.
 * Browsers send what they have; long fields are clipped rather than refused.
 */
export const JsErrorReportSchema = z.object({
  message: z.preprocess(
    (value) => (value === undefined || value === null ? value : String(value).slice(0, 2000)),
    z.string({ error: MSG_ERROR_REPORT_MESSAGE_REQUIRED }).trim().min(1, { error: MSG_ERROR_REPORT_MESSAGE_REQUIRED }),
  ),
  source: clip(2000),
  line: int,
  column: int,
  error: clip(8000),
  console: clip(4000),
})
export type JsErrorReport = z.infer<typeof JsErrorReportSchema>
