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
export const MSG_COMPLETE_ALL_FORM_FIELDS = 'Please complete all of the above form fields.';
/** 001 §5: total prize value is 0 or less. */
export const MSG_TOTAL_PRIZE_VALUE_REQUIRED = 'Your promotion must have a total prize value.';
/** 001 §5: the permit quiz is shown and a visible question is unanswered. */
export const MSG_COMPLETE_ALL_QUESTIONS = 'Please complete all questions.';

// --- Permit number save (001 §5) --------------------------------------------
/** 001 §5: approval date missing or after today. */
export const MSG_INVALID_APPROVAL_DATE = "Please enter a valid approval date on or before today's date.";
/** 001 §5: permit number equal to the default or without the valid prefix. */
export const MSG_INVALID_PERMIT_NUMBER = 'Please enter a valid permit number.';

// --- Registration (001 §5) --------------------------------------------------
/** 001 §5: the terms checkbox is not ticked. */
export const MSG_MUST_AGREE_TERMS = 'You must agree to the Terms and conditions to register an account.';
/** 001 §5: an authorised agent without a valid business address. */
export const MSG_AGENT_BUSINESS_ADDRESS_REQUIRED =
  'Please enter a valid business address if you are an authorised agent.';
/** 001 §5: an authorised agent without a phone number. */
export const MSG_AGENT_PHONE_REQUIRED = 'You must enter your phone number if you are an authorised agent.';
/** 001 §5: registration form incomplete. */
export const MSG_COMPLETE_ALL_FIELDS = 'Please complete all of the above fields.';
/** 001 §5: admin e-mail update without an e-mail. */
export const MSG_EMAIL_REQUIRED = 'Email is required.';

// --- Account errors (001 §8) -------------------------------------------------
/** 001 §8: the generic server error text that login replaces. */
export const MSG_GENERIC_ERROR = 'An error has occurred.';
/** 001 §8: login failure (replaces {@link MSG_GENERIC_ERROR}). */
export const MSG_LOGIN_FAILED = 'Invalid email address or password. Please try again.';
/** 001 §8: bot check failure. */
export const MSG_RECAPTCHA_INVALID = 'reCAPTCHA is invalid.';
/** 001 §8: forgot-password success. */
export const msgPasswordTokenSent = (email: string): string => `Password verification token sent to ${email}.`;
/** 001 §8: forgot-password failure, and creation after registration failing. */
export const msgErrorPersists = (supportAddress: string): string =>
  `An error has occurred. Please email ${supportAddress} if it persists.`;
/** 001 §8: registration with an e-mail that already has an account. */
export const MSG_ALREADY_REGISTERED = 'Already registered.';

// --- Payment errors (001 §8) -------------------------------------------------
/** 001 §8: card charge failure without a server message. */
export const MSG_CARD_CHARGE_FAILED = 'An error occurred. Please do not try again, as the card may have been charged.';
/** 001 §8: payment submit failure with model-state errors. */
export const MSG_PAYMENT_CONFIRM_FIELDS = 'Please confirm all fields on the previous page are correct, then try again.';

// --- Admin errors (001 §8) ---------------------------------------------------
/** 001 §8: admin invoice/cancel/approve/notes/status failure without a server message. */
export const MSG_ERROR_OCCURRED = 'An error occurred.';
/** 001 §8: admin e-mail update failure. */
export const MSG_FAILED_TO_UPDATE_EMAIL = 'Failed to update email.';
/** 001 §8 tooltip: invoice creation blocked while T&Cs await approval. */
export const MSG_INVOICE_BLOCKED_TC_APPROVAL = 'Cannot create new invoice when T&Cs are awaiting approval';
/** 001 §8 tooltip: invoice creation blocked while another invoice awaits payment. */
export const MSG_INVOICE_BLOCKED_AWAITING_PAYMENT = 'Cannot create new invoice when another is awaiting payment';

// --- Uploads (001 §8) --------------------------------------------------------
/** 001 §8: upload failure without a server message. */
export const MSG_UPLOAD_ERROR = 'Upload error. The maximum file size is 10MB.';
/** 001 §8: upload success. */
export const MSG_UPLOAD_SUCCESS = 'File uploaded successfully.';

// --- Terms approval (001 §8) -------------------------------------------------
/** 001 §8: terms approval failure (shown with a support address). */
export const MSG_TERMS_APPROVAL_FAILED = 'Something went wrong, please contact support for assistance.';

