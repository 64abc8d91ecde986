/**
 * Every user-facing message of the product, each exactly once.
 *
 * The first part is quoted word for word from the two spec documents
 * (`000_…` = site/accounts, `001_…` = promotions/permits). Import these constants;
 * never retype a message. The second part ("not quoted by the spec") holds the
 * messages we had to write ourselves where the spec names a rule but no wording.
 */

// ---------------------------------------------------------------------------
// Quoted by the spec
// ---------------------------------------------------------------------------

// --- Create/modify promotion form (001 §5) ---------------------------------
/** 001 §5: no state selected, or the create/modify form is otherwise invalid. */
export const MSG_COMPLETE_ALL_FORM_FIELDS = 'Please complete all of the above form fields.'
/** 001 §5: total prize value is 0 or less. */
export const MSG_TOTAL_PRIZE_VALUE_REQUIRED = 'Your promotion must have a total prize value.'
/** 001 §5: the permit quiz is shown and a visible question is unanswered. */
export const MSG_COMPLETE_ALL_QUESTIONS = 'Please complete all questions.'

// --- Permit number save (001 §5) --------------------------------------------
/** 001 §5: approval date missing or after today. */
export const MSG_INVALID_APPROVAL_DATE = "Please enter a valid approval date on or before today's date."
/** 001 §5: permit number equal to the default or without the valid prefix. */
export const MSG_INVALID_PERMIT_NUMBER = 'Please enter a valid permit number.'

// --- Registration (001 §5) --------------------------------------------------
/** 001 §5: the terms checkbox is not ticked. */
export const MSG_MUST_AGREE_TERMS = 'You must agree to the Terms and conditions to register an account.'
/** 001 §5: an authorised agent without a valid business address. */
export const MSG_AGENT_BUSINESS_ADDRESS_REQUIRED = 'Please enter a valid business address if you are an authorised agent.'
/** 001 §5: an authorised agent without a phone number. */
export const MSG_AGENT_PHONE_REQUIRED = 'You must enter your phone number if you are an authorised agent.'
/** 001 §5: registration form incomplete. */
export const MSG_COMPLETE_ALL_FIELDS = 'Please complete all of the above fields.'
/** 001 §5: admin e-mail update without an e-mail. */
export const MSG_EMAIL_REQUIRED = 'Email is required.'

// --- Account errors (001 §8) -------------------------------------------------
/** 001 §8: the generic server error text that login replaces. */
export const MSG_GENERIC_ERROR = 'An error has occurred.'
/** 001 §8: login failure (replaces {@link MSG_GENERIC_ERROR}). */
export const MSG_LOGIN_FAILED = 'Invalid email address or password. Please try again.'
/** 001 §8: bot check failure. */
export const MSG_RECAPTCHA_INVALID = 'reCAPTCHA is invalid.'
/** 001 §8: forgot-password success. */
export const msgPasswordTokenSent = (email: string): string => `Password verification token sent to ${email}.`
/** 001 §8: forgot-password failure, and creation after registration failing. */
export const msgErrorPersists = (supportAddress: string): string => `An error has occurred. Please email ${supportAddress} if it persists.`
/** 001 §8: registration with an e-mail that already has an account. */
export const MSG_ALREADY_REGISTERED = 'Already registered.'

// --- Payment errors (001 §8) -------------------------------------------------
/** 001 §8: card charge failure without a server message. */
export const MSG_CARD_CHARGE_FAILED = 'An error occurred. Please do not try again, as the card may have been charged.'
/** 001 §8: payment submit failure with model-state errors. */
export const MSG_PAYMENT_CONFIRM_FIELDS = 'Please confirm all fields on the previous page are correct, then try again.'

// --- Admin errors (001 §8) ---------------------------------------------------
/** 001 §8: admin invoice/cancel/approve/notes/status failure without a server message. */
export const MSG_ERROR_OCCURRED = 'An error occurred.'
/** 001 §8: admin e-mail update failure. */
export const MSG_FAILED_TO_UPDATE_EMAIL = 'Failed to update email.'
/** 001 §8 tooltip: invoice creation blocked while T&Cs await approval. */
export const MSG_INVOICE_BLOCKED_TC_APPROVAL = 'Cannot create new invoice when T&Cs are awaiting approval'
/** 001 §8 tooltip: invoice creation blocked while another invoice awaits payment. */
export const MSG_INVOICE_BLOCKED_AWAITING_PAYMENT = 'Cannot create new invoice when another is awaiting payment'

