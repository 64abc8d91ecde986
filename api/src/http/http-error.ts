/** The wire shape of every error answer (DESIGN.md section 4): what the spec's client reads. */
export type ErrorBody = { message: string; modelState?: Record<string, string[]>; code?: string }

/** An error that already knows its HTTP status and the message the user sees. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly modelState?: Record<string, string[]>,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}