// --- Site (000 §8) -----------------------------------------------------------
/** 000 §7/§8: shown when a download starts. */
export const MSG_DOWNLOAD_STARTING = 'Download starting...';
/** 000 §8: captcha site key of the wrong length (developer error). */
export const MSG_CAPTCHA_KEY_INVALID = 'You need to set the key attribute...';
/** 000 §8: prefix of the error thrown when a script fails to load. */
export const MSG_LOAD_ERROR_PREFIX = 'Load ERROR:';

// --- Labels (000 §3, §9; 001 §2, §3) ----------------------------------------
/** 000 §3: AusStates display when all eight are set. */
export const LABEL_NATIONAL = 'National (Aus)';
/** 000 §3: AusStates display when none are set. */
export const LABEL_NO_STATES = '---';
/** 001 §2: default promotion title when the name is blank. */
export const LABEL_UNTITLED_PERMIT = 'Untitled permit';
/** 001 §2: service label for a managed submission. */
export const labelServiceManaged = (productName: string): string => `Permit - ${productName} managed`;
/** 001 §2: service label for a self submission. */
export const LABEL_SERVICE_SELF_SUBMISSION = 'Permit - Self submission';
/** 001 §2: mobile status label for ready-submission when T&Cs are a service. */
export const LABEL_READY_TO_GENERATE_TCS = 'Ready to generate T&Cs';
/** 001 §2: the short form that replaces "terms and conditions" in mobile status labels. */
export const LABEL_TCS_SHORT = 'T&Cs';
/** 000 §2: separator between the route title and the product name in page titles. */
export const PAGE_TITLE_SEPARATOR = ' · ';
/** 000 §9: structured-data price range. */
export const LABEL_PRICE_RANGE = '$150 - $245';

// --- Relative time labels of the reviews widget (000 §9) --------------------
export const LABEL_IN_THE_LAST_DAY = 'in the last day';
export const LABEL_YESTERDAY = 'yesterday';
export const LABEL_IN_THE_LAST_WEEK = 'in the last week';
export const LABEL_A_WEEK_AGO = 'a week ago';
export const labelWeeksAgo = (n: number): string => `${n} weeks ago`;
export const LABEL_A_MONTH_AGO = 'a month ago';
export const labelMonthsAgo = (n: number): string => `${n} months ago`;
export const LABEL_A_YEAR_AGO = 'a year ago';
export const labelYearsAgo = (n: number): string => `${n} years ago`;

// ---------------------------------------------------------------------------
// Not quoted by the spec: our wording for rules the spec states without text
// ---------------------------------------------------------------------------

// Accounts
export const MSG_EMAIL_INVALID = 'Please enter a valid email address.';
export const MSG_PASSWORD_REQUIRED = 'Please enter your password.';
export const MSG_PASSWORD_TOO_SHORT = 'Your password must be at least 12 characters long.';
export const MSG_RESET_TOKEN_REQUIRED = 'This password reset link is invalid or has expired.';

// Promotion
export const MSG_NAME_REQUIRED = 'Please enter a name for your promotion.';
export const MSG_STATE_REQUIRED = 'Please select at least one state or territory.';
export const MSG_STATE_PRIZE_VALUE_POSITIVE = "Each state's prize value must be more than $0.";
export const MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL = "A state's prize value cannot be more than the total prize value.";
export const MSG_PRIZE_QUANTITY_POSITIVE = 'The number of prizes must be more than 0.';
export const MSG_MONEY_INVALID = 'Please enter an amount in dollars, with at most two decimal places.';
/** Modify refused: the status no longer lets the customer change the promotion (001 §2). */
export const MSG_PROMOTION_NOT_MODIFIABLE =
  'This promotion cannot be modified in its current status. To change it, begin an amendment from the promotion dashboard.';
/** Modify refused: states, New Zealand, submission method and kind are fixed once the application was submitted or generated. */
export const MSG_PROMOTION_FIXED_AFTER_SUBMISSION =
  'The states, New Zealand, the submission method and the kind of promotion cannot be changed after the permit application has been submitted. Please contact us if they need to change.';
/** The promotion note is empty. */
export const MSG_NOTE_REQUIRED = 'Please enter a note.';
/** Request lawyer contact: acknowledgement shown on the dashboard. */
export const MSG_LAWYER_CONTACT_REQUESTED = 'Thank you. A lawyer will contact you shortly.';