// --- Uploads (001 §8) --------------------------------------------------------
/** 001 §8: upload failure without a server message. */
export const MSG_UPLOAD_ERROR = 'Upload error. The maximum file size is 10MB.'
/** 001 §8: upload success. */
export const MSG_UPLOAD_SUCCESS = 'File uploaded successfully.'

// --- Terms approval (001 §8) -------------------------------------------------
/** 001 §8: terms approval failure (shown with a support address). */
export const MSG_TERMS_APPROVAL_FAILED = 'Something went wrong, please contact support for assistance.'

// --- Site (000 §8) -----------------------------------------------------------
/** 000 §7/§8: shown when a download starts. */
export const MSG_DOWNLOAD_STARTING = 'Download starting...'
/** 000 §8: captcha site key of the wrong length (developer error). */
export const MSG_CAPTCHA_KEY_INVALID = 'You need to set the key attribute...'
/** 000 §8: prefix of the error thrown when a script fails to load. */
export const MSG_LOAD_ERROR_PREFIX = 'Load ERROR:'

// --- Labels (000 §3, §9; 001 §2, §3) ----------------------------------------
/** 000 §3: AusStates display when all eight are set. */
export const LABEL_NATIONAL = 'National (Aus)'
/** 000 §3: AusStates display when none are set. */
export const LABEL_NO_STATES = '---'
/** 001 §2: default promotion title when the name is blank. */
export const LABEL_UNTITLED_PERMIT = 'Untitled permit'
/** 001 §2: service label for a managed submission. */
export const labelServiceManaged = (productName: string): string => `Permit - ${productName} managed`
/** 001 §2: service label for a self submission. */
export const LABEL_SERVICE_SELF_SUBMISSION = 'Permit - Self submission'
/** 001 §2: mobile status label for ready-submission when T&Cs are a service. */
export const LABEL_READY_TO_GENERATE_TCS = 'Ready to generate T&Cs'
/** 001 §2: the short form that replaces "terms and conditions" in mobile status labels. */
export const LABEL_TCS_SHORT = 'T&Cs'
/** 000 §2: separator between the route title and the product name in page titles. */
export const PAGE_TITLE_SEPARATOR = ' · '
/** 000 §9: structured-data price range. */
export const LABEL_PRICE_RANGE = '$150 - $245'

// --- Relative time labels of the reviews widget (000 §9) --------------------
export const LABEL_IN_THE_LAST_DAY = 'in the last day'
export const LABEL_YESTERDAY = 'yesterday'
export const LABEL_IN_THE_LAST_WEEK = 'in the last week'
export const LABEL_A_WEEK_AGO = 'a week ago'
export const labelWeeksAgo = (n: number): string => `${n} weeks ago`
export const LABEL_A_MONTH_AGO = 'a month ago'
export const labelMonthsAgo = (n: number): string => `${n} months ago`
export const LABEL_A_YEAR_AGO = 'a year ago'
export const labelYearsAgo = (n: number): string => `${n} years ago`

// ---------------------------------------------------------------------------
// Not quoted by the spec: our wording for rules the spec states without text
// ---------------------------------------------------------------------------

// Accounts
export const MSG_EMAIL_INVALID = 'Please enter a valid email address.'
export const MSG_PASSWORD_REQUIRED = 'Please enter your password.'
export const MSG_PASSWORD_TOO_SHORT = 'Your password must be at least 12 characters long.'
export const MSG_RESET_TOKEN_REQUIRED = 'This password reset link is invalid or has expired.'

// Promotion
export const MSG_NAME_REQUIRED = 'Please enter a name for your promotion.'
export const MSG_STATE_REQUIRED = 'Please select at least one state or territory.'
export const MSG_STATE_PRIZE_VALUE_POSITIVE = "Each state's prize value must be more than $0."
export const MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL = "A state's prize value cannot be more than the total prize value."
export const MSG_PRIZE_QUANTITY_POSITIVE = 'The number of prizes must be more than 0.'
export const MSG_MONEY_INVALID = 'Please enter an amount in dollars, with at most two decimal places.'
/** Modify refused: the status no longer lets the customer change the promotion (001 §2). */
export const MSG_PROMOTION_NOT_MODIFIABLE =
  'This promotion cannot be modified in its current status. To change it, begin an amendment from the promotion dashboard.'
/** Modify refused: states, New Zealand, submission method and kind are fixed once the application was submitted or generated. */
export const MSG_PROMOTION_FIXED_AFTER_SUBMISSION =
  'The states, New Zealand, the submission method and the kind of promotion cannot be changed after the permit application has been submitted. Please contact us if they need to change.'
/** The promotion note is empty. */
export const MSG_NOTE_REQUIRED = 'Please enter a note.'
/** Request lawyer contact: acknowledgement shown on the dashboard. */
export const MSG_LAWYER_CONTACT_REQUESTED = 'Thank you. A lawyer will contact you shortly.'

