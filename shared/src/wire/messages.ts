/**
 * Messages of the API contract (issue 11): the error model's transport errors, API keys and
 * idempotency. Our own wording; the spec has none for these.
 */

/** A path under /api that no call answers. */
export const MSG_NO_SUCH_API_CALL = 'There is no such API call.'
/** The body could not be read as JSON. */
export const MSG_BODY_NOT_JSON = 'The request body is not valid JSON.'
/** The body is over the size limit. */
export const MSG_BODY_TOO_LARGE = 'The request body is too large.'
/** A state-changing browser request from a page of another origin (CSRF). */
export const MSG_CROSS_SITE_REFUSED = 'This request came from another site and was refused.'
/** 5xx: details are logged with a request id and never shown. */
export const MSG_INTERNAL_ERROR = 'Something went wrong on our side. Please try again, and contact support if it persists.'
/** A part of the service (the PDF printer) is not available on this server. */
export const MSG_PDF_UNAVAILABLE = 'PDFs cannot be produced right now: this server has no browser to print them. Please contact support.'
/** Every page of the PDF printer is busy and its queue is full: a moment's wait, not an operator's fix (503 with Retry-After). */
export const MSG_PDF_BUSY = 'We are producing a lot of documents right now. Please try again in a few seconds.'
/** A request field that is not of the expected kind (a fallback for fields without a rule of their own). */
export const MSG_FIELD_INVALID = 'Please check this value.'
/** An id in a query or body that is not a positive whole number. */
export const MSG_INVALID_ID = 'Please give a valid id.'
/** A field that must be a whole number. */
export const MSG_WHOLE_NUMBER = 'Please enter a whole number.'
/** A field that must be true or false. */
export const MSG_TRUE_OR_FALSE = 'Please answer yes or no.'
/** A field that must be text. */
export const MSG_TEXT_REQUIRED = 'Please enter text here.'
/** A choice outside the allowed list. */
export const MSG_CHOICE_INVALID = 'Please choose one of the allowed values.'

// --- API keys -------------------------------------------------------------------------------
/** An Authorization header whose key is unknown or revoked. */
export const MSG_API_KEY_INVALID = 'This API key is not valid or has been revoked.'
/** A staff, admin or account-settings call made with an API key. */
export const MSG_API_KEY_NOT_ALLOWED = 'This call cannot be made with an API key. Please sign in.'
/** The 11th key of an account. */
export const MSG_API_KEY_LIMIT = 'An account can have at most 10 API keys. Please revoke one first.'
/** A key without a name. */
export const MSG_API_KEY_NAME_REQUIRED = 'Please give the key a name.'
/** Over the per-key rate limit. */
export const MSG_API_KEY_RATE_LIMITED = 'Too many requests with this API key. Please wait and try again.'

// --- Idempotency ----------------------------------------------------------------------------
/** The same Idempotency-Key sent again with a different body. */
export const MSG_IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request.'
/** An Idempotency-Key that is empty or too long. */
export const MSG_IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 1 to 200 characters.'
/** GET /api/health while the database does not answer. */
export const MSG_DATABASE_UNAVAILABLE = 'The database is not answering.'
/** POST /api/Upload without a file. */
export const MSG_UPLOAD_FILE_REQUIRED = 'Please choose a file to upload.'
/** POST /api/Upload with something other than one file in the field "file". */
export const MSG_UPLOAD_ONE_FILE = 'Please send one file in the field "file".'
/** A download of a file that is missing or someone else's. */
export const MSG_NO_SUCH_FILE = 'There is no such file.'
/** POST /error/js/ past the per-client limit. */
export const MSG_TOO_MANY_ERROR_REPORTS = 'Too many error reports. Please wait a moment.'
/** POST /error/js/ without a message. */
export const MSG_ERROR_REPORT_MESSAGE_REQUIRED = 'message is required.'

// --- Fallbacks for rules without a sentence of their own (never zod's English) -------------
/** A required field that is missing. */
export const MSG_FIELD_REQUIRED = 'Please fill in this field.'
/** Text or a list longer than allowed. */
export const MSG_FIELD_TOO_LONG = 'This is too long.'
/** Text or a list shorter than allowed, or a number below its minimum. */
export const MSG_FIELD_TOO_SHORT = 'This is too short.'
/** A number above its maximum. */
export const MSG_NUMBER_TOO_LARGE = 'This number is too large.'
/** A number below its minimum. */
export const MSG_NUMBER_TOO_SMALL = 'This number is too small.'
/** A text that does not have the expected form (an e-mail, a date, an id). */
export const MSG_FORMAT_INVALID = 'This is not in the expected format.'
/** The same Idempotency-Key sent again while the first request is still running. */
export const MSG_IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Please try again in a moment.'