// Dates
export const MSG_DATE_INVALID = 'Please enter a valid date.';
export const MSG_TIME_INVALID = 'Please enter a valid time.';
export const MSG_END_BEFORE_START = 'The end date must be after the start date.';
// Issue 25: a draw after entries close is the usual case, so the flag (001 §5) informs rather than warns.
export const MSG_FINAL_DRAW_AFTER_END = 'The final draw is after the promotion closes, as usual. Check that your terms and conditions give the same draw date.';

// Applicant, contact, addresses
export const MSG_REQUIRED = 'This field is required.';
export const MSG_ADDRESS_INCOMPLETE = 'Please enter the street address, suburb, state and postcode.';
export const MSG_POSTCODE_INVALID = 'Please enter a valid 4-digit postcode.';
export const MSG_ABN_ACN_LENGTH = 'Please enter an ABN (11 digits) or an ACN (9 digits).';
export const MSG_ABN_CHECK_DIGITS = 'This ABN is not valid: its check digits do not match. Please check the number.';
export const MSG_ACN_CHECK_DIGITS = 'This ACN is not valid: its check digit does not match. Please check the number.';
export const MSG_WEBSITE_INVALID = 'Please enter a valid website address, for example www.example.com.au.';
export const MSG_PHONE_INVALID = 'Please enter a phone number of up to 10 digits, numbers only.';
export const MSG_POSITION_REQUIRED = 'Please enter the contact person’s position (required for ACT and SA permits).';
export const MSG_NSW_AUTHORITY_NUMBER_REQUIRED = 'Please enter your NSW authority number.';
export const MSG_NSW_AUTHORITY_DURATION_REQUIRED = 'Please choose the duration of the NSW authority.';
export const MSG_NSW_AUTHORITY_EXPIRY_TOO_FAR = 'The expiry date can be at most 5 years from today.';

// Permit application
export const MSG_SCRUTINEER_QUESTION_REQUIRED = 'Please answer whether the draw will be scrutineered.';
export const MSG_SCRUTINEER_REQUIRED = 'Please enter the details of the scrutineer.';
export const MSG_NON_INDEPENDENT_REASON_REQUIRED = 'Please give the reason for using a non-independent scrutineer.';
export const MSG_CHECKBOX_GROUP_REQUIRED = 'Please choose at least one option.';
export const MSG_OTHER_DETAIL_REQUIRED = 'Please describe the other option you chose.';
export const MSG_INDUCEMENTS_DETAIL_REQUIRED = 'Please describe the inducements offered.';
export const MSG_ATTACHMENT_REQUIRED = 'Please upload this document.';
export const MSG_ACTION_QUESTION_UNANSWERED = 'Please answer this question.';
/** Save refused: the application was saved elsewhere (another tab, or staff) after this copy was loaded. */
export const MSG_SAVE_VERSION_CONFLICT =
  'This application was changed elsewhere (in another window or by our staff) after you opened it, so your latest changes were not saved. Please refresh to load the current version.';
/** Save refused: the status no longer lets the application be edited. */
export const MSG_PERMIT_NOT_EDITABLE =
  'This application cannot be edited in its current status. To change it, begin an amendment from the promotion dashboard.';
/** An attachment names a file that is not one of the customer's uploads. */
export const MSG_ATTACHMENT_FILE_UNKNOWN = 'This file could not be found. Please upload it again.';
/** An attachment is reused from a promotion that does not have that document. */
export const MSG_ATTACHMENT_REUSE_UNAVAILABLE = 'That promotion has no such document to reuse.';
/** An attachment type code that does not exist. */
export const MSG_ATTACHMENT_TYPE_UNKNOWN = 'Unknown attachment type.';

// Status machine
export const MSG_TRANSITION_NOT_ALLOWED = 'This promotion cannot be changed that way in its current status.';
export const MSG_TRANSITION_FORBIDDEN = 'You are not allowed to make this change.';

// Error model defaults (shown to users for each domain code)
export const MSG_UNAUTHENTICATED = 'Please log in to continue.';
export const MSG_FORBIDDEN = 'You do not have access to this.';
export const MSG_NOT_FOUND = 'We could not find what you were looking for.';
export const MSG_CONFLICT = 'This was changed by someone else. Please reload and try again.';
export const MSG_RATE_LIMITED = 'Too many requests. Please wait a moment and try again.';
export const MSG_SESSION_REPLACED = 'You have been logged out because your account was logged in elsewhere.';
export const MSG_PAYMENT_FAILED = 'Your payment could not be processed.';

// Accounts and sessions (000 §4-§8): our wording where the spec names the behaviour only
/** After registering: the confirmation e-mail is on its way. */
export const msgRegisteredCheckEmail = (email: string): string =>
  `Thank you for registering. We have sent a confirmation link to ${email}. Please confirm your email address, then sign in.`;