// Dates
export const MSG_DATE_INVALID = 'Please enter a valid date.'
export const MSG_TIME_INVALID = 'Please enter a valid time.'
export const MSG_END_BEFORE_START = 'The end date must be after the start date.'
// Issue 25: a draw after entries close is the usual case, so the flag (001 §5) informs rather than warns.
export const MSG_FINAL_DRAW_AFTER_END = 'The final draw is after the promotion closes, as usual. Check that your terms and conditions give the same draw date.'

// Applicant, contact, addresses
export const MSG_REQUIRED = 'This field is required.'
export const MSG_ADDRESS_INCOMPLETE = 'Please enter the street address, suburb, state and postcode.'
export const MSG_POSTCODE_INVALID = 'Please enter a valid 4-digit postcode.'
export const MSG_ABN_ACN_LENGTH = 'Please enter an ABN (11 digits) or an ACN (9 digits).'
export const MSG_ABN_CHECK_DIGITS = 'This ABN is not valid: its check digits do not match. Please check the number.'
export const MSG_ACN_CHECK_DIGITS = 'This ACN is not valid: its check digit does not match. Please check the number.'
export const MSG_WEBSITE_INVALID = 'Please enter a valid website address, for example www.example.com.au.'
export const MSG_PHONE_INVALID = 'Please enter a phone number of up to 10 digits, numbers only.'
export const MSG_POSITION_REQUIRED = 'Please enter the contact person’s position (required for ACT and SA permits).'
export const MSG_NSW_AUTHORITY_NUMBER_REQUIRED = 'Please enter your NSW authority number.'
export const MSG_NSW_AUTHORITY_DURATION_REQUIRED = 'Please choose the duration of the NSW authority.'
export const MSG_NSW_AUTHORITY_EXPIRY_TOO_FAR = 'The expiry date can be at most 5 years from today.'

// Permit application
export const MSG_SCRUTINEER_QUESTION_REQUIRED = 'Please answer whether the draw will be scrutineered.'
export const MSG_SCRUTINEER_REQUIRED = 'Please enter the details of the scrutineer.'
export const MSG_NON_INDEPENDENT_REASON_REQUIRED = 'Please give the reason for using a non-independent scrutineer.'
export const MSG_CHECKBOX_GROUP_REQUIRED = 'Please choose at least one option.'
export const MSG_OTHER_DETAIL_REQUIRED = 'Please describe the other option you chose.'
export const MSG_INDUCEMENTS_DETAIL_REQUIRED = 'Please describe the inducements offered.'
export const MSG_ATTACHMENT_REQUIRED = 'Please upload this document.'
export const MSG_ACTION_QUESTION_UNANSWERED = 'Please answer this question.'
/** Save refused: the application was saved elsewhere (another tab, or staff) after this copy was loaded. */
export const MSG_SAVE_VERSION_CONFLICT =
  'This application was changed elsewhere (in another window or by our staff) after you opened it, so your latest changes were not saved. Please refresh to load the current version.'
/** Save refused: the status no longer lets the application be edited. */
export const MSG_PERMIT_NOT_EDITABLE = 'This application cannot be edited in its current status. To change it, begin an amendment from the promotion dashboard.'
/** An attachment names a file that is not one of the customer's uploads. */
export const MSG_ATTACHMENT_FILE_UNKNOWN = 'This file could not be found. Please upload it again.'
/** An attachment is reused from a promotion that does not have that document. */
export const MSG_ATTACHMENT_REUSE_UNAVAILABLE = 'That promotion has no such document to reuse.'
/** An attachment type code that does not exist. */
export const MSG_ATTACHMENT_TYPE_UNKNOWN = 'Unknown attachment type.'

// Status machine
export const MSG_TRANSITION_NOT_ALLOWED = 'This promotion cannot be changed that way in its current status.'
export const MSG_TRANSITION_FORBIDDEN = 'You are not allowed to make this change.'

// Error model defaults (shown to users for each domain code)
export const MSG_UNAUTHENTICATED = 'Please log in to continue.'
export const MSG_FORBIDDEN = 'You do not have access to this.'
export const MSG_NOT_FOUND = 'We could not find what you were looking for.'
export const MSG_CONFLICT = 'This was changed by someone else. Please reload and try again.'
export const MSG_RATE_LIMITED = 'Too many requests. Please wait a moment and try again.'
export const MSG_SESSION_REPLACED = 'You have been logged out because your account was logged in elsewhere.'
export const MSG_PAYMENT_FAILED = 'Your payment could not be processed.'

