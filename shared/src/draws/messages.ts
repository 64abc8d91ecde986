/** What the draw service says to people (issue 15). Our own wording: the spec states these rules without text. */
export const MSG_DRAW_FILE_REQUIRED = 'Please choose a CSV or XLSX file of entries to upload.'
export const MSG_DRAW_FILE_EMPTY = 'The file is empty. Please upload a CSV or XLSX file with a header row and one row per entry.'
export const MSG_DRAW_FILE_NO_HEADER = 'The file has no header row. The first row must name the columns, for example: entryId,email.'
export const MSG_DRAW_FILE_NO_ENTRIES = 'The file has a header row but no entries.'
export const MSG_DRAW_FILE_BINARY = 'This file is not a CSV or XLSX file of entries. Please save your entries as CSV (UTF-8) or XLSX and upload that.'
export const msgDrawFileTooLarge = (limitMb: number) => `The file is larger than ${limitMb} MB, the most one draw accepts.`
export const msgDrawTooManyEntries = (limit: number) => `The file holds more than ${limit.toLocaleString('en-AU')} entries, the most one draw accepts.`
export const msgDrawRaggedRow = (line: number, found: number, expected: number) =>
  `Line ${line} has ${found} ${found === 1 ? 'column' : 'columns'} but the header has ${expected}. Every row needs the same columns as the header.`
export const msgDrawBadCsv = (line: number) => `Line ${line} is not valid CSV (check its quotes).`
export const MSG_DRAW_COMMITTED = 'The entries of this draw are committed and can no longer change.'
export const MSG_DRAW_NO_ENTRIES_YET = 'Upload the entries before committing the draw.'
export const MSG_DRAW_NOT_COMMITTED = 'Commit the draw before running it.'
export const MSG_DRAW_ALREADY_COMMITTED = 'This draw is already committed.'
export const MSG_DRAW_COUNT_RANGE = 'Winners plus reserves must be at least 1 and no more than the number of entries.'
export const MSG_DRAW_WINNERS_REQUIRED = 'Please enter the number of winners (1 or more).'
export const MSG_DRAW_RESERVES_INVALID = 'Please enter the number of reserves (0 or more).'
export const MSG_DRAW_TITLE_INVALID = 'Please enter a title of at most 200 characters.'
export const MSG_DRAW_NOT_RUN = 'A redraw needs the draw to have been run first.'
export const MSG_DRAW_CHAIN_OPEN = 'Another redraw of this draw has not been run yet. Run it before starting a new one.'
export const MSG_DRAW_NO_SERVICE = 'This promotion does not include the random draw service.'
export const MSG_DRAW_SCRUTINEER_REQUIRED = 'The application requires a scrutineer: please enter the scrutineer\u2019s name before running the draw.'
export const MSG_DRAW_LOOKUP_VALUE_REQUIRED = 'Please enter the value you entered with, exactly as you entered it.'
export const MSG_DRAW_ID_REQUIRED = 'Please give the draw id.'
export const MSG_DRAW_SCHEDULE_NEEDS_DATE = 'A scheduled draw needs the final draw\u2019s date in the application. Please enter it first.'
export const MSG_DRAW_PRIZE_VALUES = 'Please give at most one prize value per winner, in prize order (position 1 first), each in dollars.'
/** Issue 23: the schedule, cancelling, inclusion proofs. */
export const msgDrawTooEarly = (when: string) => `This draw is scheduled for ${when}. It can be run at or after that time.`
export const MSG_DRAW_EARLY_REASON_REQUIRED =
  'This draw is scheduled for later. To run it early, please give the reason: it is shown on the public record and the certificate.'
export const MSG_DRAW_EARLY_REASON_INVALID = 'Please give the reason for running early in at most 500 characters.'
export const MSG_DRAW_RUN_AT_INVALID = 'Please give the draw\u2019s date (YYYY-MM-DD) and time (HH:MM), in Sydney time.'
export const MSG_DRAW_CANCEL_REASON_REQUIRED = 'Please give the reason for cancelling the draw (at most 500 characters): it stays on the public record.'
export const MSG_DRAW_CANCELLED = 'This draw was cancelled. It stays on the record and can no longer change or run.'
export const MSG_DRAW_RUN_CANNOT_CANCEL = 'This draw has been run: its result stays on the record and cannot be cancelled. Start a redraw for unclaimed prizes.'
export const msgDrawLookupProven = (entries: string) =>
  `Yes: your entry is in the committed list (${entries}), and its proof leads to the published entries root, checked here in your browser.`
export const msgDrawLookupNotProven = (entries: string) =>
  `Your value is listed (${entries}), but its proof does not lead to the published entries root. Please tell the promoter and the regulator.`
export const MSG_DRAW_LOOKUP_NOT_FOUND = 'No entry with exactly that value is in the committed list.'
export const msgDrawQuotaReached = (quotaMb: number) =>
  `This upload would take your draw entries past the ${quotaMb.toLocaleString('en-AU')} MB your account may keep. Please contact us if you need more.`
/** The draw screen's confirmations (issue 23): what cannot be undone, said before it happens. */
export const MSG_DRAW_CONFIRM_COMMIT =
  'Committing freezes these entries and draws the secret seed. The entries hash, entries root and seed hash are published and e-mailed to you. This cannot be undone: the entries can no longer change.'
export const MSG_DRAW_CONFIRM_RUN =
  'Running draws the winners with the committed seed and reveals the seed. The result is recorded and published at once. This cannot be undone, and the draw cannot be run again.'
export const MSG_DRAW_CONFIRM_CANCEL =
  'Cancelling keeps this draw, with your reason, on the public record of every draw of this promotion. It can then no longer change or run. This cannot be undone.'