/** Login of an account whose e-mail is not confirmed yet (a new link is sent). */
export const MSG_EMAIL_NOT_CONFIRMED =
  'Please confirm your email address before signing in. We have sent you a new confirmation link.';
/** The confirmation link worked. */
export const MSG_EMAIL_CONFIRMED = 'Thank you, your email address is confirmed. Please sign in.';
/** The confirmation link is unknown, used or expired. */
export const MSG_CONFIRM_LINK_INVALID =
  'This confirmation link is invalid or has expired. Sign in and we will send you a new one.';
/** Registration with an address that has an account: shown on the login screen (001 §8 flags the login error). */
export const MSG_ALREADY_REGISTERED_SIGN_IN = 'You already have an account with this email address. Please sign in.';
/** Too many login or forgot-password attempts (brute-force limit). */
export const msgTooManyAttempts = (minutes: number): string =>
  `Too many attempts. For your security, please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
/** The new password is saved. */
export const MSG_PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in with your new password.';
/** The account edit is saved. */
export const MSG_ACCOUNT_UPDATED = 'Your account details have been saved.';
/** Shown on the login screen when a private page sent the visitor there. */
export const MSG_LOGIN_REQUIRED = 'Please sign in to continue.';
/** The idle warning modal (000 §4: 29 minutes without activity, sign-out 1 minute later). */
export const MSG_IDLE_WARNING = 'You have been inactive for a while. For your security you will be signed out in 1 minute.';
/** The button that keeps the session alive in the idle warning modal. */
export const LABEL_STAY_SIGNED_IN = 'Stay signed in';
/** The bot check has not finished in the form yet. */
export const MSG_BOT_CHECK_PENDING = 'Please wait a moment while we check you are not a robot, then try again.';

// Contact, agency and law-firm forms (public site)
export const MSG_CONTACT_NAME_REQUIRED = 'Please enter your name.';
export const MSG_CONTACT_MESSAGE_REQUIRED = 'Please enter your message.';
export const MSG_CONTACT_ORGANISATION_REQUIRED = 'Please enter the name of your organisation.';
export const MSG_CONTACT_TOO_LONG = 'This is too long. Please shorten it.';
export const MSG_CONTACT_SOURCE_INVALID = 'Please choose whether you are an agency or a law firm.';
/** The confirmation after a contact form is sent. */
export const msgContactReceived = (email: string): string =>
  `Thank you. We have received your message and will reply to ${email} within one business day.`;

// Status words (issue 25)
/** Shown on the dashboard after "Pay and submit", before the status's next step. */
export const MSG_PAYMENT_RECEIVED = 'Thank you. Your payment has been received.';

// Messages reviewed against their situation (issue 25)
/** Create/modify, no permit needed: the permit service's base fee still shows in the summary beside it. */
export const MSG_NO_PERMIT_BASE_FEE = 'If you go ahead with the permit service, its base fee still applies.';
/** The modal before creating a promotion that needs no permit. */
export const LABEL_NO_PERMIT_NEEDED = 'No permit needed';

// Winner publication service (issue 25, decision record 020)
/** The services step's explanation of the winner publication option. */
export const MSG_WINNER_PUBLICATION_ABOUT =
  'We publish the winners that ACT and SA require to be published (initials and postcode, prizes of $1,000 or more in the ACT) on a winners page we host, on the dates the permits set, and keep the page up for you to link to from your terms and conditions.';
/** The dashboard's winner publication line before the draw has run. */
export const MSG_WINNER_PUBLICATION_AFTER_DRAW = 'We publish the winners on our hosted winners page after the draw.';

// SA lodges online only (issue 25; 001 §3 isSAElectronicSubmissionOnly)
/** The dashboard, when we lodge the SA licence application. */
export const MSG_SA_ELECTRONIC_ONLY_MANAGED = 'South Australia takes licence applications online only: we lodge yours through the online application of Consumer and Business Services.';
/** The dashboard, when the customer lodges it (self submission). */
export const MSG_SA_ELECTRONIC_ONLY_SELF =
  'South Australia takes licence applications online only: enter the answers of the SA form in your lodgement pack in the online application of Consumer and Business Services. Do not post the form.';
/** On the SA form of the lodgement pack. */
export const MSG_SA_ELECTRONIC_ONLY_FORM = 'South Australia takes this application online only: these are the answers to enter in the online application of Consumer and Business Services. Do not post this form.';