// Accounts and sessions (000 §4-§8): our wording where the spec names the behaviour only
/** After registering: the confirmation e-mail is on its way. */
export const msgRegisteredCheckEmail = (email: string): string =>
  `Thank you for registering. We have sent a confirmation link to ${email}. Please confirm your email address, then sign in.`
/** Login of an account whose e-mail is not confirmed yet (a new link is sent). */
export const MSG_EMAIL_NOT_CONFIRMED = 'Please confirm your email address before signing in. We have sent you a new confirmation link.'
/** The confirmation link worked. */
export const MSG_EMAIL_CONFIRMED = 'Thank you, your email address is confirmed. Please sign in.'
/** The confirmation link is unknown, used or expired. */
export const MSG_CONFIRM_LINK_INVALID = 'This confirmation link is invalid or has expired. Sign in and we will send you a new one.'
/** Registration with an address that has an account: shown on the login screen (001 §8 flags the login error). */
export const MSG_ALREADY_REGISTERED_SIGN_IN = 'You already have an account with this email address. Please sign in.'
/** Too many login or forgot-password attempts (brute-force limit). */
export const msgTooManyAttempts = (minutes: number): string =>
  `Too many attempts. For your security, please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
/** The new password is saved. */
export const MSG_PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in with your new password.'
/** The account edit is saved. */
export const MSG_ACCOUNT_UPDATED = 'Your account details have been saved.'
/** Shown on the login screen when a private page sent the visitor there. */
export const MSG_LOGIN_REQUIRED = 'Please sign in to continue.'
/** The idle warning modal (000 §4: 29 minutes without activity, sign-out 1 minute later). */
export const MSG_IDLE_WARNING = 'You have been inactive for a while. For your security you will be signed out in 1 minute.'
/** The button that keeps the session alive in the idle warning modal. */
export const LABEL_STAY_SIGNED_IN = 'Stay signed in'
/** The bot check has not finished in the form yet. */
export const MSG_BOT_CHECK_PENDING = 'Please wait a moment while we check you are not a robot, then try again.'

// Contact, agency and law-firm forms (public site)
export const MSG_CONTACT_NAME_REQUIRED = 'Please enter your name.'
export const MSG_CONTACT_MESSAGE_REQUIRED = 'Please enter your message.'
export const MSG_CONTACT_ORGANISATION_REQUIRED = 'Please enter the name of your organisation.'
export const MSG_CONTACT_TOO_LONG = 'This is too long. Please shorten it.'
export const MSG_CONTACT_SOURCE_INVALID = 'Please choose whether you are an agency or a law firm.'
/** The confirmation after a contact form is sent. */
export const msgContactReceived = (email: string): string => `Thank you. We have received your message and will reply to ${email} within one business day.`

// Status words (issue 25)
/** The dashboard after an additional payment (?additionalPayment), once. */
export const MSG_ADDITIONAL_PAYMENT_RECEIVED = 'Thank you. Your additional payment has been received.'
/** Shown on the dashboard after "Pay and submit", before the status's next step. */
export const MSG_PAYMENT_RECEIVED = 'Thank you. Your payment has been received.'

// Messages reviewed against their situation (issue 25)
/** Create/modify, no permit needed: the permit service's base fee still shows in the summary beside it. */
export const MSG_NO_PERMIT_BASE_FEE = 'If you go ahead with the permit service, its base fee still applies.'
/** The modal before creating a promotion that needs no permit. */
export const LABEL_NO_PERMIT_NEEDED = 'No permit needed'

// Entries (issue 27)
/** Refusals at arrival: one sentence to the entrant per reason (counted per reason for the promoter). */
export const MSG_ENTRY_NOT_OPEN = 'This promotion is not taking entries at the moment.'
export const msgEntryNotStarted = (when: string): string => `Entries open at ${when}. Please come back then.`
export const msgEntryClosed = (when: string): string => `Entries closed at ${when}. Thank you for your interest.`
export const msgEntryDailyLimit = (limit: number): string =>
  `You have already entered ${limit === 1 ? 'once' : `${limit} times`} today, the most this promotion allows per day. You can enter again tomorrow (Sydney time).`
export const msgEntryStateIneligible = (states: string): string => `This promotion is open only to residents of ${states}.`
export const MSG_ENTRY_UNDER_AGE = 'This promotion is open only to people aged 18 or over.'
export const MSG_ENTRY_STAFF_EXCLUDED = 'Employees of the promoter and their agencies cannot enter this promotion.'
/** Field checks on an entry. */
export const MSG_ENTRY_EMAIL_REQUIRED = 'Please enter your email address.'
export const MSG_ENTRY_PHONE_REQUIRED = 'Please enter your phone number.'
export const MSG_ENTRY_PHONE_INVALID = 'Please enter an Australian phone number, for example 0412 345 678.'
export const MSG_ENTRY_POSTCODE_INVALID = 'Please enter your 4-digit postcode.'
export const MSG_ENTRY_STATE_REQUIRED = 'Please choose your state or territory.'
export const MSG_ENTRY_DOB_INVALID = 'Please enter your date of birth as day, month and year.'
export const MSG_ENTRY_RECEIPT_REQUIRED = 'Please enter your receipt number.'
export const MSG_ENTRY_ANSWER_REQUIRED = 'Please answer the question.'
export const msgEntryAnswerTooLong = (limit: number, words: number): string => `Your answer has ${words} words. Please keep it to ${limit} words or fewer.`
export const MSG_ENTRY_CONSENT_REQUIRED = 'Please tick this box to enter.'
/** The entrant's confirmation, with the number to quote. */
export const msgEntryAccepted = (entryNumber: string): string =>
  `Thank you, your entry is in. Your entry number is ${entryNumber}. Please keep it: you will need it if you win.`
/** The entry form builder (promoter). */
export const MSG_ENTRY_FORM_NO_DRAW = 'Entry forms come with the random draw service. Please add it to this promotion first.'
export const MSG_ENTRY_FORM_NEEDS_CONTACT = 'The form must ask for an email address or a phone number, so each entrant can be told apart.'
export const MSG_ENTRY_FORM_NEEDS_PERIOD = 'The application needs the promotion\u2019s start and end dates before the form can open.'
export const MSG_ENTRY_FORM_SKILL_QUESTION_REQUIRED = 'Please enter the question entrants answer.'
export const MSG_ENTRY_FORM_WORD_LIMIT = 'Please enter a word limit from 1 to 1,000.'
export const MSG_ENTRY_FORM_DOMAIN_INVALID = 'Please enter staff email domains like example.com.au, one per line.'
export const MSG_ENTRY_FORM_FROZEN = 'The entries of this promotion are frozen into its draw: the form can no longer change.'
export const MSG_ENTRY_FORM_SAVED = 'The entry form is saved.'
/** The API channel. */
export const MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED = 'Please send an Idempotency-Key header (1 to 200 characters) with each entry.'
/** Entrant data requests. */
export const MSG_ENTRY_LOOKUP_EMAIL_REQUIRED = 'Please enter the entrant\u2019s email address.'
// --- Entries: screening, decisions and the freeze (issue 27) ---
/** What each screening flag means, as the Screening tab names it. */
export const ENTRY_FLAG_LABELS = {
  'duplicate-email': 'Same e-mail address',
  'duplicate-phone': 'Same phone number',
  'duplicate-name-postcode': 'Same name and postcode',
  'burst-address': 'Many entries from one network address',
  'burst-device': 'Many entries from one device',
  'disposable-email': 'Disposable e-mail address',
} as const
const SAME_WHAT = {
  'duplicate-email': 'e-mail address (ignoring capital letters, and dots and +tags where the provider ignores them)',
  'duplicate-phone': 'phone number (however it was written: 0412 345 678, +61 412 345 678)',
  'duplicate-name-postcode': 'name and postcode (ignoring capital letters, accents, spaces and punctuation)',
} as const
const count = (n: number | string) => (typeof n === 'number' ? n.toLocaleString('en-AU') : n)
/** The first entry of a duplicate group: it stays in the draw unless someone excludes it. */
export const msgFlagDuplicateOriginal = (kind: keyof typeof SAME_WHAT, size: number) =>
  `The first of ${count(size)} entries with the same ${SAME_WHAT[kind] ?? kind}. The later ones are flagged as its duplicates.`
export const msgFlagDuplicate = (kind: keyof typeof SAME_WHAT, first: number) => `Same ${SAME_WHAT[kind] ?? kind} as entry ${count(first)}, which came first.`
export const msgFlagBurst = (kind: 'burst-address' | 'burst-device', size: number, seconds: number, ruleCount: number, ruleSeconds: number) =>
  `${count(size)} entries came from the same ${kind === 'burst-device' ? 'device' : 'network address'} within ${count(seconds)} ${seconds === 1 ? 'second' : 'seconds'} (screening flags ${count(ruleCount)} or more within ${count(ruleSeconds)} seconds).`
export const msgFlagDisposable = (domain: string) => `The e-mail address is at ${domain}, a disposable (throwaway) e-mail service.`
export const MSG_SCREENING_DECISION_REASON_REQUIRED = 'Please give the reason for this decision (at most 500 characters): it is kept with the entries.'
export const MSG_SCREENING_DECISION_INVALID = 'Please choose whether to exclude or keep the entries.'
export const MSG_SCREENING_TARGET_REQUIRED = 'Please choose the entries to decide: an entry number or a flagged group.'
export const MSG_SCREENING_FROZEN = 'The entries of this promotion are frozen into its draw: screening decisions can no longer change.'
export const MSG_SCREENING_GROUP_NOT_FOUND = 'That group is not among the flagged entries of this promotion. Please screen the entries again.'
export const MSG_FREEZE_NO_ENTRIES = 'There are no entries to freeze: every entry was excluded or none has arrived.'
export const MSG_FREEZE_DRAW_COMMITTED = 'This draw is already committed: its entries can no longer change.'
export const MSG_SCREENING_PROMOTION_REQUIRED = 'Please give the promotion id.'
export const MSG_SCREENING_PAGE_INVALID = 'Please give a page number of 1 or more.'
export const MSG_SCREENING_KIND_INVALID = 'Please choose one of the screening flags.'
export const MSG_SCREENING_CLAUSE_INVALID = 'Please give the T&C clause as a short number or name, for example 7 or 7(b) (at most 20 characters).'
export const MSG_SCREENING_TOO_MANY_ENTRIES = 'Please decide at most 1,000 entry numbers at once, or decide their group.'
export const MSG_FREEZE_DRAW_INVALID = 'Please give the draw id.'
/** Shown beside the freeze button when flagged entries have no decision: they go into the draw. */
export const msgFreezeUndecided = (undecided: number) =>
  `${count(undecided)} flagged ${undecided === 1 ? 'entry has' : 'entries have'} no decision yet: freezing keeps ${undecided === 1 ? 'it' : 'them'} in the draw.`
/** The question before freezing (the Screening tab). */
export const MSG_FREEZE_CONFIRM =
  'Freeze the entries into the draw? Every entry not excluded goes into the draw and the draw is committed: its entries hash is published and nothing about the entries can change afterwards.'
export const msgFreezeDone = (entries: number) =>
  `The entries are frozen: ${count(entries)} ${entries === 1 ? 'entry is' : 'entries are'} committed to the draw.`
export const msgScreeningDecided = (decided: number, decision: string) =>
  `${count(decided)} ${decided === 1 ? 'entry' : 'entries'} marked ${decision === 'exclude' ? 'excluded' : 'kept'}.`
/** Why entries were excluded, as the draw's public record says it ("as duplicates"). */
export const ENTRY_EXCLUSION_REASONS = {
  duplicate: 'duplicates',
  burst: 'automated entries (bursts from one address or device)',
  disposable: 'entries from disposable e-mail addresses',
  other: 'ineligible entries',
} as const
/** The line on the draw's public record: "1,204 entries excluded as duplicates under clause 7 of the T&Cs". */
export const msgEntriesExcluded = (excluded: number, reason: string, clause: string | null) =>
  `${count(excluded)} ${excluded === 1 ? 'entry' : 'entries'} excluded as ${reason}${clause ? ` under clause ${clause} of the T&Cs` : ''}`
/** The receipt e-mail (optional per promotion), sent after the entry is committed. */
export const msgEntryReceiptSubject = (promotionName: string): string => `Your entry in ${promotionName}`
export const msgEntryReceiptBody = (promotionName: string, entryNumber: string, when: string): string =>
  `Thank you for entering ${promotionName}. Your entry number is ${entryNumber}, received ${when}. Please keep this e-mail: you will need the number if you win.`
export const msgEntryReceiptRecord = (url: string): string => `The draw and its result are published on the public record at ${url}`
export const MSG_ENTRY_RECEIPT_RECORD_LATER = 'The draw and its result will be published on a public record; the promoter will tell the winners.'
/** The collection notice on every entry form (Privacy Act APP 5), with the promoter's details. */
export const msgEntryCollectionNotice = (promoterName: string, contact: string): string =>
  `${promoterName} collects your details to run this promotion: to check your entry is eligible, to draw and contact the winners and, if you win, to publish your name as the law requires. Your details are held by PermitDesk for ${promoterName} and deleted when the promotion\u2019s records may be destroyed; only one-way hashes are kept after that. You can ask ${promoterName} for a copy of your details or to correct them${contact ? ` at ${contact}` : ''}. If you do not give the details marked required, you cannot enter.`
/** The hosted form's page at an address with no form (a mistyped or old link). */
export const MSG_ENTRY_FORM_NOT_FOUND_TITLE = 'Entry form not found'
export const MSG_ENTRY_FORM_NOT_FOUND =
  'There is no entry form at this address. Please check the link, or ask the promoter for the address of their entry form.'
export const MSG_ENTRY_FORM_CLOSED_NOTICE = 'This form is closed: entrants see it but cannot enter.'
export const MSG_ENTRY_ERRORS_TITLE = 'Please correct the following:'
/** Said (politely, to a screen reader too) after a Copy button put its value on the clipboard. */
export const MSG_COPIED = 'Copied.'
/** The CSV import of offline entries. */
export const MSG_ENTRY_IMPORT_FILE_REQUIRED = 'Please choose a CSV file of entries, with a header row naming the fields (for example: name,email,postcode).'
export const MSG_ENTRY_IMPORT_BAD_CSV = 'This file is not valid CSV. Please save the entries as CSV (UTF-8) and try again.'
export const MSG_ENTRY_IMPORT_RECEIVED_INVALID = 'The received column must be a Sydney date and time (YYYY-MM-DD HH:MM) no later than now.'
export const msgEntryImportTooLarge = (limitMb: number): string => `The file is larger than ${limitMb} MB, the most one import accepts.`
// The WA notice (issue 26)
/** Approve with "send to WA" while the CMS has no WA department address. */
export const MSG_WA_NOTICE_ADDRESS_MISSING =
  "The WA department's e-mail address is not set. Add it in the CMS under Site settings, Regulators, then approve again."
// Money you can trust (issue 22)
/** A second pay request while the first one's card charge is still being answered: refused (409), nothing charged. */
export const MSG_PAYMENT_IN_PROGRESS =
  'A payment for this promotion is already in progress. Nothing more was charged: wait a moment, then refresh the page to see its result.'
/** `Idempotency-Key` replayed on POST /api/apiKey/create: the key is never stored, so it cannot be shown again. */
/** The confirmation before a key is revoked: scripts that use it stop at once. */
export const msgApiKeyRevokeTitle = (name: string) => `Revoke the key \u201c${name}\u201d?`
export const MSG_API_KEY_REVOKE_BODY =
  'Scripts and tools that use this key stop working at once: their next call is refused. This cannot be undone; you can create a new key.'
export const MSG_API_KEY_ALREADY_CREATED = 'This key was already created; it was shown once.'
/** A paid service the promotion has not bought (it is not among its services, so nothing is owed for it). */
export const msgServiceNotBought = (service: string, servicesPath: string): string =>
  `${service} is not one of this promotion's services. Add it on the services page: ${servicesPath}`
/** The notice above a paid service that waits (draw screen, T&Cs panel, lodgement pack). */
export const LABEL_SERVICE_WAITS_FOR_PAYMENT = 'Waiting for payment'
/** Beside the disabled "Run the draw" button while the draw waits for its payment or service. */
export const MSG_DRAW_RUN_WAITS_FOR_PAYMENT = 'You can run the draw once the notice above is resolved: nothing is charged or drawn until then.'
// Winner publication service (issue 25, decision record 020)
/** The services step's explanation of the winner publication option. */
export const MSG_WINNER_PUBLICATION_ABOUT =
  'We publish the winners that ACT and SA require to be published (initials and postcode, prizes of $1,000 or more in the ACT) on a winners page we host, on the dates the permits set, and keep the page up for you to link to from your terms and conditions.'
/** The dashboard's winner publication line before the draw has run. */
export const MSG_WINNER_PUBLICATION_AFTER_DRAW = 'We publish the winners on our hosted winners page after the draw.'

// SA lodges online only (issue 25; 001 §3 isSAElectronicSubmissionOnly)
/** The dashboard, when we lodge the SA licence application. */
export const MSG_SA_ELECTRONIC_ONLY_MANAGED =
  'South Australia takes licence applications online only: we lodge yours through the online application of Consumer and Business Services.'
/** The dashboard, when the customer lodges it (self submission). */
export const MSG_SA_ELECTRONIC_ONLY_SELF =
  'South Australia takes licence applications online only: enter the answers of the SA form in your lodgement pack in the online application of Consumer and Business Services. Do not post the form.'
/** On the SA form of the lodgement pack. */
export const MSG_SA_ELECTRONIC_ONLY_FORM =
  'South Australia takes this application online only: these are the answers to enter in the online application of Consumer and Business Services. Do not post this form.'
// The receipt file of an entry (issue 27)
export const MSG_ENTRY_RECEIPT_FILE_REQUIRED = 'Please attach a photo or PDF of your receipt.'
export const MSG_ENTRY_RECEIPT_FILE_TYPE = 'Your receipt must be a photo (JPEG, PNG, WebP or HEIC) or a PDF.'
export const msgEntryReceiptFileTooLarge = (limitMb: number): string => `Your receipt file is larger than ${limitMb} MB. Please attach a smaller photo or PDF.`
export const MSG_ENTRY_RECEIPT_FILE_QUOTA = 'This promotion cannot take more receipt files at the moment. Please contact the promoter.'
// The customer's app, finished (issue 25, review)
/** The dashboard's invoices, before the first one: says when one appears. */
export const MSG_NO_INVOICES_YET = 'No invoices yet: your tax invoice appears here once you pay.'
/** My Promotions with none: what to do first. */
export const MSG_NO_PROMOTIONS_YET = 'No promotions yet. Choose "Create a promotion" to see which permits your promotion needs.'
/** The archive, empty. */
export const MSG_NO_ARCHIVED_PROMOTIONS = 'No archived promotions. Archive a finished promotion from My Promotions to keep that list short.'
/** My Promotions (or the archive) after a search that matched nothing: it said "No promotions yet." */
export const msgNoPromotionsMatch = (search: string): string => `No promotions match "${search}". Check the spelling, or search by the promotion's number.`
/** Register and sign-in screens, reached from the visitor's wizard with a promotion waiting in the browser. */
export const MSG_WIZARD_DRAFT_KEPT = 'Your promotion is kept in this browser: create your account or sign in, and it opens on its own page.'
/** The dashboard's payment task while the promotion's invoices load: neither "Paid" nor "Not paid" yet. */
export const MSG_TASK_PAYMENT_CHECKING = 'Checking your invoices.'
/** The payment task when staff moved the application past payment and no payment or invoice exists (issue 25). */
export const MSG_TASK_PAYMENT_RECORDED_BY_STAFF = 'Recorded without an online payment, so there is no invoice. Contact us if you expected one.'
/** The payment task past payment when the application never had fees to pay (no invoice is made for nothing). */
export const MSG_TASK_PAYMENT_NONE_DUE = 'No payment needed: this application has no fees.'
/** The addenda panel before the draw: what the regulators will need and from when (001 §3 addenda: X, V, W, U). */
export const MSG_ADDENDA_BEFORE_DRAW =
  'After the draw, the regulators need these documents. Each one can be uploaded here from the date shown, and we lodge it for you.'
/** The addenda panel once at least one is due: how to lodge them. */
export const MSG_ADDENDA_AFTER_DRAW = 'The regulators need these documents after the draw. Upload each one here (PDF, up to 10 MB) and we lodge it for you.'
/** The addenda panel when the application has no final draw date yet. */
export const MSG_ADDENDA_NO_DRAW_DATE =
  'After the draw, the regulators need these documents. Add the final draw date to the application to see when each can be uploaded.'
/** The dashboard's invoices when the status is past payment but no invoice exists (staff moved it on; issue 25). */
export const MSG_NO_INVOICES_RECORDED_BY_STAFF = 'No invoices: no online payment was taken for this application.'
/** My invoices (/account/invoices/) before the account has paid for anything. */
export const MSG_ACCOUNT_NO_INVOICES = 'No invoices yet: each tax invoice appears here once you pay for a promotion.'
/** submitAddendum before the draw the addendum follows (001 §3: the winners lists, the scrutineer's declaration and the list of entries come after the draw). */
export const MSG_ADDENDUM_BEFORE_DRAW = 'This addendum can be lodged once the draw it follows has taken place.'
/** Permits required, a state's permit before the application is lodged (issue 25). */
export const MSG_PERMIT_LINE_NEEDED = 'Permit needed'
/** Permits required, a state's permit lodged with its regulator and not yet decided. */
export const MSG_PERMIT_LINE_WITH_REGULATOR = 'With the regulator'
/** Permits required, approved but this state's permit number not yet recorded by our staff (it read "Permit needed" after approval). */
export const MSG_PERMIT_LINE_AWAITING_NUMBER = 'Approved: we add the permit number here once the regulator issues it'
/** Permits required, self submission: the generated form is the customer's to lodge. */
export const MSG_PERMIT_LINE_LODGE_YOURSELF = 'Lodge the generated form with the regulator'
/** Permits required, a state whose answer waits on a question not yet answered. */
export const MSG_PERMIT_LINE_UNDECIDED = 'To be decided'
/** Permits required, a state where a notice is lodged instead of a permit. */
export const MSG_PERMIT_LINE_NOTICE = 'Notice'
/** Permits required, a state that issues no trade promotion lottery permits. */
export const MSG_PERMIT_LINE_NONE = 'No permit'
/** Permits required, a state whose permit staff have recorded. */
export const msgPermitLineIssued = (number: string): string => `Permit issued: ${number}`
