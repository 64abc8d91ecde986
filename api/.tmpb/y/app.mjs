// api/src/app.ts
import express5 from "express";
import compression from "compression";

// api/src/http/error-handler.ts
import crypto from "node:crypto";

// shared/src/messages.ts
var MSG_COMPLETE_ALL_FORM_FIELDS = "Please complete all of the above form fields.";
var MSG_TOTAL_PRIZE_VALUE_REQUIRED = "Your promotion must have a total prize value.";
var MSG_COMPLETE_ALL_QUESTIONS = "Please complete all questions.";
var MSG_INVALID_APPROVAL_DATE = "Please enter a valid approval date on or before today's date.";
var MSG_INVALID_PERMIT_NUMBER = "Please enter a valid permit number.";
var MSG_MUST_AGREE_TERMS = "You must agree to the Terms and conditions to register an account.";
var MSG_AGENT_BUSINESS_ADDRESS_REQUIRED = "Please enter a valid business address if you are an authorised agent.";
var MSG_AGENT_PHONE_REQUIRED = "You must enter your phone number if you are an authorised agent.";
var MSG_COMPLETE_ALL_FIELDS = "Please complete all of the above fields.";
var MSG_EMAIL_REQUIRED = "Email is required.";
var MSG_LOGIN_FAILED = "Invalid email address or password. Please try again.";
var MSG_RECAPTCHA_INVALID = "reCAPTCHA is invalid.";
var msgPasswordTokenSent = (email2) => `Password verification token sent to ${email2}.`;
var MSG_ALREADY_REGISTERED = "Already registered.";
var MSG_ERROR_OCCURRED = "An error occurred.";
var MSG_FAILED_TO_UPDATE_EMAIL = "Failed to update email.";
var MSG_INVOICE_BLOCKED_TC_APPROVAL = "Cannot create new invoice when T&Cs are awaiting approval";
var MSG_INVOICE_BLOCKED_AWAITING_PAYMENT = "Cannot create new invoice when another is awaiting payment";
var MSG_UPLOAD_ERROR = "Upload error. The maximum file size is 10MB.";
var MSG_UPLOAD_SUCCESS = "File uploaded successfully.";
var LABEL_NATIONAL = "National (Aus)";
var LABEL_NO_STATES = "---";
var LABEL_UNTITLED_PERMIT = "Untitled permit";
var labelServiceManaged = (productName) => `Permit - ${productName} managed`;
var LABEL_SERVICE_SELF_SUBMISSION = "Permit - Self submission";
var MSG_EMAIL_INVALID = "Please enter a valid email address.";
var MSG_PASSWORD_REQUIRED = "Please enter your password.";
var MSG_PASSWORD_TOO_SHORT = "Your password must be at least 12 characters long.";
var MSG_RESET_TOKEN_REQUIRED = "This password reset link is invalid or has expired.";
var MSG_NAME_REQUIRED = "Please enter a name for your promotion.";
var MSG_STATE_PRIZE_VALUE_POSITIVE = "Each state's prize value must be more than $0.";
var MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL = "A state's prize value cannot be more than the total prize value.";
var MSG_PRIZE_QUANTITY_POSITIVE = "The number of prizes must be more than 0.";
var MSG_MONEY_INVALID = "Please enter an amount in dollars, with at most two decimal places.";
var MSG_PROMOTION_NOT_MODIFIABLE = "This promotion cannot be modified in its current status. To change it, begin an amendment from the promotion dashboard.";
var MSG_PROMOTION_FIXED_AFTER_SUBMISSION = "The states, New Zealand, the submission method and the kind of promotion cannot be changed after the permit application has been submitted. Please contact us if they need to change.";
var MSG_NOTE_REQUIRED = "Please enter a note.";
var MSG_DATE_INVALID = "Please enter a valid date.";
var MSG_TIME_INVALID = "Please enter a valid time.";
var MSG_END_BEFORE_START = "The end date must be after the start date.";
var MSG_REQUIRED = "This field is required.";
var MSG_ADDRESS_INCOMPLETE = "Please enter the street address, suburb, state and postcode.";
var MSG_POSTCODE_INVALID = "Please enter a valid 4-digit postcode.";
var MSG_ABN_ACN_LENGTH = "Please enter an ABN (11 digits) or an ACN (9 digits).";
var MSG_ABN_CHECK_DIGITS = "This ABN is not valid: its check digits do not match. Please check the number.";
var MSG_ACN_CHECK_DIGITS = "This ACN is not valid: its check digit does not match. Please check the number.";
var MSG_WEBSITE_INVALID = "Please enter a valid website address, for example www.example.com.au.";
var MSG_PHONE_INVALID = "Please enter a phone number of up to 10 digits, numbers only.";
var MSG_POSITION_REQUIRED = "Please enter the contact person\u2019s position (required for ACT and SA permits).";
var MSG_NSW_AUTHORITY_NUMBER_REQUIRED = "Please enter your NSW authority number.";
var MSG_NSW_AUTHORITY_DURATION_REQUIRED = "Please choose the duration of the NSW authority.";
var MSG_SCRUTINEER_QUESTION_REQUIRED = "Please answer whether the draw will be scrutineered.";
var MSG_SCRUTINEER_REQUIRED = "Please enter the details of the scrutineer.";
var MSG_NON_INDEPENDENT_REASON_REQUIRED = "Please give the reason for using a non-independent scrutineer.";
var MSG_CHECKBOX_GROUP_REQUIRED = "Please choose at least one option.";
var MSG_OTHER_DETAIL_REQUIRED = "Please describe the other option you chose.";
var MSG_INDUCEMENTS_DETAIL_REQUIRED = "Please describe the inducements offered.";
var MSG_ATTACHMENT_REQUIRED = "Please upload this document.";
var MSG_ACTION_QUESTION_UNANSWERED = "Please answer this question.";
var MSG_SAVE_VERSION_CONFLICT = "This application was changed elsewhere (in another window or by our staff) after you opened it, so your latest changes were not saved. Please refresh to load the current version.";
var MSG_PERMIT_NOT_EDITABLE = "This application cannot be edited in its current status. To change it, begin an amendment from the promotion dashboard.";
var MSG_ATTACHMENT_FILE_UNKNOWN = "This file could not be found. Please upload it again.";
var MSG_ATTACHMENT_REUSE_UNAVAILABLE = "That promotion has no such document to reuse.";
var MSG_ATTACHMENT_TYPE_UNKNOWN = "Unknown attachment type.";
var MSG_TRANSITION_NOT_ALLOWED = "This promotion cannot be changed that way in its current status.";
var MSG_TRANSITION_FORBIDDEN = "You are not allowed to make this change.";
var MSG_UNAUTHENTICATED = "Please log in to continue.";
var MSG_FORBIDDEN = "You do not have access to this.";
var MSG_NOT_FOUND = "We could not find what you were looking for.";
var MSG_CONFLICT = "This was changed by someone else. Please reload and try again.";
var MSG_RATE_LIMITED = "Too many requests. Please wait a moment and try again.";
var MSG_SESSION_REPLACED = "You have been logged out because your account was logged in elsewhere.";
var MSG_PAYMENT_FAILED = "Your payment could not be processed.";
var msgRegisteredCheckEmail = (email2) => `Thank you for registering. We have sent a confirmation link to ${email2}. Please confirm your email address, then sign in.`;
var MSG_EMAIL_NOT_CONFIRMED = "Please confirm your email address before signing in. We have sent you a new confirmation link.";
var msgTooManyAttempts = (minutes) => `Too many attempts. For your security, please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
var MSG_PASSWORD_RESET_DONE = "Your password has been changed. Please sign in with your new password.";
var MSG_ACCOUNT_UPDATED = "Your account details have been saved.";
var MSG_CONTACT_NAME_REQUIRED = "Please enter your name.";
var MSG_CONTACT_MESSAGE_REQUIRED = "Please enter your message.";
var MSG_CONTACT_ORGANISATION_REQUIRED = "Please enter the name of your organisation.";
var MSG_CONTACT_TOO_LONG = "This is too long. Please shorten it.";
var MSG_CONTACT_SOURCE_INVALID = "Please choose whether you are an agency or a law firm.";
var msgContactReceived = (email2) => `Thank you. We have received your message and will reply to ${email2} within one business day.`;

// shared/src/constants.ts
var TIMINGS = {
  /** 000 §7/§9: POST /api/account/authenticated every 5 s. */
  authPollMs: 5e3,
  /** 000 §4/§9: idle warning after 29 minutes. */
  idleWarningMs: 174e4,
  /** 000 §4/§9: forced logout 1 minute after the idle warning. */
  idleLogoutAfterWarningMs: 6e4,
  /** 000 §9: error reports, at most this many… */
  errorReportLimit: 3,
  /** …per this window. */
  errorReportWindowMs: 3e4,
  /** 001 §4/§9: the "saved" indicator returns to default after 2 s. */
  saveStatusSavedFadeMs: 2e3,
  /** 001 §4: the "error" indicator returns to default after 3 s. */
  saveStatusErrorFadeMs: 3e3,
  /** 000 §7, 001 §7: the download flag resets after 5 s. */
  downloadFlagResetMs: 5e3,
  /** 001 §2: permit wizard section scroll delays. */
  sectionScrollDelaysMs: [200, 500],
  /** 000 §2: captcha script delay on account paths / elsewhere. */
  captchaDelayAccountMs: 1e3,
  captchaDelayOtherMs: 5e3,
  /** 000 §9: script load delay fast / slow. */
  scriptLoadFastMs: 1,
  scriptLoadSlowMs: 5e3,
  /** 000 §4: delayed images get their source after 100 ms, review logos after 5000 ms. */
  delayedImageMs: 100,
  delayedReviewLogoMs: 5e3,
  /** 000 §7: tracker retries every 100 ms up to 5000 ms in total. */
  trackerRetryMs: 100,
  trackerRetryMaxMs: 5e3,
  /** 000 §9: scroll tracking throttle; reviews scroll event at most once per 60 s. */
  scrollThrottleMs: 500,
  reviewsScrollEventMs: 6e4
};
var PAGE_SIZES = {
  adminPromotions: 10,
  adminUsers: 20,
  accountInvoices: 10,
  adminNotes: 1e3,
  promotionInvoices: 100
};
var OUTSTANDING_THRESHOLDS = {
  warningDays: 2,
  dangerDays: 5,
  awaitingTcDangerDays: 4
};
function outstandingColour(daysSinceSubmission, awaitingTcApproval = false) {
  if (awaitingTcApproval) return daysSinceSubmission >= OUTSTANDING_THRESHOLDS.awaitingTcDangerDays ? "danger" : "default";
  if (daysSinceSubmission >= OUTSTANDING_THRESHOLDS.dangerDays) return "danger";
  if (daysSinceSubmission >= OUTSTANDING_THRESHOLDS.warningDays) return "warning";
  return "default";
}
var SKILLS_TC_EDIT_WINDOW_DAYS = 30;
var PRIZE_TIERS_DOLLARS = [251, 501, 1001];
var PRIZE_TIERS_CENTS = [25100, 50100, 100100];
var UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
var PROMOTION_LIST_FAQ_ITEMS = 8;
var STATISTICS_DECIMALS = 2;
var CONTACT_TITLES = ["Mr", "Miss", "Mrs", "Ms", "Dr"];
var PERMIT_EXPIRY_MAX_YEARS_AHEAD = 5;
var TIME_ZONE = "Australia/Sydney";

// shared/src/wire/messages.ts
var MSG_NO_SUCH_API_CALL = "There is no such API call.";
var MSG_BODY_NOT_JSON = "The request body is not valid JSON.";
var MSG_BODY_TOO_LARGE = "The request body is too large.";
var MSG_CROSS_SITE_REFUSED = "This request came from another site and was refused.";
var MSG_INTERNAL_ERROR = "Something went wrong on our side. Please try again, and contact support if it persists.";
var MSG_PDF_UNAVAILABLE = "PDFs cannot be produced right now: this server has no browser to print them. Please contact support.";
var MSG_FIELD_INVALID = "Please check this value.";
var MSG_API_KEY_INVALID = "This API key is not valid or has been revoked.";
var MSG_API_KEY_NOT_ALLOWED = "This call cannot be made with an API key. Please sign in.";
var MSG_API_KEY_LIMIT = "An account can have at most 10 API keys. Please revoke one first.";
var MSG_API_KEY_NAME_REQUIRED = "Please give the key a name.";
var MSG_API_KEY_RATE_LIMITED = "Too many requests with this API key. Please wait and try again.";
var MSG_IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different request.";
var MSG_IDEMPOTENCY_KEY_INVALID = "The Idempotency-Key header must be 1 to 200 characters.";
var MSG_DATABASE_UNAVAILABLE = "The database is not answering.";
var MSG_UPLOAD_FILE_REQUIRED = "Please choose a file to upload.";
var MSG_UPLOAD_ONE_FILE = 'Please send one file in the field "file".';
var MSG_NO_SUCH_FILE = "There is no such file.";
var MSG_TOO_MANY_ERROR_REPORTS = "Too many error reports. Please wait a moment.";
var MSG_ERROR_REPORT_MESSAGE_REQUIRED = "message is required.";
var MSG_IDEMPOTENCY_IN_PROGRESS = "A request with this Idempotency-Key is still being processed. Please try again in a moment.";

// shared/src/errors.ts
var ERROR_CODES = {
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
  UNAVAILABLE: { httpStatus: 503, message: MSG_PDF_UNAVAILABLE }
};
function httpStatusFor(code) {
  return ERROR_CODES[code].httpStatus;
}
var AppError = class extends Error {
  code;
  modelState;
  internalMessage;
  retryAfterSeconds;
  constructor(code, message, options = {}) {
    super(message ?? ERROR_CODES[code].message, options.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    if (options.modelState) this.modelState = options.modelState;
    if (options.internalMessage) this.internalMessage = options.internalMessage;
    if (options.retryAfterSeconds) this.retryAfterSeconds = options.retryAfterSeconds;
  }
  get httpStatus() {
    return httpStatusFor(this.code);
  }
  /** The wire body of DESIGN.md §4. */
  toJSON() {
    return {
      code: this.code,
      message: this.message,
      ...this.modelState ? { modelState: this.modelState } : {}
    };
  }
};
function isAppError(error) {
  return error instanceof AppError;
}
function zodErrorToModelState(error) {
  const modelState = {};
  for (const issue2 of error.issues) {
    const key = issue2.path.map(String).join(".");
    const list = modelState[key] ??= [];
    if (!list.includes(issue2.message)) list.push(issue2.message);
  }
  return { message: error.issues[0]?.message ?? MSG_COMPLETE_ALL_FIELDS, modelState };
}
function appErrorFromZod(error) {
  const { message, modelState } = zodErrorToModelState(error);
  return new AppError("VALIDATION", message, { modelState, cause: error });
}
function parseInput(schema, data) {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw appErrorFromZod(result.error);
  return result.data;
}
function toErrorResponse(error) {
  if (isAppError(error)) return { status: error.httpStatus, body: error.toJSON() };
  if (isZodError(error)) {
    const appError = appErrorFromZod(error);
    return { status: appError.httpStatus, body: appError.toJSON() };
  }
  return { status: 500, body: { code: "INTERNAL", message: ERROR_CODES.INTERNAL.message } };
}
function isZodError(error) {
  return typeof error === "object" && error !== null && error.name === "ZodError" && Array.isArray(error.issues);
}

// shared/src/money.ts
var MAX_WIRE_DOLLARS = 99999999999999e-2;
function wireDollarsToCents(value) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_WIRE_DOLLARS) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match) return null;
  const cents2 = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents2) ? cents2 : null;
}
var MONEY_WIRE_META = { description: "An amount in dollars: a JSON number with at most two decimals (e.g. 20000 or 1234.5).", minimum: 0, maximum: MAX_WIRE_DOLLARS };
function toDollars(cents2) {
  return cents2 / 100;
}
var DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
function dollarsToCents(input) {
  let text33;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw new RangeError(`Not an amount: ${input}`);
    text33 = numberToPlainDecimal(input);
  } else {
    text33 = input.trim().replace(/[\s,$]/g, "");
  }
  const match = DECIMAL.exec(text33);
  if (!match || match[2] === "" && (match[3] ?? "") === "") throw new RangeError(`Not an amount: ${String(input)}`);
  const sign2 = match[1] === "-" ? -1 : 1;
  const whole = match[2] === "" ? 0 : Number(match[2]);
  const fraction = (match[3] ?? "").padEnd(3, "0");
  let cents2 = whole * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents2 += 1;
  if (!Number.isSafeInteger(cents2)) throw new RangeError(`Amount too large: ${String(input)}`);
  return sign2 * cents2 === 0 ? 0 : sign2 * cents2;
}
function numberToPlainDecimal(n) {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const abs = Math.abs(n);
  if (abs < 1) return n < 0 ? "-0" : "0";
  return BigInt(Math.round(n)).toString();
}
function centsToDollars(cents2) {
  return cents2 / 100;
}
function fractionOfCents(cents2, numerator, denominator) {
  if (!Number.isSafeInteger(cents2) || cents2 < 0) throw new RangeError(`Cents must be a non-negative integer: ${cents2}`);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError("A rate is a non-negative integer numerator over a positive integer denominator");
  }
  const product = BigInt(cents2) * BigInt(numerator);
  const d = BigInt(denominator);
  const rounded = (product * 2n + d) / (2n * d);
  return Number(rounded);
}
function applyRate(cents2, rate) {
  return fractionOfCents(cents2, rate.numerator, rate.denominator);
}

// shared/src/money-schema.ts
import { z } from "zod";
var CentsSchema = z.number({ error: MSG_MONEY_INVALID }).int({ error: MSG_MONEY_INVALID }).min(0, { error: MSG_MONEY_INVALID });
var MoneySchema = z.number({ error: MSG_MONEY_INVALID }).transform((value, ctx) => {
  const cents2 = wireDollarsToCents(value);
  if (cents2 === null) {
    ctx.addIssue({ code: "custom", message: MSG_MONEY_INVALID });
    return z.NEVER;
  }
  return cents2;
}).meta(MONEY_WIRE_META);

// shared/src/states.ts
var STATE_KEYS = ["act", "nsw", "sa", "vic", "nt", "wa", "qld", "tas"];
var STATE_CODES = {
  act: "ACT",
  nsw: "NSW",
  sa: "SA",
  vic: "VIC",
  nt: "NT",
  wa: "WA",
  qld: "QLD",
  tas: "TAS"
};
var STATE_NAMES = {
  act: "Australian Capital Territory",
  nsw: "New South Wales",
  sa: "South Australia",
  vic: "Victoria",
  nt: "Northern Territory",
  wa: "Western Australia",
  qld: "Queensland",
  tas: "Tasmania"
};
function emptyAusStates() {
  return { act: false, nsw: false, sa: false, vic: false, nt: false, wa: false, qld: false, tas: false, all: false };
}
function isNational(states) {
  if (!states) return false;
  return STATE_KEYS.every((key) => states[key] === true);
}
function selectedStates(states) {
  if (!states) return [];
  if (states.all) return [...STATE_KEYS];
  return STATE_KEYS.filter((key) => states[key] === true);
}
function hasAnyState(states) {
  return selectedStates(states).length > 0;
}
function isStateSelected(states, key) {
  return !!states && (states.all === true || states[key] === true);
}
function isOnlyState(states, key) {
  const selected = selectedStates(states);
  return selected.length === 1 && selected[0] === key;
}
function normalizeAusStates(states) {
  const result = emptyAusStates();
  for (const key of selectedStates(states)) result[key] = true;
  result.all = isNational(result);
  return result;
}

// shared/src/states-schema.ts
import { z as z2 } from "zod";
var AusStatesSchema = z2.object({
  act: z2.boolean().default(false),
  nsw: z2.boolean().default(false),
  sa: z2.boolean().default(false),
  vic: z2.boolean().default(false),
  nt: z2.boolean().default(false),
  wa: z2.boolean().default(false),
  qld: z2.boolean().default(false),
  tas: z2.boolean().default(false),
  all: z2.boolean().default(false)
});

// shared/src/dates/calendar.ts
var ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
var DAY_MS = 864e5;
function parseIsoDate(value) {
  if (typeof value !== "string") return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}
function isValidIsoDate(value) {
  return typeof value === "string" && parseIsoDate(value) !== null;
}
function daysInMonth(year, month) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
function pad(n, width = 2) {
  return String(n).padStart(width, "0");
}
function isoDateOf(year, month, day) {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}
function toUtcMs(date5) {
  const p = parseIsoDate(date5);
  if (!p) throw new RangeError(`Not a date: ${date5}`);
  return Date.UTC(p.year, p.month - 1, p.day);
}
function fromUtcMs(ms) {
  const d = new Date(ms);
  return isoDateOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}
var partsFormatter = new Intl.DateTimeFormat("en-AU", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23"
});
function sydneyParts(instant) {
  const parts2 = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== "literal") parts2[part.type] = Number(part.value);
  }
  return {
    year: parts2.year,
    month: parts2.month,
    day: parts2.day,
    hour: parts2.hour === 24 ? 0 : parts2.hour,
    minute: parts2.minute,
    second: parts2.second
  };
}
function sydneyDateOf(instant) {
  const p = sydneyParts(instant);
  return isoDateOf(p.year, p.month, p.day);
}
function sydneyInstant(date5, time = "00:00") {
  const p = parseIsoDate(date5);
  if (!p) throw new RangeError(`Not a date: ${date5}`);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(p.year, p.month - 1, p.day, hour, minute);
  let guess = wall - 10 * 36e5;
  for (let i = 0; i < 2; i += 1) {
    const q = sydneyParts(new Date(guess));
    const seen = Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute);
    guess += wall - seen;
  }
  return new Date(guess);
}
function today({ now }) {
  return sydneyDateOf(now);
}
function toIsoDate(value) {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : sydneyDateOf(value);
  if (typeof value !== "string" || value === "") return null;
  if (isValidIsoDate(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : sydneyDateOf(instant);
}
function addDays(date5, days) {
  return fromUtcMs(toUtcMs(date5) + days * DAY_MS);
}
function addMonths(date5, months) {
  const p = parseIsoDate(date5);
  if (!p) throw new RangeError(`Not a date: ${date5}`);
  const index16 = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(index16 / 12);
  const month = index16 % 12 + 1;
  return isoDateOf(year, month, Math.min(p.day, daysInMonth(year, month)));
}
function addYears(date5, years) {
  return addMonths(date5, years * 12);
}
function daysBetween(from, to) {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}
function dayOfWeek(date5) {
  return new Date(toUtcMs(date5)).getUTCDay();
}
function compareIsoDates(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// shared/src/dates/date-schemas.ts
import { z as z3 } from "zod";
var IsoDateSchema = z3.string({ error: MSG_DATE_INVALID }).refine((value) => isValidIsoDate(value), { error: MSG_DATE_INVALID });
var TimeOfDaySchema = z3.string({ error: MSG_TIME_INVALID }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG_TIME_INVALID });

// shared/src/permits/options.ts
function flagsOf(keys3) {
  const result = {};
  keys3.forEach((key, index16) => {
    result[key] = 1 << index16;
  });
  return result;
}
var ADVERTISING_METHODS = ["tv", "digital", "radio", "print", "outdoor", "other"];
var ADVERTISING_METHOD_FLAGS = flagsOf(ADVERTISING_METHODS);
var ENTRY_METHODS = [
  "internet",
  "proof",
  "mail",
  "form",
  "automatic",
  "barrel",
  "sms",
  "phone1800",
  "phone1900",
  "phone",
  "charity",
  "gaming",
  "olympic",
  "other",
  "instantwin"
];
var ENTRY_METHOD_FLAGS = flagsOf(ENTRY_METHODS);
var DRAW_METHODS = [
  "singleAll",
  "singleOne",
  "instantNonElectronic",
  "minorPriorMajor",
  "instantElectronic",
  "minorOnly",
  "barrel",
  "randomTelephone",
  "spinningWheel",
  "nominatedCaller",
  "predetermined",
  "other"
];
var DRAW_METHOD_FLAGS = flagsOf(DRAW_METHODS);
var NON_DRAWN_METHODS = ["instantNonElectronic", "instantElectronic", "predetermined"];
var PRIZE_CATEGORIES = ["electrical", "liquor", "motorVehicle", "travel", "event", "money", "realEstate", "other", "voucher"];
var PRIZE_CATEGORY_FLAGS = flagsOf(PRIZE_CATEGORIES);
var NOTIFICATION_METHODS = ["email", "emailAndPhone", "socialMedia"];
function hasFlag(value, flags3, key) {
  return !!value && (value & flags3[key]) !== 0;
}
function hasAnyFlag(value, flags3, keys3) {
  return keys3.some((key) => hasFlag(value, flags3, key));
}
function flagsToKeys(value, keys3, flags3) {
  return keys3.filter((key) => hasFlag(value, flags3, key));
}
function hasDrawnMethod(drawMethodsValue) {
  return DRAW_METHODS.some((key) => !NON_DRAWN_METHODS.includes(key) && hasFlag(drawMethodsValue, DRAW_METHOD_FLAGS, key));
}

// shared/src/dates/holidays.ts
function easterSunday(year) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = (h + l - 7 * m + 114) % 31 + 1;
  return isoDateOf(year, month, day);
}
function mondayIfWeekend(date5) {
  const dow = dayOfWeek(date5);
  if (dow === 6) return addDays(date5, 2);
  if (dow === 0) return addDays(date5, 1);
  return date5;
}
var cache = /* @__PURE__ */ new Map();
function nationalPublicHolidays(year) {
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const list = [];
  const newYear = isoDateOf(year, 1, 1);
  list.push({ date: newYear, name: "New Year's Day" });
  if (mondayIfWeekend(newYear) !== newYear) list.push({ date: mondayIfWeekend(newYear), name: "New Year's Day (additional day)" });
  const australiaDay = isoDateOf(year, 1, 26);
  list.push({ date: mondayIfWeekend(australiaDay), name: "Australia Day" });
  list.push({ date: addDays(easter, -2), name: "Good Friday" });
  list.push({ date: addDays(easter, 1), name: "Easter Monday" });
  list.push({ date: isoDateOf(year, 4, 25), name: "Anzac Day" });
  const christmas = isoDateOf(year, 12, 25);
  const boxing = isoDateOf(year, 12, 26);
  list.push({ date: christmas, name: "Christmas Day" });
  list.push({ date: boxing, name: "Boxing Day" });
  const christmasDow = dayOfWeek(christmas);
  if (christmasDow === 6) {
    list.push({ date: addDays(christmas, 2), name: "Christmas Day (additional day)" });
    list.push({ date: addDays(christmas, 3), name: "Boxing Day (additional day)" });
  } else if (christmasDow === 0) {
    list.push({ date: addDays(christmas, 2), name: "Christmas Day (additional day)" });
  } else if (christmasDow === 5) {
    list.push({ date: addDays(christmas, 3), name: "Boxing Day (additional day)" });
  }
  list.sort((x, y) => x.date < y.date ? -1 : x.date > y.date ? 1 : 0);
  cache.set(year, list);
  return list;
}
function isNationalPublicHoliday(date5) {
  const year = Number(date5.slice(0, 4));
  return nationalPublicHolidays(year).some((holiday) => holiday.date === date5);
}
function isBusinessDay(date5) {
  const dow = dayOfWeek(date5);
  return dow !== 0 && dow !== 6 && !isNationalPublicHoliday(date5);
}
function addBusinessDays(date5, n) {
  let current = date5;
  let left = Math.abs(n);
  const step = n < 0 ? -1 : 1;
  while (left > 0) {
    current = addDays(current, step);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

// shared/src/dates/defaults.ts
var ACT_PUBLICATION_DAYS_AFTER_DRAW = 7;
function defaultActPublicationDate(finalDrawDate) {
  return addDays(finalDrawDate, ACT_PUBLICATION_DAYS_AFTER_DRAW);
}

// shared/src/format/currency.ts
function formatCurrency(cents2) {
  if (cents2 === null || cents2 === void 0 || !Number.isFinite(cents2) || cents2 === 0) return "$0";
  const negative = cents2 < 0;
  const abs = Math.round(Math.abs(cents2));
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text33 = fraction === 0 ? `$${wholeText}` : `$${wholeText}.${String(fraction).padStart(2, "0")}`;
  return negative ? `-${text33}` : text33;
}

// shared/src/format/date.ts
var SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function formatDate(value) {
  const iso = toIsoDate(value);
  const p = parseIsoDate(iso);
  if (!p) return "";
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year}`;
}
var timeFormatter = new Intl.DateTimeFormat("en-AU", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true });
var zoneFormatter = new Intl.DateTimeFormat("en-AU", { timeZone: TIME_ZONE, timeZoneName: "short" });
function sydneyZoneName(instant) {
  const name = zoneFormatter.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
  if (name === "GMT+11") return "AEDT";
  if (name === "GMT+10") return "AEST";
  return name;
}
function formatTime(instant) {
  const date5 = toInstant(instant);
  if (!date5) return "";
  return `${timeFormatter.format(date5).replace(/\s+/g, " ").toLowerCase()} ${sydneyZoneName(date5)}`;
}
function formatDateTime(instant) {
  const date5 = toInstant(instant);
  if (!date5) return "";
  return `${formatDate(date5)}, ${formatTime(date5)}`;
}
function formatSydneyDateAndTime(date5, time) {
  const p = parseIsoDate(date5 ?? "");
  if (!p) return "";
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? "");
  if (!match) return formatDate(date5);
  const hour = Number(match[1]);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour >= 12 ? "pm" : "am"}`;
  const zone = sydneyZoneName(new Date(Date.UTC(p.year, p.month - 1, p.day, 2)));
  return `${formatDate(date5)}, ${clock} ${zone}`;
}
function toInstant(value) {
  if (value == null || value === "") return null;
  const date5 = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date5.getTime()) ? null : date5;
}
function formatSydneyTime(date5, time) {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? "");
  if (!match) return "";
  const both = formatSydneyDateAndTime(date5, time);
  const day = formatDate(date5);
  if (day && both.startsWith(`${day}, `)) return both.slice(day.length + 2);
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour >= 12 ? "pm" : "am"} Sydney time`;
}

// shared/src/format/aus-states.ts
function formatAusStates(states, options = {}) {
  let text33;
  if (isNational(states) || states?.all) text33 = LABEL_NATIONAL;
  else {
    const codes = selectedStates(states).map((key) => STATE_CODES[key]);
    text33 = codes.length === 0 ? LABEL_NO_STATES : codes.join(", ");
  }
  return options.includeNz && text33 !== LABEL_NO_STATES ? `${text33}, NZ` : text33;
}

// shared/src/format/labels.ts
function promotionTitle(name) {
  return name && name.trim() !== "" ? name : LABEL_UNTITLED_PERMIT;
}
function serviceLabel(managedSubmission, productName) {
  return managedSubmission === false ? LABEL_SERVICE_SELF_SUBMISSION : labelServiceManaged(productName);
}
function durationString(days) {
  if (days % 7 === 0 && days >= 14) return `${days / 7} weeks`;
  return days === 1 ? "1 day" : `${days} days`;
}
function formatAddress(address2) {
  if (!address2) return "";
  const lastLine = [address2.suburb, address2.state?.toUpperCase(), address2.postcode].filter((p) => p && p.trim() !== "").join(" ");
  return [address2.lineOne, address2.lineTwo, lastLine].filter((line) => line && line.trim() !== "").join("\n");
}

// shared/src/rules/sources.ts
var READ_2025_26 = "2026-11-25";
var RESEARCH_NOTE = "From the 2025-26 research in issue #30; not yet matched to the regulator\u2019s own page.";
var SPEC_SOURCE = (section) => ({
  title: `PermitDesk product specification, ${section}`,
  // The specification is not public: the rules page explains the default set instead.
  url: "/rules/#default-set",
  dateRead: "2026-11-01",
  verified: true,
  note: "The specification\u2019s figure (the default rule set)."
});
var SOURCES = {
  nswNotify: {
    title: "Service NSW: Notify NSW Fair Trading of a trade promotion gaming activity",
    url: "https://www.service.nsw.gov.au/transaction/notify-fair-trading-trade-promotion-gaming-activity",
    dateRead: READ_2025_26,
    verified: true
  },
  nswAuthority: {
    title: "ABLIS: Authority to Conduct a Trade Promotion Lottery (NSW)",
    url: "https://ablis.business.gov.au/service/nsw/authority-to-conduct-a-trade-promotion-lottery/16683",
    dateRead: READ_2025_26,
    verified: true
  },
  nswAuthorityFees: {
    title: "Liquor & Gaming NSW trade promotion lottery authority fees (2024-25)",
    url: "https://ablis.business.gov.au/service/nsw/authority-to-conduct-a-trade-promotion-lottery/16683",
    dateRead: READ_2025_26,
    verified: false,
    note: `2024-25 fees (applied online); the 2025-26 indexation could not be confirmed. ${RESEARCH_NOTE}`
  },
  nswProhibitedPrizes: {
    title: "Permitz: trade promotion state requirements (NSW prohibited prizes)",
    url: "https://www.permitzgroup.com/trade-promotion-guide/state-requirements",
    dateRead: READ_2025_26,
    verified: false,
    note: `A permit agent's summary, not the regulator. ${RESEARCH_NOTE}`
  },
  saLicence: {
    title: "SA.GOV.AU: Apply for a trade promotion licence",
    url: "https://www.sa.gov.au/topics/business-and-trade/running-a-business/trade-promotions/apply-for-a-trade-promotion-licence",
    dateRead: READ_2025_26,
    verified: true
  },
  saTradePromotions: {
    title: "SA.GOV.AU: Trade promotions for businesses",
    url: "https://www.sa.gov.au/topics/business-and-trade/running-a-business/trade-promotions",
    dateRead: READ_2025_26,
    verified: true
  },
  saResearch: {
    title: "Consumer and Business Services SA (research notes)",
    url: "https://www.cbs.sa.gov.au/",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  actResearch: {
    title: "Access Canberra trade promotion permits (research notes)",
    url: "https://www.accesscanberra.act.gov.au/",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  actFees: {
    title: "Access Canberra trade promotion permit fees",
    url: "https://www.accesscanberra.act.gov.au/",
    dateRead: READ_2025_26,
    verified: false,
    note: "The specification\u2019s table (255 \u2026 4,130) is one yearly rise above the confirmed 2024-25 fees (247 / 361 / 696 / 995 / 1,988 / 3,987), likely 2025-26; not confirmed."
  },
  ntTradeLottery: {
    title: "NT.GOV.AU: Apply to run a trade lottery",
    url: "https://nt.gov.au/industry/gambling/gambling/lotteries-community-gambling/apply-to-run-a-trade-lottery",
    dateRead: READ_2025_26,
    verified: true
  },
  ntResearch: {
    title: "Licensing NT (research notes)",
    url: "https://nt.gov.au/industry/gambling/gambling/lotteries-community-gambling/apply-to-run-a-trade-lottery",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  vicConducting: {
    title: "VGCCC: Conducting trade promotion lotteries",
    url: "https://www.vgccc.vic.gov.au/for-community/community-and-charitable-fundraising/trade-promotion-lotteries/conducting-trade-promotion-lotteries",
    dateRead: READ_2025_26,
    verified: true
  },
  vicResearch: {
    title: "Gambling Regulations 2015 (Vic), trade promotion conditions (research notes)",
    url: "https://www.vgccc.vic.gov.au/for-community/community-and-charitable-fundraising/trade-promotion-lotteries/conducting-trade-promotion-lotteries",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  qldResearch: {
    title: "Queensland Office of Liquor and Gaming Regulation (research notes)",
    url: "https://www.business.qld.gov.au/",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  waResearch: {
    title: "WA Department of Local Government, Industry Regulation and Safety (research notes)",
    url: "https://www.commerce.wa.gov.au/",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  tasResearch: {
    title: "Tasmanian Liquor and Gaming Commission (research notes)",
    url: "https://www.treasury.tas.gov.au/liquor-and-gaming",
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE
  },
  providerPrices: {
    title: "PermitDesk price list (the provider\u2019s own prices)",
    url: "/rules/#default-set",
    dateRead: "2026-11-01",
    verified: true
  }
};
function notStated(source, what) {
  return { ...source, verified: false, note: `${what} not stated in the research; left empty rather than guessed.` };
}

// shared/src/rules/state-rules.ts
var PERMIT_MODELS = ["permit", "authority", "permit-if-no-other", "none"];
var PRIZE_RESTRICTIONS = [
  "tobacco",
  "firearms",
  "weapons",
  "liquor-as-main-prize",
  "alcohol-as-inducement",
  "cosmetic-procedures",
  "surgery"
];
var PRIZE_RESTRICTION_LABELS = {
  tobacco: "Tobacco (and smoking or vaping products)",
  firearms: "Firearms and ammunition",
  weapons: "Weapons",
  "liquor-as-main-prize": "Liquor as the main prize",
  "alcohol-as-inducement": "Alcohol offered as an inducement",
  "cosmetic-procedures": "Cosmetic procedures",
  surgery: "Surgery"
};
var EMPTY = {
  permitModel: "none",
  lodgeBusinessDays: null,
  lodgeCalendarDays: null,
  premiumWithinBusinessDays: null,
  notificationAboveCents: null,
  notifyBusinessDays: null,
  authority1YearCents: null,
  authority3YearCents: null,
  authority5YearCents: null,
  notifyWinnersWithinDays: null,
  publishWinnersFromPrizeCents: null,
  publishWinnersWithinDays: null,
  publishWinnersForDays: null,
  deliverPrizesWithinDays: null,
  drawWithinMonths: null,
  recordMonths: null,
  entryCostCapCents: null,
  entryCostCapMobileCents: null,
  restrictedPrizes: null
};
var RESEARCHED_STATE_RULES = {
  nsw: {
    ...EMPTY,
    permitModel: "authority",
    notificationAboveCents: 1e6,
    notifyBusinessDays: 10,
    authority1YearCents: 45800,
    authority3YearCents: 70500,
    authority5YearCents: 95300,
    restrictedPrizes: ["tobacco", "firearms", "weapons"]
  },
  sa: {
    ...EMPTY,
    permitModel: "permit",
    lodgeBusinessDays: 14,
    premiumWithinBusinessDays: 5,
    notifyWinnersWithinDays: 7,
    publishWinnersFromPrizeCents: 0,
    publishWinnersWithinDays: 30,
    recordMonths: 3,
    entryCostCapCents: 55,
    entryCostCapMobileCents: 50,
    restrictedPrizes: ["tobacco", "cosmetic-procedures", "alcohol-as-inducement"]
  },
  act: {
    ...EMPTY,
    permitModel: "permit",
    lodgeBusinessDays: 7,
    publishWinnersFromPrizeCents: 1e5,
    recordMonths: 12,
    entryCostCapCents: 55
  },
  nt: {
    ...EMPTY,
    permitModel: "permit-if-no-other",
    lodgeCalendarDays: 10,
    recordMonths: 24,
    restrictedPrizes: ["liquor-as-main-prize"]
  },
  vic: {
    ...EMPTY,
    // "Over $1,000": the first cent above it.
    publishWinnersFromPrizeCents: 100001,
    publishWinnersForDays: 28,
    deliverPrizesWithinDays: 28,
    recordMonths: 36,
    entryCostCapCents: 100
  },
  qld: {
    ...EMPTY,
    drawWithinMonths: 12,
    recordMonths: 60,
    restrictedPrizes: ["tobacco", "surgery", "weapons"]
  },
  wa: { ...EMPTY, recordMonths: 12, entryCostCapCents: 55 },
  tas: { ...EMPTY }
};

// shared/src/rules/state-sources.ts
var STATE_SOURCE = {
  nsw: SOURCES.nswAuthority,
  sa: SOURCES.saResearch,
  act: SOURCES.actResearch,
  nt: SOURCES.ntResearch,
  vic: SOURCES.vicResearch,
  qld: SOURCES.qldResearch,
  wa: SOURCES.waResearch,
  tas: SOURCES.tasResearch
};
var SPECIFIC = {
  "nsw.permitModel": SOURCES.nswAuthority,
  "nsw.notificationAboveCents": SOURCES.nswNotify,
  "nsw.notifyBusinessDays": SOURCES.nswNotify,
  "nsw.authority1YearCents": SOURCES.nswAuthorityFees,
  "nsw.authority3YearCents": SOURCES.nswAuthorityFees,
  "nsw.authority5YearCents": SOURCES.nswAuthorityFees,
  "nsw.restrictedPrizes": SOURCES.nswProhibitedPrizes,
  "sa.permitModel": SOURCES.saTradePromotions,
  "sa.lodgeBusinessDays": SOURCES.saLicence,
  "sa.premiumWithinBusinessDays": SOURCES.saLicence,
  "sa.notifyWinnersWithinDays": SOURCES.saResearch,
  "sa.publishWinnersFromPrizeCents": {
    ...SOURCES.saResearch,
    note: "The research says winners are published (initials and postcode) without a prize threshold: every winner. Not yet matched to the regulator\u2019s page."
  },
  "sa.publishWinnersWithinDays": SOURCES.saResearch,
  "sa.recordMonths": SOURCES.saResearch,
  "sa.entryCostCapCents": SOURCES.saTradePromotions,
  "sa.entryCostCapMobileCents": SOURCES.saTradePromotions,
  "sa.restrictedPrizes": SOURCES.saResearch,
  "act.permitModel": SOURCES.actResearch,
  "act.lodgeBusinessDays": { ...SOURCES.actResearch, note: 'The research says "about 7 business days". Not yet matched to the regulator\u2019s page.' },
  "act.publishWinnersFromPrizeCents": SOURCES.actResearch,
  "act.recordMonths": SOURCES.actResearch,
  "act.entryCostCapCents": SOURCES.actResearch,
  "nt.permitModel": SOURCES.ntTradeLottery,
  "nt.lodgeCalendarDays": SOURCES.ntTradeLottery,
  "nt.recordMonths": SOURCES.ntResearch,
  "nt.restrictedPrizes": SOURCES.ntTradeLottery,
  "vic.permitModel": SOURCES.vicConducting,
  "vic.publishWinnersFromPrizeCents": SOURCES.vicConducting,
  "vic.publishWinnersForDays": SOURCES.vicConducting,
  "vic.deliverPrizesWithinDays": SOURCES.vicResearch,
  "vic.recordMonths": SOURCES.vicConducting,
  "vic.entryCostCapCents": SOURCES.vicConducting,
  "qld.permitModel": SOURCES.qldResearch,
  "qld.drawWithinMonths": SOURCES.qldResearch,
  "qld.recordMonths": SOURCES.qldResearch,
  "qld.restrictedPrizes": SOURCES.qldResearch,
  "wa.permitModel": SOURCES.waResearch,
  "wa.recordMonths": SOURCES.waResearch,
  "wa.entryCostCapCents": SOURCES.waResearch,
  "tas.permitModel": SOURCES.tasResearch
};
function researchedStateSources() {
  const sources = {};
  for (const state of STATE_KEYS) {
    const rules = RESEARCHED_STATE_RULES[state];
    for (const key of Object.keys(rules)) {
      const specific = SPECIFIC[`${state}.${key}`];
      sources[`states.${state}.${key}`] = rules[key] === null || !specific ? notStated(STATE_SOURCE[state], key) : specific;
    }
  }
  return sources;
}

// shared/src/rules/rule-sets.ts
function specSources() {
  const permits = SPEC_SOURCE("001 \xA75 Permit requirement rules");
  const fees = SPEC_SOURCE("001 \xA79 Estimated permit licence fees");
  const prices = SPEC_SOURCE("000 \xA79 Prices");
  return {
    "thresholds.nswPermitAboveCents": permits,
    "thresholds.actPermitAboveCents": permits,
    "thresholds.saPermitAboveCents": permits,
    "thresholds.ntNoticeAboveCents": permits,
    "thresholds.nswScrutineerAboveCents": permits,
    "thresholds.saScrutineerFromCents": permits,
    "fees.government.nswCents": fees,
    "fees.government.nswWithAuthorityCents": fees,
    "fees.government.act": fees,
    "fees.government.sa": fees,
    "fees.government.saPremiumCents": fees,
    "fees.provider.permitManagementByCountCents": prices,
    "fees.provider.randomDrawCents": prices,
    "fees.provider.termsChanceCents": prices,
    "fees.provider.termsSkillCents": prices,
    "fees.provider.abridgedTermsCents": prices,
    "fees.provider.hostedTermsCents": prices,
    "fees.gstRate": fees,
    "fees.cardSurchargeRate": fees
  };
}
var RULE_SET_2020 = {
  id: "au-2020-01",
  effectiveFrom: "2020-01-01",
  description: "Thresholds and fees as given by the product specification (001 \xA75, \xA79; 000 \xA79).",
  thresholds: {
    nswPermitAboveCents: 1e6,
    actPermitAboveCents: 3e5,
    saPermitAboveCents: 5e5,
    ntNoticeAboveCents: 5e5,
    nswScrutineerAboveCents: 1e6,
    saScrutineerFromCents: 3e6
  },
  fees: {
    government: {
      nswCents: 46800,
      nswWithAuthorityCents: 0,
      act: {
        baseCents: 25500,
        steps: [
          { aboveCents: 5e5, feeCents: 37300 },
          { aboveCents: 1e6, feeCents: 72100 },
          { aboveCents: 5e6, feeCents: 103e3 },
          { aboveCents: 1e7, feeCents: 205900 },
          { aboveCents: 2e7, feeCents: 413e3 }
        ]
      },
      sa: {
        baseCents: 25300,
        steps: [
          { aboveCents: 1e6, feeCents: 92800 },
          { aboveCents: 5e6, feeCents: 162400 },
          { aboveCents: 1e7, feeCents: 278500 },
          { aboveCents: 2e7, feeCents: 510600 }
        ]
      },
      // The first step above the base fee (over $10,000): the premium tier of 001 §9's SA table.
      saPremiumCents: 92800
    },
    provider: {
      permitManagementByCountCents: [22500, 24500, 27e3, 29500],
      randomDrawCents: 15e3,
      termsChanceCents: 25500,
      termsSkillCents: 15e3,
      abridgedTermsCents: 1e4,
      hostedTermsCents: 1e4
    },
    gstRate: { numerator: 1, denominator: 10 },
    cardSurchargeRate: { numerator: 15, denominator: 1e3 }
  },
  notices: {
    nt: {
      code: "NT_NOTICE",
      text: "The Northern Territory requires a permit for trade promotion lotteries with total prizes over $5,000 when no permit is issued in NSW, ACT or SA. Download the NT application form to apply."
    },
    wa: {
      code: "WA_NOTICE",
      text: "Western Australia does not issue trade promotion lottery permits, but the promotion must still comply with WA law."
    }
  },
  // The spec is silent on the states' duties: they come from the researched rules with their
  // sources, except where the spec gives its own figure (NSW's $468, SA's premium warning).
  states: {
    ...RESEARCHED_STATE_RULES,
    nsw: { ...RESEARCHED_STATE_RULES.nsw, authority1YearCents: 46800, authority3YearCents: null, authority5YearCents: null },
    sa: { ...RESEARCHED_STATE_RULES.sa, premiumWithinBusinessDays: 10 }
  },
  sources: {
    ...researchedStateSources(),
    ...specSources(),
    "states.nsw.authority1YearCents": {
      ...SPEC_SOURCE("001 \xA79 Estimated permit licence fees"),
      note: "The specification\u2019s flat NSW fee per promotion, which equals the one-year authority applied online."
    },
    "states.nsw.authority3YearCents": { ...SPEC_SOURCE("001 \xA79"), verified: false, note: "The specification gives no 3-year authority fee." },
    "states.nsw.authority5YearCents": { ...SPEC_SOURCE("001 \xA79"), verified: false, note: "The specification gives no 5-year authority fee." },
    "states.sa.premiumWithinBusinessDays": SPEC_SOURCE("001 \xA75 (premium warning 10 business days ahead)")
  }
};
var RULE_SETS = [RULE_SET_2020];
var CURRENT_RULE_SET = RULE_SET_2020;
function selectRuleSet(startDate, ruleSets = RULE_SETS) {
  if (ruleSets.length === 0) throw new RangeError("No rule sets");
  const sorted = [...ruleSets].sort((a, b) => a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0);
  const date5 = toIsoDate(startDate ?? null);
  if (!date5) return sorted[0];
  let chosen = sorted[0];
  for (const set of sorted) if (set.effectiveFrom <= date5) chosen = set;
  return chosen;
}
function tieredFee(table, valueCents) {
  let fee = table.baseCents;
  for (const step of table.steps) if (valueCents > step.aboveCents) fee = step.feeCents;
  return fee;
}

// shared/src/permits/requirements.ts
var NONE = { selected: false, required: false, includedButNotRequired: false, undecided: false };
function getPermitRequirements(input, ruleSet = selectRuleSet(input.startDate)) {
  const t = ruleSet.thresholds;
  const value = input.totalPrizeValue ?? 0;
  const states = selectedStates(input.ausStates);
  const skill = input.skillsBasedTC === true;
  const nswSelected = isStateSelected(input.ausStates, "nsw");
  const actSelected = isStateSelected(input.ausStates, "act");
  const saSelected = isStateSelected(input.ausStates, "sa");
  let nsw = NONE;
  let act = NONE;
  let sa = NONE;
  if (!skill) {
    if (nswSelected) {
      const required = value > t.nswPermitAboveCents;
      nsw = { selected: true, required, includedButNotRequired: !required, undecided: false };
    }
    if (actSelected) {
      const required = value > t.actPermitAboveCents;
      act = { selected: true, required, includedButNotRequired: !required, undecided: false };
    }
    if (saSelected) {
      if (value > t.saPermitAboveCents) sa = { selected: true, required: true, includedButNotRequired: false, undecided: false };
      else if (input.hasInstantWinPrizes === true) sa = { selected: true, required: true, includedButNotRequired: false, undecided: false };
      else if (input.hasInstantWinPrizes === false) sa = { selected: true, required: false, includedButNotRequired: true, undecided: false };
      else sa = { selected: true, required: false, includedButNotRequired: false, undecided: true };
    }
  } else {
    nsw = { ...NONE, selected: nswSelected };
    act = { ...NONE, selected: actSelected };
    sa = { ...NONE, selected: saSelected };
  }
  const requiredStates = ["nsw", "act", "sa"].filter((key) => ({ nsw, act, sa })[key].required);
  const anyRequired = requiredStates.length > 0;
  const anyState = hasAnyState(input.ausStates);
  const electronicDraw = !skill && anyState;
  return {
    ruleSetId: ruleSet.id,
    states,
    national: isNational(input.ausStates) || input.ausStates?.all === true,
    includeNz: input.includeNz === true,
    nsw,
    act,
    sa,
    requiredStates,
    requiredCount: requiredStates.length,
    requiresPermits: anyRequired,
    ntNotice: !skill && isStateSelected(input.ausStates, "nt") && value > t.ntNoticeAboveCents && !anyRequired,
    waNotice: isStateSelected(input.ausStates, "wa"),
    questions: {
      nswAuthority: nsw.required,
      instantWin: !skill && saSelected && value <= t.saPermitAboveCents,
      electronicDraw,
      machineApproved: electronicDraw && input.winnersDrawnElectronically === true
    },
    nswScrutineerAddendum: !skill && nswSelected && value > t.nswScrutineerAboveCents
  };
}
function normalizeQuizAnswers(input) {
  if (input.winnersDrawnElectronically !== true && input.randomDrawMachineApproved !== false) {
    return { ...input, randomDrawMachineApproved: false };
  }
  return input;
}
function unansweredQuizQuestions(input, requirements = getPermitRequirements(input)) {
  const missing2 = [];
  const q = requirements.questions;
  if (q.nswAuthority && typeof input.hasNswAuthority !== "boolean") missing2.push("hasNswAuthority");
  if (q.instantWin && typeof input.hasInstantWinPrizes !== "boolean") missing2.push("hasInstantWinPrizes");
  if (q.electronicDraw && typeof input.winnersDrawnElectronically !== "boolean") missing2.push("winnersDrawnElectronically");
  if (q.machineApproved && typeof input.randomDrawMachineApproved !== "boolean") missing2.push("randomDrawMachineApproved");
  return missing2;
}

// shared/src/permits/scrutineer.ts
function isScrutineerValueExceeded(input, ruleSet = selectRuleSet(input.startDate)) {
  if (input.skillsBasedTC) return false;
  const t = ruleSet.thresholds;
  const total = input.totalPrizeValue ?? 0;
  const nsw = isStateSelected(input.ausStates, "nsw") && (input.prizeValueNSW ?? total) > t.nswScrutineerAboveCents;
  const sa = isStateSelected(input.ausStates, "sa") && (input.prizeValueSA ?? total) >= t.saScrutineerFromCents;
  return nsw || sa;
}
function isScrutineerQuestionRequired(input, ruleSet = selectRuleSet(input.startDate)) {
  return isScrutineerValueExceeded(input, ruleSet) && hasDrawnMethod(input.drawMethodsValue);
}

// shared/src/permits/prize-tiers.ts
function getPrizeTierFlags(maxPrizeValueCents) {
  const value = maxPrizeValueCents ?? 0;
  return {
    prize251OrMore: value >= PRIZE_TIERS_CENTS[0],
    prize501OrMore: value >= PRIZE_TIERS_CENTS[1],
    prize1001OrMore: value >= PRIZE_TIERS_CENTS[2]
  };
}

// shared/src/permits/option-labels.ts
var ADVERTISING_METHOD_LABELS = {
  tv: "Television",
  digital: "Digital and social media",
  radio: "Radio",
  print: "Print",
  outdoor: "Outdoor",
  other: "Other"
};
var ENTRY_METHOD_LABELS = {
  internet: "Internet",
  proof: "Proof of purchase",
  mail: "Mail",
  form: "Entry form",
  automatic: "Automatic entry",
  barrel: "Barrel",
  sms: "SMS",
  phone1800: "1800 phone number",
  phone1900: "1900 phone number",
  phone: "Phone",
  charity: "Charity",
  gaming: "Gaming",
  olympic: "Olympic",
  other: "Other",
  instantwin: "Instant win"
};
var DRAW_METHOD_LABELS = {
  singleAll: "Single draw for all prizes",
  singleOne: "Single draw for one prize",
  instantNonElectronic: "Instant win (non-electronic)",
  minorPriorMajor: "Minor draws before the major draw",
  instantElectronic: "Instant win (electronic)",
  minorOnly: "Minor draws only",
  barrel: "Barrel draw",
  randomTelephone: "Random telephone draw",
  spinningWheel: "Spinning wheel",
  nominatedCaller: "Nominated caller",
  predetermined: "Predetermined winners",
  other: "Other"
};
var PRIZE_CATEGORY_LABELS = {
  electrical: "Electrical goods",
  liquor: "Liquor",
  motorVehicle: "Motor vehicle",
  travel: "Travel",
  event: "Event tickets",
  money: "Money",
  realEstate: "Real estate",
  other: "Other",
  voucher: "Gift vouchers"
};
var NOTIFICATION_METHOD_LABELS = {
  email: "Email",
  emailAndPhone: "Email and phone",
  socialMedia: "Social media"
};
function namesOf(value, keys3, flags3, labels) {
  return flagsToKeys(value, keys3, flags3).map((key) => labels[key]);
}
var advertisingMethodNames = (value) => namesOf(value, ADVERTISING_METHODS, ADVERTISING_METHOD_FLAGS, ADVERTISING_METHOD_LABELS);
var entryMethodNames = (value) => namesOf(value, ENTRY_METHODS, ENTRY_METHOD_FLAGS, ENTRY_METHOD_LABELS);
var drawMethodNames = (value) => namesOf(value, DRAW_METHODS, DRAW_METHOD_FLAGS, DRAW_METHOD_LABELS);
var prizeCategoryNames = (value) => namesOf(value, PRIZE_CATEGORIES, PRIZE_CATEGORY_FLAGS, PRIZE_CATEGORY_LABELS);
function notificationMethodName(method) {
  return method && Object.hasOwn(NOTIFICATION_METHOD_LABELS, method) ? NOTIFICATION_METHOD_LABELS[method] : void 0;
}

// shared/src/fees/skill-terms.ts
var SKILL_TC_PAYMENT_OPTIONS = ["150", "250", "1000"];
var DEFAULT_SKILL_TC_PAYMENT_OPTION = "150";
var EDIT_WINDOW_DAYS = { "150": SKILLS_TC_EDIT_WINDOW_DAYS, "250": 90, "1000": 365 };
var LABELS = {
  "150": "Standard: change your terms for 30 days",
  "250": "Campaign: change your terms for 90 days",
  "1000": "Year-round: change your terms for 365 days"
};
function isSkillTcPaymentOption(value) {
  return typeof value === "string" && SKILL_TC_PAYMENT_OPTIONS.includes(value);
}
function skillTcOption(option, ruleSet = selectRuleSet(null)) {
  const chosen = option ?? DEFAULT_SKILL_TC_PAYMENT_OPTION;
  const priceCents = chosen === DEFAULT_SKILL_TC_PAYMENT_OPTION ? ruleSet.fees.provider.termsSkillCents : Number(chosen) * 100;
  return { option: chosen, priceCents, editWindowDays: EDIT_WINDOW_DAYS[chosen], label: LABELS[chosen] };
}
function skillTcOptions(ruleSet = selectRuleSet(null)) {
  return SKILL_TC_PAYMENT_OPTIONS.map((option) => skillTcOption(option, ruleSet));
}
function skillTcEditWindowEnds(purchasedAt, option) {
  return new Date(purchasedAt.getTime() + skillTcOption(option).editWindowDays * 864e5);
}
function skillTcOptionForPrice(priceCents, ruleSet = selectRuleSet(null)) {
  return skillTcOptions(ruleSet).find((o) => o.priceCents === priceCents) ?? null;
}
function skillTcInvoiceDescription(priceCents) {
  const option = skillTcOptionForPrice(priceCents);
  return option ? `Terms and conditions (game of skill), ${option.editWindowDays}-day edit window` : "Terms and conditions (game of skill)";
}

// shared/src/fees/calculate-fees.ts
function getGovernmentFees(input, requirements, ruleSet) {
  const g = ruleSet.fees.government;
  const value = input.totalPrizeValue ?? 0;
  const saTier = tieredFee(g.sa, value);
  return {
    nsw: requirements.nsw.required ? input.hasNswAuthority === true ? g.nswWithAuthorityCents : nswAuthorityTermFee(ruleSet, input.nswAuthorityDuration) ?? g.nswCents : 0,
    act: requirements.act.required ? tieredFee(g.act, value) : 0,
    sa: requirements.sa.required ? input.saPremium === true ? Math.max(saTier, g.saPremiumCents) : saTier : 0
  };
}
function nswAuthorityTermFee(ruleSet, years) {
  const nsw = ruleSet.states.nsw;
  if (nsw.permitModel !== "authority") return null;
  if (years === 3) return nsw.authority3YearCents;
  if (years === 5) return nsw.authority5YearCents;
  return null;
}
function calculateFees(input, options = {}) {
  const ruleSet = options.ruleSet ?? selectRuleSet(input.startDate);
  const requirements = getPermitRequirements(input, ruleSet);
  const p = ruleSet.fees.provider;
  const skill = input.skillsBasedTC === true;
  const managed = input.managedSubmission !== false;
  const gov = getGovernmentFees(input, requirements, ruleSet);
  const chargeGov = managed && !skill;
  const feeDue_NSW = chargeGov ? gov.nsw : 0;
  const feeDue_ACT = chargeGov ? gov.act : 0;
  const feeDue_SA = chargeGov ? gov.sa : 0;
  const feeDue_Service = managed && !skill ? p.permitManagementByCountCents[requirements.requiredCount] : 0;
  const feeDue_RandomDraw = input.randomDraw === true && !skill ? p.randomDrawCents : 0;
  const feeDue_TermsAndConditions = input.termsAndConditions === true && !skill ? p.termsChanceCents : 0;
  const feeDue_SkillsBasedTC = skill ? skillTcOption(input.skillsBasedTCPaymentOption, ruleSet).priceCents : 0;
  const feeDue_AbridgedTC = input.abridgedTC === true ? p.abridgedTermsCents : 0;
  const feeDue_HostedTC = input.hostedTC === true ? p.hostedTermsCents : 0;
  const governmentSubtotal = feeDue_NSW + feeDue_ACT + feeDue_SA;
  const providerSubtotal = feeDue_Service + feeDue_RandomDraw + feeDue_TermsAndConditions + feeDue_SkillsBasedTC + feeDue_AbridgedTC + feeDue_HostedTC;
  const feeDue_GST = applyRate(providerSubtotal, ruleSet.fees.gstRate);
  const feeDue_Total = governmentSubtotal + providerSubtotal;
  const feeDue_CCSurcharge = (options.paymentMethod ?? "card") === "card" ? cardSurcharge(feeDue_Total, feeDue_GST, ruleSet) : 0;
  const feeDue_GrandTotal = feeDue_Total + feeDue_GST + feeDue_CCSurcharge;
  const direct = chargeGov || skill ? { nsw: 0, act: 0, sa: 0 } : gov;
  return {
    feeDue_ACT,
    feeDue_NSW,
    feeDue_SA,
    feeDue_Service,
    feeDue_AbridgedTC,
    feeDue_HostedTC,
    feeDue_RandomDraw,
    feeDue_SkillsBasedTC,
    feeDue_TermsAndConditions,
    feeDue_CCSurcharge,
    feeDue_GST,
    feeDue_Total,
    feeDue_GrandTotal,
    isNSWIncludedButNotRequired: requirements.nsw.includedButNotRequired,
    isACTIncludedButNotRequired: requirements.act.includedButNotRequired,
    isSAIncludedButNotRequired: requirements.sa.includedButNotRequired,
    isSAFeePremium: input.saPremium === true && requirements.sa.required,
    governmentSubtotal,
    providerSubtotal,
    governmentFeesPayableDirect: { ...direct, total: direct.nsw + direct.act + direct.sa },
    ruleSetId: ruleSet.id,
    requirements
  };
}
function cardSurcharge(amountCents, gstCents, ruleSet = selectRuleSet(null)) {
  return applyRate(amountCents + gstCents, ruleSet.fees.cardSurchargeRate);
}

// shared/src/status/statuses.ts
var STATUS_WORDS = {
  1: {
    customer: "Application in progress",
    staff: "Incomplete",
    next: "Finish each step of the application; then you can pay and submit it."
  },
  2: {
    customer: "Ready to pay and submit",
    staff: "Ready for submission",
    next: "Check the application, then pay and submit it: we lodge it with each regulator."
  },
  3: {
    customer: "Ready to pay and generate the forms",
    staff: "Forms ready for generation",
    next: "Pay, then generate the permit forms and lodge them with each regulator yourself."
  },
  4: {
    customer: "Submitted: waiting for the regulators",
    staff: "Submitted and awaiting feedback",
    next: "We have lodged your application. We will e-mail you when a regulator replies or issues a permit."
  },
  5: {
    customer: "Permit forms generated",
    staff: "Generated",
    next: "Download the permit forms and lodge them with each regulator."
  },
  6: {
    customer: "Action required",
    staff: "Action required",
    next: "We need more from you: open the application and answer the highlighted items, then resubmit."
  },
  7: {
    customer: "Ready to resubmit",
    staff: "Ready for resubmission",
    next: "Check your changes, then resubmit the application."
  },
  8: {
    customer: "Approved",
    staff: "Approved",
    next: "Your permits are issued. Run the promotion as approved and lodge any addenda after the draw."
  },
  9: {
    customer: "Waiting for your BPAY payment",
    staff: "Pending payment clearance",
    next: "Pay the BPAY invoice; we go ahead once the payment clears. You can pay by card instead to go ahead now."
  },
  10: {
    customer: "Ready to regenerate the forms",
    staff: "Forms ready for regeneration",
    next: "Generate the permit forms again so that they include your changes."
  },
  11: {
    customer: "Permit forms regenerated",
    staff: "Regenerated",
    next: "Download the new permit forms and lodge them with each regulator."
  },
  12: {
    customer: "Locked while our team works on it",
    staff: "Locked by administrator",
    next: "Our team is working on this application. Contact us if you need to change something."
  },
  13: {
    customer: "Resubmitted: waiting for the regulators",
    staff: "Resubmitted and awaiting feedback",
    next: "We have lodged your changes. We will e-mail you when a regulator replies."
  },
  14: {
    customer: "Amendment in progress",
    staff: "Amendments in progress",
    next: "Finish your changes to the application; then resubmit it."
  },
  15: {
    customer: "Paid: approve your T&Cs to go ahead",
    staff: "Awaiting T&Cs approval",
    next: "Your payment is received. Approve your terms and conditions on this page and the application goes ahead."
  }
};
var PERMIT_STATUS_IDS = {
  incomplete: 1,
  readySubmission: 2,
  readyGenerate: 3,
  submitted: 4,
  generated: 5,
  actionRequired: 6,
  readyResubmission: 7,
  approved: 8,
  pendingPaymentClearance: 9,
  readyRegenerate: 10,
  regenerated: 11,
  locked: 12,
  resubmitted: 13,
  amendmentsInProgress: 14,
  awaitingSubmission: 15
};
var PERMIT_STATUSES = [
  { id: 1, name: "Incomplete", slug: "incomplete", colour: "default", editable: true, startsAmendment: false },
  { id: 2, name: "Ready for submission", slug: "ready-submission", colour: "info", editable: true, startsAmendment: false },
  { id: 3, name: "Forms ready for generation", slug: "ready-generate", colour: "info", editable: true, startsAmendment: false },
  { id: 4, name: "Submitted and awaiting feedback", slug: "submitted", colour: "warning", editable: false, startsAmendment: true },
  { id: 5, name: "Generated", slug: "generated", colour: "warning", editable: false, startsAmendment: true },
  { id: 6, name: "Action required", slug: "action-required", colour: "danger", editable: true, startsAmendment: false },
  { id: 7, name: "Ready for resubmission", slug: "ready-resubmission", colour: "info", editable: true, startsAmendment: false },
  { id: 8, name: "Approved", slug: "approved", colour: "success", editable: false, startsAmendment: false },
  { id: 9, name: "Pending payment clearance", slug: "pending-payment-clearance", colour: "default", editable: false, startsAmendment: false },
  { id: 10, name: "Forms ready for regeneration", slug: "ready-regenerate", colour: "info", editable: true, startsAmendment: false },
  { id: 11, name: "Regenerated", slug: "regenerated", colour: "warning", editable: false, startsAmendment: true },
  { id: 12, name: "Locked by administrator", slug: "locked", colour: "default", editable: false, startsAmendment: false },
  { id: 13, name: "Resubmitted and awaiting feedback", slug: "resubmitted", colour: "warning", editable: false, startsAmendment: true },
  { id: 14, name: "Amendments in progress", slug: "amendments-in-progress", colour: "warning", editable: true, startsAmendment: false },
  {
    id: 15,
    name: "Awaiting submission",
    adminName: "Awaiting T&Cs approval",
    slug: "awaiting-submission",
    colour: "default",
    editable: false,
    startsAmendment: false
  }
];
var BY_ID = new Map(PERMIT_STATUSES.map((s) => [s.id, s]));
var BY_SLUG = new Map(PERMIT_STATUSES.map((s) => [s.slug, s]));
function getPermitStatus(id) {
  const status = BY_ID.get(id);
  if (!status) throw new RangeError(`Unknown permit status id ${id}`);
  return status;
}
function isEditableStatus(id) {
  return getPermitStatus(id).editable;
}
var SUBMITTED_OR_GENERATED_STATUS_IDS = [4, 5, 6, 7, 8, 10, 11, 13, 14];
function isSubmittedOrGenerated(id) {
  return SUBMITTED_OR_GENERATED_STATUS_IDS.includes(id);
}
function statusWords(id) {
  return STATUS_WORDS[getPermitStatus(id).id];
}
function customerStatusName(id) {
  return statusWords(id).customer;
}
function statusNextStep(id) {
  return statusWords(id).next;
}
function adminStatusName(id) {
  return statusWords(id).staff;
}

// shared/src/status/transitions.ts
var OWNER_OR_ADMIN = ["customer", "admin"];
var ADMIN = ["admin"];
var SYSTEM = ["system"];
var afterPayment = (ctx) => {
  if (ctx.managedSubmission === false) return ctx.resubmission === true ? PERMIT_STATUS_IDS.readyRegenerate : PERMIT_STATUS_IDS.readyGenerate;
  if (ctx.termsAwaitingApproval === true) return PERMIT_STATUS_IDS.awaitingSubmission;
  return ctx.resubmission === true ? PERMIT_STATUS_IDS.resubmitted : PERMIT_STATUS_IDS.submitted;
};
var submittedUnlessTermsAwait = (ctx) => ctx.termsAwaitingApproval === true ? PERMIT_STATUS_IDS.awaitingSubmission : PERMIT_STATUS_IDS.submitted;
var readyAgainFor = (ctx) => ctx.managedSubmission === false ? PERMIT_STATUS_IDS.readyRegenerate : PERMIT_STATUS_IDS.readyResubmission;
var readyFor = (ctx) => ctx.managedSubmission === false ? PERMIT_STATUS_IDS.readyGenerate : PERMIT_STATUS_IDS.readySubmission;
var PERMIT_TRANSITIONS = [
  // 001 §2/§4: opening a submitted/generated permit begins an amendment
  { from: PERMIT_STATUS_IDS.submitted, event: "BEGIN_AMENDMENT", to: PERMIT_STATUS_IDS.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.resubmitted, event: "BEGIN_AMENDMENT", to: PERMIT_STATUS_IDS.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.generated, event: "BEGIN_AMENDMENT", to: PERMIT_STATUS_IDS.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.regenerated, event: "BEGIN_AMENDMENT", to: PERMIT_STATUS_IDS.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  // 001 §4: submitting with a card moves the promotion forward
  { from: PERMIT_STATUS_IDS.readySubmission, event: "SUBMIT_CARD", to: submittedUnlessTermsAwait, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.readyResubmission, event: "SUBMIT_CARD", to: PERMIT_STATUS_IDS.resubmitted, roles: OWNER_OR_ADMIN },
  // Self submission (issue 12): paying keeps the forms ready; generatePermitApplication generates them.
  { from: PERMIT_STATUS_IDS.readyGenerate, event: "SUBMIT_CARD", to: PERMIT_STATUS_IDS.readyGenerate, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.readyRegenerate, event: "SUBMIT_CARD", to: PERMIT_STATUS_IDS.readyRegenerate, roles: OWNER_OR_ADMIN },
  // 001 §4: with BPAY it waits in pending payment clearance
  { from: PERMIT_STATUS_IDS.readySubmission, event: "SUBMIT_BPAY", to: PERMIT_STATUS_IDS.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.readyResubmission, event: "SUBMIT_BPAY", to: PERMIT_STATUS_IDS.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.readyGenerate, event: "SUBMIT_BPAY", to: PERMIT_STATUS_IDS.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.readyRegenerate, event: "SUBMIT_BPAY", to: PERMIT_STATUS_IDS.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  // 001 §4: after that, payment can be completed by card, or staff approve the BPAY payment
  { from: PERMIT_STATUS_IDS.pendingPaymentClearance, event: "PAY_CARD_AFTER_BPAY", to: afterPayment, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.pendingPaymentClearance, event: "APPROVE_BPAY_PAYMENT", to: afterPayment, roles: ADMIN },
  // 001 §4/§6: staff approve a promotion
  { from: PERMIT_STATUS_IDS.submitted, event: "APPROVE_PROMOTION", to: PERMIT_STATUS_IDS.approved, roles: ADMIN },
  { from: PERMIT_STATUS_IDS.resubmitted, event: "APPROVE_PROMOTION", to: PERMIT_STATUS_IDS.approved, roles: ADMIN },
  // 001 §4: an administrator can force any status other than the current one
  { from: "*", event: "ADMIN_FORCE", to: "ANY_OTHER", roles: ADMIN },
  // Derived by the save use case from the section validity
  { from: PERMIT_STATUS_IDS.incomplete, event: "APPLICATION_COMPLETED", to: readyFor, roles: SYSTEM },
  { from: PERMIT_STATUS_IDS.readySubmission, event: "APPLICATION_INCOMPLETE", to: PERMIT_STATUS_IDS.incomplete, roles: SYSTEM },
  { from: PERMIT_STATUS_IDS.readyGenerate, event: "APPLICATION_INCOMPLETE", to: PERMIT_STATUS_IDS.incomplete, roles: SYSTEM },
  // After feedback or an amendment, completing it again readies a resubmission (or regeneration).
  { from: PERMIT_STATUS_IDS.actionRequired, event: "APPLICATION_COMPLETED", to: readyAgainFor, roles: SYSTEM },
  { from: PERMIT_STATUS_IDS.amendmentsInProgress, event: "APPLICATION_COMPLETED", to: readyAgainFor, roles: SYSTEM },
  { from: PERMIT_STATUS_IDS.readyResubmission, event: "APPLICATION_INCOMPLETE", to: PERMIT_STATUS_IDS.amendmentsInProgress, roles: SYSTEM },
  { from: PERMIT_STATUS_IDS.readyRegenerate, event: "APPLICATION_INCOMPLETE", to: PERMIT_STATUS_IDS.amendmentsInProgress, roles: SYSTEM },
  // Issue 12: self submission, once paid, generates its forms (and regenerates them after an amendment).
  { from: PERMIT_STATUS_IDS.readyGenerate, event: "GENERATE_FORMS", to: PERMIT_STATUS_IDS.generated, roles: OWNER_OR_ADMIN },
  { from: PERMIT_STATUS_IDS.readyRegenerate, event: "GENERATE_FORMS", to: PERMIT_STATUS_IDS.regenerated, roles: OWNER_OR_ADMIN },
  // Issue 14: approving the T&Cs moves a paid promotion out of "Awaiting submission" (15) into
  // submission (managed); a self submission goes back to where its forms are generated.
  { from: PERMIT_STATUS_IDS.awaitingSubmission, event: "APPROVE_TERMS", to: (ctx) => ctx.managedSubmission === false ? PERMIT_STATUS_IDS.readyGenerate : PERMIT_STATUS_IDS.submitted, roles: OWNER_OR_ADMIN }
];
var TABLE = new Map(PERMIT_TRANSITIONS.map((t) => [`${t.from}:${t.event}`, t]));
function findTransition(from, event) {
  return TABLE.get(`${from}:${event}`) ?? TABLE.get(`*:${event}`);
}
function resolveTransition(request) {
  const row = findTransition(request.from, request.event);
  if (!row) return { ok: false, reason: "NOT_ALLOWED" };
  if (!row.roles.includes(request.role)) return { ok: false, reason: "FORBIDDEN" };
  getPermitStatus(request.from);
  if (row.to === "ANY_OTHER") {
    if (request.to === void 0 || request.to === request.from || !PERMIT_STATUSES.some((s) => s.id === request.to)) {
      return { ok: false, reason: "NOT_ALLOWED" };
    }
    return { ok: true, to: request.to };
  }
  return { ok: true, to: typeof row.to === "function" ? row.to(request) : row.to };
}
function requireTransition(request) {
  const result = resolveTransition(request);
  if (result.ok) return result.to;
  if (result.reason === "FORBIDDEN") throw new AppError("FORBIDDEN", MSG_TRANSITION_FORBIDDEN);
  throw new AppError("CONFLICT", MSG_TRANSITION_NOT_ALLOWED, {
    internalMessage: `No transition ${request.event} from status ${request.from}${request.to === void 0 ? "" : ` to ${request.to}`}`
  });
}
function forceableStatuses(from) {
  return PERMIT_STATUSES.filter((s) => s.id !== from).map((s) => s.id);
}

// shared/src/wizard/steps.ts
var SECTION_KEYS = [
  "details",
  "applicant",
  "contact",
  "entry",
  "finaldraw",
  "unclaimeddraw",
  "notification",
  "categories",
  "breakdown",
  "attachments",
  "comments",
  "questions"
];
var SECTION_NAMES = {
  details: "Promo details",
  applicant: "Applicant",
  contact: "Contact person",
  entry: "Entry method",
  finaldraw: "Final prize draw",
  unclaimeddraw: "Unclaimed prize draw",
  notification: "Winner notification",
  categories: "Prize categories",
  breakdown: "Prize details",
  attachments: "Attachments",
  comments: "Comments",
  questions: "Questions"
};
var WIZARD_STEPS = [
  { key: "general", name: "General", routeKey: "details", analyticsGroup: "general", sections: ["details"] },
  { key: "applicant", name: "Applicant", routeKey: "peopleroles", analyticsGroup: "applicant", sections: ["applicant", "contact"] },
  {
    key: "entryDraw",
    name: "Entry/draw",
    routeKey: "entrymethodswinners",
    analyticsGroup: "entry-and-draw",
    sections: ["entry", "finaldraw", "unclaimeddraw", "notification"]
  },
  { key: "prizes", name: "Prizes", routeKey: "prizes", analyticsGroup: "prizes", sections: ["categories", "breakdown"] },
  { key: "attachments", name: "Attachments", routeKey: "attachments", analyticsGroup: "attachments", sections: ["attachments"] },
  { key: "comments", name: "Comments", routeKey: "comments", analyticsGroup: "comments", sections: ["comments", "questions"] }
];
function getWizardSteps(context) {
  let steps = [...WIZARD_STEPS];
  if (context.skillsBasedTC) steps = steps.slice(0, 4);
  if (context.managedSubmission === false) steps = steps.filter((s) => s.key !== "attachments");
  return steps.map((step) => context.skillsBasedTC && step.key === "applicant" ? { ...step, name: "Promoter" } : step);
}
var SECTIONS_HIDDEN_FOR_SKILL = ["finaldraw", "unclaimeddraw"];
function isSectionVisible(section, context) {
  if (section === "entry" && isOnlyState(context.ausStates, "act")) return false;
  if (section === "categories") {
    return isStateSelected(context.ausStates, "nsw") || context.termsAndConditions === true || context.skillsBasedTC === true;
  }
  if (context.skillsBasedTC && SECTIONS_HIDDEN_FOR_SKILL.includes(section)) return false;
  return true;
}
function getVisibleSections(step, context) {
  return step.sections.filter((section) => isSectionVisible(section, context));
}

// shared/src/attachments/attachment-types.ts
var ATTACHMENT_TYPES = [
  { code: "A", slug: "letter-of-authority", name: "Letter of authority", isAddendum: false },
  { code: "B", slug: "terms-and-conditions", name: "Terms and conditions", isAddendum: false },
  { code: "C", slug: "ticket-or-entry-form", name: "Ticket or entry form", isAddendum: false },
  { code: "E", slug: "proposed-advertisement", name: "Proposed advertisement or notice", isAddendum: false },
  { code: "I", slug: "instant-win-details", name: "Instant win details", isAddendum: false },
  { code: "T", slug: "special-requirements", name: "Special requirements (draw method)", isAddendum: false },
  { code: "S", slug: "gaming-details", name: "Gaming details", isAddendum: false },
  { code: "O", slug: "aoc-clearance", name: "AOC clearance", isAddendum: false },
  { code: "P", slug: "real-estate-valuation", name: "Real estate valuation", isAddendum: false },
  { code: "Q", slug: "non-profit-consent", name: "Letter of consent from non-profit organisation", isAddendum: false },
  { code: "R", slug: "not-for-profit-assurance", name: "Letter of assurance (not for profit)", isAddendum: false },
  { code: "X", slug: "list-of-entries", name: "List of entries", isAddendum: true },
  { code: "V", slug: "list-of-prize-winners", name: "List of prize winners", isAddendum: true },
  { code: "W", slug: "list-of-unclaimed-prize-winners", name: "List of unclaimed prize winners", isAddendum: true },
  { code: "U", slug: "scrutineer-declaration", name: "Statutory declaration of scrutineer", isAddendum: true },
  { code: "Y", slug: "abridged-terms-and-conditions", name: "Abridged terms and conditions", isAddendum: true }
];
var BY_CODE = new Map(ATTACHMENT_TYPES.map((t) => [t.code, t]));
function getAttachmentType(code) {
  return BY_CODE.get(code);
}
var ATTACHMENT_RULES = [
  { code: "A", relevant: (p) => p.hasLetterOfAuthority === true || p.letterOfAuthorityReused === true },
  { code: "B", relevant: () => true },
  { code: "C", relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, "form") },
  { code: "E", relevant: () => true },
  {
    code: "I",
    relevant: (p) => p.hasInstantWinPrizes === true || hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, "instantwin") || hasAnyFlag(p.drawMethodsValue, DRAW_METHOD_FLAGS, ["instantElectronic", "instantNonElectronic"])
  },
  { code: "T", relevant: (p) => hasAnyFlag(p.drawMethodsValue, DRAW_METHOD_FLAGS, ["other", "spinningWheel", "nominatedCaller", "randomTelephone"]) },
  { code: "S", relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, "gaming") },
  { code: "O", relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, "olympic") },
  { code: "P", relevant: (p) => hasFlag(p.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, "realEstate") },
  { code: "Q", relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, "charity") },
  { code: "R", relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, "charity") },
  // addenda
  { code: "X", relevant: () => true },
  { code: "V", relevant: (p) => hasDrawnMethod(p.drawMethodsValue) },
  { code: "W", relevant: (p) => p.hasUnclaimedDraw === true },
  { code: "U", relevant: (p) => p.scrutineerRequired === true },
  { code: "Y", relevant: (p) => p.abridgedTC === true }
];
function getRelevantAttachmentCodes(input) {
  return ATTACHMENT_RULES.filter((rule) => rule.relevant(input)).map((rule) => rule.code);
}
function formatAttachmentCodes(codes) {
  return codes.join(",");
}
function parseAttachmentCodes(list) {
  if (!list) return [];
  return list.split(",").map((code) => code.trim().toUpperCase()).filter((code) => code !== "");
}
function isAttachmentValid(attachment) {
  if (!attachment) return false;
  return attachment.exists === true || attachment.uploaded === true || attachment.reuseFromPromotion != null && attachment.shouldReuse !== false;
}
function getRequiredAttachmentCodes(input) {
  if (input.attachmentsManualOverride) return parseAttachmentCodes(input.attachmentsManuallyRequired);
  return getRelevantAttachmentCodes(input).filter((code) => !getAttachmentType(code)?.isAddendum && !(code === "B" && input.termsAndConditions === true));
}
function attachmentRuleInputOf(promotion) {
  const permit = promotion.permit ?? {};
  return {
    ...promotion,
    ...permit,
    hasLetterOfAuthority: permit.applicant?.hasLetterOfAuthority,
    hasUnclaimedDraw: hasDrawnMethod(permit.drawMethodsValue)
  };
}

// shared/src/validation/common.ts
import { z as z4 } from "zod";
var EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
var EMAIL_MAX_LENGTH = 254;
var TEXT_MAX_LENGTH = 1e4;
var WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
var PHONE_PATTERN = /^\d{1,10}$/;
var POSTCODE_PATTERN = /^\d{4}$/;
var EmailSchema = z4.string({ error: MSG_EMAIL_INVALID }).max(EMAIL_MAX_LENGTH + 100, { error: MSG_EMAIL_INVALID, abort: true }).trim().max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true }).regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID });
var PhoneSchema = z4.string({ error: MSG_PHONE_INVALID }).max(100, { error: MSG_PHONE_INVALID, abort: true }).transform((value) => value.replace(/\s+/g, "")).pipe(z4.string().regex(PHONE_PATTERN, { error: MSG_PHONE_INVALID }));
var WebsiteSchema = z4.string({ error: MSG_WEBSITE_INVALID }).max(2e3, { error: MSG_WEBSITE_INVALID, abort: true }).trim().regex(WEBSITE_PATTERN, { error: MSG_WEBSITE_INVALID });
var ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
function isValidAbnChecksum(abn) {
  const digits = abn.replace(/\s+/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i += 1) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    sum += digit * ABN_WEIGHTS[i];
  }
  return sum % 89 === 0;
}
function isValidAcnChecksum(acn) {
  const digits = acn.replace(/\s+/g, "");
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(digits[i]) * (8 - i);
  return (10 - sum % 10) % 10 === Number(digits[8]);
}
function abnAcnError(value) {
  if (value.length > 100) return MSG_ABN_ACN_LENGTH;
  const digits = value.replace(/\s+/g, "");
  if (/^\d{11}$/.test(digits)) return isValidAbnChecksum(digits) ? null : MSG_ABN_CHECK_DIGITS;
  if (/^\d{9}$/.test(digits)) return isValidAcnChecksum(digits) ? null : MSG_ACN_CHECK_DIGITS;
  return MSG_ABN_ACN_LENGTH;
}
var AbnAcnSchema = z4.string({ error: MSG_ABN_ACN_LENGTH }).max(100, { error: MSG_ABN_ACN_LENGTH, abort: true }).transform((value) => value.replace(/\s+/g, "")).superRefine((value, ctx) => {
  const message = abnAcnError(value);
  if (message) ctx.addIssue({ code: "custom", message });
});
var AddressStateSchema = z4.string({ error: MSG_ADDRESS_INCOMPLETE }).transform((value) => value.trim().toUpperCase()).pipe(z4.enum(STATE_KEYS.map((k) => STATE_CODES[k]), { error: MSG_ADDRESS_INCOMPLETE }));
var AddressSchema = z4.object({
  lineOne: z4.string({ error: MSG_ADDRESS_INCOMPLETE }).trim().min(1, { error: MSG_ADDRESS_INCOMPLETE }),
  lineTwo: z4.string().trim().nullish(),
  suburb: z4.string({ error: MSG_ADDRESS_INCOMPLETE }).trim().min(1, { error: MSG_ADDRESS_INCOMPLETE }),
  state: AddressStateSchema,
  postcode: z4.string({ error: MSG_POSTCODE_INVALID }).trim().regex(POSTCODE_PATTERN, { error: MSG_POSTCODE_INVALID }),
  placeId: z4.string().nullish()
}, { error: MSG_ADDRESS_INCOMPLETE });
var AddressDraftSchema = z4.object({
  lineOne: z4.string().nullish(),
  lineTwo: z4.string().nullish(),
  suburb: z4.string().nullish(),
  state: z4.string().nullish(),
  postcode: z4.string().nullish(),
  placeId: z4.string().nullish()
});

// shared/src/validation/permit.ts
import { z as z5 } from "zod";
var requiredText = z5.string({ error: MSG_REQUIRED }).max(TEXT_MAX_LENGTH, { error: MSG_REQUIRED, abort: true }).trim().min(1, { error: MSG_REQUIRED });
var PromotionDatesSchema = z5.object({
  startDate: IsoDateSchema,
  startTime: TimeOfDaySchema,
  endDate: IsoDateSchema,
  endTime: TimeOfDaySchema,
  finalDrawDate: IsoDateSchema.nullish()
}).superRefine((value, ctx) => {
  if (isValidIsoDate(value.startDate) && isValidIsoDate(value.endDate) && !(value.endDate > value.startDate)) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: MSG_END_BEFORE_START });
  }
});
function createContactSchema(options) {
  return z5.object({
    title: z5.enum(CONTACT_TITLES).nullish().or(z5.literal("")),
    firstName: requiredText,
    lastName: requiredText,
    position: z5.string().trim().nullish(),
    phone: z5.string({ error: MSG_PHONE_INVALID }).max(100, { error: MSG_PHONE_INVALID, abort: true }).transform((value) => value.replace(/\s+/g, "")).pipe(z5.string().regex(PHONE_PATTERN, { error: MSG_PHONE_INVALID })),
    email: z5.string({ error: MSG_EMAIL_INVALID }).max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true }).trim().regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID })
  }).superRefine((value, ctx) => {
    if (options.positionRequired && !value.position) {
      ctx.addIssue({ code: "custom", path: ["position"], message: MSG_POSITION_REQUIRED });
    }
  });
}
var ContactSchema = createContactSchema({ positionRequired: false });
function createNswAuthoritySchema(context) {
  return z5.object({
    nswAuthorityNumber: z5.string().trim().nullish(),
    nswAuthorityExpiration: IsoDateSchema.nullish().or(z5.literal("")),
    nswAuthorityDuration: z5.number().int().positive().nullish()
  }).superRefine((value, ctx) => {
    if (!context.nswRequired) return;
    if (context.hasNswAuthority === true && !value.nswAuthorityNumber) {
      ctx.addIssue({ code: "custom", path: ["nswAuthorityNumber"], message: MSG_NSW_AUTHORITY_NUMBER_REQUIRED });
    }
    if (isNswAuthorityDurationRequired(context, value.nswAuthorityExpiration) && !value.nswAuthorityDuration) {
      ctx.addIssue({ code: "custom", path: ["nswAuthorityDuration"], message: MSG_NSW_AUTHORITY_DURATION_REQUIRED });
    }
  });
}
function isNswAuthorityDurationRequired(context, expiration) {
  if (!context.nswRequired) return false;
  if (context.hasNswAuthority !== true) return true;
  return isValidIsoDate(context.endDate) && isValidIsoDate(expiration) && context.endDate > expiration;
}
function createApplicantSchema(context) {
  return z5.object({
    organisation: requiredText,
    abnacn: AbnAcnSchema,
    tradingName: z5.string().trim().nullish(),
    businessAddress: AddressSchema,
    postalAddress: AddressSchema,
    website: z5.union([z5.literal(""), z5.null(), z5.undefined(), WebsiteSchema]),
    hasLetterOfAuthority: z5.boolean().nullish()
  }).and(createNswAuthoritySchema(context));
}
function createScrutineerSchema(options) {
  return z5.object({
    scrutineerRequired: z5.boolean().nullish(),
    scrutineerName: z5.string().trim().nullish(),
    nonIndependentScrutineer: z5.boolean().nullish(),
    nonIndependentScrutineerReason: z5.string().trim().nullish()
  }).superRefine((value, ctx) => {
    if (!options.questionRequired) return;
    if (typeof value.scrutineerRequired !== "boolean") {
      ctx.addIssue({ code: "custom", path: ["scrutineerRequired"], message: MSG_SCRUTINEER_QUESTION_REQUIRED });
      return;
    }
    if (!value.scrutineerRequired) return;
    if (!value.scrutineerName) ctx.addIssue({ code: "custom", path: ["scrutineerName"], message: MSG_SCRUTINEER_REQUIRED });
    if (value.nonIndependentScrutineer === true && !value.nonIndependentScrutineerReason) {
      ctx.addIssue({ code: "custom", path: ["nonIndependentScrutineerReason"], message: MSG_NON_INDEPENDENT_REASON_REQUIRED });
    }
  });
}

// shared/src/validation/promotion.ts
import { z as z6 } from "zod";
var IdSchema = z6.union([z6.number().int().positive().max(2147483647), z6.string().max(100, { abort: true }).trim().min(1)]);
var TotalPrizeValueSchema = z6.number({ error: MSG_TOTAL_PRIZE_VALUE_REQUIRED }).refine((dollars2) => dollars2 > 0, { error: MSG_TOTAL_PRIZE_VALUE_REQUIRED, abort: true }).pipe(MoneySchema).meta(MONEY_WIRE_META);
var quizAnswer = z6.boolean().nullish();
var promotionFields = {
  name: z6.string({ error: MSG_COMPLETE_ALL_FORM_FIELDS }).max(1e4, { error: MSG_COMPLETE_ALL_FORM_FIELDS, abort: true }).trim().min(1, { error: MSG_COMPLETE_ALL_FORM_FIELDS }),
  ausStates: AusStatesSchema.refine((states) => hasAnyState(states), { error: MSG_COMPLETE_ALL_FORM_FIELDS }),
  includeNz: z6.boolean().default(false),
  totalPrizeValue: TotalPrizeValueSchema,
  startDate: IsoDateSchema.nullish(),
  // permit quiz (001 §5 permit requirement rules)
  hasNswAuthority: quizAnswer,
  hasInstantWinPrizes: quizAnswer,
  winnersDrawnElectronically: quizAnswer,
  randomDrawMachineApproved: quizAnswer,
  usingRandomDrawsDotCom: z6.boolean().nullish(),
  // services (001 §1; DESIGN.md §4 names)
  managedSubmission: z6.boolean().default(true),
  randomDraw: z6.boolean().default(false),
  termsAndConditions: z6.boolean().default(false),
  abridgedTC: z6.boolean().default(false),
  hostedTC: z6.boolean().default(false),
  skillsBasedTC: z6.boolean().default(false)
};
function checkQuiz(value, ctx) {
  for (const question of unansweredQuizQuestions(value)) {
    ctx.addIssue({ code: "custom", path: [question], message: MSG_COMPLETE_ALL_QUESTIONS });
  }
}
function normalize(value) {
  return normalizeQuizAnswers({ ...value, ausStates: normalizeAusStates(value.ausStates) });
}
var PromotionCreateSchema = z6.object(promotionFields).superRefine(checkQuiz).transform(normalize);
var PromotionModifySchema = z6.object({ id: IdSchema, ...promotionFields }).superRefine(checkQuiz).transform(normalize);
var PromotionModifySkillsBasedSchema = z6.object({
  id: IdSchema,
  name: promotionFields.name,
  ausStates: promotionFields.ausStates,
  includeNz: promotionFields.includeNz,
  totalPrizeValue: promotionFields.totalPrizeValue,
  startDate: promotionFields.startDate,
  abridgedTC: promotionFields.abridgedTC,
  hostedTC: promotionFields.hostedTC
}).transform((value) => ({
  ...value,
  ausStates: normalizeAusStates(value.ausStates),
  skillsBasedTC: true
}));
var PRIZE_VALUE_FIELDS = Object.fromEntries(STATE_KEYS.map((key) => [key, `prizeValue${STATE_CODES[key]}`]));
function perStatePrizeValueIssues(input) {
  const issues = [];
  const total = input.totalPrizeValue ?? 0;
  for (const key of STATE_KEYS) {
    if (!isStateSelected(input.ausStates, key)) continue;
    const field = PRIZE_VALUE_FIELDS[key];
    const value = input[field];
    if (value == null || !(value > 0)) issues.push({ path: [field], message: MSG_STATE_PRIZE_VALUE_POSITIVE });
    else if (value > total) issues.push({ path: [field], message: MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL });
  }
  return issues;
}
var stateValue = MoneySchema.nullish();
var PerStatePrizeValuesSchema = z6.object({
  ausStates: AusStatesSchema,
  totalPrizeValue: TotalPrizeValueSchema,
  prizeValueACT: stateValue,
  prizeValueNSW: stateValue,
  prizeValueSA: stateValue,
  prizeValueVIC: stateValue,
  prizeValueQLD: stateValue,
  prizeValueTAS: stateValue,
  prizeValueWA: stateValue,
  prizeValueNT: stateValue
}).superRefine((value, ctx) => {
  for (const issue2 of perStatePrizeValueIssues(value)) ctx.addIssue({ code: "custom", ...issue2 });
});
var PrizeQuantitySchema = z6.number({ error: MSG_PRIZE_QUANTITY_POSITIVE }).int({ error: MSG_PRIZE_QUANTITY_POSITIVE }).gt(0, { error: MSG_PRIZE_QUANTITY_POSITIVE });

// shared/src/wizard/section-validity.ts
var blank = (v) => v == null || v.trim() === "";
function fromZod(prefix, result) {
  if (result.success) return [];
  return result.error.issues.map((issue2) => ({ path: [...prefix, ...issue2.path.map((p) => typeof p === "symbol" ? String(p) : p)], message: issue2.message }));
}
function issue(path8, message) {
  return { path: path8, message };
}
var CHECKS = {
  details: ({ promotion, permit }) => {
    const issues = [];
    if (blank(promotion.name)) issues.push(issue(["name"], MSG_NAME_REQUIRED));
    issues.push(
      ...fromZod(
        ["permit"],
        PromotionDatesSchema.safeParse({
          startDate: permit.startDate,
          startTime: permit.startTime,
          endDate: permit.endDate,
          endTime: permit.endTime,
          finalDrawDate: permit.finalDraw?.date || null
        })
      ).filter((i) => i.path[1] !== "finalDrawDate")
    );
    if (typeof permit.under18s !== "boolean") issues.push(issue(["permit", "under18s"], MSG_REQUIRED));
    if (typeof permit.inducementsOffered !== "boolean") issues.push(issue(["permit", "inducementsOffered"], MSG_REQUIRED));
    else if (permit.inducementsOffered && blank(permit.inducementsDetail)) {
      issues.push(issue(["permit", "inducementsDetail"], MSG_INDUCEMENTS_DETAIL_REQUIRED));
    }
    if (!permit.advertisingMethodsValue) issues.push(issue(["permit", "advertisingMethodsValue"], MSG_CHECKBOX_GROUP_REQUIRED));
    else if (hasFlag(permit.advertisingMethodsValue, ADVERTISING_METHOD_FLAGS, "other") && blank(permit.advertisingMethodsOther)) {
      issues.push(issue(["permit", "advertisingMethodsOther"], MSG_OTHER_DETAIL_REQUIRED));
    }
    if (blank(permit.promotedProducts)) issues.push(issue(["permit", "promotedProducts"], MSG_REQUIRED));
    return { applicable: true, issues };
  },
  applicant: ({ promotion, permit, requirements }) => {
    const applicant = permit.applicant ?? {};
    const postalAddress = applicant.postalSameAsBusiness ? applicant.businessAddress : applicant.postalAddress;
    const schema = createApplicantSchema({
      nswRequired: requirements.nsw.required,
      hasNswAuthority: promotion.hasNswAuthority,
      endDate: permit.endDate
    });
    const result = schema.safeParse({ ...applicant, postalAddress, website: applicant.website ?? "" });
    return { applicable: true, issues: fromZod(["permit", "applicant"], result) };
  },
  contact: ({ permit, requirements }) => {
    const schema = createContactSchema({ positionRequired: requirements.act.required || requirements.sa.required });
    return { applicable: true, issues: fromZod(["permit", "applicant", "contact"], schema.safeParse(permit.applicant?.contact ?? {})) };
  },
  entry: ({ permit }) => {
    const issues = [];
    const value = permit.entryMethodsValue;
    if (!value) issues.push(issue(["permit", "entryMethodsValue"], MSG_CHECKBOX_GROUP_REQUIRED));
    if (hasFlag(value, ENTRY_METHOD_FLAGS, "other") && blank(permit.entryMethodsOther)) {
      issues.push(issue(["permit", "entryMethodsOther"], MSG_OTHER_DETAIL_REQUIRED));
    }
    if (hasFlag(value, ENTRY_METHOD_FLAGS, "internet") && !WEBSITE_PATTERN.test((permit.entryMethodsWebsite ?? "").trim())) {
      issues.push(issue(["permit", "entryMethodsWebsite"], MSG_WEBSITE_INVALID));
    }
    if (hasAnyFlag(value, ENTRY_METHOD_FLAGS, ["sms", "phone1800", "phone1900", "phone"]) && blank(permit.entryMethodsPhoneNumbers)) {
      issues.push(issue(["permit", "entryMethodsPhoneNumbers"], MSG_PHONE_INVALID));
    }
    if (blank(permit.entryMechanic)) issues.push(issue(["permit", "entryMechanic"], MSG_REQUIRED));
    return { applicable: true, issues };
  },
  finaldraw: ({ promotion, permit }) => {
    const issues = [];
    const draw2 = permit.drawMethodsValue;
    if (!draw2) issues.push(issue(["permit", "drawMethodsValue"], MSG_CHECKBOX_GROUP_REQUIRED));
    if (hasFlag(draw2, DRAW_METHOD_FLAGS, "other") && blank(permit.drawMethodsOther)) {
      issues.push(issue(["permit", "drawMethodsOther"], MSG_OTHER_DETAIL_REQUIRED));
    }
    if (hasDrawnMethod(draw2)) issues.push(...drawIssues(["permit", "finalDraw"], permit.finalDraw));
    const questionRequired = isScrutineerQuestionRequired({ ...promotion, drawMethodsValue: draw2, startDate: permit.startDate ?? promotion.startDate });
    issues.push(...fromZod(["permit"], createScrutineerSchema({ questionRequired }).safeParse(permit)));
    return { applicable: true, issues };
  },
  unclaimeddraw: ({ permit }) => {
    if (!hasDrawnMethod(permit.drawMethodsValue)) return { applicable: false, issues: [] };
    return { applicable: true, issues: drawIssues(["permit", "unclaimedDraw"], permit.unclaimedDraw) };
  },
  notification: ({ promotion, permit, requirements }) => {
    const issues = [];
    const notification = permit.finalDraw?.notification;
    if (!notification?.method) issues.push(issue(["permit", "finalDraw", "notification", "method"], MSG_REQUIRED));
    if (!isValidIsoDate(notification?.date)) issues.push(issue(["permit", "finalDraw", "notification", "date"], MSG_DATE_INVALID));
    if (requirements.act.required) {
      if (blank(promotion.prizePublicationACT)) issues.push(issue(["prizePublicationACT"], MSG_REQUIRED));
      if (!isValidIsoDate(promotion.prizePublicationDateACT)) issues.push(issue(["prizePublicationDateACT"], MSG_DATE_INVALID));
    }
    return { applicable: true, issues };
  },
  categories: ({ promotion }) => {
    const issues = [];
    if (!promotion.prizeCategoriesValue) issues.push(issue(["prizeCategoriesValue"], MSG_CHECKBOX_GROUP_REQUIRED));
    else if (hasFlag(promotion.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, "other") && blank(promotion.prizeCategoriesOther)) {
      issues.push(issue(["prizeCategoriesOther"], MSG_OTHER_DETAIL_REQUIRED));
    }
    return { applicable: true, issues };
  },
  breakdown: ({ promotion }) => {
    const issues = [];
    if (!promotion.prizeQuantityTotal || promotion.prizeQuantityTotal <= 0) {
      issues.push(issue(["prizeQuantityTotal"], MSG_PRIZE_QUANTITY_POSITIVE));
    }
    if (blank(promotion.prizeDescription)) issues.push(issue(["prizeDescription"], MSG_REQUIRED));
    issues.push(...perStatePrizeValueIssues(promotion));
    return { applicable: true, issues };
  },
  attachments: ({ promotion, permit }) => {
    const required = getRequiredAttachmentCodes(attachmentRuleInputOf({ ...promotion, permit }));
    const attachments = promotion.attachments ?? [];
    const issues = required.filter((code) => !attachments.some((a) => a.attachmentType.code === code && isAttachmentValid(a))).map((code) => issue(["attachments", code], MSG_ATTACHMENT_REQUIRED));
    return { applicable: required.length > 0, issues };
  },
  comments: ({ promotion, permit }) => {
    const issues = unansweredQuestionIssues(promotion);
    const touched = permit.visitedComments === true || !blank(permit.comments) || (promotion.actionEntry?.actionQuestions.length ?? 0) > 0;
    return { applicable: touched, issues };
  },
  questions: ({ promotion }) => {
    const questions = promotion.actionEntry?.actionQuestions ?? [];
    return { applicable: questions.length > 0, issues: unansweredQuestionIssues(promotion) };
  }
};
function unansweredQuestionIssues(promotion) {
  return (promotion.actionEntry?.actionQuestions ?? []).map((q, index16) => ({ q, index: index16 })).filter(({ q }) => blank(q.answer)).map(({ index: index16 }) => issue(["actionEntry", "actionQuestions", index16, "answer"], MSG_ACTION_QUESTION_UNANSWERED));
}
function drawIssues(prefix, draw2) {
  const issues = [];
  if (draw2?.multipleDates) {
    if (blank(draw2.multipleDatesDetail)) issues.push(issue([...prefix, "multipleDatesDetail"], MSG_REQUIRED));
  } else {
    if (!isValidIsoDate(draw2?.date)) issues.push(issue([...prefix, "date"], MSG_DATE_INVALID));
    if (!draw2?.time || !/^([01]\d|2[0-3]):[0-5]\d$/.test(draw2.time)) issues.push(issue([...prefix, "time"], MSG_TIME_INVALID));
  }
  if (!AddressSchema.safeParse(draw2?.locationAddress ?? {}).success) issues.push(issue([...prefix, "locationAddress"], MSG_ADDRESS_INCOMPLETE));
  return issues;
}
function contextOf(promotion, clock) {
  const permit = promotion.permit ?? {};
  const requirements = getPermitRequirements({ ...promotion, startDate: permit.startDate ?? promotion.startDate });
  return { promotion, permit, requirements, clock };
}
function wizardContextOf(promotion) {
  return {
    managedSubmission: promotion.managedSubmission,
    skillsBasedTC: promotion.skillsBasedTC,
    termsAndConditions: promotion.termsAndConditions,
    ausStates: promotion.ausStates
  };
}
function getSectionIssues(promotion, section, clock) {
  if (!isSectionVisible(section, wizardContextOf(promotion))) return [];
  return CHECKS[section](contextOf(promotion, clock)).issues;
}
function getSectionValidity(promotion, section, clock) {
  const wizard = wizardContextOf(promotion);
  if (!isSectionVisible(section, wizard)) return "neutral";
  if (section === "attachments" && promotion.managedSubmission === false) return "neutral";
  const { applicable, issues } = CHECKS[section](contextOf(promotion, clock));
  if (issues.length > 0) return "invalid";
  return applicable ? "valid" : "neutral";
}
function getStepValidity(promotion, step, clock) {
  const wizard = wizardContextOf(promotion);
  const found = getWizardSteps(wizard).find((s) => s.key === step);
  if (!found) return "neutral";
  const results = getVisibleSections(found, wizard).map((section) => getSectionValidity(promotion, section, clock));
  if (results.includes("invalid")) return "invalid";
  return results.includes("valid") ? "valid" : "neutral";
}
function isApplicationComplete(promotion, clock) {
  return getWizardSteps(wizardContextOf(promotion)).every((step) => getStepValidity(promotion, step.key, clock) !== "invalid");
}
function getApplicationIssues(promotion, clock) {
  const wizard = wizardContextOf(promotion);
  const modelState = {};
  for (const step of getWizardSteps(wizard)) {
    for (const section of getVisibleSections(step, wizard)) {
      if (section === "attachments" && promotion.managedSubmission === false) continue;
      for (const { path: path8, message } of getSectionIssues(promotion, section, clock)) {
        const key = path8.join(".");
        const list = modelState[key] ??= [];
        if (!list.includes(message)) list.push(message);
      }
    }
  }
  return modelState;
}
function getCompletedSections(promotion, clock) {
  const wizard = wizardContextOf(promotion);
  return getWizardSteps(wizard).flatMap((step) => getVisibleSections(step, wizard)).filter((section) => getSectionValidity(promotion, section, clock) === "valid");
}

// shared/src/compliance/compliance-notes.ts
var category = (key) => (p) => hasFlag(p.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, key);
var entry = (...keys3) => (p) => hasAnyFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, keys3);
var draw = (...keys3) => (p) => hasAnyFlag(p.drawMethodsValue, DRAW_METHOD_FLAGS, keys3);
var COMPLIANCE_NOTE_RULES = [
  { code: "TA", topic: "Motor vehicle prize", shown: category("motorVehicle") },
  { code: "TB", topic: "Travel prize", shown: category("travel") },
  { code: "TC", topic: "Real estate prize", shown: category("realEstate") },
  { code: "TD", topic: "Liquor prize", shown: category("liquor") },
  { code: "TE", topic: "Money prize", shown: category("money") },
  { code: "TF", topic: "Electrical prize", shown: category("electrical") },
  { code: "TG", topic: "Event prize", shown: category("event") },
  { code: "TH", topic: "Prize of $251 or more", shown: (p) => p.prize251OrMore === true || p.prize501OrMore === true || p.prize1001OrMore === true },
  { code: "TI", topic: "Inducements offered", shown: (p) => p.inducementsOffered === true },
  { code: "TJ", topic: "Entry by 1900 number or SMS", shown: entry("phone1900", "sms") },
  { code: "TK", topic: "Entry by internet", shown: entry("internet") },
  { code: "TL", topic: "Entry by mail", shown: entry("mail") },
  { code: "TM", topic: "Gaming entry", shown: entry("gaming") },
  { code: "TN", topic: "Predetermined draw", shown: draw("predetermined") },
  { code: "TO", topic: "Instant win draw", shown: draw("instantElectronic", "instantNonElectronic") },
  { code: "RA", topic: "Permits required", shown: (p) => p.requiresPermits === true },
  { code: "RB", topic: "General requirements", shown: () => true },
  { code: "RC", topic: "NSW scrutineer", shown: (p) => isStateSelected(p.ausStates, "nsw") && p.scrutineerRequired === true },
  { code: "RD", topic: "Not shown", shown: () => false },
  { code: "RE", topic: "Not shown", shown: () => false },
  { code: "RF", topic: "General requirements", shown: () => true },
  { code: "RG", topic: "Computer draw", shown: (p) => p.isComputerDraw === true },
  { code: "RH", topic: "General requirements", shown: () => true }
];
var COMPLIANCE_NOTE_CODES = COMPLIANCE_NOTE_RULES.map((r) => r.code);
function getRelevantComplianceNotes(input) {
  return COMPLIANCE_NOTE_RULES.filter((r) => r.shown(input)).map((r) => r.code);
}

// shared/src/wizard/application-state.ts
function deriveApplicationState(promotion, clock) {
  const permit = promotion.permit ?? {};
  const tiers = getPrizeTierFlags(promotion.maxPrizeValue);
  const flagged = (promotion.actionEntry?.actionFields ?? []).filter((f) => f.checked === true).map((f) => f.actionFieldSlug);
  const unanswered = (promotion.actionEntry?.actionQuestions ?? []).some((q) => !q.answer || q.answer.trim() === "");
  const relevantAttachments = getRelevantAttachmentCodes(attachmentRuleInputOf({ ...promotion, permit }));
  return {
    completedSections: getCompletedSections(promotion, clock),
    applicationComplete: isApplicationComplete(promotion, clock),
    attachmentsRelevant: formatAttachmentCodes(relevantAttachments),
    complianceNotesRelevant: formatAttachmentCodes(
      getRelevantComplianceNotes({
        ...promotion,
        ...tiers,
        inducementsOffered: permit.inducementsOffered,
        entryMethodsValue: permit.entryMethodsValue,
        drawMethodsValue: permit.drawMethodsValue,
        scrutineerRequired: permit.scrutineerRequired,
        isComputerDraw: permit.isComputerDraw
      })
    ),
    ...tiers,
    scrutineerDrawValueExceeded: isScrutineerValueExceeded({ ...promotion, startDate: permit.startDate ?? promotion.startDate }),
    isActionRequired: flagged.length > 0 || unanswered,
    incompleteActionFields: flagged,
    applicationIssues: getApplicationIssues(promotion, clock)
  };
}
function statusAfterSave(statusId, complete, managedSubmission) {
  const result = resolveTransition({
    from: statusId,
    event: complete ? "APPLICATION_COMPLETED" : "APPLICATION_INCOMPLETE",
    role: "system",
    managedSubmission
  });
  return result.ok ? result.to : statusId;
}

// shared/src/validation/account.ts
import { z as z7 } from "zod";

// shared/src/security/messages.ts
var MSG_PASSWORD_TOO_LONG = "Your password must be at most 200 characters long.";
var MSG_PASSWORD_TOO_COMMON = "This password is one of the most commonly used passwords. Please choose another.";
var MSG_CURRENT_PASSWORD_WRONG = "Your current password is not correct.";
var MSG_PASSWORD_CHANGED = "Your password has been changed.";
var MSG_TEXT_TOO_LONG = "This text is too long.";
var MSG_UPLOAD_QUOTA_REACHED = "You have used all of your upload space. Please contact us if you need more.";

// shared/src/validation/account.ts
var PASSWORD_MIN_LENGTH = 12;
var PASSWORD_MAX_LENGTH = 200;
var requiredText2 = z7.string({ error: MSG_COMPLETE_ALL_FIELDS }).max(TEXT_MAX_LENGTH, { error: MSG_COMPLETE_ALL_FIELDS, abort: true }).trim().min(1, { error: MSG_COMPLETE_ALL_FIELDS });
var email = z7.string({ error: MSG_COMPLETE_ALL_FIELDS }).max(EMAIL_MAX_LENGTH + 100, { error: MSG_EMAIL_INVALID, abort: true }).trim().max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true }).min(1, { error: MSG_COMPLETE_ALL_FIELDS, abort: true }).regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID }).transform((value) => value.toLowerCase());
var newPassword = z7.string({ error: MSG_COMPLETE_ALL_FIELDS }).max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_TOO_LONG, abort: true }).min(PASSWORD_MIN_LENGTH, { error: MSG_PASSWORD_TOO_SHORT });
var optionalPhone = z7.string({ error: MSG_PHONE_INVALID }).max(100, { error: MSG_PHONE_INVALID, abort: true }).nullish().transform((value) => value == null ? void 0 : value.replace(/\s+/g, "") || void 0).refine((value) => value === void 0 || PHONE_PATTERN.test(value), { error: MSG_PHONE_INVALID });
var recaptchaResponse = z7.string({ error: MSG_RECAPTCHA_INVALID }).max(1e4, { error: MSG_RECAPTCHA_INVALID }).optional();
function checkAgentFields(value, ctx) {
  if (!value.authorisedAgent) return;
  if (!AddressSchema.safeParse(value.agentBusinessAddress).success) {
    ctx.addIssue({ code: "custom", path: ["agentBusinessAddress"], message: MSG_AGENT_BUSINESS_ADDRESS_REQUIRED });
  }
  if (!value.phone) {
    ctx.addIssue({ code: "custom", path: ["phone"], message: MSG_AGENT_PHONE_REQUIRED });
  }
}
var LoginSchema = z7.object({
  email,
  password: z7.string({ error: MSG_PASSWORD_REQUIRED }).max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_REQUIRED, abort: true }).min(1, { error: MSG_PASSWORD_REQUIRED }),
  recaptchaResponse
});
var RegisterSchema = z7.object({
  email,
  password: newPassword,
  firstName: requiredText2,
  lastName: requiredText2,
  accountName: requiredText2,
  phone: optionalPhone,
  optedIntoCommunication: z7.boolean().default(false),
  authorisedAgent: z7.boolean().default(false),
  agentBusinessAddress: AddressDraftSchema.nullish(),
  agreedTerms: z7.boolean({ error: MSG_MUST_AGREE_TERMS }).refine((value) => value === true, { error: MSG_MUST_AGREE_TERMS }),
  recaptchaResponse
}).superRefine(checkAgentFields);
var ForgotPasswordSchema = z7.object({ email, recaptchaResponse });
var ResetPasswordSchema = z7.object({
  token: z7.string({ error: MSG_RESET_TOKEN_REQUIRED }).max(200, { error: MSG_RESET_TOKEN_REQUIRED, abort: true }).trim().min(1, { error: MSG_RESET_TOKEN_REQUIRED }),
  password: newPassword
});
var AccountUpdateSchema = z7.object({
  firstName: requiredText2,
  lastName: requiredText2,
  accountName: requiredText2,
  phone: optionalPhone,
  optedIntoCommunication: z7.boolean().default(false),
  authorisedAgent: z7.boolean().default(false),
  agentBusinessAddress: AddressDraftSchema.nullish()
}).superRefine(checkAgentFields);
var AdminUpdateUserEmailSchema = z7.object({
  userId: z7.union([z7.string().min(1), z7.number().int().positive()]),
  email: z7.string({ error: MSG_EMAIL_REQUIRED }).max(EMAIL_MAX_LENGTH + 100, { error: MSG_EMAIL_INVALID, abort: true }).trim().max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true }).min(1, { error: MSG_EMAIL_REQUIRED, abort: true }).regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID }).transform((value) => value.toLowerCase())
});
var UserSchema = z7.object({
  userId: z7.union([z7.string(), z7.number()]),
  email: z7.string(),
  optedIntoCommunication: z7.boolean(),
  authorisedAgent: z7.boolean(),
  accountName: z7.string(),
  firstName: z7.string(),
  lastName: z7.string(),
  phone: z7.string().nullish(),
  agentBusinessAddress: AddressDraftSchema.nullish()
});

// shared/src/validation/permit-save.ts
import { z as z8 } from "zod";
function draftText(check2) {
  return z8.string().nullish().superRefine((value, ctx) => {
    if (!check2 || value == null) return;
    if (value.length > TEXT_MAX_LENGTH) return void ctx.addIssue({ code: "custom", message: check2("") ?? MSG_TEXT_TOO_LONG });
    if (value.trim() === "") return;
    const message = check2(value.trim());
    if (message) ctx.addIssue({ code: "custom", message });
  });
}
var draftDate = z8.string({ error: MSG_DATE_INVALID }).nullish().refine((value) => value == null || value === "" || isValidIsoDate(value), { error: MSG_DATE_INVALID });
var draftTime = z8.string({ error: MSG_TIME_INVALID }).nullish().refine((value) => value == null || value === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { error: MSG_TIME_INVALID });
var draftCents = MoneySchema.nullish();
var draftFlags = z8.number().int().min(0).nullish();
var draftBool = z8.boolean().nullish();
var draftPhone = draftText((v) => PHONE_PATTERN.test(v.replace(/\s+/g, "")) ? null : MSG_PHONE_INVALID);
var draftEmail = draftText((v) => v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v) ? null : MSG_EMAIL_INVALID);
var ContactDraftSchema = z8.object({
  title: z8.string().nullish(),
  firstName: z8.string().nullish(),
  lastName: z8.string().nullish(),
  position: z8.string().nullish(),
  phone: draftPhone,
  email: draftEmail
});
var ApplicantDraftSchema = z8.object({
  id: IdSchema.nullish(),
  organisation: z8.string().nullish(),
  abnacn: draftText(abnAcnError),
  tradingName: z8.string().nullish(),
  businessAddress: AddressDraftSchema.nullish(),
  postalAddress: AddressDraftSchema.nullish(),
  /** The postal address is a copy of the business address. */
  postalSameAsBusiness: draftBool,
  website: draftText((v) => WEBSITE_PATTERN.test(v) ? null : MSG_WEBSITE_INVALID),
  nswAuthorityNumber: z8.string().nullish(),
  nswAuthorityExpiration: draftDate,
  nswAuthorityDuration: z8.number().int().positive().nullish(),
  reuseFromPromotion: IdSchema.nullish(),
  hasLetterOfAuthority: draftBool,
  promotionId: IdSchema.nullish(),
  contact: ContactDraftSchema.nullish()
});
var DrawDraftSchema = z8.object({
  multipleDates: draftBool,
  multipleDatesDetail: z8.string().nullish(),
  date: draftDate,
  time: draftTime,
  locationAddress: AddressDraftSchema.nullish(),
  locationOrganisation: z8.string().nullish(),
  notification: z8.object({
    method: z8.enum(NOTIFICATION_METHODS).nullish(),
    date: draftDate
  }).nullish()
});
var AttachmentDraftSchema = z8.object({
  attachmentType: z8.object({
    code: z8.string().min(1).max(2),
    slug: z8.string().nullish(),
    name: z8.string().nullish(),
    isAddendum: draftBool
  }),
  exists: draftBool,
  uploaded: draftBool,
  isUploading: draftBool,
  reuseFromPromotion: IdSchema.nullish(),
  shouldReuse: draftBool,
  fileName: z8.string().nullish(),
  userFileName: z8.string().nullish(),
  fileExtension: z8.string().nullish(),
  uploadDate: z8.string().nullish(),
  submitDate: z8.string().nullish()
});
var PermitDraftSchema = z8.object({
  startDate: draftDate,
  startTime: draftTime,
  endDate: draftDate,
  endTime: draftTime,
  requiredDate: draftDate,
  under18s: draftBool,
  inducementsOffered: draftBool,
  inducementsDetail: z8.string().nullish(),
  advertisingMethodsValue: draftFlags,
  advertisingMethodsOther: z8.string().nullish(),
  promotedProducts: z8.string().nullish(),
  entryMethodsValue: draftFlags,
  entryMethodsPhoneNumbers: z8.string().nullish(),
  entryMethodsOther: z8.string().nullish(),
  entryMethodsWebsite: draftText((v) => WEBSITE_PATTERN.test(v) ? null : MSG_WEBSITE_INVALID),
  entryMechanic: z8.string().nullish(),
  entriesPerDay: z8.union([z8.number().int().min(0), z8.string()]).nullish(),
  multiplePrizesAllowed: draftBool,
  drawMethodsValue: draftFlags,
  drawMethodsOther: z8.string().nullish(),
  visitedEntryDraw: draftBool,
  visitedComments: draftBool,
  isComputerDraw: draftBool,
  randomDrawMachineApproved: draftBool,
  finalDraw: DrawDraftSchema.nullish(),
  unclaimedDraw: DrawDraftSchema.nullish(),
  scrutineerRequired: draftBool,
  scrutineerName: z8.string().nullish(),
  nonIndependentScrutineer: draftBool,
  nonIndependentScrutineerReason: z8.string().nullish(),
  comments: z8.string().nullish(),
  /** Skill promotions (issue 14): how entries are judged and who judges them, for the T&Cs. */
  judgingCriteria: z8.string().max(4e3).nullish(),
  judges: z8.string().max(1e3).nullish(),
  applicant: ApplicantDraftSchema.nullish()
});
var ActionEntrySchema = z8.object({
  actionFields: z8.array(z8.object({ actionFieldSlug: z8.string(), checked: draftBool, comment: z8.string().nullish() })).default([]),
  actionQuestions: z8.array(z8.object({ question: z8.string(), answer: z8.string().nullish() })).default([])
});
var PermitSaveSchema = z8.object({
  id: IdSchema,
  versionNumber: z8.number().int().min(0),
  name: z8.string().nullish(),
  startDate: draftDate,
  ausStates: AusStatesSchema,
  includeNz: z8.boolean().default(false),
  totalPrizeValue: draftCents,
  prizeValueACT: draftCents,
  prizeValueNSW: draftCents,
  prizeValueSA: draftCents,
  prizeValueVIC: draftCents,
  prizeValueQLD: draftCents,
  prizeValueTAS: draftCents,
  prizeValueWA: draftCents,
  prizeValueNT: draftCents,
  prizeQuantityTotal: z8.number().int().min(0).nullish(),
  prizeDescription: z8.string().nullish(),
  prizeCategoriesValue: draftFlags,
  prizeCategoriesOther: z8.string().nullish(),
  /** Value of the most valuable single prize, for the prize tiers 251/501/1001. */
  maxPrizeValue: draftCents,
  prizePublicationACT: z8.string().nullish(),
  prizePublicationDateACT: draftDate,
  managedSubmission: z8.boolean().default(true),
  randomDraw: z8.boolean().default(false),
  termsAndConditions: z8.boolean().default(false),
  abridgedTC: z8.boolean().default(false),
  hostedTC: z8.boolean().default(false),
  skillsBasedTC: z8.boolean().default(false),
  usingRandomDrawsDotCom: draftBool,
  winnersDrawnElectronically: draftBool,
  hasNswAuthority: draftBool,
  hasInstantWinPrizes: draftBool,
  randomDrawMachineApproved: draftBool,
  letterOfAuthorityReused: draftBool,
  attachments: z8.array(AttachmentDraftSchema).default([]),
  attachmentsManualOverride: draftBool,
  attachmentsManuallyRequired: z8.string().nullish(),
  actionEntry: ActionEntrySchema.nullish(),
  permit: PermitDraftSchema
});
var SaveNswAuthoritySchema = z8.object({
  id: IdSchema,
  versionNumber: z8.number().int().min(0).optional(),
  hasNswAuthority: z8.boolean({ error: "Please answer whether you hold an NSW authority." }),
  nswAuthorityNumber: z8.string().trim().max(100).nullish(),
  nswAuthorityExpiration: draftDate,
  nswAuthorityDuration: z8.number().int().positive().max(5).nullish()
});
var SaveAttachmentsSchema = z8.object({
  id: IdSchema,
  versionNumber: z8.number().int().min(0).optional(),
  attachments: z8.array(AttachmentDraftSchema).max(40)
});

// shared/src/validation/permit-number.ts
import { z as z9 } from "zod";
var PERMIT_NUMBER_STATES = ["ACT", "NSW", "SA"];
function defaultPermitNumber(state, clock) {
  const yy = String(sydneyParts(clock.now).year % 100).padStart(2, "0");
  switch (state) {
    case "NSW":
      return "NTP/";
    case "ACT":
      return `TP ${yy}/`;
    case "SA":
      return `T${yy}/`;
  }
}
function isValidPermitNumber(state, number, clock) {
  const prefix = defaultPermitNumber(state, clock);
  const value = number.trim();
  return value !== prefix && value.startsWith(prefix) && value.length > prefix.length;
}
function createPermitNumberSaveSchema(clock) {
  return z9.object({
    promotionId: IdSchema,
    state: z9.enum(PERMIT_NUMBER_STATES),
    number: z9.string({ error: MSG_INVALID_PERMIT_NUMBER }).trim(),
    approvalDate: z9.string({ error: MSG_INVALID_APPROVAL_DATE }).nullish(),
    fileName: z9.string().nullish()
  }).superRefine((value, ctx) => {
    if (!isValidPermitNumber(value.state, value.number, clock)) {
      ctx.addIssue({ code: "custom", path: ["number"], message: MSG_INVALID_PERMIT_NUMBER });
    }
    if (!isValidIsoDate(value.approvalDate) || value.approvalDate > today(clock)) {
      ctx.addIssue({ code: "custom", path: ["approvalDate"], message: MSG_INVALID_APPROVAL_DATE });
    }
  });
}
function maxPermitExpiryDate(clock) {
  return addYears(today(clock), PERMIT_EXPIRY_MAX_YEARS_AHEAD);
}

// shared/src/validation/applicant-compliance.ts
import { z as z10 } from "zod";
var COMPLIANCE_NOTE_MAX_LENGTH = 4e3;
var MSG_RECORD_ID_INVALID = "Please give a valid id.";
var MSG_MANAGED_FLAG_INVALID = "managedSubmission must be true or false.";
var MSG_COMPLIANCE_NOTE_CATEGORY_INVALID = "Please choose a compliance note category: TA to TO or RA to RH.";
var MSG_COMPLIANCE_NOTE_TEXT_REQUIRED = "Please enter the text of the compliance note.";
var MSG_COMPLIANCE_NOTE_TEXT_TOO_LONG = `A compliance note can be at most ${COMPLIANCE_NOTE_MAX_LENGTH} characters.`;
var blankToUndefined = (value) => typeof value === "string" && value.length <= 1e3 && value.trim() === "" ? void 0 : value;
var RecordIdInputSchema = z10.preprocess(
  (value) => typeof value === "string" && value.length <= 40 && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value,
  z10.number({ error: MSG_RECORD_ID_INVALID }).int({ error: MSG_RECORD_ID_INVALID }).positive({ error: MSG_RECORD_ID_INVALID }).max(2147483647, { error: MSG_RECORD_ID_INVALID })
);
var QueryFlagSchema = z10.preprocess(
  (value) => typeof value === "string" && value.length <= 40 ? value.trim().toLowerCase() : value,
  z10.union([z10.boolean(), z10.enum(["true", "false", "1", "0"])], { error: MSG_MANAGED_FLAG_INVALID }).transform((value) => value === true || value === "true" || value === "1")
);
var managedFields = {
  managedSubmission: z10.preprocess(blankToUndefined, QueryFlagSchema.optional()),
  managed: z10.preprocess(blankToUndefined, QueryFlagSchema.optional())
};
function resolveManaged({ managed, ...rest }) {
  return { ...rest, managedSubmission: rest.managedSubmission ?? managed };
}
var ApplicantReuseListQuerySchema = z10.object({
  /** Part of the promotion name or of the applicant's organisation, any case. */
  search: z10.preprocess(blankToUndefined, z10.string().max(1e3, { error: "The search can be at most 200 characters.", abort: true }).trim().max(200, { error: "The search can be at most 200 characters." }).optional()),
  /** The promotion being edited, left out of the list. */
  exclude: z10.preprocess(blankToUndefined, RecordIdInputSchema.optional()),
  ...managedFields
}).transform(resolveManaged);
var ApplicantGetQuerySchema = z10.object({
  id: RecordIdInputSchema,
  ...managedFields
}).transform(resolveManaged);
var ApplicantLatestQuerySchema = z10.object({ ...managedFields }).transform(resolveManaged);
var ComplianceNoteListQuerySchema = z10.object({ promotionId: RecordIdInputSchema });
var ComplianceNoteCategorySchema = z10.string({ error: MSG_COMPLIANCE_NOTE_CATEGORY_INVALID }).trim().toUpperCase().refine((code) => COMPLIANCE_NOTE_CODES.includes(code), { error: MSG_COMPLIANCE_NOTE_CATEGORY_INVALID });
var ComplianceNoteCreateSchema = z10.object({
  promotionId: RecordIdInputSchema,
  categorySlug: ComplianceNoteCategorySchema,
  text: z10.string({ error: MSG_COMPLIANCE_NOTE_TEXT_REQUIRED }).trim().min(1, { error: MSG_COMPLIANCE_NOTE_TEXT_REQUIRED }).max(COMPLIANCE_NOTE_MAX_LENGTH, { error: MSG_COMPLIANCE_NOTE_TEXT_TOO_LONG })
});
var ComplianceNoteDeleteSchema = z10.object({ id: RecordIdInputSchema });

// shared/src/reminders/messages.ts
var MSG_LIST_NAME_REQUIRED = "Please enter a name for the distribution list.";
var MSG_LIST_EMAILS_REQUIRED = "Please enter at least one e-mail address.";
var MSG_LIST_ROW_INVALID = (line, value) => `Line ${line}: "${value}" is not a valid e-mail address.`;
var MSG_LIST_CSV_INVALID = "The file could not be read as CSV. Please upload a .csv file with one e-mail address per row.";
var MSG_LIST_NOT_FOUND = "The distribution list was not found.";
var MSG_REMINDER_KIND_INVALID = "Please choose a reminder from the list.";
var MSG_REMINDER_DAYS_INVALID = "Please enter a whole number of days between 0 and 365.";
var MSG_REMINDER_PAST = "This reminder date has already passed, so it will not be sent. Change the date or the days before to set it again.";
var MSG_REMINDER_NO_DATE = "This date is not set in the application yet; the reminder is planned once it is.";
var MSG_UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid. Please use the link in the latest reminder e-mail.";
var MSG_UNSUBSCRIBED = "You will no longer receive reminders for this promotion.";
var MSG_RESUBSCRIBED = "You will receive reminders for this promotion again.";
var MSG_LAWYER_CONTACT_NEXT_STEPS = "Thank you. Our team has been asked to put you in touch with a lawyer: they will e-mail or call you within one business day.";
var MSG_REMINDERS_LIST_INVALID = "Please choose the reminders to set for this promotion.";

// shared/src/reminders/reminders.ts
import { z as z11 } from "zod";
var REMINDER_KINDS = [
  "required-date",
  "start",
  "final-draw",
  "notification",
  "act-publication",
  "sa-publication",
  "unclaimed-draw",
  "nsw-authority-expiry"
];
var REMINDER_SEND_TIME = "08:00";
var SA_PUBLICATION_DAYS_AFTER_DRAW = 30;
var REMINDER_DATE_SETTINGS = [
  { kind: "required-date", label: "Lodgement deadline", description: "The permit applications must be lodged by this date for the promotion to start on time.", daysBefore: 3, businessDays: true },
  { kind: "start", label: "Promotion starts", description: "Entries open. The terms and conditions and any permit numbers must be published from now.", daysBefore: 1, businessDays: false },
  { kind: "final-draw", label: "Final draw", description: "The winners are drawn at the place and time in the permit, under the scrutineer if one is required.", daysBefore: 0, businessDays: false },
  { kind: "notification", label: "Winner notification", description: "The winners must be notified by this date.", daysBefore: 0, businessDays: false },
  { kind: "act-publication", label: "ACT winner publication", description: "The ACT permit requires the winners to be published on this date.", daysBefore: 0, businessDays: false },
  { kind: "sa-publication", label: "SA winner publication", description: "The SA permit requires the winners to be published within 30 days of the draw: this is the last day.", daysBefore: 7, businessDays: false },
  { kind: "unclaimed-draw", label: "Unclaimed prize draw", description: "Prizes not claimed are redrawn on this date.", daysBefore: 0, businessDays: false },
  { kind: "nsw-authority-expiry", label: "NSW authority expires", description: "The NSW authority expires: renew it before running another promotion in NSW.", daysBefore: 30, businessDays: false }
];
function reminderSetting(kind) {
  return REMINDER_DATE_SETTINGS.find((setting) => setting.kind === kind);
}
function dateOf(value) {
  return isValidIsoDate(value) ? value : null;
}
function timeOf(value) {
  return typeof value === "string" && /^\d{2}:\d{2}$/.test(value) ? value : null;
}
function objectOf(value) {
  return value && typeof value === "object" ? value : {};
}
function promotionKeyDates(source) {
  const permit = objectOf(source.permit);
  const finalDraw = objectOf(permit.finalDraw);
  const unclaimedDraw = objectOf(permit.unclaimedDraw);
  const notification = objectOf(finalDraw.notification);
  const drawDate = dateOf(finalDraw.date);
  const found = [
    ["required-date", dateOf(permit.requiredDate), null],
    ["start", dateOf(permit.startDate), timeOf(permit.startTime)],
    ["end", dateOf(permit.endDate), timeOf(permit.endTime)],
    ["final-draw", drawDate, timeOf(finalDraw.time)],
    ["notification", dateOf(notification.date), null],
    ["act-publication", source.states.act ? dateOf(objectOf(source.details).prizePublicationDateACT) ?? (drawDate ? defaultActPublicationDate(drawDate) : null) : null, null],
    ["sa-publication", source.states.sa && drawDate ? addDays(drawDate, SA_PUBLICATION_DAYS_AFTER_DRAW) : null, null],
    ["unclaimed-draw", dateOf(unclaimedDraw.date), timeOf(unclaimedDraw.time)],
    ["nsw-authority-expiry", source.states.nsw ? dateOf(objectOf(source.applicant).nswAuthorityExpiration) : null, null]
  ];
  const dates = [];
  for (const [kind, date5, time] of found) {
    if (!date5) continue;
    const meta2 = kind === "end" ? END_DATE_META : reminderSetting(kind);
    dates.push({ kind, label: meta2.label, description: meta2.description, date: date5, time });
  }
  return dates.sort((a, b) => a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
}
var END_DATE_META = { label: "Promotion ends", description: "Entries close. The draw follows on the final draw date." };
var ReminderChoiceSchema = z11.object({
  kind: z11.enum(REMINDER_KINDS, { error: MSG_REMINDER_KIND_INVALID }),
  /** Send to the account holder's e-mail address. */
  accountHolder: z11.boolean().default(true),
  distributionListIds: z11.array(z11.number().int().positive()).default([]),
  daysBefore: z11.number({ error: MSG_REMINDER_DAYS_INVALID }).int({ error: MSG_REMINDER_DAYS_INVALID }).min(0, { error: MSG_REMINDER_DAYS_INVALID }).max(365, { error: MSG_REMINDER_DAYS_INVALID }).optional()
});
function reminderDateFor(kind, date5, daysBefore) {
  const setting = reminderSetting(kind);
  const days = daysBefore ?? setting.daysBefore;
  return setting.businessDays ? addBusinessDays(date5, -days) : addDays(date5, -days);
}
function planReminders(choices, source, clock) {
  const dates = promotionKeyDates(source);
  return choices.map((choice) => {
    const setting = reminderSetting(choice.kind);
    const date5 = dates.find((d) => d.kind === choice.kind)?.date ?? null;
    const daysBefore = choice.daysBefore ?? setting.daysBefore;
    const reminderDate = date5 ? reminderDateFor(choice.kind, date5, daysBefore) : null;
    const sendAt = reminderDate ? sydneyInstant(reminderDate, REMINDER_SEND_TIME) : null;
    const status = !sendAt ? "no-date" : sendAt.getTime() <= clock.now.getTime() ? "past" : "scheduled";
    return {
      kind: choice.kind,
      label: setting.label,
      date: date5,
      daysBefore,
      businessDays: setting.businessDays,
      reminderDate,
      sendAt,
      status,
      accountHolder: choice.accountHolder,
      distributionListIds: choice.distributionListIds
    };
  });
}
function daysLeft(date5, clock) {
  return daysBetween(today(clock), date5);
}

// shared/src/wire/responses.ts
import { z as z12 } from "zod";
var isoDateTime = z12.string().describe("ISO 8601 date and time");
var dollars = z12.number().describe("dollars, at most two decimals");
var OkResponseSchema = z12.object({ ok: z12.literal(true) });
var MessageResponseSchema = z12.object({ message: z12.string() });
var IdResponseSchema = z12.object({ id: z12.number().int() });
var ErrorResponseSchema = z12.object({
  message: z12.string(),
  modelState: z12.record(z12.string(), z12.array(z12.string())).optional().describe('Per-field messages by dotted path; the root is the key ""'),
  code: z12.string(),
  requestId: z12.string().optional()
});
var UserViewSchema = z12.object({
  userId: z12.number().int(),
  email: z12.string(),
  firstName: z12.string(),
  lastName: z12.string(),
  accountName: z12.string(),
  phone: z12.string().nullable(),
  optedIntoCommunication: z12.boolean(),
  authorisedAgent: z12.boolean(),
  agentBusinessAddress: AddressDraftSchema.nullable(),
  agent: z12.boolean().describe("staff"),
  emailConfirmed: z12.boolean()
});
var RegisterResponseSchema = z12.object({ message: z12.string(), email: z12.string() });
var LoginResponseSchema = z12.object({ agent: z12.boolean(), user: UserViewSchema, staffPath: z12.string().optional() });
var AuthenticatedResponseSchema = z12.object({ authenticated: z12.literal(true), agent: z12.boolean() });
var LogOutResponseSchema = z12.object({ authenticated: z12.literal(false) });
var AccountUpdateResponseSchema = z12.object({ message: z12.string(), user: UserViewSchema });
var AccountGetResponseSchema = UserViewSchema.extend({ loaded: z12.literal(true) });
var AccountCurrentResponseSchema = z12.union([
  z12.object({ authenticated: z12.literal(true), user: UserViewSchema }),
  z12.object({ authenticated: z12.literal(false), user: z12.null() })
]);
var AccountDetailsResponseSchema = UserViewSchema.extend({ createdAt: isoDateTime, emailConfirmedAt: isoDateTime.nullable() });
var SupportDetailsResponseSchema = z12.object({
  name: z12.string(),
  organisation: z12.string(),
  phone: z12.string().nullable(),
  email: z12.string(),
  promotions: z12.array(z12.object({ id: z12.number().int(), name: z12.string(), statusId: z12.number().int() }))
});
var BotCheckConfigResponseSchema = z12.object({ mode: z12.enum(["altcha", "recaptcha", "off"]), siteKey: z12.string().optional() });
var BotCheckChallengeResponseSchema = z12.looseObject({ algorithm: z12.string(), challenge: z12.string(), salt: z12.string(), signature: z12.string() });
var ContactResponseSchema = z12.object({ id: z12.number().int(), message: z12.string() });
var HealthResponseSchema = z12.object({ status: z12.literal("ok"), cms: z12.enum(["building", "ready", "failed"]).optional() });
var SupportItemsResponseSchema = z12.array(z12.object({ id: z12.number(), question: z12.string(), answer: z12.string(), order: z12.number() }));
var UploadResponseSchema = z12.object({
  message: z12.string(),
  serverFileName: z12.string(),
  headerFileName: z12.string(),
  fileExtension: z12.string(),
  date: isoDateTime
});
var PermitStatusViewSchema = z12.object({ id: z12.number().int(), name: z12.string(), slug: z12.string() });
var PromotionListItemSchema = z12.looseObject({
  id: z12.number().int(),
  name: z12.string(),
  permitStatus: PermitStatusViewSchema,
  startDate: z12.string().nullable(),
  ausStates: z12.record(z12.string(), z12.boolean()),
  includeNz: z12.boolean(),
  totalPrizeValue: dollars,
  postSubmissionTotalPrizeValue: dollars.nullable(),
  isSubmittedOrGenerated: z12.boolean(),
  managedSubmission: z12.boolean(),
  skillsBasedTC: z12.boolean(),
  hasTermsAndConditions: z12.boolean(),
  archived: z12.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime
});
var PromotionListResponseSchema = z12.object({ promotions: z12.array(PromotionListItemSchema), promotionCount: z12.number().int().nullable() });
var PromotionReuseListResponseSchema = z12.array(PromotionListItemSchema);
var feeDue = dollars.nullish();
var PromotionPermitViewSchema = z12.looseObject({
  feeDue_NSW: feeDue,
  feeDue_ACT: feeDue,
  feeDue_SA: feeDue,
  feeDue_Service: feeDue,
  feeDue_GST: feeDue,
  feeDue_GrandTotal: feeDue,
  completedSections: z12.unknown(),
  applicationComplete: z12.boolean(),
  permitStatus: PermitStatusViewSchema,
  feeRuleSetId: z12.string()
});
var PromotionViewSchema = PromotionListItemSchema.extend({
  permit: PromotionPermitViewSchema,
  versionNumber: z12.number().int().describe("the concurrency token: send it back with the next save"),
  servicesString: z12.string(),
  durationString: z12.string(),
  notesCount: z12.number().int(),
  attachments: z12.array(z12.looseObject({})),
  /** 001 §3 `unsubscribed`: the account holder stopped this promotion's reminders (GET only). */
  unsubscribed: z12.boolean().optional(),
  /** 001 §3 `reminders`: the reminders set (kind, offset, recipients); plan and dates in GET /api/Reminder/get. */
  reminders: z12.array(z12.object({ kind: z12.string(), daysBefore: z12.number().int().nullable(), accountHolder: z12.boolean(), distributionListIds: z12.array(z12.number().int()) })).optional(),
  permitNumbers: z12.array(z12.object({ state: z12.string(), number: z12.string(), approvalDate: z12.string(), expiryDate: z12.string().nullable(), documentFileName: z12.string().nullable().optional().describe("the permit document, at /download/upload/{documentFileName}") })).optional().describe("permit numbers staff saved, by state"),
  /** 001 §5 `skillsBasedTCEditWindow` (GET only; read-only: a value sent back with a save is ignored). */
  skillsBasedTCEditWindow: isoDateTime.nullable().optional().describe("Bought skill T&Cs: until when the customer may amend the application and regenerate the T&Cs (null: not a skill promotion, or not bought yet). Read-only; GET only")
});
var ArchiveResponseSchema = z12.object({ id: z12.number().int(), archived: z12.boolean() });
var DeleteResponseSchema = z12.object({ id: z12.number().int(), deleted: z12.boolean() });
var LawyerContactResponseSchema = z12.object({ id: z12.number().int(), lawyerContactRequested: z12.literal(true), message: z12.string() });
var PromotionNoteViewSchema = z12.object({ id: z12.number().int(), note: z12.string(), promotion_id: z12.number().int(), createdAt: isoDateTime, updatedAt: isoDateTime });
var ComplianceNoteViewSchema = z12.object({ id: z12.number().int(), promotionId: z12.number().int(), categorySlug: z12.string(), text: z12.string(), createdAt: isoDateTime });
var ApplicantReuseItemSchema = z12.object({
  id: z12.number().int(),
  promotionId: z12.number().int(),
  promotionName: z12.string(),
  organisation: z12.string(),
  contactName: z12.string().nullable(),
  updatedAt: isoDateTime
});
var ApplicantViewSchema = z12.looseObject({ id: z12.number().int(), promotionId: z12.number().int() });

// shared/src/wire/money-fields.ts
var PROMOTION_MONEY_FIELDS = [
  "totalPrizeValue",
  "postSubmissionTotalPrizeValue",
  "maxPrizeValue",
  "prizeValueACT",
  "prizeValueNSW",
  "prizeValueSA",
  "prizeValueVIC",
  "prizeValueQLD",
  "prizeValueTAS",
  "prizeValueWA",
  "prizeValueNT"
];
var isFeeField = (key) => key.startsWith("feeDue_");
function convertFields(value, keys3, convert, fees) {
  if (!value || typeof value !== "object") return value;
  const out = { ...value };
  for (const key of Object.keys(out)) {
    const v = out[key];
    if (typeof v === "number" && (keys3.includes(key) || fees && isFeeField(key))) out[key] = convert(v);
  }
  return out;
}
var centsToWire = toDollars;
function feesToWire(fees) {
  return convertFields(fees, [], centsToWire, true);
}
function promotionToWire(promotion) {
  const out = convertFields(promotion, PROMOTION_MONEY_FIELDS, centsToWire, false);
  if (out && typeof out.permit === "object" && out.permit !== null) out.permit = feesToWire(out.permit);
  return out;
}

// shared/src/payments/messages.ts
var MSG_CARD_MAY_HAVE_BEEN_CHARGED = "An error occurred. Please do not try again, as the card may have been charged.";
var MSG_CONFIRM_PAYMENT_FIELDS = "Please confirm all fields on the previous page are correct, then try again.";
var MSG_CARD_NAME_REQUIRED = "Enter the name on the card.";
var MSG_CARD_NUMBER_INVALID = "Enter a valid card number.";
var MSG_CARD_CVC_INVALID = "Enter the 3 or 4 digit security code.";
var MSG_CARD_EXPIRY_INVALID = "Enter an expiry date in the future (MM/YY).";
var MSG_CARD_DECLINED = "Your card was declined.";
var MSG_CARD_AUTHENTICATION_REQUIRED = "Your card requires authentication. Please use another card or pay by BPAY.";
var MSG_CARD_AUTHENTICATION_FAILED = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
var MSG_PAYMENT_NOT_FOR_INVOICE = "This payment does not belong to this invoice.";
var MSG_RAW_CARD_REFUSED = "Card details must be entered in the secure card field, not sent to this server.";
var MSG_NOT_READY_FOR_PAYMENT = "This application is not ready for payment.";
var MSG_BPAY_NOT_AVAILABLE = "There is no BPAY payment awaiting clearance for this application.";
var MSG_INVOICE_ALREADY_PAID = "This invoice has already been paid.";
var MSG_INVOICE_ALREADY_CANCELLED = "This invoice has already been cancelled.";
var MSG_NO_ADDITIONAL_PAYMENT_DUE = "There is no additional payment due for this application.";
var MSG_STRIPE_SIGNATURE_INVALID = "The Stripe signature of this event is not valid.";
var MSG_PAYMENT_DUE_BEFORE_GENERATION = "Please pay for this application before its forms are generated.";
var MSG_ADDENDUM_UNKNOWN = "Choose one of the addenda: list of entries, list of prize winners, list of unclaimed prize winners, statutory declaration of scrutineer or abridged terms and conditions.";
var MSG_ADDENDUM_FILE_REQUIRED = "Upload the addendum before submitting it.";
var MSG_ADDENDUM_NOT_AFTER_SUBMISSION = "An addendum can be submitted once the application has been submitted.";
var MSG_LODGEMENT_PACK_NOT_PAID = "The lodgement pack is available once the application has been paid.";
var MSG_INVOICE_AMOUNT_REQUIRED = "Enter an amount greater than $0.";
var MSG_STAFF_CARD_NEEDS_AUTHENTICATION = "This card needs the cardholder to authenticate; ask the customer to pay from their dashboard.";
var MSG_LODGEMENT_PACK_BUILDING = "The lodgement pack is being prepared. Please try again in a moment.";
var MSG_LODGEMENT_PACK_FAILED = "The lodgement pack could not be prepared. Our staff have been told; you can ask for it again.";
var MSG_LODGEMENT_PACK_STORAGE_FAILED = "The file store did not answer while the lodgement pack was saved.";
var MSG_LODGEMENT_PACK_FORMS_FAILED = "The application forms could not be printed.";
var MSG_PAYMENT_TOTAL_CHANGED = "The amount owed for this application has changed since this page was opened. Nothing was charged: check the new total and pay again.";
var MSG_TEST_MODE = "TEST MODE \u2014 no money taken";
var PAID_SERVICE_NAMES = {
  terms: "The terms and conditions (approval, PDF and hosted page)",
  draw: "The random draw (running it, its certificate and public result)",
  lodgementPack: "The lodgement pack"
};
function msgServiceUnpaid(service, owed, paymentPath) {
  return `${PAID_SERVICE_NAMES[service]} will be available once this promotion is paid. Please pay ${owed} on the payment page: ${paymentPath}`;
}
var MSG_WAIVER_REASON_REQUIRED = "Give the reason for waiving the payment (it is kept in the changelog).";
var INVOICE_EMAILS_PER_HOUR = 5;
function msgInvoiceEmailLimit(minutes) {
  return `A tax invoice can be e-mailed ${INVOICE_EMAILS_PER_HOUR} times an hour. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or download the PDF.`;
}

// shared/src/payments/card.ts
var BRANDS = [
  { brand: "amex", prefix: /^3[47]/, lengths: [15] },
  { brand: "diners", prefix: /^3(0[0-5]|[68])/, lengths: [14, 16] },
  { brand: "jcb", prefix: /^35/, lengths: [16] },
  { brand: "visa", prefix: /^4/, lengths: [13, 16, 19] },
  { brand: "mastercard", prefix: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, lengths: [16] },
  { brand: "discover", prefix: /^(6011|65|64[4-9])/, lengths: [16, 19] }
];
function cardDigits(number) {
  return number.replace(/[\s-]/g, "");
}
function cardBrand(number) {
  const digits = cardDigits(number);
  return BRANDS.find((b) => b.prefix.test(digits))?.brand ?? "unknown";
}
function luhnValid(digits) {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
function luhnCheckDigit(digits) {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${digits}${d}`)) return d;
  throw new RangeError(`Not digits: ${digits}`);
}
function cardNumberValid(number) {
  const digits = cardDigits(number);
  const rule = BRANDS.find((b) => b.prefix.test(digits));
  return !!rule && rule.lengths.includes(digits.length) && luhnValid(digits);
}
function parseExpiry(expiry) {
  const match = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2e3 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}
function expiryInFuture(expiry, now) {
  const parsed = parseExpiry(expiry);
  if (!parsed) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return parsed.year * 12 + (parsed.month - 1) >= current;
}
function cvcValid(cvc) {
  return /^\d{3,4}$/.test(cvc);
}
function checkCard(card, now, keys3 = { name: "cardName", number: "cardNumber", cvc: "cardSecurityCode", expiry: "cardExpiry" }) {
  const errors = {};
  if (!card.name || !card.name.trim()) errors[keys3.name] = [MSG_CARD_NAME_REQUIRED];
  if (!card.number || !cardNumberValid(card.number)) errors[keys3.number] = [MSG_CARD_NUMBER_INVALID];
  if (!card.cvc || !cvcValid(card.cvc)) errors[keys3.cvc] = [MSG_CARD_CVC_INVALID];
  if (!card.expiry || !expiryInFuture(card.expiry, now)) errors[keys3.expiry] = [MSG_CARD_EXPIRY_INVALID];
  return errors;
}
function cardLast4(number) {
  return cardDigits(number).slice(-4);
}

// shared/src/payments/bpay.ts
function crnForInvoice(invoiceNumber) {
  if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber <= 0) throw new RangeError(`Not an invoice number: ${invoiceNumber}`);
  const base = String(invoiceNumber).padStart(6, "0");
  return `${base}${luhnCheckDigit(base)}`;
}

// shared/src/payments/invoice.ts
function invoiceLinesOf(fees) {
  const lines = [
    { description: "NSW trade promotion lottery permit fee (government, GST-free)", amount: fees.feeDue_NSW, taxable: false },
    { description: "ACT trade promotion permit fee (government, GST-free)", amount: fees.feeDue_ACT, taxable: false },
    { description: "SA lottery licence fee (government, GST-free)", amount: fees.feeDue_SA, taxable: false },
    { description: "Permit management service", amount: fees.feeDue_Service, taxable: true },
    { description: "Random draw service", amount: fees.feeDue_RandomDraw, taxable: true },
    { description: "Terms and conditions (game of chance)", amount: fees.feeDue_TermsAndConditions, taxable: true },
    { description: skillTcInvoiceDescription(fees.feeDue_SkillsBasedTC), amount: fees.feeDue_SkillsBasedTC, taxable: true },
    { description: "Abridged terms and conditions", amount: fees.feeDue_AbridgedTC, taxable: true },
    { description: "Hosted terms and conditions", amount: fees.feeDue_HostedTC, taxable: true }
  ];
  return lines.filter((line) => line.amount > 0);
}
function cardTotal(amount, gst) {
  const surcharge = cardSurcharge(amount, gst);
  return { surcharge, total: amount + gst + surcharge };
}

// shared/src/payments/schemas.ts
import { z as z13 } from "zod";
var flag = z13.boolean({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional().default(false);
var text = z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional();
var SubmitPermitApplicationSchema = z13.object({
  id: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  cardName: text,
  cardSecurityCode: text,
  cardNumber: text,
  cardExpiry: text,
  isReattempt: flag,
  isBPAY: flag,
  skillsBasedTCPaymentOption: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(50, { error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish(),
  isCardAfterBpay: flag,
  paymentMethodId: text,
  paymentIntentId: text,
  /**
   * Issue 22: what the payment page showed (dollars, amount + GST before any card surcharge) and
   * the invoice it named. When they are no longer what is owed, the payment is refused (409) and
   * nothing is charged.
   */
  expectedTotal: z13.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).nonnegative({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(1e7, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  invoiceNumber: z13.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish()
});
var SandboxChallengeSchema = z13.object({
  clientSecret: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }),
  outcome: z13.enum(["complete", "fail"], { error: MSG_CONFIRM_PAYMENT_FIELDS })
});
var SandboxChallengeResponseSchema = z13.object({ id: z13.number(), paymentIntentId: z13.string(), status: z13.enum(["succeeded", "failed"]) });
var InvoiceNumberQuerySchema = z13.object({
  invoiceNumber: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS })
});
var InvoiceListQuerySchema = z13.object({
  page: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS }).default(1),
  count: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS }).max(PAGE_SIZES.promotionInvoices, { error: MSG_CONFIRM_PAYMENT_FIELDS }).default(PAGE_SIZES.accountInvoices),
  promotionId: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional()
});
var InvoiceCancelSchema = z13.object({
  invoiceNumber: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS })
});
var PaymentPromotionIdSchema = z13.object({
  id: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS })
});
var InvoiceViewSchema = z13.object({
  invoiceNumber: z13.number(),
  promotionId: z13.number(),
  promotionName: z13.string().optional(),
  purpose: z13.enum(["submission", "additional", "custom"]),
  lines: z13.array(z13.object({ description: z13.string(), amount: z13.number(), taxable: z13.boolean() })),
  amount: z13.number(),
  gst: z13.number(),
  ccSurcharge: z13.number(),
  /** amount + gst + ccSurcharge. */
  total: z13.number(),
  /** What paying it by card would cost now (× 1.015 on amount + GST), for unpaid invoices. */
  cardTotal: z13.number(),
  method: z13.enum(["card", "bpay"]).nullable(),
  crn: z13.string().nullable(),
  billerCode: z13.string().nullable(),
  status: z13.enum(["paid", "awaiting payment", "cancelled"]),
  dateCreated: z13.string(),
  datePaid: z13.string().nullable(),
  dateCancelled: z13.string().nullable(),
  /** Issue 22: issued in test mode (no money taken; its own number series). */
  testMode: z13.boolean()
});
var PendingInvoiceSchema = z13.object({ invoiceNumber: z13.number().nullable(), amount: z13.number(), gst: z13.number(), ccSurcharge: z13.number() }).nullable();
var SubmitPermitApplicationResponseSchema = z13.object({
  id: z13.number(),
  permitStatus: z13.object({ id: z13.number(), name: z13.string(), slug: z13.string() }),
  invoice: InvoiceViewSchema.nullable(),
  /** Card payments: the brand and last four digits charged. */
  card: z13.object({ brand: z13.string().nullable(), last4: z13.string().nullable() }).nullable(),
  /** Stripe 3-D Secure: complete it in the browser with Stripe.js, then submit again with `paymentIntentId`. */
  requiresAction: z13.object({ clientSecret: z13.string(), paymentIntentId: z13.string() }).optional()
});
var SubmitAddendumSchema = z13.object({
  id: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  addendumSlug: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(100, { error: MSG_CONFIRM_PAYMENT_FIELDS }),
  fileName: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish()
});
var CreateInvoiceSchema = z13.object({
  id: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  amount: MoneySchema,
  gst: MoneySchema,
  description: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).trim().max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish()
});
var ChargeCardSchema = z13.object({
  invoiceNumber: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  cardName: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  cardNumber: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  cardExpiry: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  cardSecurityCode: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  paymentMethodId: z13.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  isReattempt: z13.boolean({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional().default(false)
});
var LodgementPackViewSchema = z13.object({
  promotionId: z13.number(),
  state: z13.enum(["unpaid", "none", "queued", "building", "ready", "failed"]),
  step: z13.number(),
  total: z13.number(),
  attempts: z13.number(),
  error: z13.string().nullable(),
  /** Size of the zip in bytes, once ready. */
  sizeBytes: z13.number().nullable(),
  updatedAt: z13.string().nullable(),
  /** `/promotions/downloadpdfs/{id}` once ready, else null. */
  downloadUrl: z13.string().nullable()
});
var WaiveServicePaymentSchema = z13.object({
  id: z13.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  service: z13.enum(["terms", "draw", "lodgementPack"], { error: MSG_CONFIRM_PAYMENT_FIELDS }),
  reason: z13.string({ error: MSG_WAIVER_REASON_REQUIRED }).trim().min(5, { error: MSG_WAIVER_REASON_REQUIRED }).max(500, { error: MSG_WAIVER_REASON_REQUIRED })
});

// shared/src/admin/messages.ts
var MSG_ADMIN_NOTE_REQUIRED = "Please enter a note.";
var MSG_ADMIN_NOTE_TARGET = "A note can attach to a promotion or a customer contact, not both.";
var MSG_ADMIN_ONLY = "Only staff administrators can use the staff console.";
var MSG_PROMOTION_ALREADY_LOCKED = "This promotion is already locked.";
var MSG_PROMOTION_NOT_LOCKED = "This promotion is not locked.";
var MSG_PROMOTION_NOT_DELETED = "This promotion is not deleted.";
var MSG_PROMOTION_ALREADY_DELETED = "This promotion is already deleted.";
var MSG_NEW_STATUS_REQUIRED = "Please choose a status other than the current one.";
var MSG_ACTION_ENTRY_EMPTY = "Flag at least one field or add a question.";
var MSG_ACTION_QUESTION_REQUIRED = "Please enter a question.";
var MSG_EMAIL_IN_USE = "That e-mail address is already used by another account.";
var MSG_EMAIL_INVALID_ADMIN = "Please enter a valid e-mail address.";
var MSG_STATE_NOT_IN_PROMOTION = "This promotion does not include that state.";
var MSG_PERMIT_EXPIRY_TOO_FAR = "The expiry date can be at most 5 years ahead.";
var MSG_CONTACT_ALREADY_RESOLVED = "This contact has already been resolved.";

// shared/src/admin/outstanding.ts
var OUTSTANDING_STATUS_IDS = [
  PERMIT_STATUS_IDS.submitted,
  PERMIT_STATUS_IDS.resubmitted,
  PERMIT_STATUS_IDS.generated,
  PERMIT_STATUS_IDS.regenerated,
  PERMIT_STATUS_IDS.pendingPaymentClearance,
  PERMIT_STATUS_IDS.awaitingSubmission
];
var DAY_MS2 = 24 * 60 * 60 * 1e3;
function daysSince(submittedAt, now) {
  if (!submittedAt) return 0;
  const at = typeof submittedAt === "string" ? new Date(submittedAt) : submittedAt;
  return Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS2));
}
function percentage(part, whole) {
  if (whole <= 0) return 0;
  const factor = 10 ** STATISTICS_DECIMALS;
  return Math.round(part / whole * 100 * factor) / factor;
}

// shared/src/admin/voicemail-messages.ts
var MSG_VOICEMAIL_FILE_REQUIRED = "Please choose the voicemail recording.";
var MSG_VOICEMAIL_NOT_AUDIO = "A voicemail must be an audio recording (MP3, WAV, M4A, OGG or AMR).";
var MSG_VOICEMAIL_CALLER_REQUIRED = "Please enter the caller's name or phone number.";

// shared/src/terms/placeholders.ts
var TERMS_PLACEHOLDERS = {
  "promoter.name": "The promoter (applicant organisation)",
  "promoter.abn": "The promoter\u2019s ABN or ACN (the number, grouped as written: 51 824 753 556)",
  "promoter.identifier": "The promoter\u2019s ABN or ACN with its label: ABN 51 824 753 556",
  "promoter.address": "The promoter\u2019s business address",
  "promoter.website": "The promoter\u2019s website",
  "promotion.name": "The promotion\u2019s name",
  "promotion.startDate": "Start date",
  "promotion.endDate": "End date",
  "promotion.period": "The promotional period with start and end times in Australian time zones",
  "promotion.states": "Where the promotion is open (states and territories)",
  "promotion.promotedProducts": "The promoted products or services",
  "entry.methods": "The entry methods",
  "entry.mechanic": "How to enter (the entry mechanic)",
  "entry.website": "The entry website",
  "entry.phoneNumbers": "Entry phone or SMS numbers",
  "entry.limit": "Entry limit per person",
  "draw.when": "When and where the winners are drawn, as a sentence (empty when the winners are not drawn: instant wins only)",
  "draw.date": "Final draw date",
  "draw.time": "Final draw time",
  "draw.address": "Final draw address",
  "draw.method": "The draw method",
  "draw.scrutineer": "Who conducts the draw, as the end of \u201CThe draw is conducted \u2026\u201D",
  "draw.conductor": "Who conducts the draw (the provider\u2019s draw service, the promoter) and any scrutineer, as a sentence",
  "notification.method": "How winners are notified",
  "notification.date": "Date winners are notified by",
  "notification.sentence": "How (and by when, where the application says) winners are notified, as a sentence",
  "unclaimed.date": "Unclaimed prize draw date",
  "unclaimed.time": "Unclaimed prize draw time",
  "unclaimed.address": "Unclaimed prize draw address",
  "unclaimed.conductor": "Who conducts the unclaimed prize draw (and any scrutineer), as a sentence",
  "prizes.description": "The prizes",
  "prizes.quantity": "Number of prizes",
  "prizes.totalValue": "Total prize pool",
  "prizes.valuesByState": "Prize pool per state",
  "prizes.categories": "Prize categories",
  "publication.act": "ACT publication of winners (where)",
  "publication.actDate": "ACT publication date",
  "publication.online": "Where winners are published online (the entry website, else the promoter\u2019s)",
  "permits.numbers": "Permit numbers as each state writes them",
  "judging.criteria": "Judging criteria (skill)",
  "judging.judges": "Judges (skill)",
  "inducements.detail": "Inducements offered",
  "hosted.url": "Link to the full terms",
  "privacy.sharing": "Who else receives entries (the draw service when bought), as a sentence; empty otherwise",
  "rules.actPublishFrom": "ACT: winners of prizes of this value or more are published ($1,000)",
  "rules.vicPublishAbove": "VIC: winners of prizes over this value are published ($1,000)",
  "rules.saNotifyWithinDays": "SA: days after the draw within which winners are notified in writing",
  "rules.saPublishWithinDays": "SA: days after the draw within which winners are published",
  "rules.publishWithinDays": "Days after the draw within which winners are published (QLD, VIC)",
  "records.years": "Years the promoter keeps the promotion\u2019s records"
};
var TERMS_PLACEHOLDER_KEYS = Object.keys(TERMS_PLACEHOLDERS);
var PLACEHOLDER_PATTERN = /\{([a-zA-Z0-9_.]+)\}/g;
function isTermsPlaceholder(name) {
  return Object.hasOwn(TERMS_PLACEHOLDERS, name);
}
function cleanPlaceholderValue(value) {
  if (!/[\p{L}\p{N}]/u.test(value)) return "";
  return value.replace(/\s+/g, " ").replace(/\.{3,}/g, "\u2026").replace(/\s+([.,;:!?])/g, "$1").replace(/([.,;:!?])[.,;:!?]+/g, "$1").trim().replace(/^[.,;:!?…]+\s*/, "").replace(/\s*[,;:]+$/, "");
}
function fillPlaceholders(text33, values) {
  let out = "";
  let at = 0;
  for (const match of text33.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1];
    out += text33.slice(at, match.index);
    at = match.index + match[0].length;
    if (!isTermsPlaceholder(name)) {
      out += match[0];
      continue;
    }
    let value = cleanPlaceholderValue(values[name] ?? "");
    const next = text33[at];
    if (next === "." && /[.!?…]$/.test(value)) at += 1;
    else if ((next === "," || next === ";" || next === ":") && /\.$/.test(value)) value = value.slice(0, -1);
    out += value;
  }
  return out + text33.slice(at);
}

// shared/src/terms/clauses.ts
import { z as z14 } from "zod";
var TERMS_CLAUSE_KINDS = ["chance", "skill", "abridged"];
var TRISTATE = ["any", "yes", "no"];
var TermsClauseConditionsSchema = z14.object({
  /** Any of these states selected. */
  states: z14.array(z14.enum(STATE_KEYS)).default([]),
  prizeCategories: z14.array(z14.enum(PRIZE_CATEGORIES)).default([]),
  entryMethods: z14.array(z14.enum(ENTRY_METHODS)).default([]),
  drawMethods: z14.array(z14.enum(DRAW_METHODS)).default([]),
  /** The most valuable prize is at least this tier (251, 501 or 1001 dollars). */
  prizeTier: z14.union(PRIZE_TIERS_DOLLARS.map((t) => z14.literal(t))).nullish(),
  inducements: z14.enum(TRISTATE).default("any"),
  under18s: z14.enum(TRISTATE).default("any"),
  managedSubmission: z14.enum(TRISTATE).default("any")
});
var TermsClauseSchema = z14.object({
  key: z14.string().min(1).max(80).regex(/^[a-z0-9-]+$/),
  order: z14.number(),
  title: z14.string().min(1),
  /** Plain text paragraphs with `{placeholders}`. */
  paragraphs: z14.array(z14.string()).min(1),
  kinds: z14.array(z14.enum(TERMS_CLAUSE_KINDS)).min(1),
  conditions: TermsClauseConditionsSchema.default(TermsClauseConditionsSchema.parse({})),
  /** The compliance note (TA–TO) this clause answers, for the staff's reference. */
  complianceNote: z14.string().nullish()
});
function tristate(wanted, value) {
  if (wanted === "any") return true;
  return wanted === "yes" ? value === true : value !== true;
}
function conditionsMatch(conditions, facts2) {
  if (conditions.states.length && !conditions.states.some((s) => isStateSelected(facts2.ausStates, s))) return false;
  if (conditions.prizeCategories.length && !hasAnyFlag(facts2.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, conditions.prizeCategories)) return false;
  if (conditions.entryMethods.length && !hasAnyFlag(facts2.entryMethodsValue, ENTRY_METHOD_FLAGS, conditions.entryMethods)) return false;
  if (conditions.drawMethods.length && !hasAnyFlag(facts2.drawMethodsValue, DRAW_METHOD_FLAGS, conditions.drawMethods)) return false;
  if (conditions.prizeTier != null) {
    const cents2 = PRIZE_TIERS_CENTS[PRIZE_TIERS_DOLLARS.indexOf(conditions.prizeTier)];
    if ((facts2.maxPrizeValue ?? 0) < cents2) return false;
  }
  if (!tristate(conditions.inducements, facts2.inducementsOffered)) return false;
  if (!tristate(conditions.under18s, facts2.under18s)) return false;
  if (!tristate(conditions.managedSubmission, facts2.managedSubmission)) return false;
  return true;
}
function selectClauses(library, kind, facts2) {
  return library.filter((c) => c.kinds.includes(kind) && conditionsMatch(c.conditions, facts2)).sort((a, b) => a.order - b.order || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

// shared/src/terms/seed-clauses.ts
var ALL = ["chance", "skill"];
var CHANCE = ["chance"];
var SEED_TERMS_CLAUSES = [
  {
    key: "promoter",
    order: 10,
    title: "The promoter",
    kinds: [...ALL, "abridged"],
    paragraphs: [
      "The promoter of {promotion.name} is {promoter.name} ({promoter.identifier}) of {promoter.address}.",
      "These terms and conditions form part of every entry. By entering, an entrant accepts them."
    ]
  },
  {
    key: "eligibility",
    order: 20,
    title: "Who can enter",
    kinds: [...ALL, "abridged"],
    paragraphs: [
      "The promotion is open to residents of {promotion.states}.",
      "Employees of the promoter, their immediate families and the agencies and companies associated with the promotion cannot enter."
    ]
  },
  {
    key: "eligibility-under-18",
    order: 21,
    title: "Entrants under 18",
    kinds: [...ALL],
    conditions: { under18s: "yes" },
    paragraphs: [
      "Entrants under 18 years of age must have the permission of a parent or guardian to enter. A prize won by an entrant under 18 is awarded to the parent or guardian on the entrant\u2019s behalf."
    ]
  },
  {
    key: "eligibility-adults-only",
    order: 22,
    title: "Entrants must be adults",
    kinds: [...ALL],
    conditions: { under18s: "no" },
    paragraphs: ["Entrants must be 18 years of age or older when they enter."]
  },
  {
    key: "period",
    order: 30,
    title: "Promotional period",
    kinds: [...ALL, "abridged"],
    paragraphs: ["{promotion.period}", "Entries received outside the promotional period are not accepted."]
  },
  {
    key: "how-to-enter",
    order: 40,
    title: "How to enter",
    kinds: [...ALL, "abridged"],
    paragraphs: ["{entry.mechanic}", "Entry methods: {entry.methods}."]
  },
  {
    key: "entry-limits",
    order: 41,
    title: "Entry limits",
    kinds: [...ALL],
    paragraphs: [
      "Entry limit: {entry.limit}.",
      "The promoter may check any entry and exclude entries that are incomplete, made by automated means, made in a false name or made against these terms."
    ]
  },
  {
    key: "inducements",
    order: 42,
    title: "Purchases and inducements",
    kinds: [...ALL],
    complianceNote: "TI",
    conditions: { inducements: "yes" },
    paragraphs: [
      "Entry is connected with {inducements.detail}. Entrants should keep their receipt or proof of purchase; the promoter may ask to see it before awarding a prize."
    ]
  },
  {
    key: "entry-sms-1900",
    order: 43,
    title: "Entry by SMS or 1900 number",
    kinds: [...ALL],
    complianceNote: "TJ",
    conditions: { entryMethods: ["sms", "phone1900"] },
    paragraphs: [
      "Entries by SMS or by calling a 1900 number are made to {entry.phoneNumbers}. The cost of each SMS or call is shown in the advertising and is charged by the entrant\u2019s phone carrier; it is never more than the amount shown. Entrants should get the permission of the bill payer before entering.",
      "The time an entry is received by the promoter\u2019s system, not the time it is sent, is the time of entry."
    ]
  },
  {
    key: "entry-internet",
    order: 44,
    title: "Entry online",
    kinds: [...ALL],
    complianceNote: "TK",
    conditions: { entryMethods: ["internet"] },
    paragraphs: [
      "Online entries are made at {entry.website}. The promoter is not responsible for entries that are not received because of a fault of the internet, a network or a device."
    ]
  },
  {
    key: "entry-mail",
    order: 45,
    title: "Entry by mail",
    kinds: [...ALL],
    complianceNote: "TL",
    conditions: { entryMethods: ["mail"] },
    paragraphs: [
      "Mailed entries must have the correct postage and be received by the end of the promotional period. Entries that are lost, late or illegible are not accepted. Entries become the property of the promoter and are not returned."
    ]
  },
  {
    key: "entry-gaming",
    order: 46,
    title: "Gaming venues",
    kinds: [...ALL],
    complianceNote: "TM",
    conditions: { entryMethods: ["gaming"] },
    paragraphs: [
      "Where entry is connected with a gaming venue, entrants must be 18 or older, and the promotion is run in line with the responsible gambling laws of each state and territory. Entry is never conditional on gambling. Gamble responsibly: call the National Gambling Helpline on 1800 858 858."
    ]
  },
  {
    key: "judging",
    order: 50,
    title: "Judging",
    kinds: ["skill"],
    paragraphs: [
      "This is a game of skill: chance plays no part in deciding the winners.",
      "Entries are judged on these criteria: {judging.criteria}.",
      "The judges are {judging.judges}. Their decision is final and no correspondence will be entered into."
    ]
  },
  {
    key: "draw",
    order: 60,
    title: "The draw",
    kinds: [...CHANCE, "abridged"],
    paragraphs: ["{draw.when}", "Draw method: {draw.method}. {draw.conductor}"]
  },
  {
    key: "draw-predetermined",
    order: 61,
    title: "Predetermined winning entries",
    kinds: [...CHANCE],
    complianceNote: "TN",
    conditions: { drawMethods: ["predetermined"] },
    paragraphs: [
      "The winning entries are chosen at random before the promotion starts. Every entry has an equal chance of being a winning entry, and a record of the winning entries is kept sealed until the end of the promotional period."
    ]
  },
  {
    key: "draw-instant-win",
    order: 62,
    title: "Instant wins",
    kinds: [...CHANCE],
    complianceNote: "TO",
    conditions: { drawMethods: ["instantElectronic", "instantNonElectronic"] },
    paragraphs: [
      "Instant-win prizes are awarded at randomly chosen moments or to randomly chosen entries during the promotional period. An entrant who wins instantly is told so at the time of entry. Instant-win prizes not won by the end of the promotion are awarded in the unclaimed prize draw."
    ]
  },
  {
    key: "prizes",
    order: 70,
    title: "Prizes",
    kinds: [...ALL, "abridged"],
    paragraphs: ["Prizes: {prizes.description}. Number of prizes: {prizes.quantity}.", "Total prize pool: {prizes.totalValue}.", "Prize pool by state: {prizes.valuesByState}."]
  },
  {
    key: "prizes-general",
    order: 71,
    title: "Prize conditions",
    kinds: [...ALL],
    paragraphs: [
      "Prize values are the recommended retail values in Australian dollars, including GST, on the day these terms were written. The promoter is not responsible for a change in a prize\u2019s value.",
      "Prizes cannot be transferred or exchanged and cannot be taken as cash, unless these terms say so."
    ]
  },
  {
    key: "prizes-251",
    order: 72,
    title: "Prizes of higher value",
    kinds: [...ALL],
    complianceNote: "TH",
    conditions: { prizeTier: 251 },
    paragraphs: [
      "If a prize valued at $251 or more becomes unavailable for a reason outside the promoter\u2019s control, the promoter will give a prize of equal or greater value, subject to the approval of the relevant state authorities."
    ]
  },
  {
    key: "prize-motor-vehicle",
    order: 73,
    title: "Motor vehicle prizes",
    kinds: [...ALL],
    complianceNote: "TA",
    conditions: { prizeCategories: ["motorVehicle"] },
    paragraphs: [
      "The motor vehicle prize includes registration and compulsory third party insurance for the first year. Stamp duty, dealer delivery and on-road costs are paid by the promoter. Comprehensive insurance, fuel and running costs are the winner\u2019s.",
      "The winner must hold a current, full Australian driver licence to take delivery of the vehicle, and must collect it from a dealer nominated by the promoter."
    ]
  },
  {
    key: "prize-travel",
    order: 74,
    title: "Travel prizes",
    kinds: [...ALL],
    complianceNote: "TB",
    conditions: { prizeCategories: ["travel"] },
    paragraphs: [
      "Travel prizes must be taken within the dates set by the promoter and are subject to availability. The winner and any companion need valid passports, visas and travel insurance where travel requires them, at their own cost. Spending money, meals and transfers are not included unless stated.",
      "The value of a travel prize may vary with the departure point and the time of travel; the difference is not paid in cash."
    ]
  },
  {
    key: "prize-real-estate",
    order: 75,
    title: "Real estate prizes",
    kinds: [...ALL],
    complianceNote: "TC",
    conditions: { prizeCategories: ["realEstate"] },
    paragraphs: [
      "The real estate prize is transferred to the winner free of any mortgage or charge. The promoter pays the stamp duty and legal costs of the transfer. The property\u2019s value is supported by a valuation from a registered valuer."
    ]
  },
  {
    key: "prize-liquor",
    order: 76,
    title: "Liquor prizes",
    kinds: [...ALL],
    complianceNote: "TD",
    conditions: { prizeCategories: ["liquor"] },
    paragraphs: ["Liquor prizes are only awarded to winners who are 18 years of age or older. A winner may be asked for proof of age."]
  },
  {
    key: "prize-money",
    order: 77,
    title: "Money prizes",
    kinds: [...ALL],
    complianceNote: "TE",
    conditions: { prizeCategories: ["money"] },
    paragraphs: ["Money prizes are paid by electronic transfer to an Australian bank account in the winner\u2019s name."]
  },
  {
    key: "prize-electrical",
    order: 78,
    title: "Electrical prizes",
    kinds: [...ALL],
    complianceNote: "TF",
    conditions: { prizeCategories: ["electrical"] },
    paragraphs: ["Electrical prizes carry the manufacturer\u2019s warranty. Installation is not included unless stated."]
  },
  {
    key: "prize-event",
    order: 79,
    title: "Event prizes",
    kinds: [...ALL],
    complianceNote: "TG",
    conditions: { prizeCategories: ["event"] },
    paragraphs: [
      "Event tickets are subject to the conditions of the venue and the ticket issuer. If the event is cancelled or postponed, the promoter is not responsible for the loss of the prize beyond what the ticket issuer refunds."
    ]
  },
  {
    key: "notification",
    order: 80,
    title: "Notifying winners",
    kinds: [...ALL, "abridged"],
    paragraphs: ["{notification.sentence}"]
  },
  {
    key: "publication-act",
    order: 81,
    title: "Publishing winners in the ACT",
    kinds: [...CHANCE],
    conditions: { states: ["act"] },
    paragraphs: [
      "Winners of prizes valued at {rules.actPublishFrom} or more will have their name and suburb published in {publication.act} on {publication.actDate}, as the ACT requires."
    ]
  },
  {
    key: "publication-sa",
    order: 82,
    title: "Winners in South Australia",
    kinds: [...CHANCE],
    conditions: { states: ["sa"] },
    paragraphs: [
      "Winners will be notified in writing within {rules.saNotifyWithinDays} days of the draw, and their names will be published at {publication.online} within {rules.saPublishWithinDays} days of the draw."
    ]
  },
  {
    key: "publication-vic",
    order: 83,
    title: "Publishing winners in Victoria",
    kinds: [...CHANCE],
    conditions: { states: ["vic"] },
    paragraphs: [
      "Winners of prizes valued over {rules.vicPublishAbove} will have their name and suburb published at {publication.online} within {rules.publishWithinDays} days of the draw."
    ]
  },
  {
    key: "publication-qld",
    order: 84,
    title: "Publishing winners in Queensland",
    kinds: [...CHANCE],
    conditions: { states: ["qld"] },
    paragraphs: ["The name and suburb of each winner will be published at {publication.online} within {rules.publishWithinDays} days of the draw."]
  },
  {
    key: "unclaimed",
    order: 90,
    title: "Unclaimed prizes",
    kinds: [...CHANCE],
    paragraphs: [
      "If a prize is not claimed, or a winner cannot be contacted or is not eligible, an unclaimed prize draw will be held at {unclaimed.time} on {unclaimed.date} at {unclaimed.address}. {unclaimed.conductor} Its winners are notified in the same way as the first winners."
    ]
  },
  {
    key: "permit-numbers",
    order: 100,
    title: "Permits",
    kinds: [...CHANCE, "abridged"],
    conditions: { states: ["nsw", "act", "sa"] },
    paragraphs: ["{permits.numbers}"]
  },
  {
    key: "records",
    order: 105,
    title: "Records",
    kinds: [...CHANCE],
    paragraphs: [
      "The promoter keeps the records of the promotion, including the entries, the draws and the winners, for at least {records.years} years after it ends, and gives them to a state authority that asks for them."
    ]
  },
  {
    key: "privacy",
    order: 110,
    title: "Privacy",
    kinds: [...ALL],
    paragraphs: [
      "{promoter.name} collects entrants\u2019 personal information to run the promotion, to award and deliver prizes and, where an entrant agrees, to send them marketing. Without it an entry cannot be accepted.",
      "{privacy.sharing}",
      "Personal information may be shared with the promoter\u2019s agencies and prize suppliers and with state authorities that require it. Entrants can ask the promoter to see or correct their information at any time."
    ]
  },
  {
    key: "liability",
    order: 120,
    title: "Liability",
    kinds: [...ALL],
    paragraphs: [
      "Nothing in these terms limits a right an entrant has under the Australian Consumer Law. Otherwise, the promoter is not liable for any loss or damage from taking part in the promotion or from accepting or using a prize.",
      "If the promotion cannot run as planned for a reason outside the promoter\u2019s control, the promoter may change, suspend or end it, subject to the approval of the relevant state authorities."
    ]
  },
  {
    key: "full-terms",
    order: 200,
    title: "Full terms",
    kinds: ["abridged"],
    paragraphs: ["Full terms at {hosted.url}"]
  }
];

// shared/src/format/business-numbers.ts
var digitsOf = (value) => value.replace(/[\s-]+/g, "");
function formatAbn(value) {
  const text33 = (value ?? "").trim();
  const digits = digitsOf(text33);
  if (!/^\d{11}$/.test(digits)) return text33;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
function formatAcn(value) {
  const text33 = (value ?? "").trim();
  const digits = digitsOf(text33);
  if (!/^\d{9}$/.test(digits)) return text33;
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}
function formatAbnOrAcn(value) {
  const text33 = (value ?? "").trim();
  const digits = digitsOf(text33);
  if (/^\d{11}$/.test(digits)) return `ABN ${formatAbn(digits)}`;
  if (/^\d{9}$/.test(digits)) return `ACN ${formatAcn(digits)}`;
  return text33;
}

// shared/src/format/phone.ts
function formatAuPhone(value) {
  const text33 = (value ?? "").trim();
  let digits = text33.replace(/[\s()\-.]+/g, "");
  if (/^\+?61\d{9}$/.test(digits)) digits = `0${digits.replace(/^\+?61/, "")}`;
  if (!/^\d+$/.test(digits)) return text33;
  const group = (...sizes) => {
    const parts2 = [];
    let at = 0;
    for (const size of sizes) parts2.push(digits.slice(at, at += size));
    return parts2;
  };
  if (digits.length === 10 && /^04|^05/.test(digits)) return group(4, 3, 3).join(" ");
  if (digits.length === 10 && /^0[2378]/.test(digits)) {
    const [area, a, b] = group(2, 4, 4);
    return `(${area}) ${a} ${b}`;
  }
  if (digits.length === 10 && /^1[389]00/.test(digits)) return group(4, 3, 3).join(" ");
  if (digits.length === 6 && /^1[39]/.test(digits)) return group(2, 2, 2).join(" ");
  if (digits.length === 8 && /^19/.test(digits)) return group(2, 2, 2, 2).join(" ");
  return text33;
}
function formatAuPhoneList(value) {
  const parts2 = (value ?? "").split(/\s*(?:,|;|\bor\b|\band\b)\s*/).map((p) => p.trim()).filter(Boolean);
  if (parts2.length <= 1) return formatAuPhone(value);
  const formatted = parts2.map(formatAuPhone);
  return `${formatted.slice(0, -1).join(", ")} or ${formatted[formatted.length - 1]}`;
}

// shared/src/site-content.ts
var DEFAULT_PRODUCT_NAME = "PermitDesk";

// shared/src/terms/state-requirements.ts
var TERMS_STATE_STATEMENTS_2020 = {
  actPublishFromCents: 1e5,
  vicPublishAboveCents: 1e5,
  saNotifyWithinDays: 7,
  saPublishWithinDays: 30,
  publishWithinDays: 30,
  recordsKeptYears: 3,
  statements: {
    act: [{ clause: "publication-act", what: "where and when winners of prizes of $1,000 or more are published" }],
    vic: [{ clause: "publication-vic", what: "the publication of winners of prizes over $1,000" }],
    sa: [{ clause: "publication-sa", what: "how winners are notified and where they are published" }],
    // QLD's list: promoter, who may enter, the period, how to enter, the prizes and their values,
    // the draw (when, where, how), how winners are told, where they are published, and the redraw.
    qld: [
      { clause: "promoter", what: "the name and address of the promoter" },
      { clause: "eligibility", what: "who may enter" },
      { clause: "period", what: "when the promotion starts and ends" },
      { clause: "how-to-enter", what: "how to enter" },
      { clause: "prizes", what: "the prizes and their values" },
      { clause: "draw", what: "when, where and how the winners are drawn" },
      { clause: "notification", what: "how and when winners are notified" },
      { clause: "publication-qld", what: "where and when winners are published" },
      { clause: "unclaimed", what: "the unclaimed prize draw" }
    ]
  }
};
function termsStateRules(ruleSet = CURRENT_RULE_SET, statements = TERMS_STATE_STATEMENTS_2020) {
  const t = ruleSet.thresholds;
  return { ...statements, permitAboveCents: { nsw: t.nswPermitAboveCents, act: t.actPermitAboveCents, sa: t.saPermitAboveCents } };
}
function requiredStateStatements(ausStates, rules = termsStateRules()) {
  const result = [];
  for (const [state, list] of Object.entries(rules.statements)) {
    if (!isStateSelected(ausStates, state)) continue;
    for (const s of list) result.push({ state, ...s });
  }
  return result;
}
function stateRuleValues(rules) {
  return {
    "rules.actPublishFrom": formatCurrency(rules.actPublishFromCents),
    "rules.vicPublishAbove": formatCurrency(rules.vicPublishAboveCents),
    "rules.saNotifyWithinDays": String(rules.saNotifyWithinDays),
    "rules.saPublishWithinDays": String(rules.saPublishWithinDays),
    "rules.publishWithinDays": String(rules.publishWithinDays),
    "records.years": String(rules.recordsKeptYears)
  };
}
var stateCodeOf = (state) => STATE_CODES[state];

// shared/src/terms/generate.ts
var ABRIDGED_MAX_CHARS = 1200;
var TBA = "to be advised";
function sydneyWallTimeToInstant(iso, time) {
  const p = parseIsoDate(iso);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!p || !t) return null;
  const wall = Date.UTC(p.year, p.month - 1, p.day, Number(t[1]), Number(t[2]));
  for (const offsetHours of [11, 10]) {
    const instant = new Date(wall - offsetHours * 36e5);
    if (zonedWall(instant, "Australia/Sydney") === wall) return instant;
  }
  return new Date(wall - 10 * 36e5);
}
var wallFormatters = /* @__PURE__ */ new Map();
function zonedWall(instant, zone) {
  let f = wallFormatters.get(zone);
  if (!f) wallFormatters.set(zone, f = new Intl.DateTimeFormat("en-AU", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", hourCycle: "h23" }));
  const parts2 = {};
  for (const part of f.formatToParts(instant)) if (part.type !== "literal") parts2[part.type] = Number(part.value);
  return Date.UTC(parts2.year, parts2.month - 1, parts2.day, parts2.hour === 24 ? 0 : parts2.hour, parts2.minute);
}
var timeFormatters = /* @__PURE__ */ new Map();
function zonedTime(instant, zone) {
  let f = timeFormatters.get(zone);
  if (!f) timeFormatters.set(zone, f = new Intl.DateTimeFormat("en-AU", { timeZone: zone, hour: "numeric", minute: "2-digit", hour12: true, timeZoneName: "short" }));
  return f.format(instant).replace(/\u202f|\u00a0/g, " ");
}
function zonedDate(instant, zone) {
  return formatDate(new Date(zonedWall(instant, zone)).toISOString().slice(0, 10));
}
var OTHER_ZONES = [
  { states: ["qld"], city: "Brisbane", zone: "Australia/Brisbane" },
  { states: ["sa"], city: "Adelaide", zone: "Australia/Adelaide" },
  { states: ["nt"], city: "Darwin", zone: "Australia/Darwin" },
  { states: ["wa"], city: "Perth", zone: "Australia/Perth" }
];
function periodText(source) {
  const permit = source.permit ?? {};
  if (!permit.startDate || !permit.endDate) return `The promotional period is ${TBA}.`;
  const start = sydneyWallTimeToInstant(permit.startDate, permit.startTime || "00:00");
  const end = sydneyWallTimeToInstant(permit.endDate, permit.endTime || "23:59");
  if (!start || !end) return `The promotional period is ${TBA}.`;
  let text33 = `The promotion starts at ${zonedTime(start, "Australia/Sydney")} on ${formatDate(permit.startDate)} and ends at ${zonedTime(end, "Australia/Sydney")} on ${formatDate(permit.endDate)} (Sydney time).`;
  const states = selectedStates(source.ausStates);
  const sameAsSydney = (zone) => zonedWall(start, zone) === zonedWall(start, "Australia/Sydney") && zonedWall(end, zone) === zonedWall(end, "Australia/Sydney");
  const others = OTHER_ZONES.filter((z49) => z49.states.some((s) => states.includes(s)) && !sameAsSydney(z49.zone)).map(
    // With the date: midnight in Sydney is the evening before in Perth.
    (z49) => `in ${z49.city} from ${zonedTime(start, z49.zone)} on ${zonedDate(start, z49.zone)} to ${zonedTime(end, z49.zone)} on ${zonedDate(end, z49.zone)}`
  );
  if (others.length) text33 += ` That is ${joinWords(others)}.`;
  return text33;
}
function joinWords(items, last = "and") {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}
function statesText(source) {
  const states = selectedStates(source.ausStates);
  const nz = source.includeNz ? " and New Zealand" : "";
  if (isNational(source.ausStates)) return `Australia${nz}`;
  if (!states.length) return TBA;
  return joinWords(states.map((s) => s === "act" || s === "nt" ? `the ${STATE_NAMES[s]}` : STATE_NAMES[s])) + nz;
}
function timeText(date5, time) {
  if (!/^\d{2}:\d{2}$/.test(time ?? "")) return "";
  const dated = formatSydneyDateAndTime(date5 || null, time);
  const comma = dated.indexOf(", ");
  if (comma >= 0) return dated.slice(comma + 2);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  const hour = Number(t[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${t[2]} ${hour >= 12 ? "pm" : "am"} Sydney time`;
}
function addressText(address2, organisation2) {
  const formatted = address2 ? formatAddress(address2).split("\n").join(", ") : "";
  return [answer(organisation2), formatted].filter(Boolean).join(", ") || TBA;
}
var PERMIT_ORDER = ["NSW", "ACT", "SA"];
function requiredPermitStates(source, rules) {
  const ruleSet = selectRuleSet(source.startDate ?? source.permit?.startDate ?? null);
  const thresholds = rules ? { ...ruleSet.thresholds, nswPermitAboveCents: rules.permitAboveCents.nsw, actPermitAboveCents: rules.permitAboveCents.act, saPermitAboveCents: rules.permitAboveCents.sa } : ruleSet.thresholds;
  const req = getPermitRequirements(
    { ausStates: source.ausStates, includeNz: source.includeNz, totalPrizeValue: source.totalPrizeValue, hasInstantWinPrizes: source.hasInstantWinPrizes },
    { ...ruleSet, thresholds }
  );
  return req.requiredStates.map((s) => s.toUpperCase());
}
function permitNumbersText(source, numbers = [], rules) {
  const saved = PERMIT_ORDER.map((state) => numbers.find((n) => n.state === state && n.number.trim())).filter((n) => !!n);
  const pending = requiredPermitStates(source, rules).filter((state) => !saved.some((n) => n.state === state));
  const parts2 = [];
  if (saved.length) parts2.push(`Authorised under ${joinWords(saved.map((n) => `${n.state} Permit No. ${n.number.trim()}`))}.`);
  if (pending.length)
    parts2.push(
      `${pending.length === 1 ? `The ${pending[0]} permit has` : `The ${joinWords(pending)} permits have`} been applied for; the permit number${pending.length === 1 ? "" : "s"} will be added to these terms when issued.`
    );
  return parts2.join(" ");
}
function prizeValuesByState(source) {
  const byKey = {
    act: source.prizeValueACT,
    nsw: source.prizeValueNSW,
    sa: source.prizeValueSA,
    vic: source.prizeValueVIC,
    qld: source.prizeValueQLD,
    tas: source.prizeValueTAS,
    wa: source.prizeValueWA,
    nt: source.prizeValueNT
  };
  const parts2 = selectedStates(source.ausStates).filter((s) => byKey[s] != null).map((s) => `${STATE_CODES[s]} ${formatCurrency(byKey[s])}`);
  return parts2.length ? parts2.join("; ") : formatCurrency(source.totalPrizeValue);
}
function entryLimit(permit) {
  const perDay = permit.entriesPerDay;
  const limit = perDay === null || perDay === void 0 || perDay === "" || perDay === 0 ? "unlimited entries" : `${perDay} ${String(perDay) === "1" ? "entry" : "entries"} per person per day`;
  const prizes = permit.multiplePrizesAllowed === false ? "; each person can win only one prize" : permit.multiplePrizesAllowed === true ? "; a person may win more than one prize" : "";
  return `${limit}${prizes}`;
}
function drawConductor(source, providerName) {
  const permit = source.permit ?? {};
  const scrutineer = permit.scrutineerRequired !== false && permit.scrutineerName?.trim() ? permit.scrutineerName.trim() : "";
  const supervised = scrutineer ? `, under the supervision of ${scrutineer}, ${permit.nonIndependentScrutineer ? "the scrutineer" : "an independent scrutineer"}` : "";
  const methods = flagsToKeys(permit.drawMethodsValue, DRAW_METHODS, DRAW_METHOD_FLAGS);
  const notDrawn = methods.length > 0 && methods.every((m) => NON_DRAWN_METHODS.includes(m));
  const who = source.randomDraw ? `by ${providerName} on behalf of the promoter, using its random draw service, which selects at random by computer` : permit.isComputerDraw || notDrawn ? "by the promoter using a computer system that selects at random" : "by the promoter in a way that gives every entry an equal chance of being drawn";
  const fragment = `${who}${supervised}`;
  const sentence = notDrawn ? `The winning entries are chosen ${fragment}.` : `The draw is conducted ${fragment}.`;
  return { fragment, sentence, unclaimed: `The unclaimed prize draw is conducted ${fragment}.` };
}
var inSentence = (label) => label.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
var answer = (text33) => cleanPlaceholderValue(text33 ?? "");
function asSentence(text33) {
  const t = cleanPlaceholderValue(text33 ?? "");
  if (!t) return "";
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}
function drawWhen(source, final) {
  const methods = flagsToKeys(source.permit?.drawMethodsValue, DRAW_METHODS, DRAW_METHOD_FLAGS);
  const notDrawn = methods.length > 0 && methods.every((m) => NON_DRAWN_METHODS.includes(m));
  if (notDrawn && !final.date && !answer(final.multipleDatesDetail)) return "";
  const winners2 = source.prizeQuantityTotal === 1 ? "The winner will be drawn" : "The winners will be drawn";
  if (final.multipleDates && answer(final.multipleDatesDetail)) return `${winners2} at ${addressText(final.locationAddress, final.locationOrganisation)} on these dates: ${asSentence(final.multipleDatesDetail)}`;
  return `${winners2} at ${timeText(final.date, final.time) || TBA} on ${formatDate(final.date) || TBA} at ${addressText(final.locationAddress, final.locationOrganisation)}.`;
}
function publicationOnline(permit) {
  return answer(permit.entryMethodsWebsite) || answer(permit.applicant?.website) || "the promoter\u2019s website";
}
function termsValues(source, context = {}) {
  const permit = source.permit ?? {};
  const applicant = permit.applicant ?? {};
  const final = permit.finalDraw ?? {};
  const unclaimed = permit.unclaimedDraw ?? {};
  const entryMethods = entryMethodNames(permit.entryMethodsValue).map(inSentence);
  const drawMethods = drawMethodNames(permit.drawMethodsValue).map(inSentence);
  const categories = prizeCategoryNames(source.prizeCategoriesValue).map(inSentence);
  const notification = final.notification?.method || final.notification?.date ? final.notification : unclaimed.notification;
  const providerName = answer(context.providerName) || DEFAULT_PRODUCT_NAME;
  const rules = context.stateRules ?? termsStateRules(selectRuleSet(source.startDate ?? permit.startDate ?? null));
  const conductor = drawConductor(source, providerName);
  const businessNumber = formatAbnOrAcn(applicant.abnacn);
  const promoterName = answer(applicant.organisation) || TBA;
  return {
    ...stateRuleValues(rules),
    "promoter.name": promoterName,
    "promoter.abn": businessNumber.replace(/^A[BC]N /, "") || TBA,
    "promoter.identifier": businessNumber || `ABN ${TBA}`,
    "promoter.address": addressText(applicant.businessAddress),
    "promoter.website": answer(applicant.website) || TBA,
    "promotion.name": answer(source.name) || "this promotion",
    "promotion.startDate": formatDate(permit.startDate) || TBA,
    "promotion.endDate": formatDate(permit.endDate) || TBA,
    "promotion.period": periodText(source),
    "promotion.states": statesText(source),
    "promotion.promotedProducts": answer(permit.promotedProducts) || TBA,
    "entry.methods": joinWords([...entryMethods, ...answer(permit.entryMethodsOther) ? [answer(permit.entryMethodsOther)] : []]) || TBA,
    "entry.mechanic": asSentence(permit.entryMechanic) || `How to enter is ${TBA}.`,
    "entry.website": answer(permit.entryMethodsWebsite) || TBA,
    "entry.phoneNumbers": formatAuPhoneList(permit.entryMethodsPhoneNumbers) || "the number shown in the advertising",
    "entry.limit": entryLimit(permit),
    "draw.when": drawWhen(source, final),
    "draw.date": final.multipleDates && answer(final.multipleDatesDetail) ? answer(final.multipleDatesDetail) : formatDate(final.date) || TBA,
    "draw.time": timeText(final.date, final.time) || TBA,
    "draw.address": addressText(final.locationAddress, final.locationOrganisation),
    "draw.method": joinWords([...drawMethods, ...answer(permit.drawMethodsOther) ? [answer(permit.drawMethodsOther)] : []]) || TBA,
    "draw.scrutineer": conductor.fragment,
    "draw.conductor": conductor.sentence,
    "unclaimed.conductor": conductor.unclaimed,
    "notification.method": notificationMethodName(notification?.method)?.toLowerCase() || "email",
    "notification.date": formatDate(notification?.date) || TBA,
    "notification.sentence": `Winners will be notified by ${notificationMethodName(notification?.method)?.toLowerCase() || "email"}${formatDate(notification?.date) ? ` by ${formatDate(notification?.date)}` : ""}.`,
    "unclaimed.date": formatDate(unclaimed.date) || TBA,
    "unclaimed.time": timeText(unclaimed.date, unclaimed.time) || TBA,
    "unclaimed.address": addressText(unclaimed.locationAddress, unclaimed.locationOrganisation),
    "prizes.description": answer(source.prizeDescription) || TBA,
    "prizes.quantity": source.prizeQuantityTotal != null ? String(source.prizeQuantityTotal) : TBA,
    "prizes.totalValue": formatCurrency(source.totalPrizeValue),
    "prizes.valuesByState": prizeValuesByState(source),
    "prizes.categories": joinWords([...categories, ...answer(source.prizeCategoriesOther) ? [answer(source.prizeCategoriesOther)] : []]) || TBA,
    "publication.act": answer(source.prizePublicationACT) || TBA,
    "publication.actDate": formatDate(source.prizePublicationDateACT) || TBA,
    "publication.online": publicationOnline(permit),
    "permits.numbers": permitNumbersText(source, context.permitNumbers, rules),
    "judging.criteria": answer(permit.judgingCriteria) || TBA,
    "judging.judges": answer(permit.judges) || TBA,
    "inducements.detail": answer(permit.inducementsDetail) || answer(permit.promotedProducts) || TBA,
    "hosted.url": context.hostedUrl || "the promoter\u2019s website",
    "privacy.sharing": source.randomDraw ? `To conduct the draw, the promoter gives the entries to ${providerName}, which uses them only for that purpose.` : ""
  };
}
function termsFacts(source) {
  const permit = source.permit ?? {};
  return {
    ausStates: source.ausStates,
    prizeCategoriesValue: source.prizeCategoriesValue,
    entryMethodsValue: permit.entryMethodsValue,
    drawMethodsValue: permit.drawMethodsValue,
    maxPrizeValue: source.maxPrizeValue,
    inducementsOffered: permit.inducementsOffered,
    under18s: permit.under18s,
    managedSubmission: source.managedSubmission
  };
}
function parseClauseLibrary(rows) {
  const clauses = [];
  for (const row of rows) {
    const parsed = TermsClauseSchema.safeParse(row);
    if (parsed.success) clauses.push(parsed.data);
  }
  return clauses;
}
var TITLES = {
  chance: "Terms and conditions",
  skill: "Terms and conditions (game of skill)",
  abridged: "Abridged terms and conditions"
};
function generateTermsDocument(source, library, kind, context = {}) {
  const clauses = parseClauseLibrary(library);
  const values = termsValues(source, context);
  const fullKind = context.fullKind ?? "chance";
  let sections = selectClauses(clauses, kind, termsFacts(source)).filter((c) => kind !== "abridged" || !c.kinds.some((k) => k !== "abridged") || c.kinds.includes(fullKind)).map((clause) => ({
    key: clause.key,
    title: clause.title,
    paragraphs: clause.paragraphs.map((p) => fillPlaceholders(p, values).trim()).filter(Boolean),
    optional: clause.paragraphs.every((p) => /^\s*\{[a-zA-Z0-9_.]+\}\s*$/.test(p))
  })).filter((s) => s.paragraphs.length || !s.optional).map(({ optional: _optional, ...section }) => section);
  if (kind === "abridged") sections = boundAbridged(sections);
  return { kind, title: `${values["promotion.name"]}: ${TITLES[kind]}`, promotionName: values["promotion.name"], sections };
}
function boundAbridged(sections) {
  const short = sections.map((s) => ({ ...s, paragraphs: s.paragraphs.slice(0, s.key === "prizes" ? 2 : 1) }));
  const tail = short.filter((s) => s.key === "permit-numbers" || s.key === "full-terms");
  short.splice(0, short.length, ...short.filter((s) => !tail.includes(s)));
  const size = (list) => list.reduce((n, s) => n + s.paragraphs.join(" ").length + 1, 0);
  while (short.length > 1 && size([...short, ...tail]) > ABRIDGED_MAX_CHARS) short.splice(short.length - 1, 1);
  const result = [...short, ...tail];
  let budget = ABRIDGED_MAX_CHARS - size(tail);
  for (const section of short) {
    section.paragraphs = section.paragraphs.map((p) => {
      if (p.length <= budget) return budget -= p.length + 1, p;
      const cut = p.slice(0, Math.max(0, budget - 1)).replace(/\s+\S*$/, "").replace(/[\s.,;:]+$/, "");
      budget = 0;
      return cut ? `${cut}\u2026` : "";
    }).filter(Boolean);
  }
  return result.filter((s) => s.paragraphs.length);
}
var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(text33) {
  return text33.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
function renderTermsHtml(doc) {
  const lines = [`<article class="terms terms-${doc.kind}">`, `<h1>${escapeHtml(doc.title)}</h1>`];
  if (doc.kind === "abridged") {
    for (const section of doc.sections) for (const p of section.paragraphs) lines.push(`<p data-clause="${escapeHtml(section.key)}">${escapeHtml(p)}</p>`);
  } else {
    lines.push('<ol class="terms-clauses">');
    for (const section of doc.sections) {
      lines.push(`<li id="clause-${escapeHtml(section.key)}">`, `<h2>${escapeHtml(section.title)}</h2>`);
      for (const p of section.paragraphs) lines.push(`<p>${escapeHtml(p)}</p>`);
      lines.push("</li>");
    }
    lines.push("</ol>");
  }
  lines.push("</article>");
  return lines.join("\n");
}
function fullTermsKind(promotion) {
  return promotion.skillsBasedTC && !promotion.termsAndConditions ? "skill" : "chance";
}

// shared/src/terms/messages.ts
var MSG_TERMS_NOT_PURCHASED = "Terms and conditions are not a service of this promotion.";
var MSG_TERMS_NOT_GENERATED = "The terms and conditions have not been generated yet.";
var MSG_TERMS_ALREADY_APPROVED = "This version of the terms and conditions is already approved.";
var MSG_TERMS_LOCKED = "The terms and conditions are approved: please contact support to change them.";
var MSG_TERMS_EDIT_WINDOW_CLOSED = "The edit window for these terms and conditions has closed: please contact support to change them.";
var MSG_TERMS_HTML_REQUIRED = "Please enter the text of the terms and conditions.";
var MSG_TERMS_PAYMENT_OPTION = "Please choose a payment option.";
var MSG_TERMS_UPDATED_SUBJECT = "Your terms and conditions have been updated with your permit numbers";
var MSG_SKILL_TC_NOT_SKILL = "This promotion is not a game of skill: pay for it with the permit application.";
var MSG_SKILL_TC_OPTION_FIXED = "The payment option cannot be changed once the terms and conditions have been invoiced. Please contact support for assistance.";
var MSG_SKILL_TC_AMEND_WINDOW_CLOSED = "The edit window for this skill-based promotion has closed, so it can no longer be amended. Please contact support for assistance.";
var TERMS_TEXT_DEFECT_NAMES = {
  "unfilled-placeholder": "an unfilled placeholder",
  "doubled-punctuation": "doubled punctuation",
  "space-before-punctuation": "a space before a punctuation mark",
  "doubled-space": "a doubled space",
  "dangling-list": "a list that ends without its last item",
  "empty-clause": "no text",
  "missing-state-statement": "no statement a chosen state requires"
};
var MSG_TERMS_TEXT_DEFECT = (clause, defect, excerpt) => `These terms and conditions were not saved: the clause \u201C${clause}\u201D has ${defect}${excerpt ? ` (\u201C${excerpt}\u201D)` : ""}. Please correct it and try again.`;
var MSG_TERMS_UNCHANGED = (version) => `Nothing has changed since version ${version}, so no new version was made: version ${version} is current.`;

// shared/src/terms/skill-purchase.ts
import { z as z15 } from "zod";
var SubmitSkillsBasedTCSchema = SubmitPermitApplicationSchema.extend({
  skillsBasedTCPaymentOption: z15.preprocess(
    (value) => typeof value === "number" ? String(value) : value,
    z15.enum(SKILL_TC_PAYMENT_OPTIONS, { error: MSG_TERMS_PAYMENT_OPTION })
  )
});
var SubmitSkillsBasedTCResponseSchema = SubmitPermitApplicationResponseSchema.extend({
  skillsBasedTCPaymentOption: z15.enum(SKILL_TC_PAYMENT_OPTIONS),
  /** Until when the customer may regenerate or amend (null until the payment has cleared). */
  skillsBasedTCEditWindow: z15.string().nullable()
});

// shared/src/terms/text-check.ts
var LINE_RULES = [
  { kind: "unfilled-placeholder", pattern: /\{[A-Za-z0-9_.]*\}|\{\{|\}\}/ },
  // Two marks in a row ("each.. Number", "Sydney,, NSW", "prize.;"), spaces between them or not;
  // a real ellipsis is the one character "…".
  { kind: "doubled-punctuation", pattern: /[.,;:!?]\s*[.,;:]|[,;:]\s*[!?]/ },
  { kind: "space-before-punctuation", pattern: /\s[.,;:!?](?=\s|$)/ },
  { kind: "doubled-space", pattern: /\S(?: {2,}|\t)\S/ },
  // "Entry methods: ." "… SMS, and." "Prizes:" at the end: a list whose items did not arrive.
  { kind: "dangling-list", pattern: /(?::|,|\band|\bor)\s*[.;]?\s*$|:\s*[.;]/ }
];
function excerptAt(text33, index16) {
  let start = Math.max(0, index16 - 20);
  let end = Math.min(text33.length, index16 + 20);
  if (start > 0) {
    const space = text33.indexOf(" ", start);
    if (space >= 0 && space < index16) start = space + 1;
  }
  if (end < text33.length) {
    const space = text33.lastIndexOf(" ", end);
    if (space > index16 + 1) end = space;
  }
  return `${start > 0 ? "\u2026" : ""}${text33.slice(start, end).trim()}${end < text33.length ? "\u2026" : ""}`;
}
function checkTermsLine(text33, clause) {
  const found = [];
  if (!text33.trim() || !/[\p{L}\p{N}]/u.test(text33)) return [{ kind: "empty-clause", clause, excerpt: text33.trim() }];
  for (const rule of LINE_RULES) {
    const match = rule.pattern.exec(text33);
    if (match) found.push({ kind: rule.kind, clause, excerpt: excerptAt(text33, match.index) });
  }
  return found;
}
function checkTermsDocument(doc, facts2 = {}) {
  const defects = [...checkTermsLine(doc.title, doc.title).filter((d) => d.kind !== "dangling-list")];
  for (const section of doc.sections) {
    if (!section.paragraphs.length) defects.push({ kind: "empty-clause", clause: section.title, excerpt: "" });
    for (const p of section.paragraphs) defects.push(...checkTermsLine(p, section.title || section.key));
  }
  if (doc.kind === "chance") {
    const present = new Set(doc.sections.map((s) => s.key));
    for (const required of requiredStateStatements(facts2.ausStates, facts2.stateRules ?? termsStateRules())) {
      if (!present.has(required.clause)) defects.push({ kind: "missing-state-statement", clause: required.clause, excerpt: `${stateCodeOf(required.state)}: ${required.what}` });
    }
  }
  return defects;
}
var ENTITIES = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };
var decode = (text33) => text33.replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e]);
function checkTermsHtml(html) {
  const defects = [];
  let clause = "";
  let textSinceHeading = true;
  const blocks = html.matchAll(/<(h[1-3]|p|li)\b[^>]*>((?:(?!<\/?(?:h[1-3]|p|li)\b)[\s\S])*)/gi);
  for (const block of blocks) {
    const tag = block[1].toLowerCase();
    const text33 = decode(block[2].replace(/<[^>]*>/g, "")).replace(/\s*\n\s*/g, " ").trim();
    if (tag === "li" && !text33) continue;
    if (tag.startsWith("h")) {
      if (!textSinceHeading) defects.push({ kind: "empty-clause", clause, excerpt: "" });
      clause = text33;
      textSinceHeading = tag === "h1";
      defects.push(...checkTermsLine(text33, clause).filter((d) => d.kind !== "dangling-list"));
      continue;
    }
    textSinceHeading = true;
    defects.push(...checkTermsLine(text33, clause));
  }
  if (!textSinceHeading) defects.push({ kind: "empty-clause", clause, excerpt: "" });
  return defects;
}
function termsTextDefectMessage(defects) {
  const first = defects[0];
  if (!first) return null;
  return MSG_TERMS_TEXT_DEFECT(first.clause, TERMS_TEXT_DEFECT_NAMES[first.kind], first.excerpt);
}

// shared/src/draws/algorithm.ts
var DRAW_ALGORITHM = "permitdesk-draw-v1";
var NEEDS_QUOTES = /[",\r\n]/;
function canonicalField(value) {
  const trimmed = value.trim();
  return NEEDS_QUOTES.test(trimmed) ? `"${trimmed.replace(/"/g, '""')}"` : trimmed;
}
function canonicalRow(fields) {
  return fields.map(canonicalField).join(",");
}
function isEmptyRow(fields) {
  return fields.every((f) => f.trim() === "");
}
function toHex(bytes) {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}
var encoder = new TextEncoder();
var DrawStream = class {
  constructor(seed, entriesHash, hmac) {
    this.seed = seed;
    this.entriesHash = entriesHash;
    this.hmac = hmac;
  }
  seed;
  entriesHash;
  hmac;
  block = 0;
  words = [];
  async nextUint32() {
    if (this.words.length === 0) {
      const bytes = await this.hmac(this.seed, encoder.encode(`${this.entriesHash}:${this.block}`));
      this.block += 1;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i < 8; i++) this.words.push(view.getUint32(i * 4, false));
      this.words.reverse();
    }
    return this.words.pop();
  }
  /** uniform(n): rejection sampling so every value in [0, n) is equally likely. */
  async uniform(n) {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error(`uniform(n) needs 1 \u2264 n \u2264 2^32, got ${n}`);
    const limit = 2 ** 32 - 2 ** 32 % n;
    for (; ; ) {
      const u = await this.nextUint32();
      if (u < limit) return u % n;
    }
  }
  /** How many HMAC blocks were used so far (for the record). */
  get blocksUsed() {
    return this.block;
  }
};
async function selectIndexes({ seed, entriesHash, entryCount, count: count7, hmac }) {
  if (!Number.isInteger(entryCount) || entryCount < 1) throw new Error("a draw needs at least one entry");
  if (!Number.isInteger(count7) || count7 < 1 || count7 > entryCount) throw new Error("0 < winners + reserves \u2264 entries");
  const stream = new DrawStream(seed, entriesHash, hmac);
  const swapped = /* @__PURE__ */ new Map();
  const at = (i) => swapped.get(i) ?? i;
  const selected = [];
  for (let i = 0; i < count7; i++) {
    const j = i + await stream.uniform(entryCount - i);
    const ai = at(i);
    const aj = at(j);
    swapped.set(i, aj);
    swapped.set(j, ai);
    selected.push(aj);
  }
  return selected;
}
function rootIndexOf(redrawIndex, excludedSorted) {
  let index16 = redrawIndex;
  for (const excluded of excludedSorted) {
    if (excluded <= index16) index16 += 1;
    else break;
  }
  return index16;
}

// shared/src/draws/messages.ts
var MSG_DRAW_FILE_REQUIRED = "Please choose a CSV or XLSX file of entries to upload.";
var MSG_DRAW_FILE_EMPTY = "The file is empty. Please upload a CSV or XLSX file with a header row and one row per entry.";
var MSG_DRAW_FILE_NO_HEADER = "The file has no header row. The first row must name the columns, for example: entryId,email.";
var MSG_DRAW_FILE_NO_ENTRIES = "The file has a header row but no entries.";
var MSG_DRAW_FILE_BINARY = "This file is not a CSV or XLSX file of entries. Please save your entries as CSV (UTF-8) or XLSX and upload that.";
var msgDrawFileTooLarge = (limitMb) => `The file is larger than ${limitMb} MB, the most one draw accepts.`;
var msgDrawTooManyEntries = (limit) => `The file holds more than ${limit.toLocaleString("en-AU")} entries, the most one draw accepts.`;
var msgDrawRaggedRow = (line, found, expected) => `Line ${line} has ${found} ${found === 1 ? "column" : "columns"} but the header has ${expected}. Every row needs the same columns as the header.`;
var msgDrawBadCsv = (line) => `Line ${line} is not valid CSV (check its quotes).`;
var MSG_DRAW_COMMITTED = "The entries of this draw are committed and can no longer change.";
var MSG_DRAW_NO_ENTRIES_YET = "Upload the entries before committing the draw.";
var MSG_DRAW_NOT_COMMITTED = "Commit the draw before running it.";
var MSG_DRAW_ALREADY_COMMITTED = "This draw is already committed.";
var MSG_DRAW_COUNT_RANGE = "Winners plus reserves must be at least 1 and no more than the number of entries.";
var MSG_DRAW_WINNERS_REQUIRED = "Please enter the number of winners (1 or more).";
var MSG_DRAW_RESERVES_INVALID = "Please enter the number of reserves (0 or more).";
var MSG_DRAW_TITLE_INVALID = "Please enter a title of at most 200 characters.";
var MSG_DRAW_NOT_RUN = "A redraw needs the draw to have been run first.";
var MSG_DRAW_CHAIN_OPEN = "Another redraw of this draw has not been run yet. Run it before starting a new one.";
var MSG_DRAW_NO_SERVICE = "This promotion does not include the random draw service.";
var MSG_DRAW_SCRUTINEER_REQUIRED = "The application requires a scrutineer: please enter the scrutineer\u2019s name before running the draw.";
var MSG_DRAW_LOOKUP_VALUE_REQUIRED = "Please enter the value you entered with, exactly as you entered it.";
var MSG_DRAW_ID_REQUIRED = "Please give the draw id.";
var MSG_DRAW_SCHEDULE_NEEDS_DATE = "A scheduled draw needs the final draw\u2019s date in the application. Please enter it first.";
var MSG_DRAW_PRIZE_VALUES = "Please give at most one prize value per winner, in prize order (position 1 first), each in dollars.";
var msgDrawTooEarly = (when2) => `This draw is scheduled for ${when2}. It can be run at or after that time.`;
var MSG_DRAW_EARLY_REASON_REQUIRED = "This draw is scheduled for later. To run it early, please give the reason: it is shown on the public record and the certificate.";
var MSG_DRAW_EARLY_REASON_INVALID = "Please give the reason for running early in at most 500 characters.";
var MSG_DRAW_RUN_AT_INVALID = "Please give the draw\u2019s date (YYYY-MM-DD) and time (HH:MM), in Sydney time.";
var MSG_DRAW_CANCEL_REASON_REQUIRED = "Please give the reason for cancelling the draw (at most 500 characters): it stays on the public record.";
var MSG_DRAW_CANCELLED = "This draw was cancelled. It stays on the record and can no longer change or run.";
var MSG_DRAW_RUN_CANNOT_CANCEL = "This draw has been run: its result stays on the record and cannot be cancelled. Start a redraw for unclaimed prizes.";
var msgDrawQuotaReached = (quotaMb) => `This upload would take your draw entries past the ${quotaMb.toLocaleString("en-AU")} MB your account may keep. Please contact us if you need more.`;

// shared/src/draws/canonical-entries.ts
var EntriesError = class extends Error {
  constructor(message, line) {
    super(message);
    this.line = line;
  }
  line;
};
var EntriesCanonicaliser = class {
  constructor(onRow, maxEntries = Number.POSITIVE_INFINITY) {
    this.onRow = onRow;
    this.maxEntries = maxEntries;
  }
  onRow;
  maxEntries;
  columns;
  header;
  count = 0;
  get headerFields() {
    return this.header;
  }
  add(fields, line) {
    if (isEmptyRow(fields)) return;
    if (this.columns === void 0) {
      const names = fields.map((f) => f.trim());
      if (names.some((n) => n === "" || looksLikeData(n)) || new Set(names.map((n) => n.toLowerCase())).size !== names.length) throw new EntriesError(MSG_DRAW_FILE_NO_HEADER, line);
      this.columns = fields.length;
      this.header = names;
      return;
    }
    if (fields.length !== this.columns) throw new EntriesError(msgDrawRaggedRow(line, fields.length, this.columns), line);
    this.count += 1;
    if (this.count > this.maxEntries) throw new EntriesError(msgDrawTooManyEntries(this.maxEntries), line);
    this.onRow(`${canonicalRow(fields)}
`);
  }
  /** Throws when the file had a header but no entries. */
  finish() {
    if (this.columns === void 0) throw new EntriesError(MSG_DRAW_FILE_NO_HEADER);
    if (this.count === 0) throw new EntriesError(MSG_DRAW_FILE_NO_ENTRIES);
  }
};
function looksLikeData(name) {
  return /^[^@\s]+@[^@\s]+$/.test(name) || /^[+-]?\d+([.,]\d+)?$/.test(name);
}
function parseCanonicalRow(row) {
  const fields = [];
  let i = 0;
  while (i <= row.length) {
    if (row[i] === '"') {
      let value = "";
      i += 1;
      for (; ; ) {
        const q = row.indexOf('"', i);
        if (q < 0) {
          value += row.slice(i);
          i = row.length;
          break;
        }
        value += row.slice(i, q);
        if (row[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      fields.push(value);
      i += 1;
    } else {
      const comma = row.indexOf(",", i);
      const end = comma < 0 ? row.length : comma;
      fields.push(row.slice(i, end));
      i = end + 1;
    }
  }
  return fields;
}

// shared/src/draws/masking.ts
var MASK_RULES = ["standard", "initialsPostcode", "hidden"];
var EMAIL = /^([^@\s]+)@([^@\s]+)$/;
function maskEmail(value) {
  const match = EMAIL.exec(value.trim());
  if (!match) return maskText(value);
  const [, local, domain] = match;
  return `${Array.from(local)[0]}***@${domain}`;
}
function maskText(value) {
  const words2 = value.trim().split(/\s+/).filter(Boolean);
  return words2.map((w) => `${Array.from(w)[0].toUpperCase()}.`).join(" ");
}
var STATES = /* @__PURE__ */ new Set(["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]);
var ENTRY_ID = /^(?=[^\s]*\d)[A-Za-z0-9][A-Za-z0-9_\-./#]{0,39}$/;
function maskDigits(value) {
  const total = (value.match(/\d/g) ?? []).length;
  let seen = 0;
  return value.replace(/\d/g, (d) => ++seen > total - 3 ? d : "*");
}
function maskField(value, rule) {
  const v = value.trim();
  if (rule === "hidden" || v === "") return "";
  if (EMAIL.test(v)) return maskEmail(v);
  if (STATES.has(v.toUpperCase())) return v;
  if (/^\d{1,4}$/.test(v)) return v;
  if (/^[+(\d][\d\s()+-]*$/.test(v)) return maskDigits(v);
  if (ENTRY_ID.test(v) && /[A-Za-z]/.test(v)) return v;
  return maskText(v);
}
function maskEntry(fields, rule) {
  if (rule === "hidden") return "";
  return fields.map((f) => maskField(f, rule)).filter((f) => f !== "").join(", ");
}

// shared/src/draws/schemas.ts
import { z as z16 } from "zod";
var MSG_PROMOTION_ID = "Please give the promotion id.";
var MSG_MASK_RULE = "Please choose how entries are shown: standard, initialsPostcode or hidden.";
var MSG_SCRUTINEER_NAME = "Please enter the scrutineer\u2019s name (at most 200 characters).";
var drawId = z16.coerce.number({ error: MSG_DRAW_ID_REQUIRED }).int({ error: MSG_DRAW_ID_REQUIRED }).positive({ error: MSG_DRAW_ID_REQUIRED });
var winners = z16.number({ error: MSG_DRAW_WINNERS_REQUIRED }).int({ error: MSG_DRAW_WINNERS_REQUIRED }).min(1, { error: MSG_DRAW_WINNERS_REQUIRED }).max(1e5, { error: MSG_DRAW_WINNERS_REQUIRED });
var reserves = z16.number({ error: MSG_DRAW_RESERVES_INVALID }).int({ error: MSG_DRAW_RESERVES_INVALID }).min(0, { error: MSG_DRAW_RESERVES_INVALID }).max(1e5, { error: MSG_DRAW_RESERVES_INVALID });
var prizeValues = z16.array(MoneySchema.nullable(), { error: MSG_DRAW_PRIZE_VALUES }).max(1e5, { error: MSG_DRAW_PRIZE_VALUES });
var title = z16.string({ error: MSG_DRAW_TITLE_INVALID }).trim().max(200, { error: MSG_DRAW_TITLE_INVALID });
var DrawCreateSchema = z16.object({
  promotionId: z16.coerce.number({ error: MSG_PROMOTION_ID }).int({ error: MSG_PROMOTION_ID }).positive({ error: MSG_PROMOTION_ID }),
  title: title.optional(),
  winners: winners.optional(),
  reserves: reserves.optional(),
  maskRule: z16.enum(MASK_RULES, { error: MSG_MASK_RULE }).optional(),
  prizeValues: prizeValues.optional(),
  /** Commit at upload close and run at the final draw's date and time, through the job queue. */
  schedule: z16.boolean({ error: "Please answer whether the draw runs by itself at the final draw time." }).optional(),
  /**
   * When the application gives no final draw date: the date (YYYY-MM-DD) and time (HH:MM) in
   * Sydney from which the draw may run. Without either, the draw may run from its creation.
   */
  runDate: z16.string({ error: MSG_DRAW_RUN_AT_INVALID }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DRAW_RUN_AT_INVALID }).optional(),
  runTime: z16.string({ error: MSG_DRAW_RUN_AT_INVALID }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG_DRAW_RUN_AT_INVALID }).optional()
});
var DrawIdSchema = z16.object({ id: drawId });
var DrawRunSchema = z16.object({
  id: drawId,
  scrutineerName: z16.string({ error: MSG_SCRUTINEER_NAME }).trim().max(200, { error: MSG_SCRUTINEER_NAME }).optional(),
  /** Staff only: why the draw runs before its scheduled time (shown on the public record and the certificate). */
  earlyRunReason: z16.string({ error: MSG_DRAW_EARLY_REASON_INVALID }).trim().max(500, { error: MSG_DRAW_EARLY_REASON_INVALID }).optional()
});
var DrawCancelSchema = z16.object({
  id: drawId,
  reason: z16.string({ error: MSG_DRAW_CANCEL_REASON_REQUIRED }).trim().min(1, { error: MSG_DRAW_CANCEL_REASON_REQUIRED }).max(500, { error: MSG_DRAW_CANCEL_REASON_REQUIRED })
});
var DrawRedrawSchema = z16.object({
  id: drawId,
  winners,
  reserves: reserves.default(0),
  title: title.optional(),
  prizeValues: prizeValues.optional(),
  /** As at create, when the application gives no unclaimed draw date. */
  runDate: z16.string({ error: MSG_DRAW_RUN_AT_INVALID }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DRAW_RUN_AT_INVALID }).optional(),
  runTime: z16.string({ error: MSG_DRAW_RUN_AT_INVALID }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG_DRAW_RUN_AT_INVALID }).optional()
});
var DrawListQuerySchema = z16.object({ promotionId: z16.coerce.number({ error: MSG_PROMOTION_ID }).int({ error: MSG_PROMOTION_ID }).positive({ error: MSG_PROMOTION_ID }) });
var publicId = z16.string({ error: "Please give the draw\u2019s public id." }).regex(/^[A-Za-z0-9_-]{6,40}$/, { error: "Please give the draw\u2019s public id." });
var DrawPublicQuerySchema = z16.object({ publicId });
var DrawLookupQuerySchema = z16.object({
  publicId,
  value: z16.string({ error: MSG_DRAW_LOOKUP_VALUE_REQUIRED }).trim().min(1, { error: MSG_DRAW_LOOKUP_VALUE_REQUIRED }).max(500, { error: MSG_DRAW_LOOKUP_VALUE_REQUIRED })
});

// shared/src/draws/schedule.ts
function drawInstant(date5, time = "00:00") {
  if (!date5 || !isValidIsoDate(date5) || !/^([01]?\d|2[0-3]):[0-5]\d$/.test(time ?? "00:00")) return null;
  return sydneyInstant(date5, time ?? "00:00");
}
var ACT_PUBLICATION_MIN_CENTS = 1e5;
function prizeValueAt(position, facts2) {
  const given = facts2.prizeValues[position - 1];
  if (typeof given === "number") return given;
  if (!facts2.isRedraw && facts2.winners === 1 && typeof facts2.maxPrizeValue === "number") return facts2.maxPrizeValue;
  return null;
}
function actPublishedPositions(facts2) {
  if (typeof facts2.prizeValueACT === "number" && facts2.prizeValueACT < ACT_PUBLICATION_MIN_CENTS) return [];
  const couldBe = typeof facts2.maxPrizeValue !== "number" || facts2.maxPrizeValue >= ACT_PUBLICATION_MIN_CENTS;
  const out = [];
  for (let position = 1; position <= facts2.winners; position++) {
    const value = prizeValueAt(position, facts2);
    if (value === null ? couldBe : value >= ACT_PUBLICATION_MIN_CENTS) out.push(position);
  }
  return out;
}
function winnerPublicationsOf(input) {
  const out = [];
  const act = input.stateAct ? actPublishedPositions(input.prizes) : [];
  if (act.length > 0) {
    const date5 = input.prizePublicationDateACT ?? (input.finalDrawDate ? addDays(input.finalDrawDate, 7) : null);
    const at = drawInstant(date5, "09:00");
    out.push({ state: "ACT", publishAt: at && at > input.ranAt ? at : input.ranAt, positions: act });
  }
  if (input.stateSa) out.push({ state: "SA", publishAt: input.ranAt, positions: Array.from({ length: input.prizes.winners }, (_, i) => i + 1) });
  return out;
}

// shared/src/security/change-password.ts
import { z as z17 } from "zod";
var ChangePasswordSchema = z17.object({
  currentPassword: z17.string({ error: MSG_PASSWORD_REQUIRED }).max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_REQUIRED, abort: true }).min(1, { error: MSG_PASSWORD_REQUIRED }),
  password: z17.string({ error: MSG_COMPLETE_ALL_FIELDS }).max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_TOO_LONG, abort: true }).min(PASSWORD_MIN_LENGTH, { error: MSG_PASSWORD_TOO_SHORT })
});

// shared/src/admin/statistics.ts
import { z as z18 } from "zod";

// shared/src/draws/csv-export.ts
var FORMULA_START = /^[=+\-@\t\r]/;
var MAY_NEED = /(^|,)"?[=+\-@\t\r]/;
function csvSafeCell(value) {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
function csvSafeRow(row) {
  if (!MAY_NEED.test(row)) return row;
  return parseCanonicalRow(row).map((field) => {
    const safe2 = csvSafeCell(field);
    return safe2 === field ? canonicalField(field) : /[",\r\n]/.test(safe2) ? `"${safe2.replace(/"/g, '""')}"` : safe2;
  }).join(",");
}

// shared/src/admin/statistics.ts
var PROVIDER_SERVICE_FEES = [
  { key: "feeDue_Service", service: "managedSubmission", label: "Permit management" },
  { key: "feeDue_RandomDraw", service: "randomDraw", label: "Random draw" },
  { key: "feeDue_TermsAndConditions", service: "termsAndConditions", label: "T&Cs (game of chance)" },
  { key: "feeDue_SkillsBasedTC", service: "skillsBasedTC", label: "T&Cs (game of skill)" },
  { key: "feeDue_AbridgedTC", service: "abridgedTC", label: "Abridged T&Cs" },
  { key: "feeDue_HostedTC", service: "hostedTC", label: "Hosted T&Cs" }
];
var GOVERNMENT_FEES = [
  { key: "feeDue_NSW", state: "NSW", label: "NSW permit fee (Liquor & Gaming NSW)" },
  { key: "feeDue_ACT", state: "ACT", label: "ACT permit fee (Access Canberra)" },
  { key: "feeDue_SA", state: "SA", label: "SA licence fee (Consumer and Business Services)" }
];
var STATISTICS_SERVICES = PROVIDER_SERVICE_FEES.map((fee) => fee.service);
var STATISTICS_STATES = ["NSW", "ACT", "SA", "VIC", "QLD", "WA", "TAS", "NT"];
var MSG_STATISTICS_RANGE = "The start of the date range must be on or before its end.";
var MSG_STATISTICS_STATE = "Please choose a state.";
var MSG_STATISTICS_SERVICE = "Please choose a service.";
var flag2 = z18.union([z18.boolean(), z18.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
var StatisticsQuerySchema = z18.object({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  state: z18.enum(STATISTICS_STATES, { error: MSG_STATISTICS_STATE }).optional(),
  service: z18.enum(STATISTICS_SERVICES, { error: MSG_STATISTICS_SERVICE }).optional(),
  includeTest: flag2.optional().default(false)
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], error: MSG_STATISTICS_RANGE });
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p / 100 * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const value = sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
  return Math.round(value * 100) / 100;
}
var OUTSTANDING_AGE_BUCKETS = [
  { label: "Under 2 days", min: 0, max: 1, tone: "neutral" },
  { label: "2 to 4 days", min: 2, max: 4, tone: "warning" },
  { label: "5 to 9 days", min: 5, max: 9, tone: "danger" },
  { label: "10 days or more", min: 10, max: Number.POSITIVE_INFINITY, tone: "danger" }
];
function outstandingAgeBucket(days) {
  return OUTSTANDING_AGE_BUCKETS.find((bucket) => days >= bucket.min && days <= bucket.max).label;
}

// shared/src/admin/notes-and-tasks.ts
function noteActionLabel(action) {
  return { create: "Note added", modify: "Note edited", delete: "Note deleted" }[action] ?? "Note changed";
}
function taskSourceLabel(kind, createdByName) {
  switch (kind) {
    case "admin-note":
      return createdByName ? `Staff note by ${createdByName}` : "Staff note";
    case "lawyer-contact":
      return "Customer asked for a lawyer";
    case "addendum":
      return "Customer submitted an addendum";
    case "lodgement-pack":
      return "Lodgement pack could not be built";
    default:
      return "Raised by the system";
  }
}
var MSG_TASK_DUE_DATE_REQUIRED = "Please enter the date this task is due.";

// shared/src/rules/rule-set-2025-26.ts
var keptFromSpec = (section, what) => ({
  ...SPEC_SOURCE(section),
  verified: false,
  note: `${what} not in the 2025-26 research: the specification\u2019s figure is kept until a regulator\u2019s page confirms one.`
});
var RULE_SET_2025_26 = {
  ...RULE_SET_2020,
  id: "au-2025-07",
  effectiveFrom: "2025-07-01",
  description: "The 2025-26 research: NSW authority (1, 3 or 5 years) plus a free notification per promotion, SA standard and premium lead times, and each state\u2019s duties.",
  fees: {
    ...RULE_SET_2020.fees,
    government: {
      ...RULE_SET_2020.fees.government,
      // A promoter without an authority buys the one-year authority (applied online).
      nswCents: 45800,
      // The per-promotion notification is free.
      nswWithAuthorityCents: 0
    }
  },
  states: RESEARCHED_STATE_RULES,
  sources: {
    ...researchedStateSources(),
    "thresholds.nswPermitAboveCents": SOURCES.nswNotify,
    "thresholds.actPermitAboveCents": SOURCES.actResearch,
    "thresholds.saPermitAboveCents": SOURCES.saTradePromotions,
    "thresholds.ntNoticeAboveCents": SOURCES.ntTradeLottery,
    "thresholds.nswScrutineerAboveCents": keptFromSpec("001 \xA75", "An NSW scrutineer threshold is"),
    "thresholds.saScrutineerFromCents": SOURCES.saResearch,
    "fees.government.nswCents": SOURCES.nswAuthorityFees,
    "fees.government.nswWithAuthorityCents": { ...SOURCES.nswNotify, verified: false, note: "The research says the notification is free; the Service NSW page names no fee." },
    "fees.government.act": SOURCES.actFees,
    "fees.government.sa": keptFromSpec("001 \xA79", "SA licence fees are"),
    "fees.government.saPremiumCents": keptFromSpec("001 \xA79", "The SA premium fee is"),
    "fees.provider.permitManagementByCountCents": SOURCES.providerPrices,
    "fees.provider.randomDrawCents": SOURCES.providerPrices,
    "fees.provider.termsChanceCents": SOURCES.providerPrices,
    "fees.provider.termsSkillCents": SOURCES.providerPrices,
    "fees.provider.abridgedTermsCents": SOURCES.providerPrices,
    "fees.provider.hostedTermsCents": SOURCES.providerPrices,
    "fees.gstRate": SPEC_SOURCE("001 \xA79"),
    "fees.cardSurchargeRate": SPEC_SOURCE("001 \xA79")
  }
};

// shared/src/rules/figures.ts
var TOP = [
  { key: "thresholds.nswPermitAboveCents", label: "NSW: authority needed when the prize pool is over", state: "nsw", kind: "money" },
  { key: "thresholds.actPermitAboveCents", label: "ACT: permit needed when the prize pool is over", state: "act", kind: "money" },
  { key: "thresholds.saPermitAboveCents", label: "SA: permit needed when the prize pool is over (or for instant-win prizes)", state: "sa", kind: "money" },
  { key: "thresholds.ntNoticeAboveCents", label: "NT: permit needed (when no other state issued one) when the prize pool is over", state: "nt", kind: "money" },
  { key: "thresholds.nswScrutineerAboveCents", label: "NSW: scrutineer addendum when the prize pool is over", state: "nsw", kind: "money" },
  { key: "thresholds.saScrutineerFromCents", label: "SA: scrutineer for draws of at least", state: "sa", kind: "money" },
  { key: "fees.government.nswCents", label: "NSW: government fee without an authority", state: "nsw", kind: "money" },
  { key: "fees.government.nswWithAuthorityCents", label: "NSW: government fee with an authority", state: "nsw", kind: "money" },
  { key: "fees.government.act", label: "ACT: permit fee by total prize value", state: "act", kind: "tiers" },
  { key: "fees.government.sa", label: "SA: licence fee by total prize value", state: "sa", kind: "tiers" },
  { key: "fees.government.saPremiumCents", label: "SA: premium licence fee (at least)", state: "sa", kind: "money" },
  { key: "fees.provider.permitManagementByCountCents", label: "Permit management by number of permits (none, one, two, three)", state: null, kind: "money-list" },
  { key: "fees.provider.randomDrawCents", label: "Random draw service", state: null, kind: "money" },
  { key: "fees.provider.termsChanceCents", label: "Terms and conditions (game of chance)", state: null, kind: "money" },
  { key: "fees.provider.termsSkillCents", label: "Terms and conditions (game of skill)", state: null, kind: "money" },
  { key: "fees.provider.abridgedTermsCents", label: "Abridged terms and conditions", state: null, kind: "money" },
  { key: "fees.provider.hostedTermsCents", label: "Hosted terms and conditions", state: null, kind: "money" },
  { key: "fees.gstRate", label: "GST on our fees", state: null, kind: "rate" },
  { key: "fees.cardSurchargeRate", label: "Card surcharge", state: null, kind: "rate" }
];
var STATE_FIGURES = [
  { field: "permitModel", label: "How the state licenses a promotion", kind: "text", options: PERMIT_MODELS },
  { field: "lodgeBusinessDays", label: "Lodge at least this long before the start", kind: "count", unit: "business days" },
  { field: "lodgeCalendarDays", label: "Allow this long for processing", kind: "count", unit: "days" },
  { field: "premiumWithinBusinessDays", label: "Premium fee when needed within", kind: "count", unit: "business days" },
  { field: "notificationAboveCents", label: "Notify each promotion with a prize pool over", kind: "money" },
  { field: "notifyBusinessDays", label: "Notify at least this long before the start", kind: "count", unit: "business days" },
  { field: "authority1YearCents", label: "Authority for 1 year (online)", kind: "money" },
  { field: "authority3YearCents", label: "Authority for 3 years (online)", kind: "money" },
  { field: "authority5YearCents", label: "Authority for 5 years (online)", kind: "money" },
  { field: "notifyWinnersWithinDays", label: "Notify winners in writing within", kind: "count", unit: "days" },
  { field: "publishWinnersFromPrizeCents", label: "Publish winners of prizes of at least", kind: "money" },
  { field: "publishWinnersWithinDays", label: "Publish winners within", kind: "count", unit: "days" },
  { field: "publishWinnersForDays", label: "Keep winners published for at least", kind: "count", unit: "days" },
  { field: "deliverPrizesWithinDays", label: "Deliver prizes within", kind: "count", unit: "days" },
  { field: "drawWithinMonths", label: "Draw within this long of the start", kind: "count", unit: "months" },
  { field: "recordMonths", label: "Keep records for", kind: "count", unit: "months" },
  { field: "entryCostCapCents", label: "Most an entry may cost", kind: "money" },
  { field: "entryCostCapMobileCents", label: "Most an entry by mobile phone may cost", kind: "money" },
  { field: "restrictedPrizes", label: "Banned or limited prizes", kind: "list", options: PRIZE_RESTRICTIONS }
];
var FIGURE_DEFS = [
  ...TOP,
  ...STATE_KEYS.flatMap(
    (state) => STATE_FIGURES.map(({ field, label, kind, unit, options }) => ({
      key: `states.${state}.${field}`,
      label: `${STATE_CODES[state]}: ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
      state,
      kind,
      ...unit ? { unit } : {},
      ...options ? { options } : {}
    }))
  )
];
var DEF_BY_KEY = new Map(FIGURE_DEFS.map((def) => [def.key, def]));
function figureDef(key) {
  return DEF_BY_KEY.get(key);
}
function getPath(root, key) {
  let node = root;
  for (const part of key.split(".")) node = node?.[part];
  return node;
}
function setPath(root, key, value) {
  const parts2 = key.split(".");
  let node = root;
  for (const part of parts2.slice(0, -1)) node = node[part];
  node[parts2[parts2.length - 1]] = value;
}
function toWireValue(def, value) {
  if (value === null || value === void 0) return null;
  switch (def.kind) {
    case "money":
      return centsToDollars(value);
    case "money-list":
      return value.map(centsToDollars);
    case "tiers": {
      const t = value;
      return { base: centsToDollars(t.baseCents), steps: t.steps.map((s) => ({ above: centsToDollars(s.aboveCents), fee: centsToDollars(s.feeCents) })) };
    }
    case "rate":
      return { ...value };
    case "list":
      return [...value];
    default:
      return value;
  }
}
function fromWireValue(def, value) {
  if (value === null) return def.kind === "money-list" || def.kind === "tiers" || def.kind === "rate" ? { ok: false } : { ok: true, value: null };
  const cents2 = (v) => typeof v === "number" ? wireDollarsToCents(v) : null;
  switch (def.kind) {
    case "money": {
      const c = cents2(value);
      return c === null ? { ok: false } : { ok: true, value: c };
    }
    case "money-list": {
      if (!Array.isArray(value) || value.length !== 4) return { ok: false };
      const list = value.map(cents2);
      return list.some((c) => c === null) ? { ok: false } : { ok: true, value: list };
    }
    case "tiers": {
      const t = value;
      const base = cents2(t?.base);
      if (base === null || !Array.isArray(t.steps)) return { ok: false };
      const steps = t.steps.map((s) => ({ aboveCents: cents2(s?.above), feeCents: cents2(s?.fee) }));
      if (steps.some((s) => s.aboveCents === null || s.feeCents === null)) return { ok: false };
      for (let i = 1; i < steps.length; i += 1) if (steps[i].aboveCents <= steps[i - 1].aboveCents) return { ok: false };
      return { ok: true, value: { baseCents: base, steps } };
    }
    case "count":
      return Number.isInteger(value) && value >= 0 && value <= 3650 ? { ok: true, value } : { ok: false };
    case "rate": {
      const r = value;
      return Number.isInteger(r?.numerator) && Number.isInteger(r?.denominator) && r.numerator >= 0 && r.denominator > 0 ? { ok: true, value: { numerator: r.numerator, denominator: r.denominator } } : { ok: false };
    }
    case "text":
      return typeof value === "string" && (def.options ?? []).includes(value) ? { ok: true, value } : { ok: false };
    case "list":
      return Array.isArray(value) && value.every((v) => typeof v === "string" && (def.options ?? []).includes(v)) ? { ok: true, value: [...new Set(value)] } : { ok: false };
  }
}
function ruleSetFigures(set) {
  return FIGURE_DEFS.map((def) => ({ ...def, value: toWireValue(def, getPath(set, def.key)), source: set.sources[def.key] ?? null }));
}
function applyFigureChanges(base, next, changes) {
  const copy = structuredClone(base);
  const badKeys = [];
  for (const change3 of changes) {
    const def = figureDef(change3.key);
    const parsed = def ? fromWireValue(def, change3.value) : { ok: false };
    if (!def || !parsed.ok) {
      badKeys.push(change3.key);
      continue;
    }
    setPath(copy, change3.key, parsed.value);
    copy.sources[change3.key] = change3.source;
  }
  if (badKeys.length > 0) return { ok: false, badKeys };
  return { ok: true, ruleSet: { ...copy, ...next } };
}
function compareRuleSets(previous, next) {
  const before = new Map(ruleSetFigures(previous).map((f) => [f.key, f]));
  return ruleSetFigures(next).filter((f) => JSON.stringify(f.value) !== JSON.stringify(before.get(f.key)?.value ?? null)).map((f) => ({
    key: f.key,
    label: f.label,
    state: f.state,
    kind: f.kind,
    ...f.unit ? { unit: f.unit } : {},
    before: before.get(f.key)?.value ?? null,
    after: f.value,
    source: f.source
  }));
}

// shared/src/rules/catalogue.ts
var RULE_SET_CATALOGUE = [RULE_SET_2020, RULE_SET_2025_26];
function inForceRuleSets(published = []) {
  return [...RULE_SETS, ...published];
}
function ruleSetInForce(date5, published = []) {
  return selectRuleSet(date5, inForceRuleSets(published));
}
function findRuleSet(id, published = []) {
  return published.find((s) => s.id === id) ?? RULE_SET_CATALOGUE.find((s) => s.id === id);
}
function previousRuleSet(set, published = []) {
  const earlier = inForceRuleSets(published).filter((s) => s.id !== set.id && s.effectiveFrom < set.effectiveFrom);
  if (earlier.length === 0) {
    const fallback = inForceRuleSets(published).find((s) => s.id !== set.id);
    return fallback ?? null;
  }
  return selectRuleSet(set.effectiveFrom, earlier);
}
function toRuleSetView(set, published = []) {
  const previous = previousRuleSet(set, published);
  return {
    id: set.id,
    effectiveFrom: set.effectiveFrom,
    description: set.description,
    inForce: inForceRuleSets(published).some((s) => s.id === set.id),
    figures: ruleSetFigures(set),
    notices: set.notices,
    previous: previous ? { id: previous.id, effectiveFrom: previous.effectiveFrom } : null,
    changes: previous ? compareRuleSets(previous, set) : []
  };
}

// shared/src/compliance/state-holidays.ts
function nthWeekday(year, month, dow, n) {
  const first = isoDateOf(year, month, 1);
  const offset = (dow - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}
function onOrAfter(date5, dow) {
  return addDays(date5, (dow - dayOfWeek(date5) + 7) % 7);
}
var MONDAY = 1;
function statePublicHolidays(state, year) {
  switch (state) {
    case "nsw":
      return [
        { date: nthWeekday(year, 6, MONDAY, 2), name: "King's Birthday" },
        { date: nthWeekday(year, 10, MONDAY, 1), name: "Labour Day" }
      ];
    case "sa":
      return [
        { date: nthWeekday(year, 3, MONDAY, 2), name: "Adelaide Cup Day" },
        { date: nthWeekday(year, 6, MONDAY, 2), name: "King's Birthday" },
        { date: nthWeekday(year, 10, MONDAY, 1), name: "Labour Day" }
      ];
    case "act":
      return [
        { date: nthWeekday(year, 3, MONDAY, 2), name: "Canberra Day" },
        { date: onOrAfter(isoDateOf(year, 5, 27), MONDAY), name: "Reconciliation Day" },
        { date: nthWeekday(year, 6, MONDAY, 2), name: "King's Birthday" },
        { date: nthWeekday(year, 10, MONDAY, 1), name: "Labour Day" }
      ];
    default:
      return [];
  }
}
function isStatePublicHoliday(state, date5) {
  return isNationalPublicHoliday(date5) || statePublicHolidays(state, Number(date5.slice(0, 4))).some((h) => h.date === date5);
}
function isStateBusinessDay(state, date5) {
  const dow = dayOfWeek(date5);
  return dow !== 0 && dow !== 6 && !isStatePublicHoliday(state, date5);
}
function stateBusinessDaysBefore(state, date5, n) {
  let current = date5;
  let left = n;
  while (left > 0) {
    current = addDays(current, -1);
    if (isStateBusinessDay(state, current)) left -= 1;
  }
  return current;
}

// shared/src/compliance/obligations.ts
var OBLIGATION_STATUSES = ["upcoming", "due", "done", "overdue"];
var OBLIGATION_DUE_SOON_DAYS = 7;
var plural = (n, unit) => `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}`;
function getObligations(input, ruleSet, options) {
  const requirements = getPermitRequirements(input, ruleSet);
  const selected = new Set(requirements.states);
  const start = isValidIsoDate(input.startDate) ? input.startDate : null;
  const end = isValidIsoDate(input.endDate) ? input.endDate : null;
  const draw2 = isValidIsoDate(input.finalDrawDate) ? input.finalDrawDate : null;
  const unclaimed = isValidIsoDate(input.unclaimedDrawDate) ? input.unclaimedDrawDate : null;
  const rules = ruleSet.states;
  const drafts = [];
  const skill = input.skillsBasedTC === true;
  if (start && !skill) {
    const nsw = rules.nsw;
    if (requirements.nsw.required && nsw.notifyBusinessDays !== null) {
      const notifyBy = stateBusinessDaysBefore("nsw", start, nsw.notifyBusinessDays);
      if (input.hasNswAuthority !== true) {
        drafts.push({
          code: "nsw-authority",
          title: "Hold an NSW trade promotion authority",
          state: "nsw",
          dueDate: notifyBy,
          rule: "NSW: a promoter needs a trade promotion authority (1, 3 or 5 years) before notifying a promotion.",
          ruleKey: "states.nsw.permitModel"
        });
      }
      drafts.push({
        code: "notify-nsw",
        title: "Notify NSW of the promotion",
        state: "nsw",
        dueDate: notifyBy,
        rule: `NSW: notify each promotion with a prize pool over the threshold at least ${plural(nsw.notifyBusinessDays, "business days")} before it starts.`,
        ruleKey: "states.nsw.notifyBusinessDays"
      });
    }
    if (requirements.nsw.required && input.hasNswAuthority === true && isValidIsoDate(input.nswAuthorityExpiration) && end && input.nswAuthorityExpiration < end) {
      drafts.push({
        code: "renew-nsw-authority",
        title: "Renew the NSW authority before it expires",
        state: "nsw",
        dueDate: input.nswAuthorityExpiration,
        rule: "NSW: the authority must be in force for the whole promotion; it expires before the promotion ends.",
        ruleKey: "states.nsw.permitModel"
      });
    }
    const sa = rules.sa;
    if (requirements.sa.required && sa.lodgeBusinessDays !== null) {
      drafts.push({
        code: "lodge-sa",
        title: "Lodge the SA licence application (standard fee)",
        state: "sa",
        dueDate: stateBusinessDaysBefore("sa", start, sa.lodgeBusinessDays),
        rule: `SA: lodge at least ${plural(sa.lodgeBusinessDays, "business days")} before the start (SA public holidays skipped).`,
        ruleKey: "states.sa.lodgeBusinessDays"
      });
      if (sa.premiumWithinBusinessDays !== null) {
        drafts.push({
          code: "lodge-sa-premium",
          title: "Last day to lodge in SA (premium fee)",
          state: "sa",
          dueDate: stateBusinessDaysBefore("sa", start, sa.premiumWithinBusinessDays),
          rule: `SA: a licence needed within ${plural(sa.premiumWithinBusinessDays, "business days")} of lodgement costs the premium fee.`,
          ruleKey: "states.sa.premiumWithinBusinessDays"
        });
      }
    }
    const act = rules.act;
    if (requirements.act.required && act.lodgeBusinessDays !== null) {
      drafts.push({
        code: "lodge-act",
        title: "Lodge the ACT permit application",
        state: "act",
        dueDate: stateBusinessDaysBefore("act", start, act.lodgeBusinessDays),
        rule: `ACT: lodge about ${plural(act.lodgeBusinessDays, "business days")} before the start (ACT public holidays skipped).`,
        ruleKey: "states.act.lodgeBusinessDays"
      });
    }
    const nt = rules.nt;
    if (requirements.ntNotice && nt.lodgeCalendarDays !== null) {
      drafts.push({
        code: "lodge-nt",
        title: "Apply for the NT permit",
        state: "nt",
        dueDate: addDays(start, -nt.lodgeCalendarDays),
        rule: `NT: a permit is needed only when no other state issued one; allow ${plural(nt.lodgeCalendarDays, "days")} for it.`,
        ruleKey: "states.nt.lodgeCalendarDays"
      });
    }
    if (selected.has("qld") && rules.qld.drawWithinMonths !== null) {
      drafts.push({
        code: "draw-within-qld",
        title: "Draw within the QLD time limit",
        state: "qld",
        dueDate: addMonths(start, rules.qld.drawWithinMonths),
        rule: `QLD: the draw must take place within ${plural(rules.qld.drawWithinMonths, "months")} of the start.`,
        ruleKey: "states.qld.drawWithinMonths"
      });
    }
  }
  if (draw2) {
    drafts.push({ code: "draw", title: "Draw the winners", state: null, dueDate: draw2, dueKind: "on", rule: "The final draw, on the date the terms give.", ruleKey: "permit.finalDraw.date" });
    for (const state of STATE_KEYS) {
      if (!selected.has(state)) continue;
      const r = rules[state];
      const code = STATE_CODES[state];
      if (r.notifyWinnersWithinDays !== null) {
        drafts.push({
          code: `notify-winners-${state}`,
          title: "Notify the winners in writing",
          state,
          dueDate: addDays(draw2, r.notifyWinnersWithinDays),
          rule: `${code}: winners are notified in writing within ${plural(r.notifyWinnersWithinDays, "days")} of the draw.`,
          ruleKey: `states.${state}.notifyWinnersWithinDays`
        });
      }
      const publishes = r.publishWinnersFromPrizeCents !== null && (input.maxPrizeValue == null || input.maxPrizeValue >= r.publishWinnersFromPrizeCents);
      const actDate = state === "act" && isValidIsoDate(input.prizePublicationDateACT) ? input.prizePublicationDateACT : null;
      if (publishes && actDate && r.publishWinnersWithinDays === null) {
        drafts.push({
          code: `publish-winners-${state}`,
          title: "Publish the winners",
          state,
          dueDate: actDate,
          rule: `${code}: winners of prizes of $1,000 or more are published, on the date the application gives.`,
          ruleKey: `states.${state}.publishWinnersFromPrizeCents`
        });
      } else if (publishes && (r.publishWinnersWithinDays !== null || r.publishWinnersForDays !== null)) {
        const from = r.publishWinnersWithinDays !== null ? addDays(draw2, r.publishWinnersWithinDays) : draw2;
        drafts.push({
          code: `publish-winners-${state}`,
          title: "Publish the winners",
          state,
          dueDate: from,
          dueKind: r.publishWinnersWithinDays !== null ? "by" : "from",
          rule: r.publishWinnersWithinDays !== null ? `${code}: winners are published within ${plural(r.publishWinnersWithinDays, "days")} of the draw.` : `${code}: winners of prizes over $1,000 are published after the draw.`,
          ruleKey: r.publishWinnersWithinDays !== null ? `states.${state}.publishWinnersWithinDays` : `states.${state}.publishWinnersFromPrizeCents`
        });
        if (r.publishWinnersForDays !== null) {
          drafts.push({
            code: `publish-winners-until-${state}`,
            title: "Keep the winners published",
            state,
            dueKind: "until",
            dueDate: addDays(from, r.publishWinnersForDays),
            rule: `${code}: winners published online stay up for at least ${plural(r.publishWinnersForDays, "days")}.`,
            ruleKey: `states.${state}.publishWinnersForDays`
          });
        }
      }
      if (r.deliverPrizesWithinDays !== null) {
        drafts.push({
          code: `deliver-prizes-${state}`,
          title: "Deliver the prizes",
          state,
          dueDate: addDays(draw2, r.deliverPrizesWithinDays),
          rule: `${code}: prizes are delivered within ${plural(r.deliverPrizesWithinDays, "days")} of the draw.`,
          ruleKey: `states.${state}.deliverPrizesWithinDays`
        });
      }
    }
  }
  if (unclaimed) {
    drafts.push({ code: "unclaimed-draw", title: "Hold the unclaimed prize draw", state: null, dueDate: unclaimed, dueKind: "on", rule: "The unclaimed prize draw, on the date the terms give.", ruleKey: "permit.unclaimedDraw.date" });
  }
  const recordEnd = end ?? draw2;
  if (recordEnd) {
    let longest = null;
    for (const state of STATE_KEYS) {
      const months = rules[state].recordMonths;
      if (selected.has(state) && months !== null && (!longest || months > longest.months)) longest = { state, months };
    }
    if (longest) {
      drafts.push({
        code: "keep-records",
        title: "Keep the promotion\u2019s records",
        state: longest.state,
        dueKind: "until",
        dueDate: addMonths(recordEnd, longest.months),
        rule: `${STATE_CODES[longest.state]}: records are kept for ${plural(longest.months, "months")} after the promotion (the longest of its states).`,
        ruleKey: `states.${longest.state}.recordMonths`
      });
    }
  }
  const proofs = options.proofs ?? {};
  return drafts.map((d) => {
    const proof = proofs[d.code] ?? null;
    return { ...d, dueKind: d.dueKind ?? "by", source: ruleSet.sources[d.ruleKey] ?? null, proof, status: obligationStatus(d.dueDate, options.today, proof !== null) };
  }).sort((a, b) => compareIsoDates(a.dueDate, b.dueDate) || a.code.localeCompare(b.code));
}
function obligationStatus(dueDate, today2, closed) {
  if (closed) return "done";
  const left = daysBetween(today2, dueDate);
  if (left < 0) return "overdue";
  return left <= OBLIGATION_DUE_SOON_DAYS ? "due" : "upcoming";
}

// shared/src/rules/messages.ts
var MSG_RULE_SET_ID_INVALID = "Please enter a name of lower-case letters, digits and dashes, for example au-2026-07.";
var MSG_RULE_SET_ID_TAKEN = "A rule set with this name already exists. Please choose another name.";
var MSG_RULE_SET_BASE_UNKNOWN = "Please choose the rule set to start from.";
var MSG_RULE_SET_EFFECTIVE_PAST = "Please choose an effective date of today or later: a set cannot change fees already quoted.";
var MSG_RULE_SET_FIGURE_INVALID = "This value does not fit the figure. Please check it.";
var MSG_RULE_SET_DESCRIPTION_REQUIRED = "Please describe what this set changes.";
var MSG_SOURCE_TITLE_REQUIRED = "Please give the title of the source.";
var MSG_SOURCE_URL_INVALID = "Please enter the address of the source, starting with https://.";
var MSG_SOURCE_NOTE_REQUIRED = "Please say why this figure is not verified.";
var MSG_OBLIGATION_UNKNOWN = "This promotion has no such duty.";
var MSG_OBLIGATION_PROOF_REQUIRED = "Please upload a file or enter a link as proof.";
var MSG_OBLIGATION_LINK_INVALID = "Please enter a valid link starting with https://.";
var MSG_OBLIGATION_UPLOAD_UNKNOWN = "We could not find that file. Please upload it again.";

// shared/src/rules/schemas.ts
import { z as z19 } from "zod";
var RulesCurrentQuerySchema = z19.object({ date: IsoDateSchema.optional() });
var FigureSourceSchema = z19.object({
  title: z19.string({ error: MSG_SOURCE_TITLE_REQUIRED }).trim().min(1, { error: MSG_SOURCE_TITLE_REQUIRED }).max(300, { error: MSG_SOURCE_TITLE_REQUIRED }),
  url: z19.string({ error: MSG_SOURCE_URL_INVALID }).trim().max(2e3, { error: MSG_SOURCE_URL_INVALID }).refine((v) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(v) || /^\/[^\s]*$/.test(v), { error: MSG_SOURCE_URL_INVALID }),
  dateRead: IsoDateSchema,
  verified: z19.boolean(),
  note: z19.string().trim().max(1e3).optional()
}).superRefine((s, ctx) => {
  if (!s.verified && !s.note) ctx.addIssue({ code: "custom", path: ["note"], message: MSG_SOURCE_NOTE_REQUIRED });
});
var FigureValueSchema = z19.unknown().describe("Money in dollars; a tier table { base, steps: [{ above, fee }] }; a count; a rate { numerator, denominator }; a text or a list; null when the sources state no such rule.");
var FigureSchema = z19.object({
  key: z19.string(),
  label: z19.string(),
  state: z19.enum(STATE_KEYS).nullable(),
  kind: z19.enum(["money", "money-list", "tiers", "count", "rate", "text", "list"]),
  unit: z19.enum(["business days", "days", "months"]).optional(),
  options: z19.array(z19.string()).readonly().optional(),
  value: FigureValueSchema,
  source: FigureSourceSchema.nullable()
});
var FigureDifferenceSchema = z19.object({
  key: z19.string(),
  label: z19.string(),
  state: z19.enum(STATE_KEYS).nullable(),
  kind: FigureSchema.shape.kind,
  unit: FigureSchema.shape.unit,
  before: FigureValueSchema,
  after: FigureValueSchema,
  source: FigureSourceSchema.nullable()
});
var NoticeSchema = z19.object({ code: z19.string(), text: z19.string() });
var RuleSetViewSchema = z19.object({
  id: z19.string(),
  effectiveFrom: z19.string(),
  description: z19.string(),
  inForce: z19.boolean(),
  figures: z19.array(FigureSchema),
  notices: z19.object({ nt: NoticeSchema, wa: NoticeSchema }),
  previous: z19.object({ id: z19.string(), effectiveFrom: z19.string() }).nullable(),
  changes: z19.array(FigureDifferenceSchema)
});
var RuleSetSummarySchema = z19.object({
  id: z19.string(),
  effectiveFrom: z19.string(),
  description: z19.string(),
  inForce: z19.boolean(),
  current: z19.boolean(),
  published: z19.boolean()
});
var RuleSetDraftSchema = z19.object({
  baseId: z19.string().min(1).max(60),
  id: z19.string({ error: MSG_RULE_SET_ID_INVALID }).trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: MSG_RULE_SET_ID_INVALID }).max(60, { error: MSG_RULE_SET_ID_INVALID }),
  effectiveFrom: IsoDateSchema,
  description: z19.string({ error: MSG_RULE_SET_DESCRIPTION_REQUIRED }).trim().min(1, { error: MSG_RULE_SET_DESCRIPTION_REQUIRED }).max(1e3),
  changes: z19.array(z19.object({ key: z19.string().max(100), value: z19.unknown(), source: FigureSourceSchema })).max(400).default([])
});
var RuleSetPreviewSchema = z19.object({
  ruleSet: RuleSetViewSchema,
  /** Open (not yet submitted) promotions whose fees the set would change once in force. */
  affected: z19.array(
    z19.object({
      id: z19.number().int(),
      name: z19.string(),
      startDate: z19.string().nullable(),
      feeDue_Total_before: z19.number(),
      feeDue_Total_after: z19.number()
    })
  )
});
var ObligationsQuerySchema = z19.object({ id: RecordIdInputSchema });
var ObligationProofSchema = z19.object({
  kind: z19.enum(["upload", "link"]),
  reference: z19.string(),
  label: z19.string().nullable(),
  note: z19.string().nullable(),
  closedAt: z19.string()
});
var ObligationSchema = z19.object({
  code: z19.string(),
  title: z19.string(),
  state: z19.enum(STATE_KEYS).nullable(),
  dueDate: z19.string().describe("A Sydney calendar date, YYYY-MM-DD."),
  dueKind: z19.enum(["by", "on", "from", "until"]),
  status: z19.enum(OBLIGATION_STATUSES),
  rule: z19.string(),
  ruleKey: z19.string(),
  source: FigureSourceSchema.nullable(),
  proof: ObligationProofSchema.nullable()
});
var RuleNoteSchema = z19.object({
  code: z19.string(),
  state: z19.enum(STATE_KEYS),
  level: z19.enum(["check", "info"]),
  text: z19.string(),
  ruleKey: z19.string(),
  source: FigureSourceSchema.nullable()
});
var ObligationsResponseSchema = z19.object({
  promotionId: z19.number().int(),
  ruleSetId: z19.string(),
  today: z19.string(),
  obligations: z19.array(ObligationSchema),
  /** Entry-cost caps and prize restrictions of its states, checked against the application. */
  notes: z19.array(RuleNoteSchema)
});
var CloseObligationSchema = z19.object({
  id: RecordIdInputSchema,
  code: z19.string().min(1).max(80),
  serverFileName: z19.string().trim().max(200).optional(),
  link: z19.string().trim().max(2e3).optional(),
  note: z19.string().trim().max(1e3).optional()
}).superRefine((v, ctx) => {
  if (!v.serverFileName && !v.link) ctx.addIssue({ code: "custom", path: ["link"], message: MSG_OBLIGATION_PROOF_REQUIRED });
  else if (v.link && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(v.link)) ctx.addIssue({ code: "custom", path: ["link"], message: MSG_OBLIGATION_LINK_INVALID });
});

// shared/src/compliance/rule-notes.ts
var PAID_ENTRY_METHODS = ["sms", "phone1900", "phone", "mail"];
function getRuleNotes(input, ruleSet) {
  const notes = [];
  const paidEntry = hasAnyFlag(input.entryMethodsValue, ENTRY_METHOD_FLAGS, PAID_ENTRY_METHODS);
  const liquor = hasFlag(input.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, "liquor");
  for (const state of STATE_KEYS) {
    if (!isStateSelected(input.ausStates, state)) continue;
    const r = ruleSet.states[state];
    const code = STATE_CODES[state];
    const source = (key) => ruleSet.sources[`states.${state}.${key}`] ?? null;
    if (paidEntry && r.entryCostCapCents !== null) {
      const mobile = r.entryCostCapMobileCents !== null ? ` (${formatCurrency(r.entryCostCapMobileCents)} from a mobile phone)` : "";
      notes.push({
        code: `entry-cost-${state}`,
        state,
        level: "check",
        text: `${code}: an entry by phone, SMS or post may cost at most ${formatCurrency(r.entryCostCapCents)}${mobile}, GST included.`,
        ruleKey: `states.${state}.entryCostCapCents`,
        source: source("entryCostCapCents")
      });
    }
    for (const restriction of r.restrictedPrizes ?? []) {
      const matches = liquor && (restriction === "liquor-as-main-prize" || restriction === "alcohol-as-inducement");
      notes.push({
        code: `prize-${restriction}-${state}`,
        state,
        level: matches ? "check" : "info",
        text: `${code}: ${PRIZE_RESTRICTION_LABELS[restriction]} ${restriction.endsWith("main-prize") || restriction.endsWith("inducement") ? "is not allowed" : "may not be a prize"}.${matches ? " This promotion has a liquor prize." : ""}`,
        ruleKey: `states.${state}.restrictedPrizes`,
        source: source("restrictedPrizes")
      });
    }
  }
  return notes.sort((a, b) => a.level === b.level ? 0 : a.level === "check" ? -1 : 1);
}

// shared/src/draws/merkle.ts
var encoder2 = new TextEncoder();
function leafBytes(row) {
  const bytes = typeof row === "string" ? encoder2.encode(row) : row;
  const out = new Uint8Array(bytes.length + 1);
  out[0] = 0;
  out.set(bytes, 1);
  return out;
}
function parentBytes(left, right) {
  const out = new Uint8Array(65);
  out[0] = 1;
  out.set(left, 1);
  out.set(right, 33);
  return out;
}
function merkleLeaf(row, sha2562) {
  return sha2562(leafBytes(row));
}
function merkleParent(left, right, sha2562) {
  return sha2562(parentBytes(left, right));
}
function levelUp(level, sha2562) {
  const up = [];
  for (let i = 0; i < level.length; i += 2) up.push(i + 1 < level.length ? merkleParent(level[i], level[i + 1], sha2562) : level[i]);
  return up;
}
function merkleRootOf(nodes, sha2562) {
  if (nodes.length === 0) throw new Error("a Merkle tree needs at least one entry");
  let level = [...nodes];
  while (level.length > 1) level = levelUp(level, sha2562);
  return level[0];
}
function merkleProofOf(nodes, index16, sha2562) {
  if (!Number.isInteger(index16) || index16 < 0 || index16 >= nodes.length) throw new Error("index outside the tree");
  const steps = [];
  let level = [...nodes];
  let at = index16;
  while (level.length > 1) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1;
    if (sibling < level.length) steps.push({ side: at % 2 === 0 ? "right" : "left", hash: toHex(level[sibling]) });
    level = levelUp(level, sha2562);
    at = Math.floor(at / 2);
  }
  return steps;
}
var MerkleBuilder = class {
  constructor(sha2562) {
    this.sha256 = sha2562;
  }
  sha256;
  pending = [];
  count = 0;
  addLeaf(leaf) {
    let node = leaf;
    let level = 0;
    while (this.pending[level]) {
      node = merkleParent(this.pending[level], node, this.sha256);
      this.pending[level] = void 0;
      level += 1;
    }
    this.pending[level] = node;
    this.count += 1;
  }
  addRow(row) {
    this.addLeaf(merkleLeaf(row, this.sha256));
  }
  root() {
    let acc;
    for (const node of this.pending) {
      if (!node) continue;
      acc = acc ? merkleParent(node, acc, this.sha256) : node;
    }
    if (!acc) throw new Error("a Merkle tree needs at least one entry");
    return acc;
  }
};

// api/src/http/error-handler.ts
var notFoundApi = (_req, _res, next) => next(new AppError("NOT_FOUND", MSG_NO_SUCH_API_CALL));
var REFUSED_VALUE_CODES = /* @__PURE__ */ new Set(["22003", "22P02", "22P05", "22021", "22007", "22008"]);
function refusedByDatabase(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth += 1) {
    if (typeof e.code === "string" && REFUSED_VALUE_CODES.has(e.code)) return new AppError("VALIDATION", MSG_FIELD_INVALID, { modelState: { "": [MSG_FIELD_INVALID] } });
  }
  return void 0;
}
function errorHandler(logger) {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    const parserType = error?.type;
    if (parserType === "entity.parse.failed") error = new AppError("VALIDATION", MSG_BODY_NOT_JSON, { modelState: { "": [MSG_BODY_NOT_JSON] } });
    else if (parserType === "entity.too.large") error = new AppError("PAYLOAD_TOO_LARGE", MSG_BODY_TOO_LARGE);
    else error = refusedByDatabase(error) ?? error;
    const { status, body } = toErrorResponse(error);
    if (isAppError(error) && error.code === "UNAVAILABLE" && error.retryAfterSeconds) res.set("Retry-After", String(error.retryAfterSeconds));
    if (status >= 500) {
      const requestId = crypto.randomUUID();
      logger.error("request failed", { requestId, method: req.method, path: req.path, error: error instanceof Error ? error.stack : String(error) });
      res.status(status).json({ ...body, requestId });
      return;
    }
    if (isAppError(error) && error.code === "RATE_LIMITED" && error.retryAfterSeconds) res.set("Retry-After", String(error.retryAfterSeconds));
    res.status(status).json(body);
  };
}

// api/src/http/same-origin.ts
var SAFE = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
function sameOrigin(publicOrigin) {
  return (req, _res, next) => {
    if (isCrossSite(req, publicOrigin)) return next(new AppError("FORBIDDEN", MSG_CROSS_SITE_REFUSED));
    next();
  };
}
function isCrossSite(req, publicOrigin) {
  if (SAFE.has(req.method)) return false;
  if (/^bearer\s/i.test(req.get("authorization") ?? "") && !req.headers.cookie) return false;
  const source = req.get("origin") ?? (req.get("referer") ? safeOrigin(req.get("referer")) : void 0);
  if (!source || source === publicOrigin) return false;
  return source !== `${req.protocol}://${req.get("host")}`;
}
function safeOrigin(url) {
  try {
    return new URL(url).origin;
  } catch {
    return void 0;
  }
}

// api/src/http/body-limits.ts
import express from "express";
var FORM_BODY_LIMIT = "16kb";
var DEFAULT_BODY_LIMIT = "2mb";
var FORM_PATH_PREFIXES = ["/account/", "/contact/", "/botcheck/"];
function bodyParsers() {
  const small = [express.json({ limit: FORM_BODY_LIMIT }), express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT })];
  const large = [express.json({ limit: DEFAULT_BODY_LIMIT }), express.urlencoded({ extended: false, limit: "256kb" })];
  const isForm = (path8) => {
    const lower = path8.toLowerCase();
    return FORM_PATH_PREFIXES.some((prefix) => lower.startsWith(prefix));
  };
  return (req, res, next) => {
    const [json, form] = isForm(req.path) ? small : large;
    json(req, res, (error) => error ? next(error) : form(req, res, next));
  };
}

// api/src/http/auth.ts
import { parse as parseCookies, serialize } from "cookie";

// api/src/modules/account/session-store.ts
import crypto2 from "node:crypto";

// api/src/modules/account/sessions.repository.ts
import { and, eq, isNull, ne, sql as sql4 } from "drizzle-orm";

// api/src/db/schema/instance.ts
import { jsonb, pgSchema, text as text2, timestamp } from "drizzle-orm/pg-core";
var app = pgSchema("app");
var instanceSettings = app.table("instance_settings", {
  key: text2("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/users.ts
import { boolean, jsonb as jsonb2, serial, text as text3, timestamp as timestamp2 } from "drizzle-orm/pg-core";
var users = app.table("users", {
  id: serial("id").primaryKey(),
  email: text3("email").notNull().unique(),
  passwordHash: text3("password_hash").notNull(),
  firstName: text3("first_name").notNull(),
  lastName: text3("last_name").notNull(),
  accountName: text3("account_name").notNull(),
  phone: text3("phone"),
  optedIntoCommunication: boolean("opted_into_communication").notNull().default(false),
  authorisedAgent: boolean("authorised_agent").notNull().default(false),
  agentBusinessAddress: jsonb2("agent_business_address").$type(),
  isStaff: boolean("is_staff").notNull().default(false),
  /**
   * The staff role (issue 13): `admin` reaches the staff console, the admin calls and /cms/;
   * `marketing` reaches /cms/ only. An admin has `isStaff`; a marketing user does NOT (so every
   * API check that reads `isStaff` treats them as a customer) and has `staffRole = 'marketing'`.
   */
  staffRole: text3("staff_role").$type(),
  emailConfirmedAt: timestamp2("email_confirmed_at", { withTimezone: true }),
  createdAt: timestamp2("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp2("updated_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/sessions.ts
import { index, integer, text as text4, timestamp as timestamp3, uuid } from "drizzle-orm/pg-core";
var sessions = app.table(
  "sessions",
  {
    id: text4("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    clientSession: uuid("client_session"),
    createdAt: timestamp3("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp3("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp3("expires_at", { withTimezone: true }).notNull(),
    /** Set by killsessions (page unload); a request within the grace period clears it (a reload). */
    closingAt: timestamp3("closing_at", { withTimezone: true }),
    endedAt: timestamp3("ended_at", { withTimezone: true }),
    /** logout | replaced | password_reset | closed | expired */
    endedReason: text4("ended_reason")
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)]
);

// api/src/db/schema/account-tokens.ts
import { index as index2, integer as integer2, serial as serial2, text as text5, timestamp as timestamp4 } from "drizzle-orm/pg-core";
var accountTokens = app.table(
  "account_tokens",
  {
    id: serial2("id").primaryKey(),
    userId: integer2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** confirm | reset */
    purpose: text5("purpose").notNull(),
    tokenHash: text5("token_hash").notNull().unique(),
    expiresAt: timestamp4("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp4("used_at", { withTimezone: true }),
    createdAt: timestamp4("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (table) => [index2("account_tokens_user_idx").on(table.userId, table.purpose)]
);

// api/src/db/schema/rate-limits.ts
import { integer as integer3, text as text6, timestamp as timestamp5 } from "drizzle-orm/pg-core";
var rateLimits = app.table("rate_limits", {
  key: text6("key").primaryKey(),
  count: integer3("count").notNull().default(0),
  resetAt: timestamp5("reset_at", { withTimezone: true }).notNull()
});

// api/src/db/schema/promotions.ts
import { sql } from "drizzle-orm";
import { bigint, boolean as boolean2, date, index as index3, integer as integer4, jsonb as jsonb3, serial as serial3, smallint, text as text7, timestamp as timestamp6 } from "drizzle-orm/pg-core";
var promotions = app.table(
  "promotions",
  {
    id: serial3("id").primaryKey(),
    userId: integer4("user_id").notNull().references(() => users.id),
    name: text7("name").notNull().default(""),
    statusId: smallint("status_id").notNull().default(1),
    startDate: date("start_date", { mode: "string" }),
    /** Integer cents. */
    totalPrizeValue: bigint("total_prize_value", { mode: "number" }).notNull().default(0),
    postSubmissionTotalPrizeValue: bigint("post_submission_total_prize_value", { mode: "number" }),
    // ausStates flags (001 §3), national = all eight
    stateAct: boolean2("state_act").notNull().default(false),
    stateNsw: boolean2("state_nsw").notNull().default(false),
    stateSa: boolean2("state_sa").notNull().default(false),
    stateVic: boolean2("state_vic").notNull().default(false),
    stateNt: boolean2("state_nt").notNull().default(false),
    stateWa: boolean2("state_wa").notNull().default(false),
    stateQld: boolean2("state_qld").notNull().default(false),
    stateTas: boolean2("state_tas").notNull().default(false),
    includeNz: boolean2("include_nz").notNull().default(false),
    // services (DESIGN.md §4 names)
    managedSubmission: boolean2("managed_submission").notNull().default(true),
    randomDraw: boolean2("random_draw").notNull().default(false),
    termsAndConditions: boolean2("terms_and_conditions").notNull().default(false),
    abridgedTC: boolean2("abridged_tc").notNull().default(false),
    hostedTC: boolean2("hosted_tc").notNull().default(false),
    skillsBasedTC: boolean2("skills_based_tc").notNull().default(false),
    /** Skill T&C credit option '150' | '250' | '1000' (issue 14, decision record 014); null = the $150 list price. */
    skillsTcPaymentOption: text7("skills_tc_payment_option"),
    // the permit quiz (001 §5)
    hasNswAuthority: boolean2("has_nsw_authority"),
    hasInstantWinPrizes: boolean2("has_instant_win_prizes"),
    winnersDrawnElectronically: boolean2("winners_drawn_electronically"),
    randomDrawMachineApproved: boolean2("random_draw_machine_approved"),
    usingRandomDrawsDotCom: boolean2("using_random_draws_dot_com"),
    requiresPermits: boolean2("requires_permits").notNull().default(false),
    fees: jsonb3("fees").$type().notNull(),
    lawyerContactRequested: boolean2("lawyer_contact_requested").notNull().default(false),
    archived: boolean2("archived").notNull().default(false),
    /** 001 §3: "A deleted flag toggles on delete" (restorable by staff). */
    deleted: boolean2("deleted").notNull().default(false),
    /** The permit application body (next issue): validated by the shared permit schemas. */
    permit: jsonb3("permit").$type().notNull().default({}),
    applicant: jsonb3("applicant").$type(),
    /**
     * Promotion-level answers of the application (prize breakdown and categories, ACT publication,
     * action-entry answers, attachment overrides): what `PermitSaveSchema` carries beside `permit`.
     */
    details: jsonb3("details").$type().notNull().default({}),
    /** The application's attachments (001 §3 Attachment), each pointing at an upload or a reused promotion. */
    attachments: jsonb3("attachments").$type().notNull().default([]),
    version: integer4("version").notNull().default(1),
    /** Staff console (issue 13): a test promotion, hidden from staff searches unless asked for. */
    isTest: boolean2("is_test").notNull().default(false),
    /** The status before an administrator locked it; unlock returns to it. */
    statusBeforeLock: smallint("status_before_lock"),
    /** The last time the owner was active in the wizard (isPromotionActive). */
    ownerActiveAt: timestamp6("owner_active_at", { withTimezone: true }),
    /** Issue 26: when staff last worked on it in the wizard (the owner sees a notice). */
    staffActiveAt: timestamp6("staff_active_at", { withTimezone: true }),
    /** When it was last submitted (outstanding list colouring: days since submission). */
    submittedAt: timestamp6("submitted_at", { withTimezone: true }),
    /** Permit numbers saved by staff, by state: { nsw: { number, approvalDate, expiryDate, fileName } }. */
    permitNumbers: jsonb3("permit_numbers").$type().notNull().default({}),
    /** Per state, when staff marked the forms submitted (markFormsSubmitted). */
    formsSubmitted: jsonb3("forms_submitted").$type().notNull().default({}),
    createdAt: timestamp6("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp6("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    // My Promotions: one owner's live rows, by each sortable column (default: date descending).
    // Ascending on purpose: scanned backwards they give ORDER BY ... DESC (NULLS FIRST), which a DESC NULLS LAST index cannot.
    index3("promotions_owner_created_idx").on(t.userId, t.archived, t.createdAt, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_name_idx").on(t.userId, t.archived, sql`lower(${t.name})`, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_start_idx").on(t.userId, t.archived, t.startDate, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_status_idx").on(t.userId, t.archived, t.statusId, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_value_idx").on(t.userId, t.archived, t.totalPrizeValue, t.id).where(sql`${t.deleted} = false`),
    // staff lists (all accounts) by date and status
    index3("promotions_created_idx").on(t.createdAt, t.id),
    index3("promotions_status_idx").on(t.statusId)
  ]
);

// api/src/db/schema/promotion-notes.ts
import { index as index4, integer as integer5, serial as serial4, text as text8, timestamp as timestamp7 } from "drizzle-orm/pg-core";
var promotionNotes = app.table(
  "promotion_notes",
  {
    id: serial4("id").primaryKey(),
    promotionId: integer5("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    userId: integer5("user_id").notNull().references(() => users.id),
    note: text8("note").notNull(),
    createdAt: timestamp7("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp7("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index4("promotion_notes_promotion_idx").on(t.promotionId, t.id)]
);

// api/src/db/schema/changelog.ts
import { bigserial, index as index5, integer as integer6, jsonb as jsonb4, text as text9, timestamp as timestamp8 } from "drizzle-orm/pg-core";
var changelog = app.table(
  "changelog",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    promotionId: integer6("promotion_id"),
    /** Who: the signed-in user (null for the system). */
    userId: integer6("user_id").references(() => users.id),
    /** What kind of record: 'promotion', 'promotion-note', 'staff-task'. */
    entity: text9("entity").notNull(),
    entityId: integer6("entity_id"),
    /** The operation: create, modify, archive, unarchive, delete, restore, request-lawyer-contact… */
    action: text9("action").notNull(),
    /** The credential it came through (issue 24): the session's id, or the API key's. */
    sessionId: text9("session_id"),
    apiKeyId: integer6("api_key_id"),
    changes: jsonb4("changes").$type().notNull().default({}),
    createdAt: timestamp8("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index5("changelog_promotion_idx").on(t.promotionId, t.id)]
);

// api/src/db/schema/staff-tasks.ts
import { boolean as boolean3, date as date2, index as index6, integer as integer7, serial as serial5, text as text10, timestamp as timestamp9 } from "drizzle-orm/pg-core";
var staffTasks = app.table(
  "staff_tasks",
  {
    id: serial5("id").primaryKey(),
    /** 'lawyer-contact', … */
    kind: text10("kind").notNull(),
    note: text10("note").notNull(),
    promotionId: integer7("promotion_id").references(() => promotions.id),
    requestedBy: integer7("requested_by").references(() => users.id),
    assignedTo: integer7("assigned_to").references(() => users.id),
    resolvedAt: timestamp9("resolved_at", { withTimezone: true }),
    /** 001 §3: an admin note attaches to a promotion or a customer contact. */
    customerContactId: integer7("customer_contact_id"),
    createdBy: integer7("created_by").references(() => users.id),
    resolvedBy: integer7("resolved_by").references(() => users.id),
    /** Issue 26: a staff note stays a note unless staff make it a task; requests from customers and jobs are tasks. */
    isTask: boolean3("is_task").notNull().default(true),
    dueDate: date2("due_date"),
    updatedAt: timestamp9("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp9("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index6("staff_tasks_open_idx").on(t.resolvedAt, t.createdAt), index6("staff_tasks_task_open_idx").on(t.isTask, t.resolvedAt, t.createdAt)]
);

// api/src/db/schema/customer-contacts.ts
import { index as index7, integer as integer8, serial as serial6, text as text11, timestamp as timestamp10 } from "drizzle-orm/pg-core";
var customerContacts = app.table(
  "customer_contacts",
  {
    id: serial6("id").primaryKey(),
    /** help (the contact page), agency, law-firm, or voicemail (a phone message staff recorded). */
    kind: text11("kind").notNull(),
    /** The page the agency/law-firm form was sent from (the spec's `source`). */
    source: text11("source"),
    name: text11("name").notNull(),
    organisation: text11("organisation"),
    email: text11("email").notNull(),
    phone: text11("phone"),
    message: text11("message").notNull(),
    /** The promotion the visitor asked about (?promotion on /contact/), as given. */
    promotionRef: text11("promotion_ref"),
    /** The signed-in account that sent it, if any (no foreign key: accounts may be removed). */
    userId: integer8("user_id"),
    assignedTo: text11("assigned_to"),
    receivedAt: timestamp10("received_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp10("resolved_at", { withTimezone: true }),
    clientAddress: text11("client_address"),
    userAgent: text11("user_agent"),
    /**
     * A phone message (kind `voicemail`, issue 13): the recording staff uploaded, stored as
     * `voicemails/{file}` and downloaded by staff at /download/voicemail/{file}.
     */
    voicemailFile: text11("voicemail_file").unique(),
    voicemailMimeType: text11("voicemail_mime_type")
  },
  (t) => [index7("customer_contacts_received_at_idx").on(t.receivedAt)]
);

// api/src/db/schema/js-errors.ts
import { index as index8, integer as integer9, serial as serial7, text as text12, timestamp as timestamp11 } from "drizzle-orm/pg-core";
var jsErrors = app.table(
  "js_errors",
  {
    id: serial7("id").primaryKey(),
    message: text12("message").notNull(),
    source: text12("source"),
    line: integer9("line"),
    column: integer9("column"),
    error: text12("error"),
    console: text12("console"),
    pageUrl: text12("page_url"),
    userAgent: text12("user_agent"),
    clientAddress: text12("client_address"),
    createdAt: timestamp11("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index8("js_errors_created_at_idx").on(t.createdAt)]
);

// api/src/db/schema/uploads.ts
import { bigint as bigint2, index as index9, integer as integer10, serial as serial8, text as text13, timestamp as timestamp12 } from "drizzle-orm/pg-core";
var uploads = app.table(
  "uploads",
  {
    id: serial8("id").primaryKey(),
    userId: integer10("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The storage key's file name, generated by us: what the spec calls serverFileName. */
    serverFileName: text13("server_file_name").notNull().unique(),
    /** The customer's own file name, sanitised: the spec's headerFileName. */
    headerFileName: text13("header_file_name").notNull(),
    fileExtension: text13("file_extension").notNull(),
    mimeType: text13("mime_type").notNull(),
    sizeBytes: bigint2("size_bytes", { mode: "number" }).notNull(),
    createdAt: timestamp12("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (table) => [index9("uploads_user_id_idx").on(table.userId)]
);

// api/src/db/schema/compliance-notes.ts
import { index as index10, integer as integer11, serial as serial9, text as text14, timestamp as timestamp13 } from "drizzle-orm/pg-core";
var complianceNotes = app.table(
  "compliance_notes",
  {
    id: serial9("id").primaryKey(),
    promotionId: integer11("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    categorySlug: text14("category_slug").notNull(),
    text: text14("text").notNull(),
    createdBy: integer11("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp13("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index10("compliance_notes_promotion_idx").on(t.promotionId, t.id)]
);

// api/src/db/schema/payments.ts
import { sql as sql2 } from "drizzle-orm";
import { bigint as bigint3, boolean as boolean4, index as index11, integer as integer12, jsonb as jsonb5, serial as serial10, text as text15, timestamp as timestamp14, uniqueIndex } from "drizzle-orm/pg-core";
var counters = app.table("counters", {
  name: text15("name").primaryKey(),
  lastValue: bigint3("last_value", { mode: "number" }).notNull()
});
var invoices = app.table(
  "invoices",
  {
    id: serial10("id").primaryKey(),
    invoiceNumber: bigint3("invoice_number", { mode: "number" }).notNull(),
    promotionId: integer12("promotion_id").notNull().references(() => promotions.id),
    userId: integer12("user_id").notNull().references(() => users.id),
    purpose: text15("purpose").$type().notNull(),
    purposeKey: text15("purpose_key").notNull(),
    lines: jsonb5("lines").$type().notNull().default([]),
    /** The rule set that priced the lines (set by a trigger from the promotion's fees, migration 0027). */
    ruleSetId: text15("rule_set_id"),
    amount: bigint3("amount", { mode: "number" }).notNull(),
    gst: bigint3("gst", { mode: "number" }).notNull(),
    ccSurcharge: bigint3("cc_surcharge", { mode: "number" }).notNull().default(0),
    /** How it was (or is to be) paid: `card`, `bpay`, or null before a method is chosen. */
    method: text15("method").$type(),
    /** BPAY customer reference number (invoice number + MOD10V01 check digit). */
    crn: text15("crn"),
    paidAt: timestamp14("paid_at", { withTimezone: true }),
    cancelledAt: timestamp14("cancelled_at", { withTimezone: true }),
    createdAt: timestamp14("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Issue 22: issued in test mode (no money taken): its own number series, TEST MODE on every copy. */
    testMode: boolean4("test_mode").notNull().default(false)
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.invoiceNumber),
    uniqueIndex("invoices_promotion_purpose_key").on(t.promotionId, t.purposeKey),
    index11("invoices_user_idx").on(t.userId, t.invoiceNumber)
  ]
);
var payments = app.table(
  "payments",
  {
    id: serial10("id").primaryKey(),
    invoiceId: integer12("invoice_id").notNull().references(() => invoices.id),
    promotionId: integer12("promotion_id").notNull().references(() => promotions.id),
    gateway: text15("gateway").$type().notNull(),
    idempotencyKey: text15("idempotency_key").notNull(),
    /** The gateway's id of the charge (Stripe PaymentIntent id). */
    gatewayRef: text15("gateway_ref"),
    status: text15("status").$type().notNull(),
    /** Charged amount in cents (invoice amount + GST + surcharge). */
    amount: bigint3("amount", { mode: "number" }).notNull(),
    brand: text15("brand"),
    last4: text15("last4"),
    message: text15("message"),
    isReattempt: boolean4("is_reattempt").notNull().default(false),
    createdAt: timestamp14("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("payments_idempotency_key").on(t.idempotencyKey),
    index11("payments_invoice_idx").on(t.invoiceId),
    uniqueIndex("payments_one_success_per_invoice").on(t.invoiceId).where(sql2`${t.status} = 'succeeded'`)
  ]
);
var stripeEvents = app.table("stripe_events", {
  id: text15("id").primaryKey(),
  type: text15("type").notNull(),
  receivedAt: timestamp14("received_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/staff-preferences.ts
import { integer as integer13, jsonb as jsonb6, timestamp as timestamp15 } from "drizzle-orm/pg-core";
var staffPreferences = app.table("staff_preferences", {
  userId: integer13("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  outstandingFilters: jsonb6("outstanding_filters").$type().notNull().default({}),
  updatedAt: timestamp15("updated_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/terms.ts
import { boolean as boolean5, index as index12, integer as integer14, jsonb as jsonb7, serial as serial11, text as text16, timestamp as timestamp16, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
var termsLibraries = app.table("terms_libraries", {
  hash: text16("hash").primaryKey(),
  clauses: jsonb7("clauses").$type().notNull(),
  createdAt: timestamp16("created_at", { withTimezone: true }).notNull().defaultNow()
});
var termsVersions = app.table(
  "terms_versions",
  {
    id: serial11("id").primaryKey(),
    promotionId: integer14("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    number: integer14("number").notNull(),
    /** `chance` or `skill`: the full terms' kind. */
    kind: text16("kind").notNull(),
    /** The full terms as an HTML fragment (escaped, or staff HTML sanitised on save). */
    html: text16("html").notNull(),
    /** The abridged form (addendum Y) when abridged T&Cs are a service; else null. */
    abridgedHtml: text16("abridged_html"),
    /** `generated`, `staff-edit` or `permit-numbers`. */
    reason: text16("reason").notNull(),
    /** The clause library snapshot it was generated from (null for a staff edit of text). */
    libraryHash: text16("library_hash").references(() => termsLibraries.hash),
    createdBy: integer14("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByStaff: boolean5("created_by_staff").notNull().default(false),
    createdAt: timestamp16("created_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp16("approved_at", { withTimezone: true }),
    approvedBy: integer14("approved_by").references(() => users.id, { onDelete: "set null" })
  },
  (t) => [uniqueIndex2("terms_versions_number_idx").on(t.promotionId, t.number), index12("terms_versions_approved_idx").on(t.promotionId, t.approvedAt)]
);
var termsLinks = app.table("terms_links", {
  promotionId: integer14("promotion_id").primaryKey().references(() => promotions.id, { onDelete: "cascade" }),
  code: text16("code").notNull().unique(),
  createdAt: timestamp16("created_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/reminders.ts
import { boolean as boolean6, date as date3, index as index13, integer as integer15, jsonb as jsonb8, serial as serial12, text as text17, timestamp as timestamp17, uniqueIndex as uniqueIndex3 } from "drizzle-orm/pg-core";
var distributionLists = app.table(
  "distribution_lists",
  {
    id: serial12("id").primaryKey(),
    userId: integer15("user_id").notNull().references(() => users.id),
    name: text17("name").notNull(),
    /** Lower-cased, de-duplicated, in the order added. */
    emails: jsonb8("emails").$type().notNull().default([]),
    createdAt: timestamp17("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index13("distribution_lists_owner_idx").on(t.userId, t.id)]
);
var promotionReminders = app.table(
  "promotion_reminders",
  {
    id: serial12("id").primaryKey(),
    promotionId: integer15("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    kind: text17("kind").notNull(),
    /** Null: the kind's default offset. */
    daysBefore: integer15("days_before"),
    accountHolder: boolean6("account_holder").notNull().default(true),
    distributionListIds: jsonb8("distribution_list_ids").$type().notNull().default([]),
    updatedAt: timestamp17("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("promotion_reminders_kind_idx").on(t.promotionId, t.kind)]
);
var reminderDeliveries = app.table(
  "reminder_deliveries",
  {
    id: serial12("id").primaryKey(),
    promotionId: integer15("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    kind: text17("kind").notNull(),
    reminderDate: date3("reminder_date", { mode: "string" }).notNull(),
    email: text17("email").notNull(),
    sentAt: timestamp17("sent_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("reminder_deliveries_once_idx").on(t.promotionId, t.kind, t.reminderDate, t.email)]
);
var promotionUnsubscribes = app.table(
  "promotion_unsubscribes",
  {
    promotionId: integer15("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    email: text17("email").notNull(),
    createdAt: timestamp17("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("promotion_unsubscribes_idx").on(t.promotionId, t.email)]
);
var calendarFeeds = app.table(
  "calendar_feeds",
  {
    userId: integer15("user_id").primaryKey().references(() => users.id),
    tokenHash: text17("token_hash").notNull(),
    createdAt: timestamp17("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("calendar_feeds_token_hash_idx").on(t.tokenHash)]
);

// api/src/db/schema/draws.ts
import { sql as sql3 } from "drizzle-orm";
import { bigint as bigint4, boolean as boolean7, check, index as index14, integer as integer16, jsonb as jsonb9, serial as serial13, text as text18, timestamp as timestamp18 } from "drizzle-orm/pg-core";
var draws = app.table(
  "draws",
  {
    id: serial13("id").primaryKey(),
    publicId: text18("public_id").notNull().unique(),
    promotionId: integer16("promotion_id").notNull().references(() => promotions.id),
    userId: integer16("user_id").notNull().references(() => users.id),
    parentId: integer16("parent_id"),
    rootId: integer16("root_id"),
    title: text18("title").notNull(),
    promotionName: text18("promotion_name").notNull(),
    promoterName: text18("promoter_name").notNull(),
    winners: integer16("winners").notNull(),
    reserves: integer16("reserves").notNull().default(0),
    /** Cents: the value of each winner position's prize as the owner gave it (index 0 = position 1), for per-prize publication. */
    prizeValues: jsonb9("prize_values").$type().notNull().default([]),
    maskRule: text18("mask_rule").notNull().default("standard"),
    drawDate: text18("draw_date"),
    drawTime: text18("draw_time"),
    drawLocation: text18("draw_location"),
    scrutineerRequired: boolean7("scrutineer_required").notNull().default(false),
    scrutineerName: text18("scrutineer_name"),
    /** Storage key of the canonical entries (header excluded). */
    entriesKey: text18("entries_key"),
    entryCount: integer16("entry_count"),
    entriesHash: text18("entries_hash"),
    entriesBytes: bigint4("entries_bytes", { mode: "number" }),
    header: jsonb9("header").$type(),
    /** Byte offset of every ROW_BLOCK-th canonical row, so a run reads only the blocks it needs. */
    rowOffsets: jsonb9("row_offsets").$type().notNull().default([]),
    /**
     * When set, the storage object `<entriesKey>.rows` holds the byte offset of every
     * `rowIndexEvery`-th canonical row (float64 little-endian), a finer index than rowOffsets.
     */
    rowIndexEvery: integer16("row_index_every"),
    sourceFileName: text18("source_file_name"),
    excludedRootIndexes: jsonb9("excluded_root_indexes").$type().notNull().default([]),
    /** base64url of iv (12) | tag (16) | AES-256-GCM ciphertext of the 32 seed bytes. */
    seedEncrypted: text18("seed_encrypted"),
    seedHash: text18("seed_hash"),
    committedAt: timestamp18("committed_at", { withTimezone: true }),
    /** Merkle root over the canonical rows (DESIGN.md §5a), computed and published at the commit. */
    entriesRoot: text18("entries_root"),
    /** A cancelled draw stays on the record with its reason; it can no longer change or run. */
    cancelledAt: timestamp18("cancelled_at", { withTimezone: true }),
    cancelReason: text18("cancel_reason"),
    /**
     * `runAt`: the draw's scheduled time, before which its owner cannot run it (issue 23). A
     * `scheduled` draw also commits at upload close (the promotion's end) and runs by itself then.
     */
    scheduled: boolean7("scheduled").notNull().default(false),
    commitAt: timestamp18("commit_at", { withTimezone: true }),
    runAt: timestamp18("run_at", { withTimezone: true }),
    /** Hosted winner publication (ACT, SA): when each is due and when it went live. */
    winnerPublications: jsonb9("winner_publications").$type().notNull().default([]),
    createdAt: timestamp18("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index14("draws_promotion_idx").on(t.promotionId),
    index14("draws_root_idx").on(t.rootId),
    // A commit needs entries, a hash and a seed; the DB refuses anything less.
    check("draws_commit_complete", sql3`${t.committedAt} is null or (${t.entriesHash} is not null and ${t.seedEncrypted} is not null and ${t.seedHash} is not null)`),
    check("draws_cancel_reason", sql3`${t.cancelledAt} is null or ${t.cancelReason} is not null`),
    check("draws_counts", sql3`${t.winners} >= 1 and ${t.reserves} >= 0`)
  ]
);
var drawResults = app.table("draw_results", {
  drawId: integer16("draw_id").primaryKey().references(() => draws.id),
  seedHex: text18("seed_hex").notNull(),
  selections: jsonb9("selections").$type().notNull(),
  ranAt: timestamp18("ran_at", { withTimezone: true }).notNull().defaultNow(),
  ranByUserId: integer16("ran_by_user_id"),
  scrutineerName: text18("scrutineer_name"),
  /** Staff ran the draw before its scheduled time: why (shown on the public record and certificate). */
  earlyRunReason: text18("early_run_reason")
});

// api/src/db/schema/api-keys.ts
import { index as index15, integer as integer17, serial as serial14, text as text19, timestamp as timestamp19 } from "drizzle-orm/pg-core";
var apiKeys = app.table(
  "api_keys",
  {
    id: serial14("id").primaryKey(),
    userId: integer17("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text19("name").notNull(),
    prefix: text19("prefix").notNull(),
    keyHash: text19("key_hash").notNull().unique(),
    createdAt: timestamp19("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp19("last_used_at", { withTimezone: true }),
    revokedAt: timestamp19("revoked_at", { withTimezone: true }),
    /** Why the key stopped (issue 24): `revoked` by its owner, or ended with every credential of the user. */
    revokedReason: text19("revoked_reason").$type()
  },
  (table) => [index15("api_keys_user_id_idx").on(table.userId)]
);

// api/src/db/schema/idempotency-keys.ts
import { integer as integer18, jsonb as jsonb10, primaryKey, text as text20, timestamp as timestamp20 } from "drizzle-orm/pg-core";
var idempotencyKeys = app.table(
  "idempotency_keys",
  {
    userId: integer18("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    route: text20("route").notNull(),
    key: text20("key").notNull(),
    bodyHash: text20("body_hash").notNull(),
    status: integer18("status"),
    answer: jsonb10("answer"),
    createdAt: timestamp20("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Which process runs the first request: its listening connection (`pid:backend start`, see
     * db/notifications.ts), alive exactly as long as the process. A claim whose process died
     * (a crash, kill -9) before answering is abandoned: a retry with the key runs again.
     */
    claimedBy: text20("claimed_by"),
    expiresAt: timestamp20("expires_at", { withTimezone: true }).notNull()
  },
  (table) => [primaryKey({ columns: [table.userId, table.route, table.key] })]
);

// api/src/db/schema/lodgement-packs.ts
import { bigint as bigint5, integer as integer19, text as text21, timestamp as timestamp21 } from "drizzle-orm/pg-core";
var lodgementPacks = app.table("lodgement_packs", {
  promotionId: integer19("promotion_id").primaryKey().references(() => promotions.id),
  version: integer19("version").notNull(),
  state: text21("state").$type().notNull(),
  step: integer19("step").notNull().default(0),
  total: integer19("total").notNull().default(0),
  attempts: integer19("attempts").notNull().default(0),
  error: text21("error"),
  storageKey: text21("storage_key"),
  sizeBytes: bigint5("size_bytes", { mode: "number" }),
  requestedAt: timestamp21("requested_at", { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp21("started_at", { withTimezone: true }),
  finishedAt: timestamp21("finished_at", { withTimezone: true }),
  updatedAt: timestamp21("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The rule set of the fees the pack's forms carry (set by a trigger, migration 0027). */
  ruleSetId: text21("rule_set_id")
});

// api/src/db/schema/site-releases.ts
import { bigint as bigint6, integer as integer20, serial as serial15, text as text22, timestamp as timestamp22 } from "drizzle-orm/pg-core";
var siteReleases = app.table("site_releases", {
  id: serial15("id").primaryKey(),
  /** The storage folder of this release's files (`site/releases/{key}/`), with its manifest.json. */
  key: text22("key").notNull().unique(),
  /** What it was built from (sources and content), so a starting process can skip an identical build. */
  fingerprint: text22("fingerprint").notNull(),
  files: integer20("files").notNull(),
  bytes: bigint6("bytes", { mode: "number" }).notNull(),
  reason: text22("reason").notNull().default(""),
  createdAt: timestamp22("created_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/sandbox-gateway.ts
import { bigint as bigint7, jsonb as jsonb11, text as text23, timestamp as timestamp23, uniqueIndex as uniqueIndex4 } from "drizzle-orm/pg-core";
var sandboxCharges = app.table("sandbox_charges", {
  idempotencyKey: text23("idempotency_key").primaryKey(),
  answer: jsonb11("answer").notNull(),
  createdAt: timestamp23("created_at", { withTimezone: true }).notNull().defaultNow()
});
var sandboxIntents = app.table(
  "sandbox_intents",
  {
    id: text23("id").primaryKey(),
    clientSecret: text23("client_secret").notNull(),
    status: text23("status").$type().notNull(),
    /** Cents, and the invoice it was created for: a submit with the intent is checked against both. */
    amount: bigint7("amount", { mode: "number" }).notNull(),
    invoiceNumber: bigint7("invoice_number", { mode: "number" }).notNull(),
    brand: text23("brand"),
    last4: text23("last4"),
    createdAt: timestamp23("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp23("decided_at", { withTimezone: true })
  },
  (t) => [uniqueIndex4("sandbox_intents_client_secret_key").on(t.clientSecret)]
);

// api/src/db/schema/rule-sets.ts
import { date as date4, integer as integer21, jsonb as jsonb12, serial as serial16, text as text24, timestamp as timestamp24, unique } from "drizzle-orm/pg-core";
var ruleSetPublications = app.table("rule_set_publications", {
  id: serial16("id").primaryKey(),
  ruleSetId: text24("rule_set_id").notNull().unique(),
  effectiveFrom: date4("effective_from", { mode: "string" }).notNull(),
  definition: jsonb12("definition").$type().notNull(),
  publishedBy: integer21("published_by").references(() => users.id, { onDelete: "set null" }),
  publishedAt: timestamp24("published_at", { withTimezone: true }).notNull().defaultNow()
});
var obligationProofs = app.table(
  "obligation_proofs",
  {
    id: serial16("id").primaryKey(),
    promotionId: integer21("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    code: text24("code").notNull(),
    kind: text24("kind").$type().notNull(),
    reference: text24("reference").notNull(),
    label: text24("label"),
    note: text24("note"),
    closedBy: integer21("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamp24("closed_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique("obligation_proofs_promotion_code_unique").on(t.promotionId, t.code)]
);

// api/src/db/schema/events.ts
import { bigint as bigint8, bigserial as bigserial2, jsonb as jsonb13, primaryKey as primaryKey2, text as text25, timestamp as timestamp25 } from "drizzle-orm/pg-core";
var outboxEvents = app.table("outbox_events", {
  id: bigserial2("id", { mode: "number" }).primaryKey(),
  type: text25("type").notNull(),
  payload: jsonb13("payload").notNull(),
  createdAt: timestamp25("created_at", { withTimezone: true }).notNull().defaultNow(),
  dispatchedAt: timestamp25("dispatched_at", { withTimezone: true })
});
var handledEvents = app.table(
  "handled_events",
  {
    eventId: bigint8("event_id", { mode: "number" }).notNull(),
    handler: text25("handler").notNull(),
    handledAt: timestamp25("handled_at", { withTimezone: true }).notNull().defaultNow()
  },
  (table) => [primaryKey2({ columns: [table.eventId, table.handler] })]
);

// api/src/modules/account/sessions.repository.ts
async function replaceUserSessions(db, values) {
  await db.transaction(async (tx) => {
    await tx.execute(sql4`select id from app.users where id = ${values.userId} for update`);
    await tx.update(sessions).set({ endedAt: values.now, endedReason: "replaced" }).where(and(eq(sessions.userId, values.userId), isNull(sessions.endedAt)));
    await tx.insert(sessions).values({
      id: values.id,
      userId: values.userId,
      clientSession: values.clientSession,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt
    });
  });
}
async function findSessionWithUser(db, id) {
  const [row] = await db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id)).limit(1);
  return row;
}
async function touchSession(db, id, now) {
  await db.update(sessions).set({ lastSeenAt: now, closingAt: null }).where(eq(sessions.id, id));
}
async function endSession(db, id, reason) {
  await db.update(sessions).set({ endedAt: /* @__PURE__ */ new Date(), endedReason: reason }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}
async function markSessionClosing(db, id) {
  await db.update(sessions).set({ closingAt: /* @__PURE__ */ new Date() }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}
async function endUserSessions(db, userId, reason, exceptId) {
  const ended = await db.update(sessions).set({ endedAt: /* @__PURE__ */ new Date(), endedReason: reason }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptId ? ne(sessions.id, exceptId) : void 0)).returning({ id: sessions.id });
  return ended.length;
}

// api/src/modules/account/session-store.ts
var SESSION_COOKIE = "pd_session";
var SESSION_IDLE_MS = 30 * 6e4;
var SESSION_MAX_AGE_MS = 12 * 60 * 6e4;
var SESSION_CLOSING_GRACE_MS = 2 * 6e4;
var TOUCH_EVERY_MS = 6e4;
var hashToken = (token) => crypto2.createHash("sha256").update(token).digest("hex");
var newToken = () => crypto2.randomBytes(32).toString("base64url");
async function createSession(db, userId, clientSession2) {
  const token = newToken();
  const now = /* @__PURE__ */ new Date();
  await replaceUserSessions(db, { id: hashToken(token), userId, clientSession: clientSession2 ?? null, now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS) });
  return token;
}
async function findSession(db, token, now = /* @__PURE__ */ new Date(), cache2) {
  const id = hashToken(token);
  const t = now.getTime();
  const cached = await cache2?.lookup(id, t);
  if (cached) return cached;
  const mark = cache2?.mark() ?? 0;
  const row = await findSessionWithUser(db, id);
  if (!row) return { state: "none" };
  const { session, user } = row;
  if (session.endedAt) return session.endedReason === "replaced" ? { state: "replaced" } : { state: "none" };
  const closedFor = session.closingAt ? t - session.closingAt.getTime() : 0;
  if (session.expiresAt.getTime() <= t || t - session.lastSeenAt.getTime() > SESSION_IDLE_MS || closedFor > SESSION_CLOSING_GRACE_MS) {
    await endSession(db, id, session.closingAt && closedFor > SESSION_CLOSING_GRACE_MS ? "closed" : "expired");
    return { state: "none" };
  }
  let lastSeen = session.lastSeenAt.getTime();
  if (session.closingAt || t - lastSeen > TOUCH_EVERY_MS) {
    await touchSession(db, id, now);
    lastSeen = t;
  }
  const live = { state: "live", session: { id, userId: session.userId, clientSession: session.clientSession }, user };
  cache2?.set(id, live, Math.min(lastSeen + TOUCH_EVERY_MS, session.expiresAt.getTime()), mark, t);
  return live;
}

// api/src/modules/account/session-user.ts
function toSessionUser(user) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    authorisedAgent: user.authorisedAgent,
    isStaff: user.isStaff,
    staffRole: user.isStaff ? "admin" : user.staffRole === "marketing" ? "marketing" : null
  };
}

// api/src/modules/api-keys/api-keys.ts
import crypto3 from "node:crypto";

// api/src/modules/account/rate-limit.repository.ts
import { sql as sql5 } from "drizzle-orm";
async function countHit(db, key, windowMs) {
  const { rows } = await db.execute(sql5`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, reset_at`);
  return { count: rows[0].count, resetAt: new Date(rows[0].reset_at) };
}
async function uncountHit(db, key) {
  await db.execute(sql5`update app.rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}
async function deleteWindow(db, key) {
  await db.execute(sql5`delete from app.rate_limits where key = ${key}`);
}

// api/src/modules/account/rate-limit.ts
var RATE_LIMITS = {
  loginPerAccount: { limit: 5, windowMs: 15 * 6e4 },
  loginPerAddress: { limit: 50, windowMs: 15 * 6e4 },
  /** Successful sign-ins per address: a credential-stuffing run that often succeeds is still slowed. */
  loginSuccessPerAddress: { limit: 1e3, windowMs: 60 * 6e4 },
  forgotPerAccount: { limit: 3, windowMs: 60 * 6e4 },
  forgotPerAddress: { limit: 20, windowMs: 60 * 6e4 },
  /** Confirmation and reset e-mails to one address (mail bombing). */
  mailPerAddress: { limit: 3, windowMs: 60 * 6e4 },
  /** Contact forms: per client address and per sender e-mail. */
  contactPerAddress: { limit: 10, windowMs: 60 * 6e4 },
  contactPerEmail: { limit: 5, windowMs: 60 * 6e4 }
};
async function hit(db, key, { windowMs }) {
  return countHit(db, key, windowMs);
}
async function hitOrThrow(db, key, rule) {
  const { count: count7, resetAt } = await hit(db, key, rule);
  if (count7 > rule.limit) throw tooMany(resetAt);
}
async function refundHit(db, key) {
  await uncountHit(db, key);
}
async function clearLimit(db, key) {
  await deleteWindow(db, key);
}
function tooMany(resetAt) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1e3));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError("RATE_LIMITED", msgTooManyAttempts(minutes), { retryAfterSeconds: seconds });
}

// api/src/modules/api-keys/api-keys.repository.ts
import { and as and2, count, desc, eq as eq2, isNull as isNull2, sql as sql6 } from "drizzle-orm";
async function insertApiKeyWithin(db, values, max) {
  return db.transaction(async (tx) => {
    await tx.execute(sql6`select id from app.users where id = ${values.userId} for update`);
    const [{ live } = { live: 0 }] = await tx.select({ live: count() }).from(apiKeys).where(and2(eq2(apiKeys.userId, values.userId), isNull2(apiKeys.revokedAt)));
    if (live >= max) return void 0;
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row;
  });
}
async function findApiKeysOf(db, userId) {
  return db.select().from(apiKeys).where(eq2(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}
async function revokeApiKeysOf(db, userId, reason) {
  const rows = await db.update(apiKeys).set({ revokedAt: /* @__PURE__ */ new Date(), revokedReason: reason }).where(and2(eq2(apiKeys.userId, userId), isNull2(apiKeys.revokedAt))).returning({ id: apiKeys.id });
  return rows.length;
}
async function revokeApiKey(db, userId, id) {
  const rows = await db.update(apiKeys).set({ revokedAt: /* @__PURE__ */ new Date(), revokedReason: "revoked" }).where(and2(eq2(apiKeys.id, id), eq2(apiKeys.userId, userId), isNull2(apiKeys.revokedAt))).returning({ id: apiKeys.id });
  return rows.length > 0;
}
async function findLiveApiKeyByHash(db, keyHash) {
  const [row] = await db.select({ key: apiKeys, user: users }).from(apiKeys).innerJoin(users, eq2(users.id, apiKeys.userId)).where(and2(eq2(apiKeys.keyHash, keyHash), isNull2(apiKeys.revokedAt))).limit(1);
  return row;
}
async function touchApiKey(db, id) {
  await db.execute(sql6`update app.api_keys set last_used_at = now() where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
}

// api/src/modules/api-keys/api-keys.ts
var MAX_API_KEYS = 10;
var API_KEY_RATE_LIMIT = { limit: 120, windowMs: 6e4 };
var KEY_PREFIX = "pdk_";
var hashApiKey = (key) => crypto3.createHash("sha256").update(key).digest("hex");
function toView(row) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    // Revoked before the reason was recorded: by its owner (the only way then).
    revokedReason: row.revokedAt ? row.revokedReason ?? "revoked" : null
  };
}
async function createApiKey(db, userId, name) {
  const key = `${KEY_PREFIX}${crypto3.randomBytes(32).toString("base64url")}`;
  const row = await insertApiKeyWithin(db, { userId, name, prefix: key.slice(0, KEY_PREFIX.length + 6), keyHash: hashApiKey(key) }, MAX_API_KEYS);
  if (!row) throw new AppError("CONFLICT", MSG_API_KEY_LIMIT, { modelState: { "": [MSG_API_KEY_LIMIT] } });
  return { ...toView(row), key };
}
async function listApiKeys(db, userId) {
  const rows = await findApiKeysOf(db, userId);
  return [...rows.filter((r) => !r.revokedAt), ...rows.filter((r) => r.revokedAt)].map(toView);
}
async function revokeUserApiKey(db, userId, id) {
  if (!await revokeApiKey(db, userId, id)) throw new AppError("NOT_FOUND");
  return { id, revoked: true };
}
async function authenticateApiKey(db, key) {
  const found = key.length <= 200 ? await findLiveApiKeyByHash(db, hashApiKey(key)) : void 0;
  if (!found) throw new AppError("UNAUTHENTICATED", MSG_API_KEY_INVALID);
  const { count: count7, resetAt } = await hit(db, `apikey:${found.key.id}`, API_KEY_RATE_LIMIT);
  if (count7 > API_KEY_RATE_LIMIT.limit) {
    throw new AppError("RATE_LIMITED", MSG_API_KEY_RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1e3)) });
  }
  await touchApiKey(db, found.key.id);
  return { user: { ...toSessionUser(found.user), isStaff: false }, apiKey: { id: found.key.id, name: found.key.name } };
}

// api/src/modules/changelog/request-credential.ts
import { AsyncLocalStorage } from "node:async_hooks";
var storage = new AsyncLocalStorage();
function withRequestCredential(credential, next) {
  storage.run(credential, next);
}
function currentCredential() {
  return storage.getStore() ?? { sessionId: null, apiKeyId: null };
}

// api/src/http/auth.ts
var sessionCookieName = (secure) => secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
function readSessionToken(cookieHeader, secure = false) {
  if (!cookieHeader) return void 0;
  const value = parseCookies(cookieHeader)[sessionCookieName(secure)];
  return value && value.length <= 100 ? value : void 0;
}
function setSessionCookie(res, token, secure) {
  res.append("Set-Cookie", serialize(sessionCookieName(secure), token, { httpOnly: true, sameSite: "lax", secure, path: "/" }));
}
function clearSessionCookie(res, secure) {
  res.append("Set-Cookie", serialize(sessionCookieName(secure), "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 }));
}
function authenticate({ database, config, sessionCache }) {
  const secure = config?.secureCookies ?? false;
  return async (req, res, next) => {
    res.locals.sessionState = "none";
    try {
      const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
      if (bearer) {
        const { user, apiKey } = await authenticateApiKey(database.db, bearer);
        res.locals.user = user;
        res.locals.apiKey = apiKey;
        return withRequestCredential({ sessionId: null, apiKeyId: apiKey.id }, next);
      }
      const token = readSessionToken(req.headers.cookie, secure);
      if (!token) return next();
      const found = await findSession(database.db, token, /* @__PURE__ */ new Date(), sessionCache);
      res.locals.sessionState = found.state;
      if (found.state === "live") {
        res.locals.session = found.session;
        res.locals.user = toSessionUser(found.user);
        return withRequestCredential({ sessionId: found.session.id, apiKeyId: null }, next);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

// api/src/http/untrusted-proxy.ts
function warnUntrustedForwarding(logger) {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== void 0) {
      const trust = req.app.get("trust proxy fn");
      const peer = req.socket.remoteAddress ?? "";
      if (!trust(peer, 0)) {
        warned = true;
        logger.warn("X-Forwarded-For arrives from an address TRUST_PROXY does not trust: it is ignored, and per-address limits count every client behind that proxy as one. Set TRUST_PROXY to the proxy (docs/security.md).", { peer });
      }
    }
    next();
  };
}

// api/src/modules/account/session-cache.ts
var SESSION_CHANGES_CHANNEL = "app_session_changes";
var SESSION_CACHE_TTL_MS = 3e4;
var SESSION_CACHE_MAX_ENTRIES = 1e4;
var SessionCache = class {
  constructor(notifications, options = {}) {
    this.notifications = notifications;
    this.options = options;
  }
  notifications;
  options;
  entries = /* @__PURE__ */ new Map();
  byUser = /* @__PURE__ */ new Map();
  generation = 0;
  subscribed = false;
  /** Starts listening (else the first use does). */
  start() {
    this.subscribe();
    return this;
  }
  /** Whether the cache may answer: LISTEN is in force. Starts listening on first use. */
  get active() {
    this.subscribe();
    return this.notifications?.listening ?? false;
  }
  /**
   * The cached live session, once every notice committed before this call has arrived (a
   * shared round trip on the listening connection, see Notifications.sync): a session ended by
   * any process before this request came in is never answered from memory.
   */
  async lookup(id, nowMs) {
    if (!this.get(id, nowMs)) return void 0;
    if (!await this.notifications.sync()) return void 0;
    return this.get(id, nowMs);
  }
  /** The entry as it stands now (no catching up with notices in flight). */
  get(id, nowMs) {
    if (!this.active) return void 0;
    const entry2 = this.entries.get(id);
    if (!entry2) return void 0;
    if (entry2.validUntil <= nowMs) {
      this.remove(id, entry2.value.session.userId);
      return void 0;
    }
    return entry2.value;
  }
  /**
   * Taken before reading the database; `set` keeps the result only if nothing was invalidated
   * meanwhile (a notice that arrives while the read is in flight may describe a change the read
   * did not see).
   */
  mark() {
    this.subscribe();
    return this.generation;
  }
  set(id, value, validUntil, mark, nowMs) {
    if (mark !== this.generation || !this.active) return;
    const until = Math.min(validUntil, nowMs + (this.options.ttlMs ?? SESSION_CACHE_TTL_MS));
    if (until <= nowMs) return;
    if (!this.entries.has(id) && this.entries.size >= (this.options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES)) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].value.session.userId);
    }
    this.entries.set(id, { value, validUntil: until });
    const userId = value.session.userId;
    let ids = this.byUser.get(userId);
    if (!ids) this.byUser.set(userId, ids = /* @__PURE__ */ new Set());
    ids.add(id);
  }
  /** Drops every cached session of the user (a notice from any process, or this one). */
  invalidateUser(userId) {
    this.generation++;
    const ids = this.byUser.get(userId);
    if (!ids) return;
    for (const id of ids) this.entries.delete(id);
    this.byUser.delete(userId);
  }
  clear() {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }
  get size() {
    return this.entries.size;
  }
  remove(id, userId) {
    this.entries.delete(id);
    const ids = this.byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
  subscribe() {
    if (this.subscribed || !this.notifications) return;
    this.subscribed = true;
    this.notifications.subscribe(SESSION_CHANGES_CHANNEL, {
      onNotice: (payload) => {
        const userId = Number(payload);
        if (Number.isSafeInteger(userId)) this.invalidateUser(userId);
        else this.clear();
      },
      // Down: notices may be missed, so nothing cached may be trusted; up again: start empty.
      onState: () => this.clear()
    });
  }
};

// api/src/http/route.ts
import { Router } from "express";
function route(spec) {
  return spec;
}
function assertAccess(access, res) {
  if (access === "public") return;
  const user = res.locals.user;
  if (!user) throw new AppError("UNAUTHENTICATED");
  const viaApiKey = Boolean(res.locals.apiKey);
  if ((access === "session" || access === "staff") && viaApiKey) throw new AppError("FORBIDDEN", MSG_API_KEY_NOT_ALLOWED);
  if (access === "staff" && !user.isStaff) throw new AppError("FORBIDDEN");
}
function mountRoutes(specs, hooks = {}) {
  const router = Router({ caseSensitive: false });
  for (const spec of specs) {
    if (spec.mountedElsewhere) continue;
    router[spec.method](spec.path, async (req, res) => {
      assertAccess(spec.access, res);
      const query = spec.query ? parseInput(spec.query, req.query) : void 0;
      const body = spec.body && !spec.multipart ? parseInput(spec.body, req.body) : void 0;
      const user = res.locals.user;
      const owner = user ? { userId: user.id, isStaff: user.isStaff } : void 0;
      const run = async () => spec.handler({ query, body, user, owner, req, res });
      const result = spec.idempotent && hooks.idempotency ? await hooks.idempotency(spec, req, res, run) : await run();
      if (spec.raw || res.headersSent) return;
      const answer2 = result === void 0 ? { ok: true } : result;
      hooks.onResponse?.(spec, spec.status ?? 200, answer2);
      res.status(spec.status ?? 200).json(answer2);
    });
  }
  return router;
}

// api/src/http/openapi.routes.ts
import { createRequire } from "node:module";
import path from "node:path";
import { Router as Router2 } from "express";
import { z as z21 } from "zod";

// api/src/http/openapi.ts
import { z as z20 } from "zod";
var jsonSchema = (schema, io) => {
  const { $schema: _drop, ...rest } = z20.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any", cycles: "ref", reused: "inline" });
  return rest;
};
var errorRef = { $ref: "#/components/schemas/Error" };
var errorResponse = (description) => ({ description, content: { "application/json": { schema: errorRef } } });
function openApiPath(spec) {
  return `/api${spec.path.replace(/:(\w+)/g, "{$1}")}`;
}
function parametersOf(spec) {
  const params = [];
  for (const match of spec.path.matchAll(/:(\w+)/g)) params.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
  if (!spec.query) return params;
  const schema = jsonSchema(spec.query, "input");
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(properties)) {
    params.push({ name, in: "query", required: required.has(name), schema: property, ...property.description ? { description: property.description } : {} });
  }
  return params;
}
function securityOf(spec) {
  if (spec.access === "public") return [];
  if (spec.access === "user") return [{ cookieSession: [] }, { apiKey: [] }];
  return [{ cookieSession: [] }];
}
function responsesOf(spec) {
  const status = String(spec.status ?? 200);
  const responses = {};
  if (spec.raw) {
    responses[status === "200" ? "default" : status] = { description: "A file, a redirect or an empty answer (not JSON)." };
  } else {
    responses[status] = {
      description: "Success.",
      ...spec.response ? { content: { "application/json": { schema: jsonSchema(spec.response, "output") } } } : {}
    };
  }
  if (spec.body || spec.query || spec.multipart) responses["400"] = errorResponse('The input is not valid: `modelState` names each field (the root is the key "").');
  if (spec.access !== "public") responses["401"] = errorResponse("Not signed in, or the API key is unknown or revoked.");
  if (spec.access === "staff" || spec.access === "session") responses["403"] = errorResponse(spec.access === "staff" ? "Not a staff member, or called with an API key." : "Called with an API key (this call needs a signed-in session).");
  if (spec.access !== "public") responses["404"] = errorResponse("The record does not exist, or is another customer's.");
  if (spec.idempotent) responses["422"] = errorResponse("The Idempotency-Key was already used with a different body.");
  responses["429"] = errorResponse("Too many requests: wait for `Retry-After` seconds.");
  responses["500"] = errorResponse("Something went wrong on our side (`requestId` identifies it in the logs).");
  return responses;
}
function requestBodyOf(spec) {
  const schema = spec.bodyDoc ?? spec.body;
  if (!schema) return void 0;
  const mediaType = spec.multipart ? "multipart/form-data" : "application/json";
  return { required: true, content: { [mediaType]: { schema: jsonSchema(schema, "input") } } };
}
function buildOpenApi(specs, { serverUrl, version = "1" } = {}) {
  const paths = {};
  const tags = /* @__PURE__ */ new Set();
  for (const spec of specs) {
    const path8 = openApiPath(spec);
    const tag = spec.tag ?? spec.path.split("/")[1] ?? "api";
    tags.add(tag);
    const parameters = parametersOf(spec);
    for (const header of spec.headers ?? []) parameters.push({ name: header.name, in: "header", required: header.required ?? false, description: header.description, schema: { type: "string" } });
    if (spec.idempotent) {
      parameters.push({ name: "Idempotency-Key", in: "header", required: false, description: "Any unique string (1 to 200 characters). The same key with the same body within 24 hours answers the first answer again; with a different body, 422.", schema: { type: "string", minLength: 1, maxLength: 200 } });
    }
    const requestBody = requestBodyOf(spec);
    (paths[path8] ??= {})[spec.method] = {
      operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c) => (c ?? "").toUpperCase())}`,
      summary: spec.summary,
      tags: [tag],
      ...parameters.length ? { parameters } : {},
      ...requestBody ? { requestBody } : {},
      responses: responsesOf(spec),
      security: securityOf(spec),
      "x-access": spec.access
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "PermitDesk API",
      version,
      description: [
        "Every call of the PermitDesk service. Paths are case-insensitive.",
        "",
        "**Money** is a JSON number of dollars with at most two decimals, in requests and answers (`totalPrizeValue`, `prizeValue*`, every `feeDue_*`).",
        "**Round trips**: what a read returns, the matching write accepts; read-only fields sent back are ignored. `versionNumber` is the concurrency token (a stale save gets 409).",
        '**Errors** are `{ message, modelState, code }`: `message` is a sentence for a person, `modelState` maps dotted field paths to messages (the root is ""), `code` is one of ' + Object.keys(ERROR_CODES).map((c) => `\`${c}\``).join(", ") + ".",
        "**Auth**: the session cookie of a browser sign-in, or `Authorization: Bearer <API key>` (create keys on the account screen) on the customer calls."
      ].join("\n")
    },
    ...serverUrl ? { servers: [{ url: serverUrl }] } : {},
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorResponseSchema, "output") },
      securitySchemes: {
        cookieSession: { type: "apiKey", in: "cookie", name: "pd_session", description: "The session of a browser sign-in (POST /api/account/login)." },
        apiKey: { type: "http", scheme: "bearer", description: "An API key of the account: `Authorization: Bearer <key>`." }
      }
    }
  };
}

// api/src/http/openapi.routes.ts
function openApiRoutes(deps, all) {
  let document;
  return [
    route({
      method: "get",
      path: "/openapi.json",
      access: "public",
      summary: "This OpenAPI 3.1 document.",
      tag: "reference",
      response: z21.looseObject({ openapi: z21.string(), paths: z21.record(z21.string(), z21.unknown()) }),
      handler: () => document ??= buildOpenApi(all(), { serverUrl: deps.config.PUBLIC_URL })
    })
  ];
}
var require2 = createRequire(import.meta.url);
function apiDocsRouter() {
  const router = Router2({ caseSensitive: false });
  const bundle2 = path.join(path.dirname(require2.resolve("@scalar/api-reference")), "browser", "standalone.js");
  router.get("/docs", (req, res, next) => req.originalUrl.endsWith("/") ? next() : res.redirect(301, `${req.baseUrl}/docs/`));
  router.get("/docs/", (_req, res) => {
    res.set("Cache-Control", "no-cache");
    res.type("html").send(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PermitDesk API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="./scalar.js"></script>
    <script src="./init.js"></script>
  </body>
</html>`);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.set("Cache-Control", "no-cache");
    res.type("text/javascript").send("Scalar.createApiReference('#app', { url: '../openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false })\n");
  });
  router.get("/docs/scalar.js", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600");
    res.sendFile(bundle2);
  });
  return router;
}

// api/src/mail/create-mailer.ts
import crypto4 from "node:crypto";
import fs from "node:fs/promises";
import path2 from "node:path";
import nodemailer from "nodemailer";
function markTestMode(message) {
  return {
    ...message,
    text: `${MSG_TEST_MODE}

${message.text}`,
    html: message.html.replace(/(<body[^>]*>)/, `$1<p style="margin:0;padding:8px;background:#8a4b00;color:#fff;text-align:center;font-weight:700">${MSG_TEST_MODE}</p>`)
  };
}
function mailFrom(config) {
  return config.MAIL_FROM ?? `PermitDesk <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}
function createMailer(config, logger) {
  const mailer = createTransportMailer(config, logger);
  if (config.paymentMode !== "test") return mailer;
  return { send: (message) => mailer.send(markTestMode(message)) };
}
function createTransportMailer(config, logger) {
  const from = mailFrom(config);
  if (config.SMTP_URL) {
    const transport2 = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport2.sendMail({ from, ...message });
        logger.info("mail sent", { to: message.to, subject: message.subject });
      }
    };
  }
  const outbox = path2.join(config.DATA_DIR, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path2.join(outbox, `${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}-${crypto4.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message);
      logger.info("mail written to the outbox (no SMTP_URL)", { to: message.to, subject: message.subject, file });
    }
  };
}

// api/src/modules/account/account.routes.ts
import { z as z22 } from "zod";

// api/src/modules/account/account-view.ts
function toUserView(user) {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    optedIntoCommunication: user.optedIntoCommunication,
    authorisedAgent: user.authorisedAgent,
    agentBusinessAddress: user.agentBusinessAddress ?? null,
    agent: user.isStaff,
    emailConfirmed: user.emailConfirmedAt !== null
  };
}

// api/src/modules/account/account.repository.ts
import { and as and3, desc as desc2, eq as eq3, gt, isNull as isNull3, sql as sql7 } from "drizzle-orm";
async function findUserByEmail(db, email2) {
  const [row] = await db.select().from(users).where(eq3(users.email, email2.toLowerCase())).limit(1);
  return row;
}
async function findUserById(db, id) {
  const [row] = await db.select().from(users).where(eq3(users.id, id)).limit(1);
  return row;
}
async function insertUser(db, values) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}
async function updateUser(db, id, values) {
  const [row] = await db.update(users).set({ ...values, updatedAt: /* @__PURE__ */ new Date() }).where(eq3(users.id, id)).returning();
  return row;
}
async function createAccountToken(db, userId, purpose, ttlMs) {
  const token = newToken();
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}
async function consumeAccountToken(db, token, purpose) {
  const [row] = await db.update(accountTokens).set({ usedAt: /* @__PURE__ */ new Date() }).where(and3(eq3(accountTokens.tokenHash, hashToken(token)), eq3(accountTokens.purpose, purpose), isNull3(accountTokens.usedAt), gt(accountTokens.expiresAt, /* @__PURE__ */ new Date()))).returning({ userId: accountTokens.userId });
  return row?.userId;
}
async function retireAccountTokens(db, userId, purpose) {
  await db.update(accountTokens).set({ usedAt: /* @__PURE__ */ new Date() }).where(and3(eq3(accountTokens.userId, userId), eq3(accountTokens.purpose, purpose), isNull3(accountTokens.usedAt)));
}
async function findUserPromotions(db, userId, limit) {
  return db.select({ id: promotions.id, name: promotions.name, statusId: promotions.statusId }).from(promotions).where(and3(eq3(promotions.userId, userId), eq3(promotions.deleted, false))).orderBy(desc2(promotions.id)).limit(limit);
}
async function markEmailConfirmed(db, userId) {
  await db.update(users).set({ emailConfirmedAt: sql7`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: /* @__PURE__ */ new Date() }).where(eq3(users.id, userId));
}

// api/src/modules/account/confirm-email.ts
async function confirmEmail(db, token) {
  const userId = await consumeAccountToken(db, token, "confirm");
  if (!userId) return false;
  await markEmailConfirmed(db, userId);
  return true;
}

// api/src/modules/account/get-account.ts
async function userOf(db, userId) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}
async function getAccount(db, userId) {
  return { ...toUserView(await userOf(db, userId)), loaded: true };
}
async function getCurrentAccount(db, userId) {
  const user = userId === void 0 ? void 0 : await findUserById(db, userId);
  return user ? { authenticated: true, user: toUserView(user) } : { authenticated: false, user: null };
}
async function getAccountDetails(db, userId) {
  const user = await userOf(db, userId);
  return { ...toUserView(user), createdAt: user.createdAt.toISOString(), emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null };
}
async function getSupportDetails(db, userId) {
  const user = await userOf(db, userId);
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    organisation: user.accountName,
    phone: user.phone,
    email: user.email,
    promotions: await findUserPromotions(db, user.id, 100)
  };
}

// api/src/modules/account/log-out.ts
async function logOut(db, session) {
  if (session) await endSession(db, session.id, "logout");
}
async function markClosing(db, session) {
  if (session) await markSessionClosing(db, session.id);
}

// api/src/modules/account/common-passwords.ts
import { dictionary } from "@zxcvbn-ts/language-common";
var common;
function isCommonPassword(password) {
  common ??= new Set(dictionary["passwords-common"].map((entry2) => entry2.toLowerCase()));
  return common.has(password.toLowerCase());
}
function assertPasswordNotCommon(password, field = "password") {
  if (isCommonPassword(password)) throw new AppError("VALIDATION", MSG_PASSWORD_TOO_COMMON, { modelState: { [field]: [MSG_PASSWORD_TOO_COMMON] } });
}

// api/src/modules/account/passwords.ts
import argon2 from "argon2";
function hashPassword(password) {
  return argon2.hash(password, { type: argon2.argon2id });
}
var dummyHash;
async function verifyPassword(hash, password) {
  if (!hash) {
    dummyHash ??= hashPassword("not-a-real-password-0123456789");
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// api/src/mail/templates.ts
import fs2 from "node:fs";

// api/src/server/build.ts
import path4 from "node:path";

// api/src/server/paths.ts
import path3 from "node:path";
import { fileURLToPath } from "node:url";
var repoRoot = path3.resolve(path3.dirname(fileURLToPath(import.meta.url)), "../../..");
var parts = {
  shared: path3.join(repoRoot, "shared"),
  api: path3.join(repoRoot, "api"),
  wizard: path3.join(repoRoot, "wizard"),
  cms: path3.join(repoRoot, "cms"),
  site: path3.join(repoRoot, "site")
};
var nodeBin = process.execPath;
var binDir = path3.join(repoRoot, "node_modules", ".bin");

// api/src/server/build.ts
var sharedSources = [path4.join(parts.shared, "src"), path4.join(parts.shared, "package.json")];
var wizardTarget = {
  sources: [path4.join(parts.wizard, "src"), path4.join(parts.wizard, "index.html"), path4.join(parts.wizard, "vite.config.ts"), ...sharedSources],
  output: path4.join(parts.wizard, "dist", "index.html"),
  stampFile: path4.join(parts.wizard, "dist", ".build-stamp.json")
};
var siteSources = [path4.join(parts.site, "src"), path4.join(parts.site, "public"), path4.join(parts.site, "astro.config.mjs"), ...sharedSources];
var contentFileFor = (dataDir) => path4.join(dataDir, "site", "content.json");

// api/src/mail/templates.ts
function brandFor(config) {
  let productName = DEFAULT_PRODUCT_NAME;
  let supportEmail = supportEmailFor(config);
  try {
    const content = JSON.parse(fs2.readFileSync(contentFileFor(config.DATA_DIR), "utf8"));
    if (content.settings?.productName) productName = content.settings.productName;
    if (content.settings?.email) supportEmail = content.settings.email;
  } catch {
  }
  return { productName, publicUrl: config.PUBLIC_URL, supportEmail };
}
function supportEmailFor(config) {
  const fromAddress = config.MAIL_FROM?.match(/<([^>]+)>/)?.[1] ?? (config.MAIL_FROM?.includes("@") ? config.MAIL_FROM : void 0);
  return fromAddress ?? `support@${new URL(config.PUBLIC_URL).hostname}`;
}
var escapeHtml2 = (value) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
function layout(brand, { subject, heading, paragraphs, action, footer }) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml2(subject)}</title></head>
<body style="margin:0;background:#fbfbf8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#14213d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border:1px solid #e3e3dc;border-radius:6px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e3dc;font-size:20px;font-weight:700"><a href="${escapeHtml2(brand.publicUrl)}/" style="color:#14213d;text-decoration:none">${escapeHtml2(brand.productName)}</a></td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml2(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml2(p)}</p>`).join("\n")}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml2(action.url)}" style="background:#0b6e4f;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml2(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5c6370">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml2(action.url)}</span></p>` : ""}
${footer ? `<p style="margin:0;font-size:14px;color:#5c6370">${escapeHtml2(footer)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e3e3dc;font-size:13px;color:#5c6370">${escapeHtml2(brand.productName)} \xB7 <a href="mailto:${escapeHtml2(brand.supportEmail)}" style="color:#5c6370">${escapeHtml2(brand.supportEmail)}</a></td></tr>
</table></td></tr></table></body></html>`;
  const text33 = [
    brand.productName,
    "",
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...action ? [`${action.label}: ${action.url}`, ""] : [],
    ...footer ? [footer, ""] : [],
    `-- ${brand.productName} \xB7 ${brand.supportEmail}`
  ].join("\n");
  return { subject, html, text: text33 };
}
function confirmEmailTemplate(brand, { firstName, url }) {
  return layout(brand, {
    subject: `Confirm your email address for ${brand.productName}`,
    heading: `Welcome, ${firstName}`,
    paragraphs: [`Thank you for creating your ${brand.productName} account. Please confirm your email address to start using it.`],
    action: { label: "Confirm my email address", url },
    footer: "This link works once and expires in 7 days. If you did not create an account, you can ignore this email."
  });
}
function resetPasswordTemplate(brand, { firstName, url }) {
  return layout(brand, {
    subject: `Reset your ${brand.productName} password`,
    heading: `Hello ${firstName}`,
    paragraphs: ["We received a request to reset the password of your account. Choose a new password with the link below."],
    action: { label: "Choose a new password", url },
    footer: "This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same."
  });
}

// api/src/modules/account/account-deps.ts
var CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 6e4;
var RESET_TOKEN_TTL_MS = 60 * 6e4;

// api/src/modules/account/send-account-emails.ts
async function sendConfirmationEmail(deps, user) {
  const token = await createAccountToken(deps.db, user.id, "confirm", CONFIRM_TOKEN_TTL_MS);
  const url = `${deps.config.PUBLIC_URL}/api/account/confirmEmail?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...confirmEmailTemplate(brandFor(deps.config), { firstName: user.firstName, url }) });
}
async function sendPasswordResetEmail(deps, user) {
  const token = await createAccountToken(deps.db, user.id, "reset", RESET_TOKEN_TTL_MS);
  const url = `${deps.config.PUBLIC_URL}/account/resetpassword/${encodeURIComponent(token)}/`;
  await deps.mailer.send({ to: user.email, ...resetPasswordTemplate(brandFor(deps.config), { firstName: user.firstName, url }) });
}

// api/src/modules/account/register-account.ts
async function registerAccount(deps, input) {
  assertPasswordNotCommon(input.password);
  const user = await insertUser(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    accountName: input.accountName,
    phone: input.phone ?? null,
    optedIntoCommunication: input.optedIntoCommunication,
    authorisedAgent: input.authorisedAgent,
    agentBusinessAddress: input.authorisedAgent ? input.agentBusinessAddress ?? null : null,
    isStaff: false
  });
  if (!user) throw new AppError("CONFLICT", MSG_ALREADY_REGISTERED, { modelState: { email: [MSG_ALREADY_REGISTERED] } });
  await sendConfirmationEmail(deps, user);
  return user;
}

// api/src/modules/account/request-password-reset.ts
async function requestPasswordReset(deps, input, { address: address2 }) {
  await hitOrThrow(deps.db, `forgot:account:${input.email}`, RATE_LIMITS.forgotPerAccount);
  await hitOrThrow(deps.db, `forgot:address:${address2}`, RATE_LIMITS.forgotPerAddress);
  const user = await findUserByEmail(deps.db, input.email);
  if (user && (await hit(deps.db, `mail:reset:${user.email}`, RATE_LIMITS.mailPerAddress)).count <= RATE_LIMITS.mailPerAddress.limit) {
    void sendPasswordResetEmail(deps, user).catch(
      (error) => deps.logger.error("password reset e-mail failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) })
    );
  }
  return { message: msgPasswordTokenSent(input.email) };
}

// api/src/modules/reminders/reminders.repository.ts
import { and as and4, eq as eq4, inArray, sql as sql8 } from "drizzle-orm";
async function listDistributionLists(db, userId) {
  return db.select().from(distributionLists).where(eq4(distributionLists.userId, userId)).orderBy(distributionLists.id);
}
async function findDistributionList(db, userId, id, { forUpdate = false } = {}) {
  const query = db.select().from(distributionLists).where(and4(eq4(distributionLists.id, id), eq4(distributionLists.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function insertDistributionList(db, userId, name) {
  const [row] = await db.insert(distributionLists).values({ userId, name }).returning();
  return row;
}
async function updateDistributionListEmails(db, id, emails) {
  const [row] = await db.update(distributionLists).set({ emails }).where(eq4(distributionLists.id, id)).returning();
  return row;
}
async function deleteDistributionList(db, id) {
  await db.execute(sql8`
    update app.promotion_reminders
       set distribution_list_ids = coalesce((select jsonb_agg(x) from jsonb_array_elements(distribution_list_ids) x where x <> to_jsonb(${id}::int)), '[]'::jsonb)
     where distribution_list_ids @> to_jsonb(array[${id}::int])`);
  await db.delete(distributionLists).where(eq4(distributionLists.id, id));
}
async function distributionListsByIds(db, userId, ids) {
  if (ids.length === 0) return [];
  return db.select().from(distributionLists).where(and4(eq4(distributionLists.userId, userId), inArray(distributionLists.id, ids)));
}
async function findPromotionReminders(db, promotionId) {
  return db.select().from(promotionReminders).where(eq4(promotionReminders.promotionId, promotionId)).orderBy(promotionReminders.id);
}
async function replacePromotionReminders(db, promotionId, rows) {
  await db.delete(promotionReminders).where(eq4(promotionReminders.promotionId, promotionId));
  if (rows.length > 0) await db.insert(promotionReminders).values(rows.map((row) => ({ ...row, promotionId })));
}
async function deliveriesOf(db, promotionId) {
  return db.select().from(reminderDeliveries).where(eq4(reminderDeliveries.promotionId, promotionId)).orderBy(reminderDeliveries.id);
}
async function findPromotionWithOwner(db, promotionId) {
  const [row] = await db.select({ promotion: promotions, ownerEmail: users.email }).from(promotions).innerJoin(users, eq4(users.id, promotions.userId)).where(eq4(promotions.id, promotionId));
  return row;
}
async function findUserEmail(db, userId) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq4(users.id, userId));
  return row?.email;
}
async function insertUnsubscribe(db, promotionId, email2) {
  await db.insert(promotionUnsubscribes).values({ promotionId, email: email2 }).onConflictDoNothing();
}
async function deleteUnsubscribe(db, promotionId, email2) {
  await db.delete(promotionUnsubscribes).where(and4(eq4(promotionUnsubscribes.promotionId, promotionId), eq4(promotionUnsubscribes.email, email2)));
}
async function unsubscribedEmails(db, promotionId) {
  const rows = await db.select({ email: promotionUnsubscribes.email }).from(promotionUnsubscribes).where(eq4(promotionUnsubscribes.promotionId, promotionId));
  return new Set(rows.map((row) => row.email));
}
async function findCalendarFeed(db, userId) {
  const [row] = await db.select().from(calendarFeeds).where(eq4(calendarFeeds.userId, userId));
  return row;
}
async function upsertCalendarFeed(db, userId, tokenHash) {
  await db.insert(calendarFeeds).values({ userId, tokenHash }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql8`now()` } });
}
async function insertCalendarFeedIfNone(db, userId, tokenHash) {
  const rows = await db.insert(calendarFeeds).values({ userId, tokenHash }).onConflictDoNothing({ target: calendarFeeds.userId }).returning({ userId: calendarFeeds.userId });
  return rows.length === 1;
}
async function deleteCalendarFeed(db, userId) {
  const rows = await db.delete(calendarFeeds).where(eq4(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return rows.length;
}
async function findCalendarFeedOwner(db, tokenHash) {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq4(calendarFeeds.tokenHash, tokenHash));
  return row?.userId;
}
async function ownerPromotions(db, userId) {
  return db.select().from(promotions).where(and4(eq4(promotions.userId, userId), eq4(promotions.deleted, false), eq4(promotions.archived, false))).orderBy(promotions.id);
}

// api/src/modules/account/end-user-credentials.ts
async function endUserCredentials(db, userId, reason, { exceptSessionId } = {}) {
  return db.transaction(async (tx) => {
    const sessions2 = await endUserSessions(tx, userId, reason, exceptSessionId);
    const apiKeys2 = await revokeApiKeysOf(tx, userId, reason);
    const calendarFeeds2 = await deleteCalendarFeed(tx, userId);
    return { sessions: sessions2, apiKeys: apiKeys2, calendarFeeds: calendarFeeds2 };
  });
}

// api/src/modules/account/reset-password.ts
async function resetPassword(deps, input) {
  assertPasswordNotCommon(input.password);
  const userId = await consumeAccountToken(deps.db, input.token, "reset");
  if (!userId) throw new AppError("VALIDATION", MSG_RESET_TOKEN_REQUIRED, { modelState: { token: [MSG_RESET_TOKEN_REQUIRED] } });
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.password) });
  await markEmailConfirmed(deps.db, userId);
  await retireAccountTokens(deps.db, userId, "reset");
  await endUserCredentials(deps.db, userId, "password_reset");
}

// api/src/modules/account/sign-in.ts
async function signIn(deps, input, { address: address2, clientSession: clientSession2 }) {
  const accountKey = `login:account:${input.email}`;
  const addressKey = `login:address:${address2}`;
  await hitOrThrow(deps.db, accountKey, RATE_LIMITS.loginPerAccount);
  await hitOrThrow(deps.db, addressKey, RATE_LIMITS.loginPerAddress);
  const user = await findUserByEmail(deps.db, input.email);
  if (!await verifyPassword(user?.passwordHash, input.password) || !user) {
    throw new AppError("LOGIN_FAILED");
  }
  await refundHit(deps.db, addressKey);
  await hitOrThrow(deps.db, `login:success:${address2}`, RATE_LIMITS.loginSuccessPerAddress);
  await clearLimit(deps.db, accountKey);
  if (!user.emailConfirmedAt) {
    const { count: count7 } = await hit(deps.db, `mail:confirm:${user.email}`, RATE_LIMITS.mailPerAddress);
    if (count7 <= RATE_LIMITS.mailPerAddress.limit) await sendConfirmationEmail(deps, user);
    throw new AppError("EMAIL_NOT_CONFIRMED");
  }
  const token = await createSession(deps.db, user.id, clientSession2);
  return { user, token };
}

// api/src/modules/account/update-account.ts
async function updateAccount(db, userId, input) {
  const user = await updateUser(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    accountName: input.accountName,
    phone: input.phone ?? null,
    optedIntoCommunication: input.optedIntoCommunication,
    authorisedAgent: input.authorisedAgent,
    agentBusinessAddress: input.authorisedAgent ? input.agentBusinessAddress ?? null : null
  });
  return user;
}

// api/src/modules/bot-check/bot-check.ts
import crypto5 from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib";

// api/src/modules/bot-check/bot-check.repository.ts
async function ensureInstanceSetting(pool, key, fresh) {
  await pool.query("insert into app.instance_settings (key, value) values ($1, $2) on conflict (key) do nothing", [key, fresh]);
  const { rows } = await pool.query("select value from app.instance_settings where key = $1", [key]);
  return rows[0].value;
}
async function spendOnce(pool, key, ttlMs) {
  const spent = await pool.query(`insert into app.rate_limits (key, count, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond') on conflict (key) do nothing returning key`, [key, ttlMs]);
  return spent.rowCount === 1;
}

// api/src/modules/bot-check/bot-check.ts
var ALTCHA_MAX_NUMBER = 1e6;
var ALTCHA_EXPIRES_MS = 10 * 6e4;
var keys = /* @__PURE__ */ new WeakMap();
function altchaKey({ config, database }) {
  if (config.SESSION_SECRET) return Promise.resolve(`altcha:${config.SESSION_SECRET}`);
  let key = keys.get(database.pool);
  if (!key) {
    key = (async () => {
      const fresh = JSON.stringify(crypto5.randomBytes(32).toString("base64url"));
      return ensureInstanceSetting(database.pool, "altcha_hmac_key", fresh);
    })();
    key.catch(() => keys.delete(database.pool));
    keys.set(database.pool, key);
  }
  return key;
}
async function createBotCheckChallenge(deps) {
  return createChallenge({ hmacKey: await altchaKey(deps), maxNumber: deps.config.ALTCHA_MAX_NUMBER ?? ALTCHA_MAX_NUMBER, expires: new Date(Date.now() + ALTCHA_EXPIRES_MS) });
}
async function verifyBotCheck(deps, token) {
  const { config } = deps;
  if (config.BOT_CHECK === "off") return true;
  if (typeof token !== "string" || token.length === 0 || token.length > 4e3) return false;
  if (config.BOT_CHECK === "recaptcha") return verifyRecaptcha(config.RECAPTCHA_SECRET, token);
  let payload;
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return false;
  }
  if (typeof payload?.signature !== "string") return false;
  let ok = false;
  try {
    ok = await verifySolution(token, await altchaKey(deps), true);
  } catch {
    return false;
  }
  if (!ok) return false;
  return spendOnce(deps.database.pool, `altcha:${payload.signature}`, ALTCHA_EXPIRES_MS);
}
async function verifyRecaptcha(secret, token) {
  try {
    const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(5e3)
    });
    const body = await response.json();
    return body.success === true;
  } catch {
    return false;
  }
}
async function assertBotCheck(deps, token) {
  if (!await verifyBotCheck(deps, token)) throw new AppError("VALIDATION", MSG_RECAPTCHA_INVALID, { modelState: { recaptchaResponse: [MSG_RECAPTCHA_INVALID] } });
}

// api/src/modules/account/account.routes.ts
var clientSession = z22.uuid({ error: MSG_FIELD_INVALID }).nullish().catch(void 0);
var strictClientSession = z22.uuid({ error: MSG_FIELD_INVALID }).nullish();
var AuthenticatedSchema = z22.object({ clientSession: strictClientSession, currentPath: z22.string({ error: MSG_FIELD_INVALID }).max(2e3, { error: MSG_FIELD_INVALID }).nullish() });
var KillSessionsSchema = z22.object({ clientSession: strictClientSession });
var ConfirmQuerySchema = z22.object({ token: z22.string().max(200).optional().catch(void 0) });
var LoginBodySchema = LoginSchema.extend({ clientSession });
function accountRoutes(deps) {
  const accountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config };
  const db = deps.database.db;
  const secure = deps.config.secureCookies;
  return [
    route({
      method: "post",
      path: "/account/register",
      access: "public",
      summary: "Register an account; a confirmation e-mail is sent.",
      body: RegisterSchema,
      response: RegisterResponseSchema,
      handler: async ({ body }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const user = await registerAccount(accountDeps, body);
        return { message: msgRegisteredCheckEmail(user.email), email: user.email };
      }
    }),
    route({
      method: "get",
      path: "/account/confirmEmail",
      access: "public",
      raw: true,
      summary: "The link of the confirmation e-mail: confirms, then redirects to the login screen.",
      query: ConfirmQuerySchema,
      handler: async ({ query, res }) => {
        const ok = Boolean(query.token) && await confirmEmail(db, query.token);
        res.redirect(303, ok ? "/account/login/?confirmed=1" : "/account/login/?error=confirm");
      }
    }),
    route({
      method: "post",
      path: "/account/login",
      access: "public",
      summary: "Sign in; sets the session cookie.",
      body: LoginBodySchema,
      response: LoginResponseSchema,
      handler: async ({ body, req, res }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const { user, token } = await signIn(accountDeps, body, { address: req.ip ?? "unknown", clientSession: body.clientSession });
        setSessionCookie(res, token, secure);
        return { agent: user.isStaff, user: toUserView(user), ...user.isStaff ? { staffPath: deps.config.STAFF_PATH } : {} };
      }
    }),
    // Polled every 5 s by every open tab while signed in (000 §7): authenticate already did the one lookup.
    route({
      method: "post",
      path: "/account/authenticated",
      access: "public",
      summary: "Is this session still signed in? 401 signed out, 403 when replaced by a newer login.",
      body: AuthenticatedSchema,
      response: AuthenticatedResponseSchema,
      handler: ({ res, user }) => {
        const state = res.locals.sessionState;
        if (user && (state === "live" || res.locals.apiKey)) return { authenticated: true, agent: user.isStaff };
        if (state === "replaced") throw new AppError("SESSION_REPLACED");
        throw new AppError("UNAUTHENTICATED");
      }
    }),
    // Sent on page unload (000 §7): the session ends unless the browser comes back at once (a reload).
    // POST only (issue 24; the spec lists it under GET): a GET must not change state, and a link or
    // an image on another page could otherwise mark a session closing. The app sends it with sendBeacon.
    route({
      method: "post",
      path: "/account/killsessions",
      access: "public",
      raw: true,
      summary: "Page unload (navigator.sendBeacon): the session ends unless the browser comes back at once.",
      body: KillSessionsSchema,
      handler: async ({ res }) => {
        await markClosing(db, res.locals.session);
        res.status(204).end();
      }
    }),
    route({
      method: "post",
      path: "/account/logOut",
      access: "public",
      summary: "Sign out.",
      response: LogOutResponseSchema,
      handler: async ({ res }) => {
        await logOut(db, res.locals.session);
        clearSessionCookie(res, secure);
        return { authenticated: false };
      }
    }),
    route({
      method: "post",
      path: "/account/forgotPassword",
      access: "public",
      summary: "E-mail a password reset link.",
      body: ForgotPasswordSchema,
      response: MessageResponseSchema,
      handler: async ({ body, req }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        return requestPasswordReset(accountDeps, body, { address: req.ip ?? "unknown" });
      }
    }),
    route({
      method: "post",
      path: "/account/resetPassword",
      access: "public",
      summary: "Set a new password with the token of the reset e-mail.",
      body: ResetPasswordSchema,
      response: MessageResponseSchema,
      handler: async ({ body, res }) => {
        await resetPassword(accountDeps, body);
        clearSessionCookie(res, secure);
        return { message: MSG_PASSWORD_RESET_DONE };
      }
    }),
    route({
      method: "post",
      path: "/account/update",
      access: "session",
      summary: "Change the account details (what get returns is accepted back).",
      body: AccountUpdateSchema,
      response: AccountUpdateResponseSchema,
      idempotent: true,
      handler: async ({ body, user }) => ({ message: MSG_ACCOUNT_UPDATED, user: toUserView(await updateAccount(db, user.id, body)) })
    }),
    route({
      method: "get",
      path: "/account/get",
      access: "user",
      summary: "The signed-in account.",
      response: AccountGetResponseSchema,
      handler: ({ user }) => getAccount(db, user.id)
    }),
    route({
      method: "get",
      path: "/account/current",
      access: "public",
      summary: "Who is signed in (200 either way).",
      response: AccountCurrentResponseSchema,
      handler: ({ user }) => getCurrentAccount(db, user?.id)
    }),
    route({
      method: "get",
      path: "/account/getDetails",
      access: "user",
      summary: "The account with its creation and confirmation times.",
      response: AccountDetailsResponseSchema,
      handler: ({ user }) => getAccountDetails(db, user.id)
    }),
    route({
      method: "get",
      path: "/account/getSupportDetails",
      access: "user",
      summary: "Name, organisation, phone, e-mail and promotions for the support form.",
      response: SupportDetailsResponseSchema,
      handler: ({ user }) => getSupportDetails(db, user.id)
    })
  ];
}

// api/src/modules/admin/admin.routes.ts
import { z as z29 } from "zod";

// api/src/modules/promotions/promotions.schemas.ts
import { z as z23 } from "zod";
var bool = z23.union([z23.boolean(), z23.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
var RecordIdSchema = z23.coerce.number({ error: "Please give a valid id." }).int({ error: "Please give a valid id." }).positive({ error: "Please give a valid id." }).max(2147483647, { error: "Please give a valid id." });
var PromotionIdQuerySchema = z23.object({ id: RecordIdSchema, admin: bool.optional() });
var PromotionIdBodySchema = z23.object({ id: RecordIdSchema });
var ArchiveBodySchema = z23.object({ id: RecordIdSchema, archived: z23.boolean().default(true) });
var PromotionListQuerySchema = z23.object({
  id: RecordIdSchema.optional(),
  name: z23.string().trim().max(200).optional(),
  search: z23.string().trim().max(200).optional(),
  status: z23.coerce.number().int().min(1).max(15).optional(),
  /** Staff only (a session, never an API key): another account's promotions. Ignored for customers. */
  account: RecordIdSchema.optional(),
  /** The applicant's organisation, trading name or contact (part of it). */
  applicant: z23.string().trim().max(200).optional(),
  /** Staff's test promotions (001 §6): shown with the rest (`show`, the default), left out (`hide`) or alone (`only`). */
  test: z23.enum(["show", "hide", "only"], { error: "test must be show, hide or only." }).default("show"),
  after: z23.coerce.number({ error: "after must be a whole number." }).int().min(0).max(1e6).default(0),
  count: z23.coerce.number({ error: "count must be a whole number." }).int().min(1).max(100).default(10),
  getTotal: bool.default(false),
  archived: bool.default(false),
  sort: z23.enum(["date", "name", "status", "startDate", "totalPrizeValue", "id"]).default("date"),
  direction: z23.enum(["asc", "desc"]).optional()
});
var ReuseListQuerySchema = z23.object({
  search: z23.string().trim().max(200).optional(),
  exclude: RecordIdSchema.optional()
});
var PromotionModifyBodySchema = z23.unknown().transform((value, ctx) => {
  const skill = typeof value === "object" && value !== null && value.skillsBasedTC === true;
  const result = skill ? PromotionModifySkillsBasedSchema.safeParse(value) : PromotionModifySchema.safeParse(value);
  if (result.success) return result.data;
  for (const issue2 of result.error.issues) ctx.addIssue({ code: "custom", path: issue2.path, message: issue2.message });
  return z23.NEVER;
});
var PromotionModifyBodyDoc = z23.union([PromotionModifySchema, PromotionModifySkillsBasedSchema]);

// api/src/modules/admin/admin.repository.ts
import { and as and5, asc, count as count2, desc as desc3, eq as eq5, ilike, inArray as inArray2, ne as ne2, or, sql as sql9 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
var promotionSearchTextOf = (p) => sql9`lower(coalesce(${p}.name, '') || ' ' || coalesce(${p}.applicant->>'organisation', '') || ' ' || coalesce(${p}.applicant->>'tradingName', '') || ' ' || coalesce(${p}.applicant#>>'{contact,firstName}', '') || ' ' || coalesce(${p}.applicant#>>'{contact,lastName}', '') || ' ' || coalesce(${p}.applicant#>>'{contact,email}', '') || ' ' || ${p}.permit_numbers::text)`;
var userSearchText = sql9`lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.accountName})`;
function likePattern(text33) {
  return `%${text33.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
var adminColumns = {
  id: promotions.id,
  name: promotions.name,
  statusId: promotions.statusId,
  accountId: promotions.userId,
  accountName: users.accountName,
  email: users.email,
  organisation: sql9`${promotions.applicant}->>'organisation'`,
  permitNumbers: promotions.permitNumbers,
  isTest: promotions.isTest,
  deleted: promotions.deleted,
  createdAt: promotions.createdAt
};
async function searchPromotions(db, search) {
  const where2 = [];
  if (!search.showTest) where2.push(eq5(promotions.isTest, false));
  if (!search.showDeleted) where2.push(eq5(promotions.deleted, false));
  if (search.accountId) where2.push(eq5(promotions.userId, search.accountId));
  if (search.promotionId) where2.push(eq5(promotions.id, search.promotionId));
  if (search.noteId) where2.push(sql9`${promotions.id} = (select ${staffTasks.promotionId} from ${staffTasks} where ${staffTasks.id} = ${search.noteId})`);
  if (search.q) {
    const pattern = likePattern(search.q);
    const asId = /^\d+$/.test(search.q) && Number(search.q) <= 2147483647 ? Number(search.q) : void 0;
    where2.push(
      sql9`${promotions.id} in (
        select p.id from ${promotions} p where ${promotionSearchTextOf(sql9`p`)} like ${pattern}
        union
        select p.id from ${promotions} p where p.user_id in (select ${users.id} from ${users} where ${userSearchText} like ${pattern})
        ${asId !== void 0 ? sql9`union select ${asId}` : sql9``}
      )`
    );
  }
  const condition = where2.length ? and5(...where2) : void 0;
  const rows = await db.select(adminColumns).from(promotions).innerJoin(users, eq5(users.id, promotions.userId)).where(condition).orderBy(desc3(promotions.id)).limit(search.limit).offset(search.offset);
  const [total] = await db.select({ n: count2() }).from(promotions).where(condition);
  return { rows, total: total?.n ?? 0 };
}
async function findPromotionById(db, id, { forUpdate = false } = {}) {
  const query = db.select().from(promotions).where(eq5(promotions.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function findOwner(db, userId) {
  const [row] = await db.select().from(users).where(eq5(users.id, userId));
  return row;
}
async function findChangelog(db, promotionId) {
  return db.select({
    id: changelog.id,
    at: changelog.createdAt,
    userId: changelog.userId,
    firstName: users.firstName,
    lastName: users.lastName,
    entity: changelog.entity,
    entityId: changelog.entityId,
    action: changelog.action,
    changes: changelog.changes
  }).from(changelog).leftJoin(users, eq5(users.id, changelog.userId)).where(eq5(changelog.promotionId, promotionId)).orderBy(desc3(changelog.id));
}
async function findUserLog(db, userId) {
  return db.select({ id: changelog.id, at: changelog.createdAt, userId: changelog.userId, action: changelog.action, changes: changelog.changes }).from(changelog).where(and5(eq5(changelog.entity, "user"), eq5(changelog.entityId, userId))).orderBy(desc3(changelog.id));
}
async function findOutstanding(db, filter) {
  const stateConditions = (filter.states ?? []).map((state) => stateColumn(state)).filter((c) => !!c);
  return db.select({
    id: promotions.id,
    name: promotions.name,
    statusId: promotions.statusId,
    accountName: users.accountName,
    email: users.email,
    submittedAt: promotions.submittedAt,
    updatedAt: promotions.updatedAt
  }).from(promotions).innerJoin(users, eq5(users.id, promotions.userId)).where(and5(inArray2(promotions.statusId, [...filter.statusIds]), eq5(promotions.deleted, false), eq5(promotions.isTest, false), stateConditions.length ? or(...stateConditions.map((c) => eq5(c, true))) : void 0)).orderBy(sql9`${promotions.submittedAt} asc nulls last`, asc(promotions.id)).limit(filter.limit);
}
function stateColumn(state) {
  switch (state.toUpperCase()) {
    case "NSW":
      return promotions.stateNsw;
    case "ACT":
      return promotions.stateAct;
    case "SA":
      return promotions.stateSa;
    case "VIC":
      return promotions.stateVic;
    case "QLD":
      return promotions.stateQld;
    case "WA":
      return promotions.stateWa;
    case "TAS":
      return promotions.stateTas;
    case "NT":
      return promotions.stateNt;
    default:
      return void 0;
  }
}
async function findStaffMembers(db) {
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq5(users.isStaff, true)).orderBy(asc(users.firstName));
}
async function searchUsers(db, q, offset, limit) {
  const condition = q ? or(sql9`${userSearchText} like ${likePattern(q)}`, /^\d+$/.test(q) && Number(q) <= 2147483647 ? eq5(users.id, Number(q)) : void 0) : void 0;
  const rows = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, accountName: users.accountName, authorisedAgent: users.authorisedAgent, isStaff: users.isStaff, staffRole: users.staffRole, createdAt: users.createdAt }).from(users).where(condition).orderBy(desc3(users.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count2() }).from(users).where(condition);
  return { rows, total: total?.n ?? 0 };
}
async function findUserByEmail2(db, email2, exceptId) {
  const [row] = await db.select({ id: users.id }).from(users).where(and5(ilike(users.email, email2.replace(/[\\%_]/g, (c) => `\\${c}`)), ne2(users.id, exceptId)));
  return row;
}
async function setUserEmail(db, id, email2) {
  await db.update(users).set({ email: email2, updatedAt: /* @__PURE__ */ new Date() }).where(eq5(users.id, id));
}
async function findActionsRequired(db, limit) {
  return db.select({ id: promotions.id, name: promotions.name, statusId: promotions.statusId, accountName: users.accountName, email: users.email, updatedAt: promotions.updatedAt, details: promotions.details }).from(promotions).innerJoin(users, eq5(users.id, promotions.userId)).where(and5(eq5(promotions.statusId, 6), eq5(promotions.deleted, false))).orderBy(asc(promotions.updatedAt)).limit(limit);
}
async function findOutstandingFilters(db, userId) {
  const [row] = await db.select().from(staffPreferences).where(eq5(staffPreferences.userId, userId));
  return row?.outstandingFilters ?? {};
}
async function saveOutstandingFilters(db, userId, filters) {
  await db.insert(staffPreferences).values({ userId, outstandingFilters: filters }).onConflictDoUpdate({ target: staffPreferences.userId, set: { outstandingFilters: filters, updatedAt: /* @__PURE__ */ new Date() } });
}
async function touchStaffActivity(db, promotionId) {
  const updated = await db.update(promotions).set({ staffActiveAt: /* @__PURE__ */ new Date() }).where(eq5(promotions.id, promotionId)).returning({ id: promotions.id, ownerActiveAt: promotions.ownerActiveAt });
  return updated[0];
}
async function touchOwnerActivity(db, promotionId, userId) {
  const updated = await db.update(promotions).set({ ownerActiveAt: /* @__PURE__ */ new Date() }).where(and5(eq5(promotions.id, promotionId), eq5(promotions.userId, userId), eq5(promotions.deleted, false))).returning({ id: promotions.id, staffActiveAt: promotions.staffActiveAt });
  return updated[0];
}
var STATE_COLUMN = { NSW: "state_nsw", ACT: "state_act", SA: "state_sa", VIC: "state_vic", NT: "state_nt", WA: "state_wa", QLD: "state_qld", TAS: "state_tas" };
var SERVICE_COLUMN = { managedSubmission: "managed_submission", randomDraw: "random_draw", termsAndConditions: "terms_and_conditions", abridgedTC: "abridged_tc", hostedTC: "hosted_tc", skillsBasedTC: "skills_based_tc" };
async function findStatisticsVersion(db) {
  const [row] = (await db.execute(sql9`select (select coalesce(max(id), 0) from ${changelog}) as c, (select coalesce(max(id), 0) from ${promotions}) as p`)).rows;
  return `${row.c}:${row.p}`;
}
async function findStatisticsAggregates(db, paidStatusIds, outstandingStatusIds, feeKeys, filter) {
  const conditions = [sql9`p.deleted = false`];
  if (!filter.includeTest) conditions.push(sql9`p.is_test = false`);
  if (filter.from) conditions.push(sql9`(p.created_at at time zone 'Australia/Sydney')::date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql9`(p.created_at at time zone 'Australia/Sydney')::date <= ${filter.to}::date`);
  if (filter.state) conditions.push(sql9.raw(`p.${STATE_COLUMN[filter.state]} = true`));
  if (filter.service) conditions.push(sql9.raw(`p.${SERVICE_COLUMN[filter.service]} = true`));
  const live = sql9.join(conditions, sql9` and `);
  const list = (ids) => sql9.join(ids.map((id) => sql9`${id}`), sql9`, `);
  const paid = sql9`p.status_id in (${list(paidStatusIds)})`;
  const byStatus = (await db.execute(sql9`select p.status_id as "statusId", count(*)::int as n from ${promotions} p where ${live} group by 1 order by 1`)).rows;
  const byState = (await db.execute(sql9`select count(*) filter (where state_act)::int as "ACT", count(*) filter (where state_nsw)::int as "NSW", count(*) filter (where state_sa)::int as "SA", count(*) filter (where state_vic)::int as "VIC", count(*) filter (where state_nt)::int as "NT", count(*) filter (where state_wa)::int as "WA", count(*) filter (where state_qld)::int as "QLD", count(*) filter (where state_tas)::int as "TAS", count(*)::int as total from ${promotions} p where ${live}`)).rows[0];
  const byMonth = (await db.execute(sql9`select to_char(date_trunc('month', p.created_at at time zone 'Australia/Sydney'), 'YYYY-MM') as month, count(*)::int as created, count(*) filter (where ${paid})::int as paid from ${promotions} p where ${live} group by 1 order by 1 desc limit 24`)).rows;
  const sums = sql9.join(feeKeys.map((key) => sql9.raw(`coalesce(sum((p.fees->>'${key.replace(/[^A-Za-z_]/g, "")}')::bigint), 0)::bigint as "${key.replace(/[^A-Za-z_]/g, "")}"`)), sql9`, `);
  const revenue = (await db.execute(sql9`select ${sums} from ${promotions} p where ${live} and ${paid}`)).rows[0];
  const [conversion] = (await db.execute(sql9`select count(*)::int as created, count(*) filter (where ${paid})::int as paid from ${promotions} p where ${live}`)).rows;
  const [approval] = (await db.execute(sql9`select avg(extract(epoch from (a.approved_at - p.submitted_at)) / 86400)::float as days, count(*)::int as n from ${promotions} p join (select promotion_id, min(created_at) as approved_at from ${changelog} where action = 'approve' group by 1) a on a.promotion_id = p.id where p.submitted_at is not null and ${live}`)).rows;
  const turnaround = (await db.execute(sql9`select n.key as state, ((n.value->>'approvalDate')::date - (p.submitted_at at time zone 'Australia/Sydney')::date)::int as days from ${promotions} p cross join lateral jsonb_each(p.permit_numbers) n where p.submitted_at is not null and n.value->>'approvalDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and ${live}`)).rows;
  const outstanding = (await db.execute(sql9`select greatest(0, floor(extract(epoch from (now() - p.submitted_at)) / 86400))::int as days from ${promotions} p where p.status_id in (${list(outstandingStatusIds)}) and ${live}`)).rows;
  return { byStatus, byState, byMonth, revenue, conversion, approval, turnaround, outstanding };
}
async function findEmailChanges(db, q, offset, limit) {
  const actor = alias(users, "actor");
  const where2 = and5(
    eq5(changelog.entity, "user"),
    eq5(changelog.action, "update-email"),
    q ? sql9`lower(coalesce(${changelog.changes}#>>'{email,from}', '') || ' ' || coalesce(${changelog.changes}#>>'{email,to}', '') || ' ' || ${users.email}) like ${likePattern(q)}` : void 0
  );
  const rows = await db.select({
    id: changelog.id,
    at: changelog.createdAt,
    userId: changelog.entityId,
    currentEmail: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    from: sql9`${changelog.changes}#>>'{email,from}'`,
    to: sql9`${changelog.changes}#>>'{email,to}'`,
    changedById: changelog.userId,
    changedByEmail: actor.email
  }).from(changelog).innerJoin(users, eq5(users.id, changelog.entityId)).leftJoin(actor, eq5(actor.id, changelog.userId)).where(where2).orderBy(desc3(changelog.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count2() }).from(changelog).innerJoin(users, eq5(users.id, changelog.entityId)).where(where2);
  return { rows, total: total?.n ?? 0 };
}

// api/src/modules/admin/admin-guard.ts
function staffOnly(specs) {
  return specs.map((spec) => ({
    ...spec,
    access: "staff",
    tag: spec.tag ?? "admin",
    handler: (ctx) => {
      if (!ctx.user.isStaff || ctx.user.staffRole !== "admin") throw new AppError("FORBIDDEN", MSG_ADMIN_ONLY);
      return spec.handler(ctx);
    }
  }));
}

// api/src/modules/admin/create-action-entry.ts
import { z as z24 } from "zod";

// api/src/mail/staff-templates.ts
function actionRequiredTemplate(brand, { firstName, promotionName, url, items }) {
  return layout(brand, {
    subject: `Action required: ${promotionName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Our team has reviewed the permit application for "${promotionName}" and needs you to check some items before we can continue.`, ...items],
    action: { label: "Open the application", url },
    footer: "Once you have answered, resubmit the application from the same screen."
  });
}
function permitNumberUpdateTemplate(brand, { firstName, promotionName, url, numbers }) {
  return layout(brand, {
    subject: `Permit numbers for ${promotionName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`The permit numbers for "${promotionName}" are:`, ...numbers],
    action: { label: "View the promotion", url }
  });
}
function emailChangedTemplate(brand, { firstName, oldEmail, newEmail }) {
  return layout(brand, {
    subject: `Your ${brand.productName} e-mail address was changed`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Our team changed the e-mail address of your account from ${oldEmail} to ${newEmail}. Sign in with the new address from now on.`],
    footer: `If you did not ask for this change, please contact us at ${brand.supportEmail}.`
  });
}

// api/src/modules/changelog/changelog.repository.ts
import { asc as asc2, eq as eq6 } from "drizzle-orm";
async function insertChange(db, entry2) {
  const credential = currentCredential();
  await db.insert(changelog).values({
    sessionId: credential.sessionId,
    apiKeyId: credential.apiKeyId,
    promotionId: entry2.promotionId,
    userId: entry2.userId,
    entity: entry2.entity,
    entityId: entry2.entityId ?? null,
    action: entry2.action,
    changes: entry2.changes
  });
}
function diffFields(before, after, ignore = []) {
  const changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (ignore.includes(key) || value === void 0) continue;
    const old = before ? before[key] : null;
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null)) changes[key] = { from: old ?? null, to: value ?? null };
  }
  return changes;
}

// api/src/modules/promotions/promotions.repository.ts
import { and as and6, asc as asc3, count as count3, desc as desc4, eq as eq7, ilike as ilike2, ne as ne3, or as or2, sql as sql10 } from "drizzle-orm";
function visibleTo(owner, id) {
  return owner.isStaff ? eq7(promotions.id, id) : and6(eq7(promotions.id, id), eq7(promotions.userId, owner.userId), eq7(promotions.deleted, false));
}
async function insertPromotion(db, values) {
  const [row] = await db.insert(promotions).values(values).returning();
  return row;
}
async function findPromotion(db, owner, id, { forUpdate = false } = {}) {
  const query = db.select().from(promotions).where(visibleTo(owner, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
var WAITING_STATUS_IDS = [4, 5, 9, 11, 13, 15];
async function updatePromotion(db, id, values) {
  const waiting = sql10.raw(WAITING_STATUS_IDS.join(", "));
  const submittedAt = values.statusId !== void 0 && values.submittedAt === void 0 ? { submittedAt: sql10`case when ${values.statusId} in (${waiting}) and ${promotions.statusId} not in (${waiting}) then now() else ${promotions.submittedAt} end` } : {};
  const [row] = await db.update(promotions).set({ ...values, ...submittedAt, version: sql10`${promotions.version} + 1`, updatedAt: sql10`now()` }).where(eq7(promotions.id, id)).returning();
  return row;
}
var SORT_COLUMNS = {
  date: promotions.createdAt,
  name: sql10`lower(${promotions.name})`,
  status: promotions.statusId,
  startDate: promotions.startDate,
  totalPrizeValue: promotions.totalPrizeValue,
  id: promotions.id
};
function escapeLike(text33) {
  return text33.replace(/[\\%_]/g, (c) => `\\${c}`);
}
async function listPromotions(db, filter) {
  const conditions = [eq7(promotions.deleted, false), eq7(promotions.archived, filter.archived)];
  conditions.push(eq7(promotions.userId, filter.owner.isStaff && filter.account !== void 0 ? filter.account : filter.owner.userId));
  if (filter.id !== void 0) conditions.push(eq7(promotions.id, filter.id));
  if (filter.applicant) {
    const pattern = `%${escapeLike(filter.applicant)}%`;
    conditions.push(sql10`(${promotions.applicant}->>'organisation' ilike ${pattern} or ${promotions.applicant}->>'tradingName' ilike ${pattern} or (coalesce(${promotions.applicant}#>>'{contact,firstName}', '') || ' ' || coalesce(${promotions.applicant}#>>'{contact,lastName}', '')) ilike ${pattern})`);
  }
  if (filter.test === "hide") conditions.push(eq7(promotions.isTest, false));
  if (filter.test === "only") conditions.push(eq7(promotions.isTest, true));
  if (filter.status !== void 0) conditions.push(eq7(promotions.statusId, filter.status));
  if (filter.name) conditions.push(ilike2(promotions.name, `%${escapeLike(filter.name)}%`));
  if (filter.search) {
    const term = filter.search.trim();
    const byName = ilike2(promotions.name, `%${escapeLike(term)}%`);
    conditions.push(/^\d{1,9}$/.test(term) ? or2(byName, eq7(promotions.id, Number(term))) : byName);
  }
  const where2 = and6(...conditions);
  const column = SORT_COLUMNS[filter.sort];
  const order = filter.direction === "asc" ? [asc3(column), asc3(promotions.id)] : [desc4(column), desc4(promotions.id)];
  const rows = await db.select().from(promotions).where(where2).orderBy(...order).limit(filter.count).offset(filter.after);
  let total = null;
  if (filter.getTotal) {
    const [result] = await db.select({ n: count3() }).from(promotions).where(where2);
    total = result?.n ?? 0;
  }
  return { rows, total };
}
async function findReuseList(db, owner, search, exclude, limit = 20) {
  const conditions = [eq7(promotions.userId, owner.userId), eq7(promotions.deleted, false)];
  if (exclude !== void 0) conditions.push(ne3(promotions.id, exclude));
  if (search) conditions.push(ilike2(promotions.name, `%${escapeLike(search)}%`));
  return db.select().from(promotions).where(and6(...conditions)).orderBy(desc4(promotions.createdAt), desc4(promotions.id)).limit(limit);
}
async function notesSummary(db, promotionId) {
  const [row] = await db.select({ n: count3() }).from(promotionNotes).where(eq7(promotionNotes.promotionId, promotionId));
  const [last] = await db.select({ action: changelog.action, at: changelog.createdAt }).from(changelog).where(and6(eq7(changelog.promotionId, promotionId), eq7(changelog.entity, "promotion-note"))).orderBy(desc4(changelog.id)).limit(1);
  return { notesCount: row?.n ?? 0, noteLastDate: last ? new Date(last.at).toISOString() : null, noteLastAction: last ? noteActionLabel(last.action) : null };
}
async function insertStaffTask(db, values) {
  const [row] = await db.insert(staffTasks).values(values).returning();
  return row;
}

// api/src/events/events.repository.ts
import { sql as sql11 } from "drizzle-orm";
var OUTBOX_CHANNEL = "outbox_event";
async function insertOutboxEvent(tx, type, payload) {
  const [row] = await tx.insert(outboxEvents).values({ type, payload }).returning({ id: outboxEvents.id });
  await tx.execute(sql11`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return row.id;
}

// api/src/events/events.ts
async function publishEvent(tx, type, payload) {
  return insertOutboxEvent(tx, type, payload);
}
function createEvents() {
  return { publish: publishEvent };
}

// api/src/modules/admin/staff-write.ts
async function writePromotionAsStaff(db, staff, promotionId, action, compute) {
  return db.transaction(async (tx) => {
    const before = await findPromotionById(tx, promotionId, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    const values = await compute(before, tx);
    const after = await updatePromotion(tx, before.id, values);
    await publishEvent(tx, "promotion.saved", { promotionId: after.id, statusId: after.statusId });
    const changes = diffFields(before, values);
    await insertChange(tx, { promotionId: before.id, userId: staff.id, entity: "promotion", entityId: before.id, action, changes });
    return { before, after };
  });
}

// api/src/modules/admin/create-action-entry.ts
var FLAGGABLE = SECTION_KEYS.filter((key) => key !== "questions");
function getActionFields() {
  return FLAGGABLE.map((slug) => ({ slug, name: SECTION_NAMES[slug] }));
}
var ActionEntryBodySchema = z24.object({
  promotionId: RecordIdSchema,
  actionFields: z24.array(z24.object({ actionFieldSlug: z24.enum(FLAGGABLE, { error: MSG_ACTION_ENTRY_EMPTY }), comment: z24.string().trim().max(2e3).nullish() })).default([]),
  actionQuestions: z24.array(z24.object({ question: z24.string({ error: MSG_ACTION_QUESTION_REQUIRED }).trim().min(1, { error: MSG_ACTION_QUESTION_REQUIRED }).max(2e3) })).default([])
});
async function createActionEntry(deps, staff, input) {
  if (input.actionFields.length === 0 && input.actionQuestions.length === 0) {
    throw new AppError("VALIDATION", MSG_ACTION_ENTRY_EMPTY, { modelState: { "": [MSG_ACTION_ENTRY_EMPTY] } });
  }
  const { after } = await writePromotionAsStaff(deps.database.db, staff, input.promotionId, "create-action-entry", (row) => {
    const to = row.statusId === PERMIT_STATUS_IDS.actionRequired ? row.statusId : requireTransition({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: PERMIT_STATUS_IDS.actionRequired });
    const actionEntry = {
      actionFields: input.actionFields.map((f) => ({ actionFieldSlug: f.actionFieldSlug, checked: true, comment: f.comment ?? null })),
      actionQuestions: input.actionQuestions.map((q) => ({ question: q.question, answer: null }))
    };
    return { statusId: to, details: { ...row.details, actionEntry } };
  });
  const owner = await findOwner(deps.database.db, after.userId);
  if (owner) {
    const items = [
      ...input.actionFields.map((f) => `${SECTION_NAMES[f.actionFieldSlug]}${f.comment ? `: ${f.comment}` : ""}`),
      ...input.actionQuestions.map((q) => `Question: ${q.question}`)
    ];
    await deps.mailer.send({
      to: owner.email,
      ...actionRequiredTemplate(brandFor(deps.config), { firstName: owner.firstName, promotionName: after.name || `Promotion ${after.id}`, url: `${deps.config.PUBLIC_URL}/permit/edit/${after.id}/details/`, items })
    });
  }
  return { id: after.id, statusId: after.statusId };
}

// api/src/modules/admin/customer-contacts.repository.ts
import { and as and7, count as count4, desc as desc5, eq as eq8, isNotNull, isNull as isNull5 } from "drizzle-orm";
async function findContacts(db, filter) {
  const where2 = [];
  if (filter.resolved === true) where2.push(isNotNull(customerContacts.resolvedAt));
  if (filter.resolved === false) where2.push(isNull5(customerContacts.resolvedAt));
  if (filter.contactId) where2.push(eq8(customerContacts.id, filter.contactId));
  const condition = where2.length ? and7(...where2) : void 0;
  const rows = await db.select().from(customerContacts).where(condition).orderBy(desc5(customerContacts.receivedAt), desc5(customerContacts.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count4() }).from(customerContacts).where(condition);
  return { rows, total: total?.n ?? 0 };
}
async function findContact(db, id, { forUpdate = false } = {}) {
  const query = db.select().from(customerContacts).where(eq8(customerContacts.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function updateContact(db, id, values) {
  const [row] = await db.update(customerContacts).set(values).where(eq8(customerContacts.id, id)).returning();
  return row;
}
async function insertContact(db, values) {
  const [row] = await db.insert(customerContacts).values(values).returning();
  return row;
}
async function findContactByVoicemail(db, voicemailFile) {
  const [row] = await db.select().from(customerContacts).where(eq8(customerContacts.voicemailFile, voicemailFile));
  return row;
}

// api/src/modules/admin/customer-contacts.ts
var CONTACTS_PAGE_SIZE = 50;
function toContactView(row) {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    name: row.name,
    organisation: row.organisation,
    email: row.email,
    phone: row.phone,
    message: row.message,
    promotionRef: row.promotionRef,
    userId: row.userId,
    assignedTo: row.assignedTo,
    receivedAt: row.receivedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    /** A voicemail's recording: /download/voicemail/{voicemailFile} (staff only). */
    voicemailFile: row.voicemailFile
  };
}
async function getCustomerContacts(db, query) {
  const { rows, total } = await findContacts(db, {
    resolved: query.resolved === "all" ? void 0 : query.resolved === "true",
    contactId: query.contactId,
    offset: (query.page - 1) * CONTACTS_PAGE_SIZE,
    limit: CONTACTS_PAGE_SIZE
  });
  return { contacts: rows.map(toContactView), total, page: query.page, pageSize: CONTACTS_PAGE_SIZE };
}
async function getCustomerContact(db, id) {
  const row = await findContact(db, id);
  if (!row) throw new AppError("NOT_FOUND");
  return toContactView(row);
}
async function change(db, staff, id, action, compute) {
  return db.transaction(async (tx) => {
    const before = await findContact(tx, id, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    const values = compute(before);
    const after = await updateContact(tx, id, values);
    const iso = (v) => v instanceof Date ? v.toISOString() : v;
    const changes = Object.fromEntries(Object.keys(values).map((k) => [k, { from: iso(before[k]) ?? null, to: iso(after[k]) ?? null }]));
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: "customer-contact", entityId: id, action, changes });
    return toContactView(after);
  });
}
function claimCustomerContact(db, staff, id) {
  return change(db, staff, id, "claim", (row) => {
    if (row.resolvedAt) throw new AppError("CONFLICT", MSG_CONTACT_ALREADY_RESOLVED);
    return { assignedTo: staff.email };
  });
}
function resolveCustomerContact(db, staff, id) {
  return change(db, staff, id, "resolve", (row) => {
    if (row.resolvedAt) throw new AppError("CONFLICT", MSG_CONTACT_ALREADY_RESOLVED);
    return { resolvedAt: /* @__PURE__ */ new Date(), assignedTo: row.assignedTo ?? staff.email };
  });
}

// api/src/modules/payments/payments.repository.ts
import { and as and8, count as count5, desc as desc6, eq as eq9, inArray as inArray3, isNull as isNull6, sql as sql12 } from "drizzle-orm";
var FIRST_INVOICE_NUMBER = 100001;
var FIRST_TEST_INVOICE_NUMBER = 900000001;
async function nextInvoiceNumber(tx, { testMode = false } = {}) {
  const [row] = await tx.insert(counters).values({ name: testMode ? "invoice-test" : "invoice", lastValue: testMode ? FIRST_TEST_INVOICE_NUMBER : FIRST_INVOICE_NUMBER }).onConflictDoUpdate({ target: counters.name, set: { lastValue: sql12`${counters.lastValue} + 1` } }).returning({ value: counters.lastValue });
  return row.value;
}
async function insertInvoice(tx, values) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row;
}
async function updateInvoice(tx, id, values) {
  const [row] = await tx.update(invoices).set(values).where(eq9(invoices.id, id)).returning();
  return row;
}
async function findSubmissionInvoices(tx, promotionId) {
  return tx.select().from(invoices).where(and8(eq9(invoices.promotionId, promotionId), inArray3(invoices.purpose, ["submission", "additional"]), isNull6(invoices.cancelledAt))).orderBy(invoices.id);
}
async function cancelUnpaidInvoice(tx, id, now) {
  const [row] = await tx.update(invoices).set({ cancelledAt: now }).where(and8(eq9(invoices.id, id), isNull6(invoices.paidAt), isNull6(invoices.cancelledAt))).returning();
  return row;
}
async function countInvoices(tx, promotionId, purpose) {
  const [row] = await tx.select({ n: count5() }).from(invoices).where(and8(eq9(invoices.promotionId, promotionId), eq9(invoices.purpose, purpose)));
  return row?.n ?? 0;
}
async function findUnpaidInvoices(tx, promotionId) {
  return tx.select().from(invoices).where(and8(eq9(invoices.promotionId, promotionId), isNull6(invoices.paidAt), isNull6(invoices.cancelledAt))).orderBy(invoices.id);
}
async function findInvoiceByNumber(tx, viewer, invoiceNumber, { forUpdate = false } = {}) {
  const where2 = viewer.isStaff ? eq9(invoices.invoiceNumber, invoiceNumber) : and8(eq9(invoices.invoiceNumber, invoiceNumber), eq9(invoices.userId, viewer.userId));
  const query = tx.select().from(invoices).where(where2);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function listInvoices(tx, viewer, filter) {
  const conditions = [];
  if (!viewer.isStaff) conditions.push(eq9(invoices.userId, viewer.userId));
  if (filter.promotionId !== void 0) conditions.push(eq9(invoices.promotionId, filter.promotionId));
  const where2 = conditions.length ? and8(...conditions) : void 0;
  const rows = await tx.select({ invoice: invoices, promotionName: promotions.name }).from(invoices).innerJoin(promotions, eq9(promotions.id, invoices.promotionId)).where(where2).orderBy(desc6(invoices.invoiceNumber)).limit(filter.count).offset((filter.page - 1) * filter.count);
  const [total] = await tx.select({ n: count5() }).from(invoices).where(where2);
  return { rows, total: total?.n ?? 0 };
}
async function insertPayment(tx, values) {
  const [row] = await tx.insert(payments).values(values).returning();
  return row;
}
async function countUnsuccessfulAttempts(tx, invoiceId) {
  const [row] = await tx.select({ n: count5() }).from(payments).where(and8(eq9(payments.invoiceId, invoiceId), sql12`${payments.status} <> 'succeeded'`));
  return row?.n ?? 0;
}
async function findPaymentByRef(tx, gatewayRef) {
  const [row] = await tx.select().from(payments).where(eq9(payments.gatewayRef, gatewayRef)).orderBy(desc6(payments.id)).limit(1);
  return row;
}
async function updatePayment(tx, id, values) {
  const [row] = await tx.update(payments).set(values).where(eq9(payments.id, id)).returning();
  return row;
}
async function findInvoiceById(tx, id, { forUpdate = false } = {}) {
  const query = tx.select().from(invoices).where(eq9(invoices.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function recordStripeEvent(tx, id, type) {
  const inserted = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}
async function hasServiceWaiver(tx, promotionId, service) {
  const [row] = await tx.select({ id: changelog.id }).from(changelog).where(and8(eq9(changelog.promotionId, promotionId), eq9(changelog.action, "waiveServicePayment"), sql12`${changelog.changes} -> 'service' ->> 'to' = ${service}`)).limit(1);
  return row !== void 0;
}

// api/src/modules/admin/create-invoice.ts
function invoiceBlockedReason(statusId, unpaid) {
  if (statusId === PERMIT_STATUS_IDS.awaitingSubmission) return MSG_INVOICE_BLOCKED_TC_APPROVAL;
  if (unpaid.length > 0) return MSG_INVOICE_BLOCKED_AWAITING_PAYMENT;
  return null;
}
async function getInvoiceBlock(db, promotionId) {
  const row = await findPromotionById(db, promotionId);
  if (!row) throw new AppError("NOT_FOUND");
  return { blockedReason: invoiceBlockedReason(row.statusId, await findUnpaidInvoices(db, promotionId)) };
}

// api/src/modules/admin/get-admin-promotion.ts
var STATES2 = [["NSW", "stateNsw"], ["ACT", "stateAct"], ["SA", "stateSa"], ["VIC", "stateVic"], ["QLD", "stateQld"], ["WA", "stateWa"], ["TAS", "stateTas"], ["NT", "stateNt"]];
async function getAdminPromotion(db, id) {
  const row = await findPromotionById(db, id);
  if (!row) throw new AppError("NOT_FOUND");
  const owner = await findOwner(db, row.userId);
  const details = row.details;
  return {
    id: row.id,
    name: row.name,
    statusId: row.statusId,
    statusName: adminStatusName(row.statusId),
    statusBeforeLock: row.statusBeforeLock,
    forceableStatuses: forceableStatuses(row.statusId).map((s) => ({ id: s, name: adminStatusName(s) })),
    editable: getPermitStatus(row.statusId).editable,
    states: STATES2.filter(([, key]) => row[key]).map(([state]) => state),
    includeNz: row.includeNz,
    startDate: row.startDate,
    totalPrizeValue: toDollars(row.totalPrizeValue),
    managedSubmission: row.managedSubmission,
    deleted: row.deleted,
    archived: row.archived,
    isTest: row.isTest,
    permitNumbers: row.permitNumbers,
    formsSubmitted: row.formsSubmitted,
    forceSaPremium: details.forceSaPremium === true,
    fees: {
      NSW: toDollars(row.fees.feeDue_NSW),
      ACT: toDollars(row.fees.feeDue_ACT),
      SA: toDollars(row.fees.feeDue_SA),
      total: toDollars(row.fees.feeDue_Total),
      gst: toDollars(row.fees.feeDue_GST),
      grandTotal: toDollars(row.fees.feeDue_GrandTotal),
      isSAFeePremium: row.fees.isSAFeePremium === true
    },
    actionEntry: details.actionEntry ?? null,
    organisation: row.applicant?.organisation ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    ownerActiveAt: row.ownerActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: owner ? { id: owner.id, email: owner.email, name: `${owner.firstName} ${owner.lastName}`, accountName: owner.accountName, phone: owner.phone } : null
  };
}

// api/src/modules/admin/get-changelog.ts
async function getChangelog(db, promotionId) {
  if (!await findPromotionById(db, promotionId)) throw new AppError("NOT_FOUND");
  return (await findChangelog(db, promotionId)).map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    userId: e.userId,
    userName: e.userId === null ? null : `${e.firstName ?? ""} ${e.lastName ?? ""}`.trim(),
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    changes: e.changes
  }));
}

// api/src/modules/admin/get-outstanding.ts
var OUTSTANDING_LIMIT = 500;
async function getOutstanding(db, filters, now) {
  const statusIds = filters.statusIds?.length ? filters.statusIds.filter((s) => OUTSTANDING_STATUS_IDS.includes(s)) : OUTSTANDING_STATUS_IDS;
  const rows = await findOutstanding(db, { statusIds: statusIds.length ? statusIds : OUTSTANDING_STATUS_IDS, states: filters.states, limit: OUTSTANDING_LIMIT });
  return rows.map((r) => {
    const days = daysSince(r.submittedAt ?? r.updatedAt, now);
    return {
      id: r.id,
      name: r.name,
      statusId: r.statusId,
      statusName: adminStatusName(r.statusId),
      accountName: r.accountName,
      email: r.email,
      submittedAt: (r.submittedAt ?? r.updatedAt).toISOString(),
      daysSinceSubmission: days,
      colour: outstandingColour(days, r.statusId === PERMIT_STATUS_IDS.awaitingSubmission)
    };
  });
}
async function getActionsRequired(db) {
  const rows = await findActionsRequired(db, OUTSTANDING_LIMIT);
  return rows.map((r) => {
    const entry2 = r.details.actionEntry;
    const questions = entry2?.actionQuestions ?? [];
    return {
      id: r.id,
      name: r.name,
      accountName: r.accountName,
      email: r.email,
      updatedAt: r.updatedAt.toISOString(),
      flaggedFields: entry2?.actionFields?.length ?? 0,
      questions: questions.length,
      answered: questions.filter((q) => q.answer && q.answer.trim()).length
    };
  });
}

// api/src/modules/admin/get-promotions.ts
var ADMIN_PROMOTIONS_PAGE_SIZE = 10;
async function getPromotions(db, query) {
  const { rows, total } = await searchPromotions(db, { ...query, offset: (query.page - 1) * ADMIN_PROMOTIONS_PAGE_SIZE, limit: ADMIN_PROMOTIONS_PAGE_SIZE });
  const promotions2 = rows.map((r) => ({
    id: r.id,
    name: r.name,
    statusId: r.statusId,
    statusName: adminStatusName(r.statusId),
    accountId: r.accountId,
    accountName: r.accountName,
    email: r.email,
    organisation: r.organisation,
    permitNumbers: Object.entries(r.permitNumbers ?? {}).map(([state, p]) => `${state} ${p.number}`),
    isTest: r.isTest,
    deleted: r.deleted,
    createdAt: r.createdAt.toISOString()
  }));
  return { promotions: promotions2, total, page: query.page, pageSize: ADMIN_PROMOTIONS_PAGE_SIZE };
}

// api/src/modules/admin/manage-users.ts
import { z as z25 } from "zod";
var USERS_PAGE_SIZE = 20;
async function getUsers(db, q, page2) {
  const { rows, total } = await searchUsers(db, q, (page2 - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE);
  return { users: rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })), total, page: page2, pageSize: USERS_PAGE_SIZE };
}
var UpdateUserEmailSchema = z25.object({
  userId: RecordIdSchema,
  email: z25.string({ error: MSG_EMAIL_REQUIRED }).trim().min(1, { error: MSG_EMAIL_REQUIRED }).max(254, { error: MSG_EMAIL_INVALID_ADMIN }).pipe(z25.email({ error: MSG_EMAIL_INVALID_ADMIN })).transform((v) => v.toLowerCase())
});
async function updateUserEmail(deps, staff, input) {
  const db = deps.database.db;
  const { before } = await db.transaction(async (tx) => {
    const user = await findOwner(tx, input.userId);
    if (!user) throw new AppError("NOT_FOUND", MSG_FAILED_TO_UPDATE_EMAIL);
    if (user.email === input.email) throw new AppError("VALIDATION", MSG_FAILED_TO_UPDATE_EMAIL, { modelState: { email: [MSG_EMAIL_IN_USE] } });
    if (await findUserByEmail2(tx, input.email, user.id)) throw new AppError("CONFLICT", MSG_EMAIL_IN_USE, { modelState: { email: [MSG_EMAIL_IN_USE] } });
    await setUserEmail(tx, user.id, input.email);
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: "user", entityId: user.id, action: "update-email", changes: { email: { from: user.email, to: input.email } } });
    return { before: user };
  });
  const brand = brandFor(deps.config);
  const message = emailChangedTemplate(brand, { firstName: before.firstName, oldEmail: before.email, newEmail: input.email });
  await deps.mailer.send({ to: before.email, ...message });
  await deps.mailer.send({ to: input.email, ...message });
  return { userId: before.id, email: input.email };
}
async function endUserSessions2(db, staff, userId) {
  return db.transaction(async (tx) => {
    if (!await findOwner(tx, userId)) throw new AppError("NOT_FOUND");
    const ended = await endUserCredentials(tx, userId, "ended_by_staff");
    await insertChange(tx, {
      promotionId: null,
      userId: staff.id,
      entity: "user",
      entityId: userId,
      action: "end-sessions",
      changes: { sessions: { from: ended.sessions, to: 0 }, apiKeys: { from: ended.apiKeys, to: 0 }, calendarFeed: { from: ended.calendarFeeds, to: 0 } }
    });
    return { ended: ended.sessions, apiKeysRevoked: ended.apiKeys, calendarFeedReplaced: ended.calendarFeeds > 0 };
  });
}
async function getUserLog(db, userId) {
  return (await findUserLog(db, userId)).map((e) => ({ ...e, at: e.at.toISOString() }));
}
async function getEmailUpdates(db, q, page2) {
  const { rows, total } = await findEmailChanges(db, q, (page2 - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE);
  return {
    changes: rows.map((r) => ({ ...r, at: r.at.toISOString(), name: `${r.firstName} ${r.lastName}`.trim() })),
    total,
    page: page2,
    pageSize: USERS_PAGE_SIZE
  };
}

// api/src/modules/admin/promotion-activity.ts
var OWNER_ACTIVE_WINDOW_MS = 2 * 60 * 1e3;
var recent = (at, now) => !!at && now.getTime() - at.getTime() < OWNER_ACTIVE_WINDOW_MS;
async function reportActivity(db, user, promotionId, now = /* @__PURE__ */ new Date()) {
  const asOwner = await touchOwnerActivity(db, promotionId, user.id);
  if (asOwner) return { ok: true, otherEditor: recent(asOwner.staffActiveAt, now) ? "staff" : null };
  if (!user.isStaff) throw new AppError("NOT_FOUND");
  const asStaff = await touchStaffActivity(db, promotionId);
  if (!asStaff) throw new AppError("NOT_FOUND");
  return { ok: true, otherEditor: recent(asStaff.ownerActiveAt, now) ? "owner" : null };
}
async function isPromotionActive(db, promotionId, now) {
  const row = await findPromotionById(db, promotionId);
  if (!row) throw new AppError("NOT_FOUND");
  const lastActivity = row.ownerActiveAt;
  const active = recent(lastActivity, now);
  return { active, lastActivity: lastActivity?.toISOString() ?? null };
}

// api/src/modules/promotions/promotion-fields.ts
function ausStatesOfRow(row) {
  return normalizeAusStates({
    act: row.stateAct,
    nsw: row.stateNsw,
    sa: row.stateSa,
    vic: row.stateVic,
    nt: row.stateNt,
    wa: row.stateWa,
    qld: row.stateQld,
    tas: row.stateTas
  });
}
function formColumns(input) {
  const states = normalizeAusStates(input.ausStates);
  const skill = input.skillsBasedTC === true;
  const quiz = "hasNswAuthority" in input && !skill ? input : void 0;
  return {
    name: input.name,
    startDate: input.startDate ?? null,
    totalPrizeValue: input.totalPrizeValue,
    stateAct: states.act,
    stateNsw: states.nsw,
    stateSa: states.sa,
    stateVic: states.vic,
    stateNt: states.nt,
    stateWa: states.wa,
    stateQld: states.qld,
    stateTas: states.tas,
    includeNz: input.includeNz,
    managedSubmission: "managedSubmission" in input ? input.managedSubmission : true,
    randomDraw: "randomDraw" in input && !skill ? input.randomDraw : false,
    termsAndConditions: "termsAndConditions" in input && !skill ? input.termsAndConditions : false,
    abridgedTC: input.abridgedTC,
    hostedTC: input.hostedTC,
    skillsBasedTC: skill,
    hasNswAuthority: quiz?.hasNswAuthority ?? null,
    hasInstantWinPrizes: quiz?.hasInstantWinPrizes ?? null,
    winnersDrawnElectronically: quiz?.winnersDrawnElectronically ?? null,
    randomDrawMachineApproved: quiz?.randomDrawMachineApproved ?? null,
    usingRandomDrawsDotCom: quiz?.usingRandomDrawsDotCom ?? null
  };
}
function feeInputOf(columns) {
  return {
    ausStates: ausStatesOfRow(columns),
    includeNz: columns.includeNz,
    totalPrizeValue: columns.postSubmissionTotalPrizeValue ?? columns.totalPrizeValue,
    startDate: columns.startDate,
    hasNswAuthority: columns.hasNswAuthority,
    hasInstantWinPrizes: columns.hasInstantWinPrizes,
    winnersDrawnElectronically: columns.winnersDrawnElectronically,
    randomDrawMachineApproved: columns.randomDrawMachineApproved,
    managedSubmission: columns.managedSubmission,
    randomDraw: columns.randomDraw,
    termsAndConditions: columns.termsAndConditions,
    abridgedTC: columns.abridgedTC,
    hostedTC: columns.hostedTC,
    skillsBasedTC: columns.skillsBasedTC,
    skillsBasedTCPaymentOption: isSkillTcPaymentOption(columns.skillsTcPaymentOption) ? columns.skillsTcPaymentOption : null,
    saPremium: columns.details?.forceSaPremium === true,
    // Issue #30: the authority term the applicant asks for prices the NSW authority.
    nswAuthorityDuration: typeof columns.applicant?.nswAuthorityDuration === "number" ? columns.applicant.nswAuthorityDuration : null
  };
}
function computeFees(columns, ruleSet) {
  const b = calculateFees(feeInputOf(columns), ruleSet ? { ruleSet } : {});
  return {
    requiresPermits: b.requirements.requiresPermits,
    fees: {
      feeDue_ACT: b.feeDue_ACT,
      feeDue_NSW: b.feeDue_NSW,
      feeDue_SA: b.feeDue_SA,
      feeDue_Service: b.feeDue_Service,
      feeDue_AbridgedTC: b.feeDue_AbridgedTC,
      feeDue_HostedTC: b.feeDue_HostedTC,
      feeDue_RandomDraw: b.feeDue_RandomDraw,
      feeDue_SkillsBasedTC: b.feeDue_SkillsBasedTC,
      feeDue_TermsAndConditions: b.feeDue_TermsAndConditions,
      feeDue_CCSurcharge: b.feeDue_CCSurcharge,
      feeDue_GST: b.feeDue_GST,
      feeDue_Total: b.feeDue_Total,
      feeDue_GrandTotal: b.feeDue_GrandTotal,
      isNSWIncludedButNotRequired: b.isNSWIncludedButNotRequired,
      isACTIncludedButNotRequired: b.isACTIncludedButNotRequired,
      isSAIncludedButNotRequired: b.isSAIncludedButNotRequired,
      isSAFeePremium: b.isSAFeePremium,
      ruleSetId: b.ruleSetId
    }
  };
}

// api/src/modules/rules/rules.repository.ts
import { and as and9, asc as asc4, eq as eq10, inArray as inArray4 } from "drizzle-orm";
async function findPublishedRuleSets(db) {
  const rows = await db.select().from(ruleSetPublications).orderBy(asc4(ruleSetPublications.effectiveFrom), asc4(ruleSetPublications.id));
  return rows.map((row) => ({ ...row.definition, id: row.ruleSetId, effectiveFrom: row.effectiveFrom }));
}
async function insertRuleSetPublication(db, ruleSet, publishedBy) {
  const inserted = await db.insert(ruleSetPublications).values({ ruleSetId: ruleSet.id, effectiveFrom: ruleSet.effectiveFrom, definition: ruleSet, publishedBy }).onConflictDoNothing({ target: ruleSetPublications.ruleSetId }).returning({ id: ruleSetPublications.id });
  return inserted.length > 0;
}
var OPEN_STATUS_IDS = [1, 2, 3];
async function findOpenPromotions(db, limit = 500) {
  return db.select().from(promotions).where(and9(inArray4(promotions.statusId, [...OPEN_STATUS_IDS]), eq10(promotions.deleted, false), eq10(promotions.isTest, false))).orderBy(asc4(promotions.id)).limit(limit);
}
async function findObligationProofs(db, promotionId) {
  return db.select().from(obligationProofs).where(eq10(obligationProofs.promotionId, promotionId));
}
async function upsertObligationProof(db, values) {
  await db.insert(obligationProofs).values(values).onConflictDoUpdate({
    target: [obligationProofs.promotionId, obligationProofs.code],
    set: { kind: values.kind, reference: values.reference, label: values.label, note: values.note, closedBy: values.closedBy, closedAt: /* @__PURE__ */ new Date() }
  });
}

// api/src/modules/rules/pricing-rule-set.ts
function sydneyToday(now = /* @__PURE__ */ new Date()) {
  return sydneyDateOf(now);
}
function isPricingOpen(statusId) {
  return OPEN_STATUS_IDS.includes(statusId);
}
async function pricingRuleSet(db, row, now = /* @__PURE__ */ new Date()) {
  const published = await findPublishedRuleSets(db);
  if (row && !isPricingOpen(row.statusId) && row.fees?.ruleSetId) {
    const locked = findRuleSet(row.fees.ruleSetId, published);
    if (locked) return locked;
  }
  return ruleSetInForce(sydneyToday(now), published);
}

// api/src/modules/admin/promotion-status-actions.ts
async function forcePromotionStatusChange(db, staff, id, newStatus) {
  const { after } = await writePromotionAsStaff(db, staff, id, "force-status", (row) => {
    if (newStatus === row.statusId) throw new AppError("VALIDATION", MSG_NEW_STATUS_REQUIRED, { modelState: { newStatus: [MSG_NEW_STATUS_REQUIRED] } });
    const to = requireTransition({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: newStatus });
    return { statusId: to };
  });
  return after;
}
async function lockPromotion(db, staff, id) {
  const { after } = await writePromotionAsStaff(db, staff, id, "lock", (row) => {
    if (row.statusId === PERMIT_STATUS_IDS.locked) throw new AppError("CONFLICT", MSG_PROMOTION_ALREADY_LOCKED);
    const to = requireTransition({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: PERMIT_STATUS_IDS.locked });
    return { statusId: to, statusBeforeLock: row.statusId };
  });
  return after;
}
async function unlockPromotion(db, staff, id) {
  const { after } = await writePromotionAsStaff(db, staff, id, "unlock", (row) => {
    if (row.statusId !== PERMIT_STATUS_IDS.locked) throw new AppError("CONFLICT", MSG_PROMOTION_NOT_LOCKED);
    const back = row.statusBeforeLock ?? PERMIT_STATUS_IDS.incomplete;
    const to = requireTransition({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: back });
    return { statusId: to, statusBeforeLock: null };
  });
  return after;
}
async function setPromotionDeleted(db, staff, id, deleted) {
  const { after } = await writePromotionAsStaff(db, staff, id, deleted ? "delete" : "restore", (row) => {
    if (row.deleted === deleted) throw new AppError("CONFLICT", deleted ? MSG_PROMOTION_ALREADY_DELETED : MSG_PROMOTION_NOT_DELETED);
    return { deleted };
  });
  return after;
}
async function approvePromotion(db, staff, id, sendToWA, today2) {
  const { after } = await writePromotionAsStaff(db, staff, id, "approve", (row) => {
    const to = requireTransition({ from: row.statusId, event: "APPROVE_PROMOTION", role: "admin" });
    const amending = row.statusId === PERMIT_STATUS_IDS.resubmitted;
    const started = !!row.startDate && row.startDate <= today2;
    const sendsToWA = sendToWA && !amending && !started && row.stateWa;
    return { statusId: to, details: { ...row.details, sentToWA: sendsToWA, approvedOn: today2 } };
  });
  return after;
}
async function setTestPromotion(db, staff, id, isTest) {
  const { after } = await writePromotionAsStaff(db, staff, id, isTest ? "mark-test" : "clear-test", () => ({ isTest }));
  return after;
}
var STATE_FLAGS = { ACT: "stateAct", NSW: "stateNsw", SA: "stateSa", VIC: "stateVic", NT: "stateNt", WA: "stateWa", QLD: "stateQld", TAS: "stateTas" };
function includesState(row, state) {
  const flag3 = STATE_FLAGS[state];
  return !!flag3 && row[flag3] === true;
}
async function markFormsSubmitted(db, staff, id, state, now) {
  const { after } = await writePromotionAsStaff(db, staff, id, "mark-forms-submitted", (row) => {
    if (!includesState(row, state)) throw new AppError("VALIDATION", MSG_STATE_NOT_IN_PROMOTION, { modelState: { state: [MSG_STATE_NOT_IN_PROMOTION] } });
    return { formsSubmitted: { ...row.formsSubmitted, [state]: now.toISOString() } };
  });
  return after;
}
async function forceSaPremium(db, staff, id, on) {
  const { after } = await writePromotionAsStaff(db, staff, id, "force-sa-premium", async (row, tx) => {
    if (!row.stateSa) throw new AppError("VALIDATION", MSG_STATE_NOT_IN_PROMOTION, { modelState: { id: [MSG_STATE_NOT_IN_PROMOTION] } });
    const details = { ...row.details, forceSaPremium: on };
    const { fees, requiresPermits } = computeFees({ ...row, details }, await pricingRuleSet(tx, row));
    return { details, fees, requiresPermits };
  });
  return after;
}

// api/src/modules/admin/save-permit-number.ts
import { z as z26 } from "zod";

// api/src/modules/upload/upload.repository.ts
import { and as and10, eq as eq11, inArray as inArray5, sql as sql13 } from "drizzle-orm";
async function insertUpload(db, values) {
  const [row] = await db.insert(uploads).values(values).returning();
  return row;
}
async function findUploadByServerName(db, serverFileName) {
  const [row] = await db.select().from(uploads).where(eq11(uploads.serverFileName, serverFileName)).limit(1);
  return row;
}
async function findUploadsOwnedBy(db, serverFileNames, userIds) {
  if (serverFileNames.length === 0) return [];
  return db.select().from(uploads).where(and10(inArray5(uploads.serverFileName, serverFileNames), inArray5(uploads.userId, userIds)));
}
async function totalUploadBytes(db, userId) {
  const [row] = await db.select({ total: sql13`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(eq11(uploads.userId, userId));
  return Number(row?.total ?? 0);
}
async function transferUploads(db, serverFileNames, fromUserId, toUserId) {
  if (serverFileNames.length === 0 || fromUserId === toUserId) return 0;
  const moved = await db.update(uploads).set({ userId: toUserId }).where(and10(inArray5(uploads.serverFileName, serverFileNames), eq11(uploads.userId, fromUserId))).returning({ id: uploads.id });
  return moved.length;
}

// api/src/modules/admin/save-permit-number.ts
function permitNumberBodySchema(clock) {
  return createPermitNumberSaveSchema(clock).and(z26.object({ expiryDate: z26.string().nullish() }));
}
async function savePermitNumber(db, staff, body, clock) {
  const input = parseInput(permitNumberBodySchema(clock), body);
  const expiryDate = input.expiryDate || null;
  if (expiryDate && (!isValidIsoDate(expiryDate) || expiryDate > maxPermitExpiryDate(clock))) {
    throw new AppError("VALIDATION", MSG_PERMIT_EXPIRY_TOO_FAR, { modelState: { expiryDate: [MSG_PERMIT_EXPIRY_TOO_FAR] } });
  }
  const { after } = await writePromotionAsStaff(db, staff, Number(input.promotionId), "save-permit-number", async (row, tx) => {
    if (!includesState(row, input.state)) throw new AppError("VALIDATION", MSG_STATE_NOT_IN_PROMOTION, { modelState: { state: [MSG_STATE_NOT_IN_PROMOTION] } });
    if (input.fileName) await transferUploads(tx, [input.fileName], staff.id, row.userId);
    return {
      permitNumbers: { ...row.permitNumbers, [input.state]: { number: input.number, approvalDate: input.approvalDate, expiryDate, fileName: input.fileName ?? null } },
      // The T&Cs' permit-numbers clause reads `details.permitNumber_{STATE}` (modules/terms).
      details: { ...row.details, [`permitNumber_${input.state}`]: input.number }
    };
  });
  return { id: after.id, permitNumbers: after.permitNumbers };
}

// api/src/modules/admin/send-permit-number-update.ts
async function sendPermitNumberUpdate(deps, staff, promotionId) {
  const db = deps.database.db;
  const row = await findPromotionById(db, promotionId);
  if (!row) throw new AppError("NOT_FOUND");
  const numbers = Object.entries(row.permitNumbers).map(([state, p]) => `${state}: ${p.number} (approved ${p.approvalDate}${p.expiryDate ? `, expires ${p.expiryDate}` : ""})`);
  if (numbers.length === 0) throw new AppError("CONFLICT", "There are no permit numbers to send yet.");
  const owner = await findOwner(db, row.userId);
  if (!owner) throw new AppError("NOT_FOUND");
  await deps.mailer.send({
    to: owner.email,
    ...permitNumberUpdateTemplate(brandFor(deps.config), { firstName: owner.firstName, promotionName: row.name || `Promotion ${row.id}`, url: `${deps.config.PUBLIC_URL}/promotions/`, numbers })
  });
  await insertChange(db, { promotionId: row.id, userId: staff.id, entity: "promotion", entityId: row.id, action: "send-permit-number-update", changes: { sentTo: { from: null, to: owner.email } } });
  return { sent: numbers.length };
}

// api/src/modules/promotions/application-fields.ts
var CUSTOMER_DETAIL_KEYS = [
  "prizeValueACT",
  "prizeValueNSW",
  "prizeValueSA",
  "prizeValueVIC",
  "prizeValueQLD",
  "prizeValueTAS",
  "prizeValueWA",
  "prizeValueNT",
  "prizeQuantityTotal",
  "prizeDescription",
  "prizeCategoriesValue",
  "prizeCategoriesOther",
  "maxPrizeValue",
  "prizePublicationACT",
  "prizePublicationDateACT",
  "letterOfAuthorityReused"
];
var STAFF_DETAIL_KEYS = ["attachmentsManualOverride", "attachmentsManuallyRequired"];
function applicationOf(row) {
  const details = row.details;
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    // 001 §3: after submission the post-submission value is the one that counts.
    totalPrizeValue: row.postSubmissionTotalPrizeValue ?? row.totalPrizeValue,
    managedSubmission: row.managedSubmission,
    randomDraw: row.randomDraw,
    termsAndConditions: row.termsAndConditions,
    abridgedTC: row.abridgedTC,
    hostedTC: row.hostedTC,
    skillsBasedTC: row.skillsBasedTC,
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    requiresPermits: row.requiresPermits,
    ...details,
    attachments: row.attachments,
    permit: { ...row.permit, applicant: row.applicant ?? null }
  };
}
function mergeActionAnswers(stored, sent) {
  if (!stored) return void 0;
  const answers = sent?.actionQuestions ?? [];
  return {
    actionFields: stored.actionFields,
    actionQuestions: stored.actionQuestions.map((q, index16) => {
      const answer2 = answers[index16];
      return answer2 && answer2.question === q.question ? { ...q, answer: answer2.answer ?? null } : q;
    })
  };
}
function promotionIdOf(id) {
  const value = typeof id === "number" ? id : /^\d{1,9}$/.test(String(id ?? "").trim()) ? Number(String(id).trim()) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw new AppError("NOT_FOUND");
  return value;
}

// api/src/modules/terms/terms-access.ts
import crypto6 from "node:crypto";

// api/src/modules/terms/terms.repository.ts
import { and as and11, asc as asc5, desc as desc7, eq as eq12, inArray as inArray6, isNotNull as isNotNull2, isNull as isNull7, sql as sql14 } from "drizzle-orm";
async function findVersions(db, promotionId) {
  return db.select().from(termsVersions).where(eq12(termsVersions.promotionId, promotionId)).orderBy(asc5(termsVersions.number));
}
async function findLatestVersion(db, promotionId) {
  const [row] = await db.select().from(termsVersions).where(eq12(termsVersions.promotionId, promotionId)).orderBy(desc7(termsVersions.number)).limit(1);
  return row;
}
async function findApprovedVersions(db, promotionId) {
  return db.select().from(termsVersions).where(and11(eq12(termsVersions.promotionId, promotionId), isNotNull2(termsVersions.approvedAt))).orderBy(desc7(termsVersions.number));
}
async function insertVersion(db, values) {
  const [{ next }] = (await db.execute(sql14`select coalesce(max(number), 0) + 1 as next from app.terms_versions where promotion_id = ${values.promotionId}`)).rows;
  const [row] = await db.insert(termsVersions).values({ ...values, number: Number(next) }).returning();
  return row;
}
async function markApproved(db, id, userId, at) {
  const [row] = await db.update(termsVersions).set({ approvedAt: at, approvedBy: userId }).where(eq12(termsVersions.id, id)).returning();
  return row;
}
async function saveLibrarySnapshot(db, hash, clauses) {
  await db.insert(termsLibraries).values({ hash, clauses }).onConflictDoNothing();
}
async function findLibrarySnapshot(db, hash) {
  const [row] = await db.select({ clauses: termsLibraries.clauses }).from(termsLibraries).where(eq12(termsLibraries.hash, hash));
  return row?.clauses;
}
async function findLink(db, promotionId) {
  const [row] = await db.select().from(termsLinks).where(eq12(termsLinks.promotionId, promotionId));
  return row?.code;
}
async function insertLink(db, promotionId, code) {
  await db.insert(termsLinks).values({ promotionId, code }).onConflictDoNothing();
  return await findLink(db, promotionId);
}
async function findPromotionIdByCode(db, code) {
  const [row] = await db.select().from(termsLinks).where(eq12(termsLinks.code, code));
  return row?.promotionId;
}
async function findCmsClauses(db) {
  const exists = await db.execute(
    sql14`select 1 from information_schema.columns where table_schema = 'cms' and table_name = 'terms_clauses' and column_name = 'snapshot'`
  );
  if (exists.rows.length === 0) return [];
  const result = await db.execute(sql14`select snapshot from cms.terms_clauses where snapshot is not null order by "order" asc, key asc`);
  return result.rows.map((r) => r.snapshot);
}
function permitNumbersOf(row) {
  const result = [];
  for (const state of ["NSW", "ACT", "SA"]) {
    const value = row.permitNumbers?.[state]?.number;
    if (typeof value === "string" && value.trim()) result.push({ state, number: value.trim() });
  }
  return result;
}
async function findOwnerContact(db, userId) {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq12(users.id, userId));
  return row;
}
async function findFirstPaymentAt(db, promotionId) {
  const [row] = await db.select({ paidAt: invoices.paidAt }).from(invoices).where(and11(eq12(invoices.promotionId, promotionId), inArray6(invoices.purpose, ["submission", "additional"]), isNull7(invoices.cancelledAt), isNotNull2(invoices.paidAt))).orderBy(asc5(invoices.paidAt)).limit(1);
  return row?.paidAt ?? null;
}

// api/src/modules/terms/terms-access.ts
async function requirePromotion(db, actor, id, options = {}) {
  const row = await findPromotion(db, actor, id, options);
  if (!row || row.deleted && !actor.isStaff) throw new AppError("NOT_FOUND");
  return row;
}
function hasTermsService(row) {
  return row.termsAndConditions || row.skillsBasedTC || row.abridgedTC || row.hostedTC;
}
function termsKindOf(row) {
  return fullTermsKind(row);
}
function skillOptionOf(row) {
  return isSkillTcPaymentOption(row.skillsTcPaymentOption) ? row.skillsTcPaymentOption : null;
}
async function skillEditWindow(db, row, now) {
  if (termsKindOf(row) !== "skill") return null;
  const purchasedAt = await findFirstPaymentAt(db, row.id);
  if (!purchasedAt) return { purchasedAt: null, ends: null, open: true };
  const ends = skillTcEditWindowEnds(purchasedAt, skillOptionOf(row));
  return { purchasedAt, ends, open: now.getTime() <= ends.getTime() };
}
async function assertSkillAmendable(db, actor, row, now) {
  if (actor.isStaff || !row.skillsBasedTC) return;
  const window = await skillEditWindow(db, row, now);
  if (window && !window.open) throw new AppError("CONFLICT", MSG_SKILL_TC_AMEND_WINDOW_CLOSED, { modelState: { "": [MSG_SKILL_TC_AMEND_WINDOW_CLOSED] } });
}
function newLinkCode() {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto6.randomBytes(10);
  let code = "";
  for (const b of bytes) code += alphabet[b % alphabet.length];
  return code;
}
async function ensureLink(db, promotionId) {
  return await findLink(db, promotionId) ?? insertLink(db, promotionId, newLinkCode());
}
function hostedUrlFor(config, code) {
  const host = config.HOSTED_TERMS_HOSTS?.[0];
  const base = host ? `${new URL(config.PUBLIC_URL).protocol}//${host}` : config.PUBLIC_URL;
  return `${base}/t/${code}/`;
}

// api/src/modules/terms/on-permit-numbers-changed.ts
var STAFF = { userId: 0, isStaff: true };
function withPermitNumbers(html, text33) {
  const escaped = escapeHtml(text33);
  const full = /(<li id="clause-permit-numbers">\s*<h2>[^<]*<\/h2>\s*<p>)[^<]*(<\/p>)/;
  if (full.test(html)) return html.replace(full, `$1${escaped}$2`);
  const abridged = /(<p data-clause="permit-numbers">)[^<]*(<\/p>)/;
  if (abridged.test(html)) return html.replace(abridged, `$1${escaped}$2`);
  return null;
}
async function onPermitNumbersChanged(deps, promotionId, now = /* @__PURE__ */ new Date()) {
  const result = await deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, STAFF, promotionId, { forUpdate: true });
    const versions = await findVersions(tx, row.id);
    const latest = versions[versions.length - 1];
    if (!latest) return null;
    const text33 = permitNumbersText(applicationOf(row), permitNumbersOf(row));
    if (!text33) return null;
    const html = withPermitNumbers(latest.html, text33);
    if (!html || html === latest.html) return null;
    const defects = checkTermsHtml(html);
    if (defects.length) {
      deps.logger.warn("permit numbers: the T&C text check refused the new version", { promotionId, defects });
      return null;
    }
    const abridgedHtml = latest.abridgedHtml ? withPermitNumbers(latest.abridgedHtml, text33) ?? latest.abridgedHtml : null;
    const approved = Boolean(latest.approvedAt);
    const version = await insertVersion(tx, {
      promotionId: row.id,
      kind: latest.kind,
      html,
      abridgedHtml,
      reason: "permit-numbers",
      libraryHash: latest.libraryHash,
      createdBy: null,
      createdByStaff: true,
      approvedAt: approved ? now : null
    });
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: "promotion",
      entityId: row.id,
      action: "terms-permit-numbers",
      changes: { termsVersion: { from: latest.number, to: version.number } }
    });
    return { row, version, approved, code: await ensureLink(tx, row.id) };
  });
  if (!result) return null;
  if (result.approved) {
    const owner = await findOwnerContact(deps.database.db, result.row.userId);
    if (owner) {
      const brand = brandFor(deps.config);
      const url = hostedUrlFor(deps.config, result.code);
      const email2 = layout(brand, {
        subject: MSG_TERMS_UPDATED_SUBJECT,
        heading: MSG_TERMS_UPDATED_SUBJECT,
        paragraphs: [
          `Hi ${owner.firstName},`,
          `The permit numbers for ${result.row.name || "your promotion"} have been added to its terms and conditions (version ${result.version.number}). The hosted terms now show them.`
        ],
        action: { label: "View the terms and conditions", url }
      });
      try {
        await deps.mailer.send({ to: owner.email, ...email2 });
      } catch (error) {
        deps.logger.warn("could not send the terms update e-mail", { promotionId, error: String(error) });
      }
    }
  }
  return result.version.number;
}

// api/src/modules/admin/get-statistics.ts
var PAID_STATUS_IDS = SUBMITTED_OR_GENERATED_STATUS_IDS;
var FEE_KEYS = [...PROVIDER_SERVICE_FEES.map((fee) => fee.key), ...GOVERNMENT_FEES.map((fee) => fee.key)];
async function getStatistics(db, query = { includeTest: false }) {
  const a = await findStatisticsAggregates(db, PAID_STATUS_IDS, OUTSTANDING_STATUS_IDS, FEE_KEYS, query);
  const total = a.byStatus.reduce((sum, r) => sum + r.n, 0);
  const cents2 = (key) => Number(a.revenue[key] ?? 0);
  const providerTotal = PROVIDER_SERVICE_FEES.reduce((sum, fee) => sum + cents2(fee.key), 0);
  const governmentTotal = GOVERNMENT_FEES.reduce((sum, fee) => sum + cents2(fee.key), 0);
  return {
    filter: query,
    total,
    byStatus: a.byStatus.map((r) => ({ statusId: r.statusId, status: adminStatusName(r.statusId), count: r.n, percentage: percentage(r.n, total) })),
    byState: STATISTICS_STATES.map((state) => ({ state, count: a.byState[state] ?? 0, percentage: percentage(a.byState[state] ?? 0, total) })),
    byMonth: a.byMonth.map((m) => ({ month: m.month, created: m.created, paid: m.paid })),
    /** The provider's own fees, ex GST: what the business earns. */
    revenueByService: PROVIDER_SERVICE_FEES.map((fee) => ({ service: fee.service, label: fee.label, amount: toDollars(cents2(fee.key)), percentage: percentage(cents2(fee.key), providerTotal) })),
    revenueTotal: toDollars(providerTotal),
    /** Government permit fees collected with invoices and paid on to the regulators: not revenue. */
    governmentFees: GOVERNMENT_FEES.map((fee) => ({ state: fee.state, label: fee.label, amount: toDollars(cents2(fee.key)) })),
    governmentFeesTotal: toDollars(governmentTotal),
    conversion: { created: a.conversion.created, paid: a.conversion.paid, percentage: percentage(a.conversion.paid, a.conversion.created) },
    turnaround: ["NSW", "ACT", "SA"].map((state) => {
      const days = a.turnaround.filter((t) => t.state === state).map((t) => t.days);
      return { state, measured: days.length, medianDays: percentile(days, 50), p90Days: percentile(days, 90) };
    }),
    outstandingByAge: OUTSTANDING_AGE_BUCKETS.map((bucket) => ({ label: bucket.label, tone: bucket.tone, count: a.outstanding.filter((o) => outstandingAgeBucket(o.days) === bucket.label).length })),
    averageDaysToApproval: a.approval.days === null ? null : Math.round(a.approval.days * 100) / 100,
    approvalsMeasured: a.approval.n
  };
}
var STATISTICS_MAX_AGE_MS = 6e4;
async function getStatisticsCached(db, query, cache2, now = Date.now()) {
  const version = await findStatisticsVersion(db);
  const key = JSON.stringify([query, version]);
  const hit2 = cache2.get(key);
  if (hit2 && now - hit2.at < STATISTICS_MAX_AGE_MS) return hit2.value;
  for (const [old, entry2] of cache2) if (now - entry2.at >= STATISTICS_MAX_AGE_MS || cache2.size > 100) cache2.delete(old);
  const value = getStatistics(db, query).then((figures) => ({ ...figures, asOf: new Date(now).toISOString() }));
  cache2.set(key, { at: now, value });
  value.catch(() => cache2.delete(key));
  return value;
}

// api/src/modules/admin/voicemail.routes.ts
import { Router as Router3 } from "express";
import { z as z28 } from "zod";

// api/src/modules/admin/voicemails.ts
import crypto7 from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { z as z27 } from "zod";
var AUDIO = /* @__PURE__ */ new Map([
  ["audio/mpeg", "mp3"],
  ["audio/wav", "wav"],
  ["audio/vnd.wave", "wav"],
  ["audio/x-m4a", "m4a"],
  ["audio/mp4", "m4a"],
  ["audio/ogg", "ogg"],
  ["audio/opus", "opus"],
  ["audio/aac", "aac"],
  ["audio/amr", "amr"]
]);
var VOICEMAIL_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp3|wav|m4a|ogg|opus|aac|amr)$/;
var text26 = (max) => z27.string().trim().max(max).optional().transform((v) => v || null);
var VoicemailFieldsSchema = z27.object({
  name: text26(200),
  phone: text26(50),
  email: z27.union([z27.literal(""), z27.email({ error: "Please enter a valid e-mail address." })]).optional().transform((v) => v || null),
  message: text26(5e3),
  promotionRef: text26(50)
}).refine((v) => v.name || v.phone, { error: MSG_VOICEMAIL_CALLER_REQUIRED, path: ["phone"] });
async function createVoicemail({ db, storage: storage2 }, staff, fields, file, now) {
  if (!file) throw new AppError("VALIDATION", MSG_VOICEMAIL_FILE_REQUIRED, { modelState: { file: [MSG_VOICEMAIL_FILE_REQUIRED] } });
  const detected = await fileTypeFromBuffer(file.buffer);
  const extension = detected && AUDIO.get(detected.mime);
  if (!detected || !extension) throw new AppError("VALIDATION", MSG_VOICEMAIL_NOT_AUDIO, { modelState: { file: [MSG_VOICEMAIL_NOT_AUDIO] } });
  const voicemailFile = `${crypto7.randomUUID()}.${extension}`;
  await storage2.put(`voicemails/${voicemailFile}`, file.buffer);
  return db.transaction(async (tx) => {
    const row = await insertContact(tx, {
      kind: "voicemail",
      source: "phone",
      name: fields.name ?? fields.phone ?? "",
      email: fields.email ?? "",
      phone: fields.phone,
      message: fields.message ?? "",
      promotionRef: fields.promotionRef,
      voicemailFile,
      voicemailMimeType: detected.mime,
      receivedAt: now
    });
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: "customer-contact", entityId: row.id, action: "record-voicemail", changes: { voicemailFile: { from: null, to: voicemailFile } } });
    return toContactView(row);
  });
}
async function openVoicemail({ db, storage: storage2 }, file) {
  if (!VOICEMAIL_FILE.test(file)) throw new AppError("NOT_FOUND", MSG_NO_SUCH_FILE);
  const row = await findContactByVoicemail(db, file);
  if (!row) throw new AppError("NOT_FOUND", MSG_NO_SUCH_FILE);
  const stream = await storage2.get(`voicemails/${file}`);
  if (!stream) throw new AppError("NOT_FOUND", MSG_NO_SUCH_FILE);
  const received = row.receivedAt.toISOString().slice(0, 16).replace(/[T:]/g, "-");
  return { mimeType: row.voicemailMimeType ?? "application/octet-stream", stream, downloadName: `voicemail-${row.id}-${received}.${file.split(".").pop()}` };
}

// api/src/modules/upload/receive-upload.ts
import { PassThrough } from "node:stream";
import busboy from "busboy";
var oneFile = () => new AppError("VALIDATION", MSG_UPLOAD_ONE_FILE, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } });
var tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", MSG_UPLOAD_ERROR, { modelState: { file: [MSG_UPLOAD_ERROR] } });
function decodeFormDataName(name) {
  return name.replace(/%0A|%0D|%22/gi, (match) => match.toUpperCase() === "%0A" ? "\n" : match.toUpperCase() === "%0D" ? "\r" : '"');
}
function receiveOneFile(req, limitBytes, handle, fields) {
  return new Promise((resolve, reject) => {
    let parser;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limitBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
    } catch {
      return reject(new AppError("VALIDATION", MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } }));
    }
    let handling;
    let settled = false;
    const fail = (error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    if (fields) parser.on("field", (name, value) => void (fields[name] = value));
    parser.on("file", (field, source, info) => {
      if (field !== "file" || handling) {
        source.resume();
        return fail(oneFile());
      }
      const stream = new PassThrough();
      stream.on("error", () => {
      });
      source.on("limit", () => stream.destroy(tooLarge()));
      source.on("error", (error) => stream.destroy(error));
      source.pipe(stream);
      handling = handle({ originalname: decodeFormDataName(info.filename ?? ""), stream });
      handling.catch((error) => {
        source.unpipe(stream);
        source.resume();
        fail(error);
      });
    });
    parser.on("filesLimit", () => fail(oneFile()));
    parser.on("partsLimit", () => fail(oneFile()));
    parser.on("error", () => fail(new AppError("VALIDATION", MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } })));
    parser.on("close", () => {
      if (settled) return;
      if (!handling) {
        settled = true;
        return resolve(void 0);
      }
      handling.then(
        (value) => {
          if (settled) return;
          settled = true;
          resolve(value);
        },
        fail
      );
    });
    req.on("aborted", () => fail(new AppError("VALIDATION", MSG_UPLOAD_FILE_REQUIRED)));
    req.pipe(parser);
  });
}

// api/src/storage/storage.ts
import fs3 from "node:fs";
import path5 from "node:path";
import { pipeline } from "node:stream/promises";
function assertSafeKey(key) {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}
var LocalFileStorage = class {
  constructor(root) {
    this.root = root;
  }
  root;
  pathOf(key) {
    assertSafeKey(key);
    return path5.join(this.root, key);
  }
  async put(key, data) {
    const target = this.pathOf(key);
    await fs3.promises.mkdir(path5.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await fs3.promises.writeFile(temporary, data, { mode: 384 });
    await fs3.promises.rename(temporary, target);
  }
  async putStream(key, data) {
    const target = this.pathOf(key);
    await fs3.promises.mkdir(path5.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    let bytes = 0;
    try {
      await pipeline(
        data,
        async function* (source) {
          for await (const chunk of source) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        fs3.createWriteStream(temporary, { mode: 384 })
      );
      await fs3.promises.rename(temporary, target);
    } catch (error) {
      await fs3.promises.rm(temporary, { force: true });
      throw error;
    }
    return bytes;
  }
  async get(key) {
    const target = this.pathOf(key);
    try {
      await fs3.promises.access(target);
    } catch {
      return void 0;
    }
    return fs3.createReadStream(target);
  }
  async getFrom(key, start, end) {
    const target = this.pathOf(key);
    try {
      await fs3.promises.access(target);
    } catch {
      return void 0;
    }
    return fs3.createReadStream(target, { start, ...end === void 0 ? {} : { end }, highWaterMark: end === void 0 ? 256 * 1024 : Math.min(256 * 1024, Math.max(1, end - start + 1)) });
  }
  async exists(key) {
    try {
      await fs3.promises.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
  async delete(key) {
    await fs3.promises.rm(this.pathOf(key), { force: true });
  }
  async list(prefix) {
    const start = this.pathOf(prefix.replace(/\/+$/, ""));
    const keys3 = [];
    const walk = async (dir) => {
      let entries;
      try {
        entries = await fs3.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry2 of entries) {
        const full = path5.join(dir, entry2.name);
        if (entry2.isDirectory()) await walk(full);
        else if (!entry2.name.endsWith(".tmp")) keys3.push(path5.relative(this.root, full).split(path5.sep).join("/"));
      }
    };
    await walk(start);
    return keys3;
  }
};
async function putStream(storage2, key, data) {
  if (storage2.putStream) return storage2.putStream(key, data);
  const buffer = await streamToBuffer(data);
  await storage2.put(key, buffer);
  return buffer.length;
}
async function streamToBuffer(stream) {
  const chunks = [];
  await pipeline(stream, async function* (source) {
    for await (const chunk of source) chunks.push(Buffer.from(chunk));
  });
  return Buffer.concat(chunks);
}

// api/src/modules/admin/voicemail.routes.ts
async function receiveForm(req) {
  const fields = {};
  const file = await receiveOneFile(req, UPLOAD_LIMIT_BYTES, async ({ stream }) => ({ buffer: await streamToBuffer(stream) }), fields);
  return { file, fields };
}
var VoicemailFormSchema = z28.object({
  file: z28.string().meta({ format: "binary" }).describe("the recording (MP3, WAV, M4A, OGG, AMR; at most 10MB)"),
  name: z28.string().optional().describe("the caller's name"),
  phone: z28.string().optional().describe("the caller's number (name or number required)"),
  email: z28.string().optional(),
  message: z28.string().optional().describe("what the caller said, in short"),
  promotionRef: z28.string().optional().describe("the promotion the caller asked about")
});
function voicemailApiRoutes(deps) {
  return [
    route({
      method: "post",
      path: "/admin/createVoicemail",
      summary: "Record a phone message: the recording and the caller's details become a customer contact (kind voicemail).",
      access: "staff",
      multipart: true,
      status: 201,
      body: VoicemailFormSchema,
      response: z28.object({ id: z28.number(), kind: z28.string(), voicemailFile: z28.string().nullable() }).passthrough(),
      handler: async ({ req, user }) => {
        const { file, fields } = await receiveForm(req);
        return createVoicemail({ db: deps.database.db, storage: deps.storage }, user, parseInput(VoicemailFieldsSchema, fields), file, /* @__PURE__ */ new Date());
      }
    })
  ];
}
function voicemailDownloadRoutes(deps) {
  const router = Router3({ caseSensitive: false });
  router.get("/download/voicemail/:file", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    if (!user.isStaff || user.staffRole !== "admin" || res.locals.apiKey) throw new AppError("FORBIDDEN", MSG_ADMIN_ONLY);
    const { mimeType, stream, downloadName } = await openVoicemail({ db: deps.database.db, storage: deps.storage }, String(req.params.file));
    res.set("Content-Type", mimeType);
    res.set("Content-Disposition", `attachment; filename="${downloadName}"`);
    res.set("Cache-Control", "private, no-store");
    stream.pipe(res);
  });
  return router;
}

// api/src/modules/admin/staff-resources.repository.ts
import { sql as sql15 } from "drizzle-orm";
async function findStaffResources(db) {
  const exists = await db.execute(sql15`select 1 from information_schema.tables where table_schema = 'cms' and table_name = 'staff_resources'`);
  if (exists.rows.length === 0) return [];
  const result = await db.execute(sql15`
    select r.id, r.title, r.category::text as category, r.kind::text as kind, r.url, r.description, coalesce(r."order", 0)::float8 as "order", r.updated_at as "updatedAt",
           d.filename, d.mime_type as "mimeType", d.filesize::float8 as "fileSize"
    from cms.staff_resources r left join cms.staff_documents d on d.id = r.document_id
    order by coalesce(r."order", 0) asc, lower(r.title) asc, r.id asc`);
  return result.rows;
}

// api/src/modules/admin/get-staff-resources.ts
var CATEGORY_ORDER = ["regulators", "forms", "guides", "internal"];
async function getStaffResources(db) {
  const rows = await findStaffResources(db);
  const rank = (category2) => (CATEGORY_ORDER.indexOf(category2) + CATEGORY_ORDER.length + 1) % (CATEGORY_ORDER.length + 1);
  return rows.map((r, index16) => ({ r, index: index16 })).sort((a, b) => rank(a.r.category) - rank(b.r.category) || a.index - b.index).map(({ r }) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    kind: r.kind,
    description: r.description || null,
    href: r.kind === "link" ? r.url : r.filename ? `/cms-api/staff-documents/file/${encodeURIComponent(r.filename)}` : null,
    fileName: r.kind === "document" ? r.filename : null,
    mimeType: r.kind === "document" ? r.mimeType : null,
    fileSize: r.kind === "document" && r.fileSize !== null ? Number(r.fileSize) : null,
    updatedAt: new Date(r.updatedAt).toISOString()
  }));
}

// api/src/modules/admin/admin.routes.ts
var bool2 = z29.union([z29.boolean(), z29.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
var IdQuery = z29.object({ id: RecordIdSchema });
var IdBody = z29.object({ id: RecordIdSchema });
var PromotionIdBody = z29.object({ id: RecordIdSchema.optional(), promotionId: RecordIdSchema.optional() }).refine((v) => v.id ?? v.promotionId, { error: "Please give a valid id.", path: ["id"] });
var pidOf = (b) => b.id ?? b.promotionId;
var StatusOut = z29.object({ id: z29.number(), statusId: z29.number(), statusName: z29.string() }).passthrough();
var Page = z29.coerce.number().int().min(1).max(1e5).default(1);
var StatesList = z29.array(z29.enum(["ACT", "NSW", "SA", "VIC", "NT", "WA", "QLD", "TAS"]));
var OutstandingFilters = z29.object({ statusIds: z29.array(z29.number().int().min(1).max(15)).optional(), states: z29.array(z29.string()).optional() });
var Anything = z29.unknown();
var EmailChange = z29.object({ id: z29.number(), at: z29.string(), userId: z29.number().nullable(), name: z29.string(), currentEmail: z29.string(), from: z29.string().nullable(), to: z29.string().nullable(), changedById: z29.number().nullable(), changedByEmail: z29.string().nullable() }).passthrough();
var statusOf = (row) => ({ id: row.id, statusId: row.statusId, statusName: adminStatusName(row.statusId), deleted: row.deleted });
var staffOf = (user) => ({ id: user.id, email: user.email });
function promotionActions(deps) {
  const db = deps.database.db;
  const lock = (path8) => route({ method: "post", path: path8, summary: 'Lock a promotion (status "Locked by administrator"); unlock returns it to its previous status.', access: "staff", body: PromotionIdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await lockPromotion(db, user, pidOf(body))) });
  const unlock = (path8) => route({ method: "post", path: path8, summary: "Unlock a locked promotion (back to the status it had).", access: "staff", body: PromotionIdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await unlockPromotion(db, user, pidOf(body))) });
  return [
    lock("/admin/lockPromotion"),
    unlock("/admin/unlockPromotion"),
    lock("/promotion/lock"),
    unlock("/promotion/unlock"),
    route({
      method: "post",
      path: "/admin/forcePromotionStatusChange",
      summary: "Force a promotion into any status other than its current one.",
      access: "staff",
      body: z29.object({ id: RecordIdSchema, newStatus: z29.coerce.number({ error: "Please choose a status." }).int().min(1, { error: "Please choose a status." }).max(15, { error: "Please choose a status." }) }),
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await forcePromotionStatusChange(db, user, body.id, body.newStatus))
    }),
    route({ method: "post", path: "/admin/deletePromotion", summary: "Delete a promotion (the customer no longer sees it).", access: "staff", body: IdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await setPromotionDeleted(db, user, body.id, true)) }),
    route({ method: "post", path: "/admin/restorePromotion", summary: "Restore a deleted promotion.", access: "staff", body: IdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await setPromotionDeleted(db, user, body.id, false)) }),
    // 001 §7 names approvePromotion both in the admin service and under /api/promotion/: one call, two paths.
    ...["/admin/approvePromotion", "/promotion/approvePromotion"].map(
      (path8) => route({
        method: "post",
        path: path8,
        summary: "Approve a submitted promotion (sendToWA when not amending and not yet started).",
        access: "staff",
        body: z29.object({ promotionId: RecordIdSchema, sendToWA: z29.boolean().default(false) }),
        response: StatusOut,
        handler: async ({ body, user }) => statusOf(await approvePromotion(db, user, body.promotionId, body.sendToWA, today({ now: /* @__PURE__ */ new Date() })))
      })
    ),
    route({
      method: "post",
      path: "/admin/setTestPromotion",
      summary: "Mark a promotion as staff's test (or clear the mark): test promotions are left out of search, outstanding work and statistics unless asked for.",
      access: "staff",
      body: z29.object({ id: RecordIdSchema, isTest: z29.boolean({ error: "Please say whether this is a test promotion." }) }),
      response: z29.object({ id: z29.number(), isTest: z29.boolean() }),
      handler: async ({ body, user }) => {
        const after = await setTestPromotion(db, user, body.id, body.isTest);
        return { id: after.id, isTest: after.isTest };
      }
    }),
    route({
      method: "post",
      path: "/promotion/markFormsSubmitted",
      summary: "Record that a state's forms were submitted to the regulator.",
      access: "staff",
      body: z29.object({ id: RecordIdSchema, state: z29.enum(["ACT", "NSW", "SA", "VIC", "NT", "WA", "QLD", "TAS"], { error: "Please choose a state." }) }),
      response: z29.object({ id: z29.number(), formsSubmitted: z29.record(z29.string(), z29.string()) }),
      handler: async ({ body, user }) => {
        const row = await markFormsSubmitted(db, user, body.id, body.state, /* @__PURE__ */ new Date());
        return { id: row.id, formsSubmitted: row.formsSubmitted };
      }
    }),
    route({
      method: "post",
      path: "/promotion/forceSaPremium",
      summary: "Charge the SA permit at the premium fee whatever the prize value (or stop doing so); the fees are recomputed.",
      access: "staff",
      body: z29.object({ id: RecordIdSchema, on: z29.boolean().default(true) }),
      response: z29.object({ id: z29.number(), forceSaPremium: z29.boolean(), isSAFeePremium: z29.boolean(), feeDue_SA: z29.number(), feeDue_Total: z29.number(), feeDue_GrandTotal: z29.number() }),
      handler: async ({ body, user }) => {
        const row = await forceSaPremium(db, user, body.id, body.on);
        return {
          id: row.id,
          forceSaPremium: row.details.forceSaPremium === true,
          isSAFeePremium: row.fees.isSAFeePremium === true,
          feeDue_SA: toDollars(row.fees.feeDue_SA),
          feeDue_Total: toDollars(row.fees.feeDue_Total),
          feeDue_GrandTotal: toDollars(row.fees.feeDue_GrandTotal)
        };
      }
    }),
    route({
      method: "post",
      path: "/promotion/savePermitNumber",
      summary: "Save a permit number (promotionId, state, number, approvalDate, fileName, expiryDate).",
      access: "staff",
      body: z29.object({ promotionId: RecordIdSchema }).passthrough(),
      response: z29.object({ id: z29.number(), permitNumbers: z29.record(z29.string(), Anything) }),
      handler: async ({ req, user }) => {
        const saved = await savePermitNumber(db, user, req.body, { now: /* @__PURE__ */ new Date() });
        await onPermitNumbersChanged(deps, saved.id).catch((error) => deps.logger.error("permit numbers: T&Cs update failed", { promotionId: saved.id, error: String(error) }));
        return saved;
      }
    }),
    route({
      method: "post",
      path: "/promotion/sendPermitNumberUpdate",
      summary: "E-mail the customer the saved permit numbers.",
      access: "staff",
      body: PromotionIdBody,
      response: z29.object({ sent: z29.number() }),
      handler: ({ body, user }) => sendPermitNumberUpdate(deps, user, pidOf(body))
    }),
    route({
      method: "get",
      path: "/admin/isPromotionActive",
      summary: "Whether the promotion's owner was active in the wizard in the last two minutes.",
      access: "staff",
      query: IdQuery,
      response: z29.object({ active: z29.boolean(), lastActivity: z29.string().nullable() }),
      handler: ({ query }) => isPromotionActive(db, query.id, /* @__PURE__ */ new Date())
    }),
    route({
      method: "get",
      path: "/admin/getInvoiceBlock",
      summary: "Why a new invoice cannot be created for a promotion now (the tooltip), or null.",
      access: "staff",
      query: IdQuery,
      response: z29.object({ blockedReason: z29.string().nullable() }),
      handler: ({ query }) => getInvoiceBlock(db, query.id)
    }),
    route({ method: "get", path: "/admin/getActionFields", summary: "The application sections staff can flag in an action entry.", access: "staff", response: z29.array(z29.object({ slug: z29.string(), name: z29.string() })), handler: () => getActionFields() }),
    route({
      method: "post",
      path: "/admin/createActionEntry",
      summary: 'Flag fields with comments and ask questions: the promotion becomes "Action required" and the customer is e-mailed.',
      access: "staff",
      body: ActionEntryBodySchema,
      response: z29.object({ id: z29.number(), statusId: z29.number() }),
      handler: ({ body, user }) => createActionEntry(deps, user, body)
    })
  ];
}
function queries(deps) {
  const db = deps.database.db;
  const statisticsCache = /* @__PURE__ */ new Map();
  const changelog2 = (path8) => route({ method: "get", path: path8, summary: "A promotion's changelog, newest first (who, when, what, from \u2192 to).", access: "staff", query: IdQuery, response: z29.array(Anything), handler: ({ query }) => getChangelog(db, query.id) });
  const outstanding = (path8) => route({
    method: "get",
    path: path8,
    summary: "Outstanding permit applications, oldest first, with row colours; without filters, the staff member's saved defaults.",
    access: "staff",
    query: z29.object({ status: z29.string().optional(), states: z29.string().optional(), useSaved: bool2.default(true) }),
    response: z29.object({ rows: z29.array(Anything), filters: OutstandingFilters }),
    handler: async ({ query, user }) => {
      const given = query.status !== void 0 || query.states !== void 0;
      const filters = given || !query.useSaved ? { statusIds: query.status ? query.status.split(",").map(Number).filter((n) => Number.isInteger(n)) : void 0, states: query.states ? StatesList.catch([]).parse(query.states.split(",")) : void 0 } : await findOutstandingFilters(db, user.id);
      return { rows: await getOutstanding(db, filters, /* @__PURE__ */ new Date()), filters };
    }
  });
  return [
    changelog2("/admin/getChangelog"),
    changelog2("/promotion/getChangelog"),
    outstanding("/promotion/getOutstanding"),
    outstanding("/admin/getOutstanding"),
    route({ method: "post", path: "/admin/saveOutstandingFilters", summary: "Save the staff member's default filters of the outstanding list.", access: "staff", body: OutstandingFilters, response: OutstandingFilters, handler: async ({ body, user }) => (await saveOutstandingFilters(db, user.id, body), body) }),
    route({ method: "get", path: "/promotion/getActionsRequired", summary: 'Promotions in "Action required", with how many questions the customer answered.', access: "staff", response: z29.array(Anything), handler: () => getActionsRequired(db) }),
    route({
      method: "get",
      path: "/admin/getPromotions",
      summary: "Search promotions (page size 10): account_id, promotion_id, note_id, free text; test promotions hidden unless asked.",
      access: "staff",
      query: z29.object({ q: z29.string().trim().max(200).optional(), account_id: RecordIdSchema.optional(), promotion_id: RecordIdSchema.optional(), note_id: RecordIdSchema.optional(), showTest: bool2.default(false), showDeleted: bool2.default(true), page: Page }),
      response: z29.object({ promotions: z29.array(Anything), total: z29.number(), page: z29.number(), pageSize: z29.number() }),
      handler: ({ query }) => getPromotions(db, { q: query.q || void 0, accountId: query.account_id, promotionId: query.promotion_id, noteId: query.note_id, showTest: query.showTest, showDeleted: query.showDeleted, page: query.page })
    }),
    route({ method: "get", path: "/admin/getPromotion", summary: "Promotion Detail: one promotion with its owner and staff-set fields (deleted ones too).", access: "staff", query: IdQuery, response: z29.object({ id: z29.number(), statusId: z29.number() }).passthrough(), handler: ({ query }) => getAdminPromotion(db, query.id) }),
    route({ method: "get", path: "/admin/getStaff", summary: "Staff members (task assignees).", access: "staff", response: z29.array(Anything), handler: async () => (await findStaffMembers(db)).map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim(), email: s.email })) }),
    route({
      method: "get",
      path: "/admin/statistics",
      summary: "Promotions by status, state and month; the provider's revenue by service (ex GST) with government fees apart; conversion; turnaround per state; outstanding work by age. Filters: from, to (created, Sydney dates), state, service, includeTest (default false).",
      access: "staff",
      query: StatisticsQuerySchema,
      response: Anything,
      handler: ({ query }) => getStatisticsCached(db, query, statisticsCache)
    }),
    route({
      method: "get",
      path: "/admin/getResources",
      summary: "Links and documents for staff, edited in the CMS (Staff resources), by category and order.",
      access: "staff",
      response: z29.array(z29.object({ id: z29.number(), title: z29.string(), category: z29.string(), kind: z29.enum(["link", "document"]), description: z29.string().nullable(), href: z29.string().nullable(), fileName: z29.string().nullable(), mimeType: z29.string().nullable(), fileSize: z29.number().nullable(), updatedAt: z29.string() })),
      handler: () => getStaffResources(db)
    }),
    route({ method: "get", path: "/promotion/statistics", summary: "The same statistics as /api/admin/statistics, with the same filters.", access: "staff", query: StatisticsQuerySchema, response: Anything, handler: ({ query }) => getStatisticsCached(db, query, statisticsCache) })
  ];
}
function users2(deps) {
  const db = deps.database.db;
  return [
    route({ method: "get", path: "/admin/getUsers", summary: "Users, page size 20, with search over e-mail, names and account.", access: "staff", query: z29.object({ q: z29.string().trim().max(200).optional(), page: Page }), response: z29.object({ users: z29.array(Anything), total: z29.number(), page: z29.number(), pageSize: z29.number() }), handler: ({ query }) => getUsers(db, query.q || void 0, query.page) }),
    route({ method: "get", path: "/admin/getUserLog", summary: "A user's log (e-mail changes, sessions ended), newest first.", access: "staff", query: IdQuery, response: z29.array(Anything), handler: ({ query }) => getUserLog(db, query.id) }),
    route({ method: "post", path: "/admin/updateUserEmail", summary: "Change a user's e-mail address (unused address; logged; both addresses told).", access: "staff", body: UpdateUserEmailSchema, response: z29.object({ userId: z29.number(), email: z29.string() }), handler: ({ body, user }) => updateUserEmail(deps, user, body) }),
    route({
      method: "get",
      path: "/admin/updateEmails",
      summary: "Every change of a user's e-mail address, newest first (page size 20), searchable by the old, new or current address.",
      access: "staff",
      query: z29.object({ q: z29.string().trim().max(200).optional(), page: Page }),
      response: z29.object({ changes: z29.array(EmailChange), total: z29.number(), page: z29.number(), pageSize: z29.number() }),
      handler: ({ query }) => getEmailUpdates(db, query.q || void 0, query.page)
    }),
    route({ method: "post", path: "/admin/endUserSessions", summary: "End every credential of a user: live sessions, API keys (revoked) and the calendar feed address (they must sign in again).", access: "staff", body: z29.object({ userId: RecordIdSchema }), response: z29.object({ ended: z29.number(), apiKeysRevoked: z29.number(), calendarFeedReplaced: z29.boolean() }), handler: ({ body, user }) => endUserSessions2(db, user, body.userId) })
  ];
}
function contacts(deps) {
  const db = deps.database.db;
  return [
    route({ method: "get", path: "/admin/getCustomerContacts", summary: "Messages from the site's contact, agency and law-firm forms.", access: "staff", query: z29.object({ resolved: z29.enum(["true", "false", "all"]).default("false"), contact_id: RecordIdSchema.optional(), page: Page }), response: z29.object({ contacts: z29.array(Anything), total: z29.number(), page: z29.number(), pageSize: z29.number() }), handler: ({ query }) => getCustomerContacts(db, { resolved: query.resolved, contactId: query.contact_id, page: query.page }) }),
    route({ method: "get", path: "/admin/getCustomerContact", summary: "One customer contact message.", access: "staff", query: IdQuery, response: Anything, handler: ({ query }) => getCustomerContact(db, query.id) }),
    route({ method: "post", path: "/admin/claimCustomerContact", summary: "Claim a customer contact message.", access: "staff", body: IdBody, response: Anything, handler: ({ body, user }) => claimCustomerContact(db, staffOf(user), body.id) }),
    route({ method: "post", path: "/admin/resolveCustomerContact", summary: "Resolve a customer contact message.", access: "staff", body: IdBody, response: Anything, handler: ({ body, user }) => resolveCustomerContact(db, staffOf(user), body.id) })
  ];
}
function adminRoutes(deps) {
  return staffOnly([...promotionActions(deps), ...queries(deps), ...users2(deps), ...contacts(deps), ...voicemailApiRoutes(deps)]);
}

// api/src/modules/admin-notes/admin-notes.routes.ts
import { z as z31 } from "zod";

// api/src/modules/admin-notes/admin-notes.ts
import { z as z30 } from "zod";

// api/src/modules/admin-notes/admin-notes.repository.ts
import { and as and12, desc as desc8, eq as eq13, isNotNull as isNotNull3, isNull as isNull8, sql as sql16 } from "drizzle-orm";
import { alias as alias2 } from "drizzle-orm/pg-core";
var assignee = alias2(users, "assignee");
var creator = alias2(users, "creator");
async function findNotes(db, filter) {
  const where2 = [];
  if (filter.assignedTo === "me") where2.push(eq13(staffTasks.assignedTo, filter.me));
  else if (filter.assignedTo === "unassigned") where2.push(isNull8(staffTasks.assignedTo));
  else if (typeof filter.assignedTo === "number") where2.push(eq13(staffTasks.assignedTo, filter.assignedTo));
  if (filter.resolved === true) where2.push(isNotNull3(staffTasks.resolvedAt));
  if (filter.resolved === false) where2.push(isNull8(staffTasks.resolvedAt));
  if (filter.promotionId) where2.push(eq13(staffTasks.promotionId, filter.promotionId));
  if (filter.customerContactId) where2.push(eq13(staffTasks.customerContactId, filter.customerContactId));
  if (filter.isTask !== void 0) where2.push(eq13(staffTasks.isTask, filter.isTask));
  return db.select({ task: staffTasks, promotionName: promotions.name, assigneeFirst: assignee.firstName, assigneeLast: assignee.lastName, creatorFirst: creator.firstName, creatorLast: creator.lastName }).from(staffTasks).leftJoin(promotions, eq13(promotions.id, staffTasks.promotionId)).leftJoin(assignee, eq13(assignee.id, staffTasks.assignedTo)).leftJoin(creator, eq13(creator.id, staffTasks.createdBy)).where(and12(...where2)).orderBy(sql16`${staffTasks.resolvedAt} is not null`, desc8(staffTasks.createdAt), desc8(staffTasks.id)).limit(filter.limit);
}
async function findNote(db, id, { forUpdate = false } = {}) {
  const query = db.select().from(staffTasks).where(eq13(staffTasks.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function findNoteView(db, id) {
  const [row] = await db.select({ task: staffTasks, promotionName: promotions.name, assigneeFirst: assignee.firstName, assigneeLast: assignee.lastName, creatorFirst: creator.firstName, creatorLast: creator.lastName }).from(staffTasks).leftJoin(promotions, eq13(promotions.id, staffTasks.promotionId)).leftJoin(assignee, eq13(assignee.id, staffTasks.assignedTo)).leftJoin(creator, eq13(creator.id, staffTasks.createdBy)).where(eq13(staffTasks.id, id));
  return row;
}
async function insertNote(db, values) {
  const [row] = await db.insert(staffTasks).values(values).returning();
  return row;
}
async function updateNote(db, id, values) {
  const [row] = await db.update(staffTasks).set({ ...values, updatedAt: /* @__PURE__ */ new Date() }).where(eq13(staffTasks.id, id)).returning();
  return row;
}
async function deleteNote(db, id) {
  await db.delete(staffTasks).where(eq13(staffTasks.id, id));
}
async function isStaffMember(db, id) {
  const [row] = await db.select({ id: users.id }).from(users).where(and12(eq13(users.id, id), eq13(users.isStaff, true)));
  return !!row;
}
async function promotionExists(db, id) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq13(promotions.id, id));
  return !!row;
}

// api/src/modules/admin-notes/admin-notes.ts
var ADMIN_NOTES_PAGE_SIZE = 1e3;
var NoteText = z30.string({ error: MSG_ADMIN_NOTE_REQUIRED }).trim().min(1, { error: MSG_ADMIN_NOTE_REQUIRED }).max(4e3, { error: "A note can be at most 4000 characters." });
var AdminNoteCreateSchema = z30.object({
  note: NoteText,
  promotionId: RecordIdSchema.nullish(),
  customerContactId: RecordIdSchema.nullish(),
  assignedTo: RecordIdSchema.nullish(),
  /** Issue 26: a note stays a note unless staff make it a task, with the date it is due. */
  makeTask: z30.boolean().default(false),
  dueDate: IsoDateSchema.nullish()
}).refine((v) => !(v.promotionId && v.customerContactId), { error: MSG_ADMIN_NOTE_TARGET, path: ["promotionId"] }).refine((v) => !v.makeTask || !!v.dueDate, { error: MSG_TASK_DUE_DATE_REQUIRED, path: ["dueDate"] });
var AdminNoteUpdateSchema = z30.object({ id: RecordIdSchema, note: NoteText });
var AdminNoteIdSchema = z30.object({ id: RecordIdSchema });
var AdminNoteResolveSchema = z30.object({ id: RecordIdSchema, resolved: z30.boolean().default(true) });
var AdminNoteAssignSchema = z30.object({ id: RecordIdSchema, assignedTo: RecordIdSchema.nullable() });
var AdminNoteMakeTaskSchema = z30.object({ id: RecordIdSchema, dueDate: IsoDateSchema.nullish(), assignedTo: RecordIdSchema.nullish() }).refine((v) => !!v.dueDate, { error: MSG_TASK_DUE_DATE_REQUIRED, path: ["dueDate"] });
var TasksQuerySchema = z30.object({
  assignedTo: z30.union([z30.enum(["me", "anyone", "unassigned"]), RecordIdSchema]).default("anyone"),
  resolved: z30.enum(["true", "false", "all"]).default("false"),
  promotionId: RecordIdSchema.optional(),
  customerContactId: RecordIdSchema.optional(),
  /** The main list shows tasks; a promotion or contact shows its notes and tasks together (`all`). */
  kind: z30.enum(["tasks", "notes", "all"]).default("tasks")
});
function toView2({ task, promotionName, assigneeFirst, assigneeLast, creatorFirst, creatorLast }) {
  return {
    id: task.id,
    kind: task.kind,
    isTask: task.isTask,
    dueDate: task.dueDate ?? null,
    source: taskSourceLabel(task.kind, task.createdBy ? `${creatorFirst ?? ""} ${creatorLast ?? ""}`.trim() || null : null),
    note: task.note,
    promotionId: task.promotionId,
    promotionName: promotionName ?? null,
    customerContactId: task.customerContactId,
    assignedTo: task.assignedTo,
    assignedToName: task.assignedTo ? `${assigneeFirst ?? ""} ${assigneeLast ?? ""}`.trim() : null,
    createdBy: task.createdBy,
    resolved: task.resolvedAt !== null,
    resolvedAt: task.resolvedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString()
  };
}
async function viewOf(db, id) {
  const found = await findNoteView(db, id);
  if (!found) throw new AppError("NOT_FOUND");
  return toView2(found);
}
async function log(tx, staff, note, action, changes) {
  await insertChange(tx, { promotionId: note.promotionId, userId: staff.id, entity: "staff-task", entityId: note.id, action, changes });
}
async function getAdminNote(db, id) {
  return viewOf(db, id);
}
async function getTasks(db, staff, query) {
  const rows = await findNotes(db, {
    me: staff.id,
    assignedTo: query.assignedTo === "anyone" ? void 0 : query.assignedTo,
    resolved: query.resolved === "all" ? void 0 : query.resolved === "true",
    promotionId: query.promotionId,
    customerContactId: query.customerContactId,
    isTask: query.kind === "all" ? void 0 : query.kind === "tasks",
    limit: ADMIN_NOTES_PAGE_SIZE
  });
  return rows.map(toView2);
}
async function assertAssignee(tx, id) {
  if (id && !await isStaffMember(tx, id)) throw new AppError("VALIDATION", "Tasks can only be assigned to staff.", { modelState: { assignedTo: ["Tasks can only be assigned to staff."] } });
}
async function createAdminNote(db, staff, input) {
  return db.transaction(async (tx) => {
    if (input.promotionId && !await promotionExists(tx, input.promotionId)) throw new AppError("NOT_FOUND");
    await assertAssignee(tx, input.assignedTo);
    const row = await insertNote(tx, {
      kind: "admin-note",
      note: input.note,
      promotionId: input.promotionId ?? null,
      customerContactId: input.customerContactId ?? null,
      assignedTo: input.assignedTo ?? null,
      createdBy: staff.id,
      isTask: input.makeTask,
      dueDate: input.makeTask ? input.dueDate ?? null : null
    });
    await log(tx, staff, row, "create", { note: { from: null, to: row.note }, ...row.assignedTo ? { assignedTo: { from: null, to: row.assignedTo } } : {} });
    return viewOf(tx, row.id);
  });
}
async function change2(db, staff, id, action, compute, tx0) {
  const run = async (tx) => {
    const before = await findNote(tx, id, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    const values = await compute(before);
    const after = await updateNote(tx, id, values);
    const changes = {};
    for (const key of Object.keys(values)) {
      if (key === "resolvedBy") continue;
      const from = before[key] instanceof Date ? before[key].toISOString() : before[key];
      const to = after[key] instanceof Date ? after[key].toISOString() : after[key];
      if (from !== to) changes[key] = { from, to };
    }
    await log(tx, staff, after, action, changes);
    return viewOf(tx, id);
  };
  return tx0 ? run(tx0) : db.transaction(run);
}
function updateAdminNote(db, staff, input) {
  return change2(db, staff, input.id, "modify", () => ({ note: input.note }));
}
function resolveAdminNote(db, staff, input) {
  return change2(db, staff, input.id, input.resolved ? "resolve" : "reopen", () => input.resolved ? { resolvedAt: /* @__PURE__ */ new Date(), resolvedBy: staff.id } : { resolvedAt: null, resolvedBy: null });
}
function assignAdminNote(db, staff, input) {
  return db.transaction(async (tx) => {
    await assertAssignee(tx, input.assignedTo);
    return change2(db, staff, input.id, "assign", () => ({ assignedTo: input.assignedTo }), tx);
  });
}
function makeTaskOfNote(db, staff, input) {
  return db.transaction(async (tx) => {
    await assertAssignee(tx, input.assignedTo);
    return change2(db, staff, input.id, "make-task", () => ({ isTask: true, dueDate: input.dueDate, assignedTo: input.assignedTo ?? null }), tx);
  });
}
async function deleteAdminNote(db, staff, id) {
  return db.transaction(async (tx) => {
    const before = await findNote(tx, id, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    await deleteNote(tx, id);
    await log(tx, staff, before, "delete", { note: { from: before.note, to: null } });
    return { id };
  });
}

// api/src/modules/admin-notes/admin-notes.routes.ts
var NoteOut = z31.object({ id: z31.number(), note: z31.string(), resolved: z31.boolean() }).passthrough();
function adminNoteRoutes({ database }) {
  const db = database.db;
  return staffOnly([
    route({ method: "get", path: "/adminNote/get", summary: "One admin note.", tag: "adminNote", access: "staff", query: AdminNoteIdSchema, response: NoteOut, handler: ({ query }) => getAdminNote(db, query.id) }),
    route({ method: "get", path: "/adminNote/getTasks", summary: "Admin notes (tasks), at most 1000: assigned to me, anyone, unassigned or one staff member; open, resolved or all.", tag: "adminNote", access: "staff", query: TasksQuerySchema, response: z31.array(NoteOut), handler: ({ query, user }) => getTasks(db, user, query) }),
    route({ method: "post", path: "/adminNote/create", summary: "Create an admin note on a promotion, a customer contact, or neither.", tag: "adminNote", access: "staff", idempotent: true, body: AdminNoteCreateSchema, response: NoteOut, handler: ({ body, user }) => createAdminNote(db, user, body) }),
    route({ method: "post", path: "/adminNote/update", summary: "Edit an admin note's text.", tag: "adminNote", access: "staff", body: AdminNoteUpdateSchema, response: NoteOut, handler: ({ body, user }) => updateAdminNote(db, user, body) }),
    route({ method: "post", path: "/adminNote/delete", summary: "Delete an admin note.", tag: "adminNote", access: "staff", body: AdminNoteIdSchema, response: z31.object({ id: z31.number() }), handler: ({ body, user }) => deleteAdminNote(db, user, body.id) }),
    route({ method: "post", path: "/adminNote/resolve", summary: "Resolve (or reopen with resolved: false) an admin note.", tag: "adminNote", access: "staff", body: AdminNoteResolveSchema, response: NoteOut, handler: ({ body, user }) => resolveAdminNote(db, user, body) }),
    route({ method: "post", path: "/adminNote/makeTask", summary: "Make an admin note a task: a due date, and a staff member (or anyone); it then shows on the main list.", tag: "adminNote", access: "staff", body: AdminNoteMakeTaskSchema, response: NoteOut, handler: ({ body, user }) => makeTaskOfNote(db, user, body) }),
    route({ method: "post", path: "/admin/assign", summary: "Assign an admin note to a staff member (null: anyone).", access: "staff", body: AdminNoteAssignSchema, response: NoteOut, handler: ({ body, user }) => assignAdminNote(db, user, body) })
  ]);
}

// api/src/modules/admin/staff-promotion.routes.ts
import { z as z32 } from "zod";
function staffPromotionRoutes({ database }) {
  return [
    route({
      method: "post",
      path: "/promotion/reportActivity",
      summary: "Someone is working on this promotion in the wizard: the owner (staff see a warning before editing) or staff (the owner sees a notice). Answers who else is editing now (otherEditor: owner, staff or null).",
      access: "session",
      body: z32.object({ id: RecordIdSchema }),
      response: z32.object({ ok: z32.boolean(), otherEditor: z32.enum(["owner", "staff"]).nullable() }),
      handler: ({ body, user }) => reportActivity(database.db, user, body.id)
    })
  ];
}

// api/src/modules/api-keys/api-keys.routes.ts
import { z as z33 } from "zod";
var ApiKeyViewSchema = z33.object({
  id: z33.number().int(),
  name: z33.string(),
  prefix: z33.string(),
  createdAt: z33.string(),
  lastUsedAt: z33.string().nullable(),
  revokedAt: z33.string().nullable(),
  revokedReason: z33.enum(["revoked", "password_changed", "password_reset", "ended_by_staff"]).nullable().describe("why the key stopped: revoked by its owner, or ended with every credential of the account")
});
var CreateBodySchema = z33.object({
  name: z33.string({ error: MSG_API_KEY_NAME_REQUIRED }).trim().min(1, { error: MSG_API_KEY_NAME_REQUIRED }).max(100, { error: MSG_API_KEY_NAME_REQUIRED })
});
function apiKeyRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/apiKey/list",
      access: "session",
      summary: "The account's API keys (never the keys themselves): live ones first, then revoked ones with the reason.",
      response: z33.array(ApiKeyViewSchema),
      handler: ({ user }) => listApiKeys(db, user.id)
    }),
    route({
      method: "post",
      path: "/apiKey/create",
      access: "session",
      summary: "Create an API key (at most 10); the answer shows the key once.",
      body: CreateBodySchema,
      response: ApiKeyViewSchema.extend({ key: z33.string().describe("shown only now") }),
      idempotent: true,
      handler: ({ user, body }) => createApiKey(db, user.id, body.name)
    }),
    route({
      method: "post",
      path: "/apiKey/revoke",
      access: "session",
      summary: "Revoke an API key: calls with it get 401 at once.",
      body: z33.object({ id: RecordIdSchema }),
      response: z33.object({ id: z33.number().int(), revoked: z33.literal(true) }),
      handler: ({ user, body }) => revokeUserApiKey(db, user.id, body.id)
    })
  ];
}

// api/src/modules/idempotency/idempotency.ts
import crypto8 from "node:crypto";

// api/src/modules/idempotency/idempotency.repository.ts
import { and as and13, eq as eq14, isNull as isNull9, lt, sql as sql17 } from "drizzle-orm";

// api/src/db/notifications.ts
import pg from "pg";
var CONNECTION_IDENTITY_SQL = `pid::text || ':' || (extract(epoch from backend_start) * 1000000)::bigint::text`;

// api/src/modules/idempotency/idempotency.repository.ts
var where = (id) => and13(eq14(idempotencyKeys.userId, id.userId), eq14(idempotencyKeys.route, id.route), eq14(idempotencyKeys.key, id.key));
async function claimIdempotencyKey(db, id, bodyHash, ttlMs, claimedBy = null) {
  await db.delete(idempotencyKeys).where(and13(where(id), lt(idempotencyKeys.expiresAt, /* @__PURE__ */ new Date())));
  const rows = await db.insert(idempotencyKeys).values({ ...id, bodyHash, claimedBy, expiresAt: sql17`now() + ${ttlMs} * interval '1 millisecond'` }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}
async function findIdempotencyKey(db, id) {
  const [row] = await db.select().from(idempotencyKeys).where(where(id)).limit(1);
  return row;
}
async function storeIdempotentAnswer(db, id, status, answer2) {
  await db.update(idempotencyKeys).set({ status, answer: answer2 }).where(where(id));
}
async function releaseIdempotencyKey(db, id) {
  await db.delete(idempotencyKeys).where(where(id));
}
async function releaseAbandonedClaim(db, id, orphanAfterMs) {
  const released = await db.delete(idempotencyKeys).where(
    and13(
      where(id),
      isNull9(idempotencyKeys.status),
      sql17`case when ${idempotencyKeys.claimedBy} is null then ${idempotencyKeys.createdAt} < now() - ${orphanAfterMs} * interval '1 millisecond'
                 else not exists (select 1 from pg_stat_activity where ${sql17.raw(CONNECTION_IDENTITY_SQL)} = ${idempotencyKeys.claimedBy}) end`
    )
  ).returning({ key: idempotencyKeys.key });
  return released.length > 0;
}

// api/src/modules/idempotency/idempotency.ts
var IDEMPOTENCY_TTL_MS = 24 * 60 * 6e4;
var IDEMPOTENCY_ORPHAN_MS = 10 * 6e4;
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
var hashBody = (body) => crypto8.createHash("sha256").update(canonical(body ?? {})).digest("hex");
function idempotencyHook(db, notifications) {
  return async (spec, req, res, run) => {
    const header = req.get("idempotency-key");
    const user = res.locals.user;
    if (header === void 0 || !user) return run();
    if (header.length < 1 || header.length > 200) throw new AppError("VALIDATION", MSG_IDEMPOTENCY_KEY_INVALID, { modelState: { "Idempotency-Key": [MSG_IDEMPOTENCY_KEY_INVALID] } });
    const id = { userId: user.id, route: `${spec.method.toUpperCase()} ${spec.path.toLowerCase()}`, key: header };
    const bodyHash = hashBody(req.body);
    const claim = async () => claimIdempotencyKey(db, id, bodyHash, IDEMPOTENCY_TTL_MS, notifications?.identity ?? null);
    let claimed = await claim();
    if (!claimed && await releaseAbandonedClaim(db, id, IDEMPOTENCY_ORPHAN_MS)) claimed = await claim();
    if (claimed) {
      let answer2;
      try {
        answer2 = await run();
      } catch (error) {
        await releaseIdempotencyKey(db, id);
        throw error;
      }
      await storeIdempotentAnswer(db, id, spec.status ?? 200, answer2 ?? { ok: true });
      return answer2;
    }
    const stored = await findIdempotencyKey(db, id);
    if (!stored) return run();
    if (stored.bodyHash !== bodyHash) throw new AppError("IDEMPOTENCY_MISMATCH", MSG_IDEMPOTENCY_KEY_REUSED);
    if (stored.status === null) throw new AppError("CONFLICT", MSG_IDEMPOTENCY_IN_PROGRESS);
    res.set("Idempotent-Replayed", "true");
    return stored.answer;
  };
}

// api/src/modules/bot-check/bot-check.routes.ts
function botCheckRoutes(deps) {
  return [
    route({
      method: "get",
      path: "/botcheck/config",
      access: "public",
      summary: "Which bot check the forms show ({mode, siteKey}).",
      response: BotCheckConfigResponseSchema,
      handler: () => ({ mode: deps.config.BOT_CHECK, ...deps.config.BOT_CHECK === "recaptcha" ? { siteKey: deps.config.RECAPTCHA_SITE_KEY } : {} })
    }),
    route({
      method: "get",
      path: "/botcheck/challenge",
      access: "public",
      summary: "An altcha proof-of-work challenge.",
      response: BotCheckChallengeResponseSchema,
      handler: async () => ({ ...await createBotCheckChallenge(deps) })
    })
  ];
}

// api/src/modules/contact/contact.schema.ts
import { z as z34 } from "zod";
var text27 = (required, max) => z34.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MSG_CONTACT_TOO_LONG });
var phone = z34.string({ error: MSG_PHONE_INVALID }).trim().max(30, { error: MSG_PHONE_INVALID }).refine((value) => /^\+?[\d\s()-]+$/.test(value) && value.replace(/\D/g, "").length >= 6 && value.replace(/\D/g, "").length <= 15, { error: MSG_PHONE_INVALID });
var optional = (schema) => z34.preprocess((value) => typeof value === "string" && value.trim() === "" ? void 0 : value, schema.optional());
var HelpContactSchema = z34.object({
  name: text27(MSG_CONTACT_NAME_REQUIRED, 200),
  email: EmailSchema.max(254),
  phone: optional(phone),
  message: text27(MSG_CONTACT_MESSAGE_REQUIRED, 5e3),
  promotion: optional(z34.string().trim().max(50)),
  recaptchaResponse: z34.string().optional()
});
var CONTACT_SOURCES = ["agencies", "law-firms"];
var AgencyLawFirmContactSchema = z34.object({
  name: text27(MSG_CONTACT_NAME_REQUIRED, 200),
  organisation: text27(MSG_CONTACT_ORGANISATION_REQUIRED, 200),
  email: EmailSchema.max(254),
  phone,
  message: text27(MSG_CONTACT_MESSAGE_REQUIRED, 5e3),
  source: z34.enum(CONTACT_SOURCES, { error: MSG_CONTACT_SOURCE_INVALID }),
  recaptchaResponse: z34.string().optional()
});

// api/src/modules/contact/contact.repository.ts
async function insertCustomerContact(db, contact) {
  const [row] = await db.insert(customerContacts).values(contact).returning();
  return row;
}

// api/src/modules/contact/create-customer-contact.ts
var escapeHtml3 = (value) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
var KIND_LABEL = { help: "Contact form", agency: "Agency enquiry", "law-firm": "Law firm enquiry" };
async function createCustomerContact(deps, input, meta2 = {}) {
  await hitOrThrow(deps.db, `contact:address:${meta2.clientAddress ?? "unknown"}`, RATE_LIMITS.contactPerAddress);
  await hitOrThrow(deps.db, `contact:email:${input.email.toLowerCase()}`, RATE_LIMITS.contactPerEmail);
  const contact = await insertCustomerContact(deps.db, {
    kind: input.kind,
    source: input.kind === "help" ? "contact" : input.source,
    name: input.name,
    organisation: input.kind === "help" ? null : input.organisation,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    promotionRef: input.kind === "help" ? input.promotion ?? null : null,
    userId: meta2.userId ?? null,
    clientAddress: meta2.clientAddress?.slice(0, 100),
    userAgent: meta2.userAgent?.slice(0, 500)
  });
  const rows = [
    ["Name", contact.name],
    ["Organisation", contact.organisation],
    ["Email", contact.email],
    ["Phone", contact.phone],
    ["Promotion", contact.promotionRef],
    ["Sent from", contact.source]
  ];
  const present = rows.filter((row) => Boolean(row[1]));
  const subject = `${KIND_LABEL[input.kind]} #${contact.id} from ${contact.name}`;
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      subject,
      text: `${present.map(([k, v]) => `${k}: ${v}`).join("\n")}

${contact.message}

Open the staff console to reply: ${deps.publicUrl}/
`,
      html: `<table>${present.map(([k, v]) => `<tr><th align="left">${escapeHtml3(k)}</th><td>${escapeHtml3(v)}</td></tr>`).join("")}</table><p style="white-space:pre-wrap">${escapeHtml3(contact.message)}</p>`
    });
  } catch (error) {
    deps.logger.error("contact e-mail failed", { contactId: contact.id, error: error instanceof Error ? error.message : String(error) });
  }
  return { contact, message: msgContactReceived(contact.email) };
}

// api/src/modules/contact/contact.routes.ts
function supportAddress(deps) {
  const from = deps.config.MAIL_FROM;
  const match = from ? /<([^>]+)>/.exec(from)?.[1] ?? from : void 0;
  return match ?? `support@${new URL(deps.config.PUBLIC_URL).hostname}`;
}
var meta = (req, userId) => ({ userId: userId ?? null, clientAddress: req.ip, userAgent: req.get("user-agent") });
function contactRoutes(deps) {
  const useCaseDeps = () => ({ db: deps.database.db, mailer: deps.mailer, logger: deps.logger, supportEmail: supportAddress(deps), publicUrl: deps.config.PUBLIC_URL });
  return [
    route({
      method: "post",
      path: "/Contact/CreateHelpContact",
      access: "public",
      status: 201,
      summary: "The contact form.",
      body: HelpContactSchema,
      response: ContactResponseSchema,
      handler: async ({ body, req, user }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const { contact, message } = await createCustomerContact(useCaseDeps(), { kind: "help", ...body }, meta(req, user?.id));
        return { id: contact.id, message };
      }
    }),
    route({
      method: "post",
      path: "/Contact/CreateAgencyLawFirmContact",
      access: "public",
      status: 201,
      summary: "The agencies and law firms contact form.",
      body: AgencyLawFirmContactSchema,
      response: ContactResponseSchema,
      handler: async ({ body, req, user }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const kind = body.source === "agencies" ? "agency" : "law-firm";
        const { contact, message } = await createCustomerContact(useCaseDeps(), { kind, ...body }, meta(req, user?.id));
        return { id: contact.id, message };
      }
    })
  ];
}

// api/src/modules/error-report/error-report.routes.ts
import express2, { Router as Router4 } from "express";

// api/src/modules/error-report/error-report.schema.ts
import { z as z35 } from "zod";
var clip = (max) => z35.preprocess((value) => value === void 0 || value === null ? void 0 : String(value).slice(0, max), z35.string().optional());
var int = z35.preprocess((value) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.min(Math.trunc(n), 2147483647)) : void 0;
}, z35.number().int().optional());
var JsErrorReportSchema = z35.object({
  message: z35.preprocess((value) => value === void 0 || value === null ? value : String(value).slice(0, 2e3), z35.string({ error: MSG_ERROR_REPORT_MESSAGE_REQUIRED }).trim().min(1, { error: MSG_ERROR_REPORT_MESSAGE_REQUIRED })),
  source: clip(2e3),
  line: int,
  column: int,
  error: clip(8e3),
  console: clip(4e3)
});

// api/src/modules/error-report/error-report.repository.ts
import { sql as sql18 } from "drizzle-orm";
async function insertJsError(db, row) {
  await db.insert(jsErrors).values(row);
}
async function countInWindow(db, key, windowMs) {
  const { rows } = await db.execute(sql18`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count`);
  return Number(rows[0].count);
}

// api/src/modules/error-report/record-js-error.ts
async function recordJsError(db, report, client) {
  const count7 = await countInWindow(db, `js-error:${client.address}`, TIMINGS.errorReportWindowMs);
  if (count7 > TIMINGS.errorReportLimit) return "limited";
  await insertJsError(db, { ...report, pageUrl: client.pageUrl?.slice(0, 2e3), userAgent: client.userAgent?.slice(0, 500), clientAddress: client.address.slice(0, 100) });
  return "stored";
}

// api/src/modules/error-report/error-report.routes.ts
function errorReportRoutes(deps) {
  const router = Router4({ caseSensitive: false });
  router.use(express2.urlencoded({ extended: false, limit: "64kb" }));
  router.use(express2.json({ limit: "64kb" }));
  router.use(sameOrigin(deps.config.publicOrigin));
  router.post(["/js", "/js/"], async (req, res) => {
    res.set("Cache-Control", "no-store");
    const report = parseInput(JsErrorReportSchema, req.body);
    const outcome = await recordJsError(deps.database.db, report, { address: req.ip ?? "unknown", userAgent: req.get("user-agent"), pageUrl: req.get("referer") });
    if (outcome === "limited") throw new AppError("RATE_LIMITED", MSG_TOO_MANY_ERROR_REPORTS);
    res.status(204).end();
  });
  return router;
}

// api/src/modules/health/health.routes.ts
import { z as z36 } from "zod";

// api/src/modules/health/health.repository.ts
var inFlight = /* @__PURE__ */ new WeakMap();
var answeredAt = /* @__PURE__ */ new WeakMap();
var YES = Promise.resolve(true);
var HEALTH_ANSWER_MS = 1e3;
function checkDatabase(database, now = Date.now()) {
  const at = answeredAt.get(database.pool);
  if (at !== void 0 && now - at < HEALTH_ANSWER_MS) return YES;
  const pending = inFlight.get(database.pool);
  if (pending) return pending;
  const check2 = database.pool.query("select 1").then(
    () => {
      answeredAt.set(database.pool, Date.now());
      return true;
    },
    () => {
      answeredAt.delete(database.pool);
      return false;
    }
  );
  inFlight.set(database.pool, check2);
  void check2.finally(() => inFlight.delete(database.pool));
  return check2;
}

// api/src/modules/health/health.routes.ts
function healthRoutes({ database, cmsState }) {
  return [
    route({
      method: "get",
      path: "/health",
      access: "public",
      summary: "Liveness: 200 while the database answers, 503 otherwise; lists the CMS admin as building, ready or failed.",
      response: z36.union([HealthResponseSchema, z36.object({ status: z36.literal("unavailable"), message: z36.string() })]),
      handler: async ({ res }) => {
        if (await checkDatabase(database)) return cmsState ? { status: "ok", cms: cmsState() } : { status: "ok" };
        res.status(503).json({ status: "unavailable", message: MSG_DATABASE_UNAVAILABLE });
      }
    })
  ];
}

// api/src/modules/promotions/archive-promotion.ts
async function archivePromotion(db, owner, id, archived) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    if (before.archived !== archived) {
      await updatePromotion(tx, id, { archived });
      await insertChange(tx, {
        promotionId: id,
        userId: owner.userId,
        entity: "promotion",
        entityId: id,
        action: archived ? "archive" : "unarchive",
        changes: { archived: { from: before.archived, to: archived } }
      });
    }
    return { id, archived };
  });
}

// api/src/modules/promotions/create-promotion.ts
async function createPromotion(db, userId, input) {
  const columns = formColumns(input);
  const { fees, requiresPermits } = computeFees(columns, await pricingRuleSet(db));
  return db.transaction(async (tx) => {
    const row = await insertPromotion(tx, { ...columns, userId, fees, requiresPermits });
    await insertChange(tx, {
      promotionId: row.id,
      userId,
      entity: "promotion",
      entityId: row.id,
      action: "create",
      changes: diffFields(null, { ...columns, requiresPermits, feeDue_GrandTotal: fees.feeDue_GrandTotal })
    });
    return { id: row.id };
  });
}

// api/src/modules/promotions/delete-promotion.ts
async function deletePromotion(db, owner, id) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    const deleted = !before.deleted;
    await updatePromotion(tx, id, { deleted });
    await insertChange(tx, {
      promotionId: id,
      userId: owner.userId,
      entity: "promotion",
      entityId: id,
      action: deleted ? "delete" : "restore",
      changes: { deleted: { from: before.deleted, to: deleted } }
    });
    return { id, deleted };
  });
}

// api/src/modules/payments/invoice-view.ts
function toInvoiceView(row, options) {
  const total = row.amount + row.gst + row.ccSurcharge;
  return {
    invoiceNumber: row.invoiceNumber,
    promotionId: row.promotionId,
    ...options.promotionName !== void 0 ? { promotionName: options.promotionName } : {},
    purpose: row.purpose,
    lines: row.lines.map((line) => ({ ...line, amount: toDollars(line.amount) })),
    amount: toDollars(row.amount),
    gst: toDollars(row.gst),
    ccSurcharge: toDollars(row.ccSurcharge),
    total: toDollars(total),
    cardTotal: toDollars(row.paidAt ? total : cardTotal(row.amount, row.gst).total),
    method: row.method,
    crn: row.crn,
    billerCode: row.method === "bpay" ? options.billerCode : null,
    testMode: row.testMode,
    status: row.cancelledAt ? "cancelled" : row.paidAt ? "paid" : "awaiting payment",
    dateCreated: row.createdAt.toISOString(),
    datePaid: row.paidAt ? row.paidAt.toISOString() : null,
    dateCancelled: row.cancelledAt ? row.cancelledAt.toISOString() : null
  };
}

// api/src/modules/payments/payment-gateway.ts
import crypto9 from "node:crypto";

// api/src/modules/payments/sandbox-gateway.repository.ts
import { and as and14, eq as eq15, sql as sql19 } from "drizzle-orm";
async function recordSandboxAnswer(db, idempotencyKey, answer2, intent) {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(sandboxCharges).values({ idempotencyKey, answer: answer2 }).onConflictDoNothing().returning({ key: sandboxCharges.idempotencyKey });
    if (inserted.length > 0) {
      if (intent) await tx.insert(sandboxIntents).values(intent);
      return answer2;
    }
    const [first] = await tx.select({ answer: sandboxCharges.answer }).from(sandboxCharges).where(eq15(sandboxCharges.idempotencyKey, idempotencyKey));
    return first.answer;
  });
}
async function findSandboxAnswer(db, idempotencyKey) {
  const [row] = await db.select({ answer: sandboxCharges.answer }).from(sandboxCharges).where(eq15(sandboxCharges.idempotencyKey, idempotencyKey));
  return row?.answer;
}
async function findSandboxIntent(db, id) {
  const [row] = await db.select().from(sandboxIntents).where(eq15(sandboxIntents.id, id));
  return row;
}
async function findSandboxIntentBySecret(db, clientSecret) {
  const [row] = await db.select().from(sandboxIntents).where(eq15(sandboxIntents.clientSecret, clientSecret));
  return row;
}
async function decideSandboxIntent(db, clientSecret, status) {
  await db.update(sandboxIntents).set({ status, decidedAt: sql19`now()` }).where(and14(eq15(sandboxIntents.clientSecret, clientSecret), eq15(sandboxIntents.status, "requires_action")));
  return findSandboxIntentBySecret(db, clientSecret);
}

// api/src/modules/payments/payment-gateway.ts
var SANDBOX_DECLINED = "4000000000000002";
var SANDBOX_REQUIRES_AUTHENTICATION = "4000002760003184";
var SandboxGateway = class {
  constructor(db) {
    this.db = db;
  }
  db;
  name = "sandbox";
  acceptsRawCards = true;
  async charge(request, now) {
    if (request.paymentIntentId) return this.afterChallenge(request);
    const previous = await findSandboxAnswer(this.db, request.idempotencyKey);
    if (previous) return previous;
    const { answer: answer2, intent } = this.decide(request, now);
    return recordSandboxAnswer(this.db, request.idempotencyKey, answer2, intent);
  }
  decide(request, now) {
    const card = request.card;
    if (!card) return { answer: { status: "failed", ref: null, message: MSG_CARD_DECLINED, brand: null, last4: null } };
    const brand = cardBrand(card.number);
    const last4 = cardLast4(card.number);
    if (Object.keys(checkCard(card, now)).length > 0) return { answer: { status: "failed", ref: null, message: MSG_CARD_DECLINED, brand, last4 } };
    const unique2 = `${Date.now().toString(36)}_${crypto9.randomBytes(6).toString("hex")}`;
    const ref = `sandbox_ch_${unique2}`;
    const digits = cardDigits(card.number);
    if (digits === SANDBOX_DECLINED) return { answer: { status: "failed", ref, message: MSG_CARD_DECLINED, brand, last4 } };
    if (digits === SANDBOX_REQUIRES_AUTHENTICATION) {
      const intentId = `sandbox_pi_${unique2}`;
      const clientSecret = `${intentId}_secret_${crypto9.randomBytes(12).toString("hex")}`;
      return {
        answer: { status: "requires_action", ref: intentId, clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, brand, last4 },
        intent: { id: intentId, clientSecret, status: "requires_action", amount: request.amount, invoiceNumber: request.metadata.invoiceNumber, brand, last4 }
      };
    }
    return { answer: { status: "succeeded", ref, brand, last4 } };
  }
  async afterChallenge(request) {
    const id = request.paymentIntentId;
    const intent = await findSandboxIntent(this.db, id);
    if (!intent || intent.amount !== request.amount || intent.invoiceNumber !== request.metadata.invoiceNumber) {
      return { status: "failed", ref: intent ? id : null, message: MSG_PAYMENT_NOT_FOR_INVOICE, brand: null, last4: null };
    }
    const card = { brand: intent.brand, last4: intent.last4 };
    if (intent.status === "succeeded") return { status: "succeeded", ref: id, ...card };
    if (intent.status === "failed") return { status: "failed", ref: id, message: MSG_CARD_AUTHENTICATION_FAILED, ...card };
    return { status: "requires_action", ref: id, clientSecret: intent.clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, ...card };
  }
  async intentOfSecret(clientSecret) {
    return (await findSandboxIntentBySecret(this.db, clientSecret))?.id ?? null;
  }
  async completeChallenge(clientSecret, outcome) {
    const intent = await decideSandboxIntent(this.db, clientSecret, outcome === "complete" ? "succeeded" : "failed");
    if (!intent) return null;
    return { paymentIntentId: intent.id, status: intent.status };
  }
};
function isTestMode(gateway) {
  return gateway.name === "sandbox";
}

// api/src/modules/payments/owed-invoice.ts
function owedDifference(row, paid) {
  const invoicedAmount = paid.reduce((sum, invoice) => sum + invoice.amount, 0);
  const invoicedGst = paid.reduce((sum, invoice) => sum + invoice.gst, 0);
  return { amount: Math.max(0, row.fees.feeDue_Total - invoicedAmount), gst: Math.max(0, row.fees.feeDue_GST - invoicedGst) };
}
function invoiceDueNow(row, paid) {
  const fees = row.fees;
  if (paid.length === 0) {
    if (fees.feeDue_Total + fees.feeDue_GST <= 0) return null;
    return { purpose: "submission", lines: invoiceLinesOf(fees), amount: fees.feeDue_Total, gst: fees.feeDue_GST };
  }
  const { amount, gst } = owedDifference(row, paid);
  if (amount + gst <= 0) return null;
  return { purpose: "additional", lines: [{ description: "Additional fees after a change to the application", amount, taxable: gst > 0 }], amount, gst };
}
function isCurrent(invoice, due) {
  if (due === null || invoice.purpose !== due.purpose || invoice.amount !== due.amount || invoice.gst !== due.gst) return false;
  const lines = invoice.lines ?? [];
  return lines.length === due.lines.length && lines.every((line, i) => {
    const want = due.lines[i];
    return line.description === want.description && line.amount === want.amount && line.taxable === want.taxable;
  });
}
async function cancelStaleInvoices(tx, row, actorUserId, now = /* @__PURE__ */ new Date()) {
  const live = await findSubmissionInvoices(tx, row.id);
  const due = invoiceDueNow(row, live.filter((invoice) => invoice.paidAt));
  let current = null;
  for (const invoice of live.filter((i) => !i.paidAt)) {
    if (!current && isCurrent(invoice, due)) {
      current = invoice;
      continue;
    }
    if (!await cancelUnpaidInvoice(tx, invoice.id, now)) continue;
    await insertChange(tx, {
      promotionId: row.id,
      userId: actorUserId,
      entity: "promotion",
      entityId: row.id,
      action: "cancelInvoice",
      changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} cancelled: the fees changed` } }
    });
  }
  return { current, due };
}
async function ensureOwedInvoice(tx, row, { actorUserId = row.userId, now = /* @__PURE__ */ new Date(), testMode }) {
  const { current, due } = await cancelStaleInvoices(tx, row, actorUserId, now);
  if (current) return current;
  if (!due) return null;
  const n = await countInvoices(tx, row.id, due.purpose);
  const purposeKey = due.purpose === "submission" ? n === 0 ? "submission" : `submission-${n + 1}` : `additional-${n + 1}`;
  return insertInvoice(tx, {
    invoiceNumber: await nextInvoiceNumber(tx, { testMode }),
    testMode,
    promotionId: row.id,
    userId: row.userId,
    purpose: due.purpose,
    purposeKey,
    lines: due.lines,
    amount: due.amount,
    gst: due.gst
  });
}
function assertStillOwed(invoice, named) {
  const owed = invoice ? invoice.amount + invoice.gst : 0;
  const staleNumber = named.invoiceNumber != null && invoice?.invoiceNumber !== named.invoiceNumber;
  const staleTotal = named.expectedTotal !== void 0 && dollarsToCents(named.expectedTotal) !== owed;
  if (staleNumber || staleTotal) {
    throw new AppError("CONFLICT", MSG_PAYMENT_TOTAL_CHANGED, {
      modelState: { expectedTotal: [MSG_PAYMENT_TOTAL_CHANGED] },
      internalMessage: `payment named ${named.invoiceNumber ?? "-"} / ${named.expectedTotal ?? "-"}, owed ${invoice?.invoiceNumber ?? "-"} / ${owed} cents`
    });
  }
}

// api/src/modules/payments/submit-permit-application.ts
var PAYABLE = /* @__PURE__ */ new Set([PERMIT_STATUS_IDS.readySubmission, PERMIT_STATUS_IDS.readyResubmission, PERMIT_STATUS_IDS.readyGenerate, PERMIT_STATUS_IDS.readyRegenerate]);
var AFTER_PAYMENT = /* @__PURE__ */ new Set([PERMIT_STATUS_IDS.submitted, PERMIT_STATUS_IDS.resubmitted, PERMIT_STATUS_IDS.generated, PERMIT_STATUS_IDS.regenerated, PERMIT_STATUS_IDS.awaitingSubmission]);
function termsBought(row) {
  return row.termsAndConditions || row.skillsBasedTC;
}
async function chargeInvoiceByCard(tx, deps, row, invoice, input, now) {
  const card = { name: input.cardName ?? "", number: input.cardNumber ?? "", cvc: input.cardSecurityCode ?? "", expiry: input.cardExpiry ?? "" };
  if (deps.gateway.acceptsRawCards && !input.paymentIntentId) {
    const errors = checkCard(card, now);
    if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", MSG_CONFIRM_PAYMENT_FIELDS, { modelState: errors });
  } else if (!input.paymentMethodId && !input.paymentIntentId) {
    throw new AppError("VALIDATION", MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentMethodId: [MSG_CONFIRM_PAYMENT_FIELDS] } });
  }
  const { surcharge, total } = cardTotal(invoice.amount, invoice.gst);
  const earlier = input.paymentIntentId ? await findPaymentByRef(tx, input.paymentIntentId) : void 0;
  if (input.paymentIntentId && (!earlier || earlier.invoiceId !== invoice.id)) {
    throw new AppError("VALIDATION", MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentIntentId: [MSG_CONFIRM_PAYMENT_FIELDS] } });
  }
  const attempt = await countUnsuccessfulAttempts(tx, invoice.id) + 1;
  const idempotencyKey = earlier?.idempotencyKey ?? `permitdesk-promotion-${row.id}-${invoice.purposeKey}-attempt-${attempt}`;
  let result;
  try {
    result = await deps.gateway.charge(
      {
        amount: total,
        idempotencyKey,
        description: `Invoice ${invoice.invoiceNumber} (promotion ${row.id})`,
        metadata: { invoiceNumber: invoice.invoiceNumber, promotionId: row.id },
        ...deps.gateway.acceptsRawCards && !input.paymentIntentId ? { card } : {},
        ...input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {},
        ...input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}
      },
      now
    );
  } catch (error) {
    throw new AppError("PAYMENT_FAILED", MSG_CARD_MAY_HAVE_BEEN_CHARGED, { cause: error, internalMessage: `gateway error for ${idempotencyKey}` });
  }
  const record = {
    gatewayRef: result.ref,
    status: result.status,
    brand: result.brand,
    last4: result.last4,
    message: result.status === "succeeded" ? null : result.message,
    isReattempt: input.isReattempt
  };
  const payment = earlier ? await updatePayment(tx, earlier.id, record) : await insertPayment(tx, { ...record, invoiceId: invoice.id, promotionId: row.id, gateway: deps.gateway.name, idempotencyKey, amount: total });
  if (result.status === "requires_action" && result.clientSecret) {
    return { kind: "requires_action", clientSecret: result.clientSecret, paymentIntentId: result.ref, paymentId: payment.id };
  }
  if (result.status !== "succeeded") return { kind: "failed", message: result.message };
  const paid = await updateInvoice(tx, invoice.id, { method: "card", ccSurcharge: surcharge, paidAt: now });
  return { kind: "paid", invoice: paid, card: { brand: result.brand, last4: result.last4 } };
}
function statusView(statusId) {
  const status = getPermitStatus(statusId);
  return { id: status.id, name: status.name, slug: status.slug };
}
async function submitPermitApplication(deps, actor, input, prepare) {
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const byCard = !input.isBPAY || input.isCardAfterBpay;
  const rawCard = Boolean(input.cardNumber || input.cardSecurityCode || input.cardExpiry);
  if (byCard && rawCard && !deps.gateway.acceptsRawCards) {
    throw new AppError("VALIDATION", MSG_RAW_CARD_REFUSED, { modelState: { cardNumber: [MSG_RAW_CARD_REFUSED] } });
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findPromotion(tx, actor, input.id, { forUpdate: true });
    if (!found) throw new AppError("NOT_FOUND");
    const row = prepare ? await prepare(tx, found) : found;
    const role = actor.isStaff ? "admin" : "customer";
    if (!PAYABLE.has(row.statusId) && row.statusId !== PERMIT_STATUS_IDS.pendingPaymentClearance) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((invoice2) => invoice2.paidAt).at(-1);
      if (paid && AFTER_PAYMENT.has(row.statusId)) return { kind: "done", row, invoice: paid, card: null, fresh: false };
      throw new AppError("CONFLICT", MSG_NOT_READY_FOR_PAYMENT);
    }
    if (row.statusId === PERMIT_STATUS_IDS.pendingPaymentClearance && !byCard) {
      const pending = (await findSubmissionInvoices(tx, row.id)).find((invoice2) => !invoice2.paidAt && invoice2.method === "bpay");
      return { kind: "done", row, invoice: pending ?? null, card: null, fresh: false };
    }
    const event = row.statusId === PERMIT_STATUS_IDS.pendingPaymentClearance ? "PAY_CARD_AFTER_BPAY" : byCard ? "SUBMIT_CARD" : "SUBMIT_BPAY";
    const invoice = await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) });
    assertStillOwed(invoice, input);
    const firstSubmission = invoice?.purpose === "submission" || invoice === null && row.statusId === PERMIT_STATUS_IDS.readySubmission;
    const context = {
      managedSubmission: row.managedSubmission,
      termsAwaitingApproval: firstSubmission && row.managedSubmission && termsBought(row),
      resubmission: row.statusId === PERMIT_STATUS_IDS.readyResubmission || row.statusId === PERMIT_STATUS_IDS.readyRegenerate || invoice !== null && invoice.purpose !== "submission"
    };
    const effectiveEvent = invoice === null && event === "SUBMIT_BPAY" ? "SUBMIT_CARD" : event;
    const check2 = resolveTransition({ from: row.statusId, event: effectiveEvent, role, ...context });
    if (!check2.ok) throw new AppError("CONFLICT", MSG_NOT_READY_FOR_PAYMENT);
    if (invoice === null && check2.to === row.statusId) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((i) => i.paidAt).at(-1);
      if (paid) return { kind: "done", row, invoice: paid, card: null, fresh: false };
    }
    let paidInvoice = invoice;
    let charged = null;
    if (invoice && effectiveEvent === "SUBMIT_BPAY") {
      paidInvoice = await updateInvoice(tx, invoice.id, { method: "bpay", crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 });
    } else if (invoice) {
      const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now);
      if (result.kind === "failed") return result;
      if (result.kind === "requires_action") return { kind: "requires_action", row, invoice, clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId };
      paidInvoice = result.invoice;
      charged = result.card;
    }
    const to = requireTransition({ from: row.statusId, event: effectiveEvent, role, ...context });
    const after = await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "permit",
      entityId: row.id,
      action: "submitPermitApplication",
      changes: {
        statusId: { from: row.statusId, to },
        ...paidInvoice ? { invoice: { from: null, to: `${paidInvoice.invoiceNumber} ${paidInvoice.paidAt ? "paid by card" : "awaiting BPAY"}` } } : {}
      }
    });
    await publishEvent(tx, "promotion.submitted", { promotionId: row.id, statusId: to });
    if (paidInvoice?.paidAt) await publishEvent(tx, "promotion.paid", { promotionId: row.id, invoiceNumber: paidInvoice.invoiceNumber });
    return { kind: "done", row: after, invoice: paidInvoice, card: charged, fresh: true };
  });
  if (outcome.kind === "failed") throw new AppError("PAYMENT_FAILED", outcome.message);
  if (outcome.kind === "requires_action") {
    return {
      id: outcome.row.id,
      permitStatus: statusView(outcome.row.statusId),
      invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }),
      card: null,
      requiresAction: { clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId }
    };
  }
  if (outcome.fresh && deps.afterCommit) {
    const invoice = outcome.invoice;
    deps.afterCommit({
      kind: !invoice ? "submitted-only" : invoice.paidAt ? "paid" : "bpay",
      promotionId: outcome.row.id,
      promotionName: outcome.row.name,
      statusId: outcome.row.statusId,
      userId: outcome.row.userId,
      invoiceNumber: invoice?.invoiceNumber ?? null
    });
  }
  return {
    id: outcome.row.id,
    permitStatus: statusView(outcome.row.statusId),
    invoice: outcome.invoice ? toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }) : null,
    card: outcome.card
  };
}

// api/src/modules/payments/get-invoices.ts
async function getInvoice(db, viewer, invoiceNumber, billerCode) {
  const row = await findInvoiceByNumber(db, viewer, invoiceNumber);
  if (!row) throw new AppError("NOT_FOUND");
  return toInvoiceView(row, { billerCode });
}
async function getInvoices(db, viewer, filter, billerCode) {
  if (filter.promotionId !== void 0 && !await findPromotion(db, viewer, filter.promotionId)) throw new AppError("NOT_FOUND");
  const { rows, total } = await listInvoices(db, viewer, filter);
  return {
    invoices: rows.map(({ invoice, promotionName }) => toInvoiceView(invoice, { billerCode, promotionName })),
    invoiceCount: total,
    page: filter.page,
    count: filter.count
  };
}
async function pendingInvoicesOf(db, row) {
  const unpaid = await findUnpaidInvoices(db, row.id);
  const wire = (invoiceNumber, amount, gst, method) => ({
    invoiceNumber,
    amount: toDollars(amount),
    gst: toDollars(gst),
    // BPAY invoices carry no surcharge; otherwise the 1.5% a card payment adds (001 §9).
    ccSurcharge: toDollars(method === "bpay" ? 0 : cardTotal(amount, gst).surcharge)
  });
  const pick2 = (purposes) => {
    const invoice = unpaid.find((i) => purposes.includes(i.purpose));
    return invoice ? wire(invoice.invoiceNumber, invoice.amount, invoice.gst, invoice.method) : null;
  };
  let pendingSubmissionInvoice = pick2(["submission", "additional"]);
  if (!pendingSubmissionInvoice) {
    const live = await findSubmissionInvoices(db, row.id);
    if (live.some((i) => i.paidAt)) {
      const { amount, gst } = owedDifference(row, live);
      if (amount + gst > 0) pendingSubmissionInvoice = wire(null, amount, gst, null);
    }
  }
  return { pendingSubmissionInvoice, pendingCustomInvoice: pick2(["custom"]) };
}

// api/src/modules/reminders/distribution-lists.ts
import { parse } from "csv-parse/sync";
function distributionListView(row) {
  return { id: row.id, name: row.name, emails: row.emails };
}
function normaliseEmail(value) {
  return value.trim().toLowerCase();
}
function parseEmailRows(text33, { csv = false } = {}) {
  let records;
  try {
    records = parse(text33.replace(/;/g, ","), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true, bom: true });
  } catch {
    throw new AppError("VALIDATION", MSG_LIST_CSV_INVALID, { modelState: { csv: [MSG_LIST_CSV_INVALID] } });
  }
  const emails = [];
  const rejected = [];
  for (const { record, info } of records) {
    const cells = record.map((cell) => cell.trim()).filter(Boolean);
    if (cells.length === 0) continue;
    if (csv && info.lines === 1 && !cells.some((cell) => cell.includes("@"))) continue;
    const candidates = cells.filter((cell) => cell.includes("@"));
    if (candidates.length === 0) {
      rejected.push({ line: info.lines, value: cells.join(", "), message: MSG_LIST_ROW_INVALID(info.lines, cells.join(", ")) });
      continue;
    }
    for (const cell of candidates) {
      if (EMAIL_PATTERN.test(cell)) emails.push(normaliseEmail(cell));
      else rejected.push({ line: info.lines, value: cell, message: MSG_LIST_ROW_INVALID(info.lines, cell) });
    }
  }
  return { emails, rejected };
}
async function getDistributionLists(db, owner) {
  return (await listDistributionLists(db, owner.userId)).map(distributionListView);
}
async function createDistributionList(db, owner, name) {
  return distributionListView(await insertDistributionList(db, owner.userId, name));
}
async function addDistributionListEmails(db, owner, id, input) {
  const { emails, rejected } = input.text !== void 0 ? parseEmailRows(input.text, { csv: input.csv }) : { emails: [normaliseEmail(input.email ?? "")], rejected: [] };
  if (emails.length === 0) {
    const messages = rejected.length > 0 ? rejected.map((row) => row.message) : [MSG_LIST_EMAILS_REQUIRED];
    throw new AppError("VALIDATION", messages[0], { modelState: { emails: messages } });
  }
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true });
    if (!list) throw new AppError("NOT_FOUND", MSG_LIST_NOT_FOUND);
    const merged = [.../* @__PURE__ */ new Set([...list.emails, ...emails])];
    const added = merged.length - list.emails.length;
    const row = await updateDistributionListEmails(tx, id, merged);
    return { ...distributionListView(row), added, rejected };
  });
}
async function removeDistributionListEmail(db, owner, id, email2) {
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true });
    if (!list) throw new AppError("NOT_FOUND", MSG_LIST_NOT_FOUND);
    const target = normaliseEmail(email2);
    return distributionListView(await updateDistributionListEmails(tx, id, list.emails.filter((e) => e !== target)));
  });
}
async function removeDistributionList(db, owner, id) {
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true });
    if (!list) throw new AppError("NOT_FOUND", MSG_LIST_NOT_FOUND);
    await deleteDistributionList(tx, id);
    return { id };
  });
}

// api/src/modules/reminders/promotion-reminders.ts
function datesSourceOf(row) {
  return { permit: row.permit, details: row.details, applicant: row.applicant, states: { act: row.stateAct, sa: row.stateSa, nsw: row.stateNsw } };
}
function choicesOf(rows) {
  return rows.filter((row) => REMINDER_KINDS.includes(row.kind)).map((row) => ({
    kind: row.kind,
    accountHolder: row.accountHolder,
    distributionListIds: row.distributionListIds,
    daysBefore: row.daysBefore ?? void 0
  }));
}
function plannedView(planned, sent) {
  const wasSent = planned.reminderDate !== null && sent.has(`${planned.kind}:${planned.reminderDate}`);
  const status = wasSent ? "sent" : planned.status;
  return {
    kind: planned.kind,
    label: planned.label,
    date: planned.date,
    daysBefore: planned.daysBefore,
    businessDays: planned.businessDays,
    reminderDate: planned.reminderDate,
    sendAt: planned.sendAt?.toISOString() ?? null,
    status,
    message: status === "past" ? MSG_REMINDER_PAST : status === "no-date" ? MSG_REMINDER_NO_DATE : null,
    accountHolder: planned.accountHolder,
    distributionListIds: planned.distributionListIds
  };
}
async function getPromotionReminders(db, owner, promotionId) {
  const promotion = await findPromotion(db, owner, promotionId);
  if (!promotion) throw new AppError("NOT_FOUND");
  return remindersView(db, promotion);
}
async function remindersView(db, promotion) {
  const clock = { now: /* @__PURE__ */ new Date() };
  const rows = await findPromotionReminders(db, promotion.id);
  const deliveries = await deliveriesOf(db, promotion.id);
  const unsubscribed = await unsubscribedEmails(db, promotion.id);
  const lists = await listDistributionLists(db, promotion.userId);
  const sent = new Set(deliveries.map((d) => `${d.kind}:${d.reminderDate}`));
  const ownerEmail = await ownerEmailOf(db, promotion.userId);
  return {
    promotionId: promotion.id,
    unsubscribed: ownerEmail ? unsubscribed.has(ownerEmail.toLowerCase()) : false,
    dates: promotionKeyDates(datesSourceOf(promotion)).map((date5) => ({ ...date5, daysLeft: daysLeft(date5.date, clock) })),
    reminders: planReminders(choicesOf(rows), datesSourceOf(promotion), clock).map((planned) => plannedView(planned, sent)),
    distributionLists: lists.map(distributionListView)
  };
}
async function ownerEmailOf(db, userId) {
  return findUserEmail(db, userId);
}
async function saveReminders(db, owner, input) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, owner, input.promotionId, { forUpdate: true });
    if (!promotion) throw new AppError("NOT_FOUND");
    const byKind = /* @__PURE__ */ new Map();
    for (const choice of input.reminders) byKind.set(choice.kind, { ...choice, distributionListIds: [...new Set(choice.distributionListIds)] });
    const listIds = [...new Set([...byKind.values()].flatMap((choice) => choice.distributionListIds))];
    const lists = await distributionListsByIds(tx, promotion.userId, listIds);
    if (lists.length !== listIds.length) throw new AppError("NOT_FOUND", MSG_LIST_NOT_FOUND);
    const before = choicesOf(await findPromotionReminders(tx, promotion.id));
    const rows = [...byKind.values()].map((choice) => ({
      kind: choice.kind,
      daysBefore: choice.daysBefore ?? null,
      accountHolder: choice.accountHolder,
      distributionListIds: choice.distributionListIds
    }));
    await replacePromotionReminders(tx, promotion.id, rows);
    await insertChange(tx, {
      promotionId: promotion.id,
      userId: owner.userId,
      entity: "promotion",
      entityId: promotion.id,
      action: "save-reminders",
      changes: { reminders: { from: before, to: [...byKind.values()] } }
    });
    await publishEvent(tx, "reminders.saved", { promotionId: promotion.id });
    return remindersView(tx, promotion);
  });
}
async function reminderStateOf(db, promotion) {
  const rows = await findPromotionReminders(db, promotion.id);
  const unsubscribed = await unsubscribedEmails(db, promotion.id);
  const ownerEmail = await ownerEmailOf(db, promotion.userId);
  return {
    unsubscribed: ownerEmail ? unsubscribed.has(ownerEmail.toLowerCase()) : false,
    reminders: rows.map((row) => ({ kind: row.kind, daysBefore: row.daysBefore, accountHolder: row.accountHolder, distributionListIds: row.distributionListIds }))
  };
}

// api/src/modules/promotions/promotion-view.ts
function permitStatusOf(statusId) {
  const s = getPermitStatus(statusId);
  return { id: s.id, name: s.name, slug: s.slug };
}
function flags(row) {
  const hasTermsAndConditions = row.termsAndConditions || row.abridgedTC || row.hostedTC || row.skillsBasedTC;
  const hasRandomDraw = row.randomDraw;
  const hasWinnerPublication = Boolean(row.permit.winnerPublication);
  return { hasTermsAndConditions, hasRandomDraw, hasWinnerPublication };
}
function servicesStringOf(row) {
  const parts2 = [];
  if (!row.skillsBasedTC) parts2.push(row.managedSubmission ? "Managed permit submission" : "Self submission");
  if (row.randomDraw) parts2.push("Random draw");
  if (row.termsAndConditions) parts2.push("Terms and conditions (game of chance)");
  if (row.skillsBasedTC) parts2.push("Terms and conditions (game of skill)");
  if (row.abridgedTC) parts2.push("Abridged terms and conditions");
  if (row.hostedTC) parts2.push("Hosted terms and conditions");
  return parts2.join(", ");
}
function durationStringOf(row) {
  const permit = row.permit;
  if (!permit.startDate || !permit.endDate) return "";
  const days = Math.round((Date.parse(`${permit.endDate}T00:00:00Z`) - Date.parse(`${permit.startDate}T00:00:00Z`)) / 864e5) + 1;
  return days > 0 ? durationString(days) : "";
}
function toListItem(row) {
  return promotionToWire(listItemOf(row));
}
function listItemOf(row) {
  return {
    id: row.id,
    name: row.name,
    permitStatus: permitStatusOf(row.statusId),
    startDate: row.startDate,
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    totalPrizeValue: row.totalPrizeValue,
    postSubmissionTotalPrizeValue: row.postSubmissionTotalPrizeValue,
    isSubmittedOrGenerated: isSubmittedOrGenerated(row.statusId),
    managedSubmission: row.managedSubmission,
    skillsBasedTC: row.skillsBasedTC,
    hasTermsAndConditions: flags(row).hasTermsAndConditions,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString()
  };
}
function toPromotion(row, notes) {
  const f = flags(row);
  const permitStatus = permitStatusOf(row.statusId);
  const { ruleSetId, ...fees } = row.fees;
  const application = applicationOf(row);
  const { completedSections, applicationComplete, ...derived } = deriveApplicationState(application, { now: /* @__PURE__ */ new Date() });
  const { permit: _permit, ...applicationFields } = application;
  return promotionToWire({
    ...applicationFields,
    attachments: row.attachments,
    ...listItemOf(row),
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    randomDraw: row.randomDraw,
    termsAndConditions: row.termsAndConditions,
    abridgedTC: row.abridgedTC,
    hostedTC: row.hostedTC,
    requiresPermits: row.requiresPermits,
    lawyerContactRequested: row.lawyerContactRequested,
    ...f,
    serviceLineCount: [f.hasTermsAndConditions, f.hasRandomDraw, f.hasWinnerPublication].filter(Boolean).length,
    servicesString: servicesStringOf(row),
    durationString: durationStringOf(row),
    ...notes,
    ...derived,
    permit: { ...row.permit, applicant: row.applicant, completedSections, applicationComplete, permitStatus, ...fees, isSAFeePremium: fees.isSAFeePremium === true, feeRuleSetId: ruleSetId },
    permitApplicant: row.applicant,
    versionNumber: row.version,
    // documentFileName: the permit document staff uploaded with the number, now the customer's upload (issue 25).
    permitNumbers: Object.entries(row.permitNumbers ?? {}).map(([state, p]) => ({ state, number: p.number, approvalDate: p.approvalDate, expiryDate: p.expiryDate, documentFileName: p.fileName ?? null }))
  });
}

// api/src/modules/promotions/get-promotion.ts
async function getPromotion(db, owner, id) {
  const row = await findPromotion(db, owner, id);
  if (!row) throw new AppError("NOT_FOUND");
  const notes = await notesSummary(db, row.id);
  const window = await skillEditWindow(db, row, /* @__PURE__ */ new Date());
  return {
    ...toPromotion(row, notes),
    ...await pendingInvoicesOf(db, row),
    ...await reminderStateOf(db, row),
    skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null
  };
}

// api/src/modules/promotions/get-reuse-list.ts
async function getReuseList(db, owner, search, exclude) {
  const rows = await findReuseList(db, owner, search, exclude);
  return rows.map(toListItem);
}

// api/src/modules/promotions/list-promotions.ts
async function listPromotions2(db, owner, query) {
  const direction = query.direction ?? (query.sort === "date" ? "desc" : "asc");
  const { rows, total } = await listPromotions(db, { ...query, owner, direction });
  return { promotions: rows.map(toListItem), promotionCount: total };
}

// api/src/modules/promotions/modify-promotion.ts
var FIXED_AFTER_SUBMISSION = ["stateAct", "stateNsw", "stateSa", "stateVic", "stateNt", "stateWa", "stateQld", "stateTas", "includeNz", "managedSubmission", "skillsBasedTC"];
async function modifyPromotion(db, owner, body) {
  const { id, ...input } = body;
  const promotionId = Number(id);
  if (!Number.isInteger(promotionId) || promotionId <= 0) throw new AppError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, promotionId, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    if (!isEditableStatus(before.statusId)) throw new AppError("CONFLICT", MSG_PROMOTION_NOT_MODIFIABLE, { modelState: { "": [MSG_PROMOTION_NOT_MODIFIABLE] } });
    await assertSkillAmendable(tx, owner, before, /* @__PURE__ */ new Date());
    const columns = formColumns(input);
    if (isSubmittedOrGenerated(before.statusId)) {
      const changed = FIXED_AFTER_SUBMISSION.filter((key) => columns[key] !== before[key]);
      if (changed.length > 0) {
        throw new AppError("CONFLICT", MSG_PROMOTION_FIXED_AFTER_SUBMISSION, {
          modelState: Object.fromEntries(changed.map((key) => [key.startsWith("state") ? "ausStates" : key, [MSG_PROMOTION_FIXED_AFTER_SUBMISSION]]))
        });
      }
      columns.postSubmissionTotalPrizeValue = columns.totalPrizeValue;
      columns.totalPrizeValue = before.totalPrizeValue;
    }
    const { fees, requiresPermits } = computeFees({ ...columns, skillsTcPaymentOption: before.skillsTcPaymentOption, postSubmissionTotalPrizeValue: columns.postSubmissionTotalPrizeValue ?? before.postSubmissionTotalPrizeValue, details: before.details }, await pricingRuleSet(tx, before));
    const state = deriveApplicationState(applicationOf({ ...before, ...columns, fees, requiresPermits }), { now: /* @__PURE__ */ new Date() });
    const statusId = statusAfterSave(before.statusId, state.applicationComplete, columns.managedSubmission ?? before.managedSubmission);
    const after = await updatePromotion(tx, before.id, { ...columns, fees, requiresPermits, statusId });
    await cancelStaleInvoices(tx, after, owner.userId);
    await publishEvent(tx, "promotion.saved", { promotionId: after.id, statusId: after.statusId });
    const changes = diffFields(pick(before), pick(after));
    await insertChange(tx, { promotionId: before.id, userId: owner.userId, entity: "promotion", entityId: before.id, action: "modify", changes });
    return { id: before.id };
  });
}
function pick(row) {
  const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, version: _v, permit: _p, applicant: _a, fees, ...rest } = row;
  return { ...rest, feeDue_GrandTotal: fees.feeDue_GrandTotal };
}

// api/src/mail/payment-templates.ts
function paymentReceiptTemplate(brand, { firstName, invoiceNumber, total, promotionName, dashboardUrl, method }) {
  return layout(brand, {
    subject: `Payment received: tax invoice ${invoiceNumber}`,
    heading: `Thank you, ${firstName}`,
    paragraphs: [
      `We received your ${method === "bpay" ? "BPAY" : "card"} payment of ${formatCurrency(total)} for ${promotionName}.`,
      `Your tax invoice ${invoiceNumber} is attached.`
    ],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function bpayInstructionsTemplate(brand, { firstName, invoiceNumber, total, promotionName, dashboardUrl, billerCode, crn }) {
  return layout(brand, {
    subject: `BPAY payment details for invoice ${invoiceNumber}`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `To pay for ${promotionName} by BPAY, use these details in your bank's BPAY service:`,
      `Biller code: ${billerCode}`,
      `Reference number (CRN): ${crn}`,
      `Amount: ${formatCurrency(total)}`,
      'Your application waits in "Pending payment clearance" and is submitted once the payment clears. You can also pay by card instead from the promotion.',
      `Tax invoice ${invoiceNumber} is attached.`
    ],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function submittedTemplate(brand, { firstName, promotionName, statusName, nextStep, dashboardUrl }) {
  return layout(brand, {
    subject: `${promotionName}: ${statusName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Thank you: we have received your payment for ${promotionName}. Its status is now "${statusName}".`, nextStep],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function invoiceCopyTemplate(brand, { firstName, invoiceNumber, promotionName, dashboardUrl }) {
  return layout(brand, {
    subject: `Tax invoice ${invoiceNumber}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`As requested, tax invoice ${invoiceNumber} for ${promotionName} is attached.`],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function amendmentStartedTemplate(brand, { firstName, promotionName, editUrl }) {
  return layout(brand, {
    subject: `${promotionName}: amendment started`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `You started an amendment of the permit application for ${promotionName}. It is now "Amendments in progress".`,
      "Make your changes and submit the application again. If the changes raise the fees, only the difference is charged."
    ],
    action: { label: "Continue the amendment", url: editUrl }
  });
}
function additionalPaymentDueTemplate(brand, { firstName, promotionName, total, dashboardUrl }) {
  return layout(brand, {
    subject: `${promotionName}: additional payment due`,
    heading: `Hello ${firstName}`,
    paragraphs: [`The changes to ${promotionName} raised its fees. An additional payment of ${formatCurrency(total)} (including GST) is due; only the difference is charged.`],
    action: { label: "Pay the additional fees", url: dashboardUrl }
  });
}

// api/src/documents/document-shell.tsx
import { renderToStaticMarkup } from "react-dom/server";
import { jsx, jsxs } from "react/jsx-runtime";
var PRINT_CSS = `
  * { box-sizing: border-box; }
  body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 10.5pt; color: #14213d; margin: 0; }
  h1 { font-size: 18pt; margin: 0 0 2mm; }
  h2 { font-size: 12.5pt; margin: 7mm 0 2mm; padding-bottom: 1mm; border-bottom: 1.5px solid #0b6e4f; break-after: avoid; }
  h3 { font-size: 11pt; margin: 4mm 0 1mm; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; vertical-align: top; padding: 1.2mm 2mm; border-bottom: 0.5px solid #d4d6d9; }
  th { width: 38%; font-weight: 600; color: #3b4252; }
  thead th { width: auto; border-bottom: 1px solid #9aa0a6; }
  tr { break-inside: avoid; }
  .muted { color: #5c6370; }
  .missing { color: #b42318; font-style: italic; }
  .banner { background: #fff4e5; border: 1px solid #f5a623; padding: 3mm; margin: 3mm 0; }
  .header { display: flex; justify-content: space-between; align-items: flex-start; }
  .money { text-align: right; font-variant-numeric: tabular-nums; }
`;
function renderDocument(title2, body) {
  const markup = renderToStaticMarkup(
    /* @__PURE__ */ jsxs("html", { lang: "en-AU", children: [
      /* @__PURE__ */ jsxs("head", { children: [
        /* @__PURE__ */ jsx("meta", { charSet: "utf-8" }),
        /* @__PURE__ */ jsx("title", { children: title2 }),
        /* @__PURE__ */ jsx("style", { children: PRINT_CSS })
      ] }),
      /* @__PURE__ */ jsx("body", { children: body })
    ] })
  );
  return `<!doctype html>${markup}`;
}

// api/src/documents/tax-invoice.tsx
import { Fragment, jsx as jsx2, jsxs as jsxs2 } from "react/jsx-runtime";
function renderTaxInvoice(invoice, provider) {
  const total = invoice.amount + invoice.gst + invoice.ccSurcharge;
  const status = invoice.cancelledAt ? `Cancelled ${formatDate(invoice.cancelledAt)}` : invoice.paidAt ? `Paid ${formatDate(invoice.paidAt)}${invoice.method ? ` by ${invoice.method === "bpay" ? "BPAY" : "card"}` : ""}` : "Awaiting payment";
  return renderDocument(
    `Tax invoice ${invoice.invoiceNumber}`,
    /* @__PURE__ */ jsxs2(Fragment, { children: [
      invoice.testMode && /* @__PURE__ */ jsx2("p", { style: { margin: "0 0 12px", padding: "6px", background: "#8a4b00", color: "#fff", textAlign: "center", fontWeight: 700 }, "data-test-mode": "true", children: MSG_TEST_MODE }),
      /* @__PURE__ */ jsxs2("div", { className: "header", children: [
        /* @__PURE__ */ jsxs2("div", { children: [
          /* @__PURE__ */ jsx2("h1", { children: "Tax invoice" }),
          /* @__PURE__ */ jsxs2("p", { children: [
            "Invoice number ",
            /* @__PURE__ */ jsx2("strong", { children: invoice.invoiceNumber }),
            /* @__PURE__ */ jsx2("br", {}),
            "Date of issue ",
            formatDate(invoice.createdAt),
            /* @__PURE__ */ jsx2("br", {}),
            status
          ] })
        ] }),
        /* @__PURE__ */ jsxs2("div", { children: [
          /* @__PURE__ */ jsx2("strong", { children: provider.name }),
          /* @__PURE__ */ jsx2("br", {}),
          "ABN ",
          provider.abn ?? "(not set in the site settings)",
          provider.address && /* @__PURE__ */ jsxs2(Fragment, { children: [
            /* @__PURE__ */ jsx2("br", {}),
            provider.address
          ] }),
          provider.email && /* @__PURE__ */ jsxs2(Fragment, { children: [
            /* @__PURE__ */ jsx2("br", {}),
            provider.email
          ] })
        ] })
      ] }),
      /* @__PURE__ */ jsx2("h2", { children: "Bill to" }),
      /* @__PURE__ */ jsxs2("p", { children: [
        invoice.customer.accountName || `${invoice.customer.name}`,
        /* @__PURE__ */ jsx2("br", {}),
        invoice.customer.name,
        " (",
        invoice.customer.email,
        ")",
        /* @__PURE__ */ jsx2("br", {}),
        "Promotion ",
        invoice.promotion.id,
        ": ",
        invoice.promotion.name || "Untitled permit"
      ] }),
      /* @__PURE__ */ jsx2("h2", { children: "Services" }),
      /* @__PURE__ */ jsxs2("table", { children: [
        /* @__PURE__ */ jsx2("thead", { children: /* @__PURE__ */ jsxs2("tr", { children: [
          /* @__PURE__ */ jsx2("th", { children: "Description" }),
          /* @__PURE__ */ jsx2("th", { className: "money", children: "GST" }),
          /* @__PURE__ */ jsx2("th", { className: "money", children: "Amount (ex GST)" })
        ] }) }),
        /* @__PURE__ */ jsxs2("tbody", { children: [
          invoice.lines.map((line, i) => /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: line.description }),
            /* @__PURE__ */ jsx2("td", { className: "money", children: line.taxable ? "10%" : "GST-free" }),
            /* @__PURE__ */ jsx2("td", { className: "money", children: formatCurrency(line.amount) })
          ] }, i)),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: "Subtotal (ex GST)" }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", children: formatCurrency(invoice.amount) })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: "GST" }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", "data-field": "gst", children: formatCurrency(invoice.gst) })
          ] }),
          invoice.ccSurcharge > 0 && /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: "Card surcharge (1.5%)" }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", children: formatCurrency(invoice.ccSurcharge) })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: /* @__PURE__ */ jsx2("strong", { children: "Total (including GST)" }) }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", children: /* @__PURE__ */ jsx2("strong", { children: formatCurrency(total) }) })
          ] })
        ] })
      ] }),
      invoice.method === "bpay" && invoice.crn && /* @__PURE__ */ jsxs2(Fragment, { children: [
        /* @__PURE__ */ jsx2("h2", { children: "Pay by BPAY" }),
        /* @__PURE__ */ jsx2("table", { children: /* @__PURE__ */ jsxs2("tbody", { children: [
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("th", { children: "Biller code" }),
            /* @__PURE__ */ jsx2("td", { children: invoice.billerCode })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("th", { children: "Reference number (CRN)" }),
            /* @__PURE__ */ jsx2("td", { children: invoice.crn })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("th", { children: "Amount" }),
            /* @__PURE__ */ jsx2("td", { children: formatCurrency(total) })
          ] })
        ] }) })
      ] })
    ] })
  );
}

// api/src/modules/payments/provider-details.ts
import fs4 from "node:fs";
function providerDetails(dataDir) {
  try {
    const { settings } = JSON.parse(fs4.readFileSync(contentFileFor(dataDir), "utf8"));
    const a = settings.address;
    const address2 = a ? [a.streetAddress, a.locality, a.region, a.postalCode].filter(Boolean).join(", ") : "";
    return { name: settings.legalName || settings.productName || DEFAULT_PRODUCT_NAME, abn: settings.abn ?? null, address: address2 || null, email: settings.email ?? null };
  } catch {
    return { name: DEFAULT_PRODUCT_NAME, abn: null, address: null, email: null };
  }
}

// api/src/modules/payments/get-invoice-pdf.ts
async function taxInvoiceHtml(deps, viewer, invoiceNumber) {
  const invoice = await findInvoiceByNumber(deps.db, viewer, invoiceNumber);
  if (!invoice) throw new AppError("NOT_FOUND");
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId);
  const customer = await findUserById(deps.db, invoice.userId);
  if (!promotion || !customer) throw new AppError("NOT_FOUND");
  const html = renderTaxInvoice(
    {
      ...invoice,
      billerCode: deps.billerCode,
      customer: { name: `${customer.firstName} ${customer.lastName}`.trim(), accountName: customer.accountName, email: customer.email },
      promotion: { id: promotion.id, name: promotion.name }
    },
    providerDetails(deps.dataDir)
  );
  return { invoice, html };
}
async function getInvoicePdf(deps, viewer, invoiceNumber) {
  const { html } = await taxInvoiceHtml(deps, viewer, invoiceNumber);
  return deps.pdf().render(html);
}

// api/src/modules/payments/send-payment-mails.ts
var SUBMITTED_STATUSES = /* @__PURE__ */ new Set([4, 5, 11, 13, 15]);
async function sendPaymentMails(deps, event) {
  const user = await findUserById(deps.db, event.userId);
  if (!user) return;
  const brand = brandFor(deps.config);
  const dashboardUrl = `${deps.config.PUBLIC_URL}/promotions/edit/${event.promotionId}/`;
  const promotionName = promotionTitle(event.promotionName);
  if (event.invoiceNumber !== null && event.kind !== "submitted-only") {
    const { invoice, html } = await taxInvoiceHtml({ db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR }, { userId: user.id, isStaff: true }, event.invoiceNumber);
    const pdf = await deps.pdf().render(html);
    const attachments = [{ filename: `tax-invoice-${invoice.invoiceNumber}.pdf`, content: pdf, contentType: "application/pdf" }];
    const facts2 = { firstName: user.firstName, invoiceNumber: invoice.invoiceNumber, total: invoice.amount + invoice.gst + invoice.ccSurcharge, promotionName, dashboardUrl };
    const email2 = event.kind === "bpay" ? bpayInstructionsTemplate(brand, { ...facts2, billerCode: deps.config.BPAY_BILLER_CODE, crn: invoice.crn ?? "" }) : paymentReceiptTemplate(brand, { ...facts2, method: invoice.method === "bpay" ? "bpay" : "card" });
    await deps.mailer.send({ to: user.email, ...email2, attachments });
  }
  if (event.kind !== "bpay" && SUBMITTED_STATUSES.has(event.statusId)) {
    await deps.mailer.send({ to: user.email, ...submittedTemplate(brand, { firstName: user.firstName, promotionName, statusName: customerStatusName(event.statusId), nextStep: statusNextStep(event.statusId), dashboardUrl }) });
  }
}
function sendPaymentMailsLater(deps, event) {
  sendPaymentMails(deps, event).catch(
    (error) => deps.logger.error("payment mail failed", { promotionId: event.promotionId, invoiceNumber: event.invoiceNumber, error: error instanceof Error ? error.message : String(error) })
  );
}
function sendAmendmentStartedLater(deps, row) {
  const send = async () => {
    const user = await findUserById(deps.db, row.userId);
    if (!user) return;
    const email2 = amendmentStartedTemplate(brandFor(deps.config), { firstName: user.firstName, promotionName: promotionTitle(row.name), editUrl: `${deps.config.PUBLIC_URL}/permit/edit/${row.id}/` });
    await deps.mailer.send({ to: user.email, ...email2 });
  };
  send().catch((error) => deps.logger.error("amendment mail failed", { promotionId: row.id, error: error instanceof Error ? error.message : String(error) }));
}
async function owedAfterPayment(db, promotionId) {
  const row = await findPromotion(db, { userId: 0, isStaff: true }, promotionId);
  if (!row) return 0;
  const live = await findSubmissionInvoices(db, row.id);
  if (!live.some((i) => i.paidAt)) return 0;
  const unpaid = live.filter((i) => !i.paidAt).reduce((sum, i) => sum + i.amount + i.gst, 0);
  const { amount, gst } = owedDifference(row, live);
  return unpaid + amount + gst;
}
function sendAdditionalPaymentDueLater(deps, promotionId, before) {
  const send = async () => {
    const after = await owedAfterPayment(deps.db, promotionId);
    if (after <= before) return;
    const row = await findPromotion(deps.db, { userId: 0, isStaff: true }, promotionId);
    const user = row ? await findUserById(deps.db, row.userId) : void 0;
    if (!row || !user) return;
    const email2 = additionalPaymentDueTemplate(brandFor(deps.config), {
      firstName: user.firstName,
      promotionName: promotionTitle(row.name),
      total: after,
      dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${row.id}/`
    });
    await deps.mailer.send({ to: user.email, ...email2 });
  };
  send().catch((error) => deps.logger.error("additional payment mail failed", { promotionId, error: error instanceof Error ? error.message : String(error) }));
}

// api/src/modules/promotions/request-lawyer-contact.ts
async function requestLawyerContact(db, owner, id) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND");
    if (!before.lawyerContactRequested) {
      await updatePromotion(tx, id, { lawyerContactRequested: true });
      const task = await insertStaffTask(tx, {
        kind: "lawyer-contact",
        note: `Lawyer contact requested for promotion #${id} (${promotionTitle(before.name)}).`,
        promotionId: id,
        requestedBy: owner.userId
      });
      await insertChange(tx, {
        promotionId: id,
        userId: owner.userId,
        entity: "promotion",
        entityId: id,
        action: "request-lawyer-contact",
        changes: { lawyerContactRequested: { from: false, to: true }, staffTaskId: { from: null, to: task.id } }
      });
    }
    return { id, lawyerContactRequested: true, message: MSG_LAWYER_CONTACT_NEXT_STEPS };
  });
}

// api/src/modules/promotions/resolve-attachments.ts
async function resolveAttachments(db, context, sent) {
  const modelState = {};
  const fail = (index16, field, message) => {
    modelState[`attachments.${index16}.${field}`] = [message];
  };
  const uploaded = await findUploadsOwnedBy(
    db,
    sent.filter((a) => a.fileName && a.reuseFromPromotion == null).map((a) => a.fileName),
    [.../* @__PURE__ */ new Set([context.ownerId, context.actorId])]
  );
  const uploadsByName = new Map(uploaded.map((u) => [u.serverFileName, u]));
  const sources = /* @__PURE__ */ new Map();
  const result = /* @__PURE__ */ new Map();
  for (const [index16, attachment] of sent.entries()) {
    const type = getAttachmentType(attachment.attachmentType.code.toUpperCase());
    if (!type) {
      fail(index16, "attachmentType", MSG_ATTACHMENT_TYPE_UNKNOWN);
      continue;
    }
    const base = { attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum }, uploaded: false, isUploading: false };
    if (attachment.reuseFromPromotion != null && attachment.shouldReuse !== false) {
      const sourceId = Number(attachment.reuseFromPromotion);
      if (!sources.has(sourceId)) {
        const source = !Number.isSafeInteger(sourceId) || sourceId <= 0 || sourceId === context.promotionId ? void 0 : await findPromotion(db, { userId: context.ownerId, isStaff: false }, sourceId);
        sources.set(sourceId, source ? source.attachments : null);
      }
      const original = sources.get(sourceId)?.find((a) => a.attachmentType.code === type.code && a.exists && a.fileName);
      if (!original) {
        fail(index16, "reuseFromPromotion", MSG_ATTACHMENT_REUSE_UNAVAILABLE);
        continue;
      }
      result.set(type.code, {
        ...base,
        exists: true,
        reuseFromPromotion: sourceId,
        shouldReuse: true,
        fileName: original.fileName,
        userFileName: original.userFileName,
        fileExtension: original.fileExtension,
        uploadDate: original.uploadDate
      });
      continue;
    }
    if (!attachment.fileName) continue;
    const upload = uploadsByName.get(attachment.fileName);
    if (!upload) {
      fail(index16, "fileName", MSG_ATTACHMENT_FILE_UNKNOWN);
      continue;
    }
    result.set(type.code, {
      ...base,
      exists: true,
      reuseFromPromotion: null,
      shouldReuse: false,
      fileName: upload.serverFileName,
      userFileName: upload.headerFileName,
      fileExtension: upload.fileExtension,
      uploadDate: upload.createdAt.toISOString(),
      submitDate: attachment.submitDate ?? null
    });
  }
  if (Object.keys(modelState).length > 0) {
    throw new AppError("VALIDATION", Object.values(modelState)[0][0], { modelState });
  }
  const attached = [...result.values()];
  const actorsFiles = uploaded.filter((u) => u.userId === context.actorId && attached.some((a) => a.fileName === u.serverFileName && !a.reuseFromPromotion));
  await transferUploads(db, actorsFiles.map((u) => u.serverFileName), context.actorId, context.ownerId);
  return attached;
}

// api/src/modules/promotions/save-promotion.ts
async function lockForEdit(tx, actor, id, versionNumber) {
  const row = await findPromotion(tx, actor, id, { forUpdate: true });
  if (!row) throw new AppError("NOT_FOUND");
  if (!isEditableStatus(row.statusId)) throw new AppError("CONFLICT", MSG_PERMIT_NOT_EDITABLE, { modelState: { "": [MSG_PERMIT_NOT_EDITABLE] } });
  await assertSkillAmendable(tx, actor, row, /* @__PURE__ */ new Date());
  if (versionNumber !== void 0 && versionNumber !== row.version) {
    throw new AppError("CONFLICT", MSG_SAVE_VERSION_CONFLICT, {
      modelState: { versionNumber: [MSG_SAVE_VERSION_CONFLICT] },
      internalMessage: `save of promotion ${id} based on version ${versionNumber}, current ${row.version}`
    });
  }
  return row;
}
async function writeApplication(tx, actor, before, values, action) {
  const merged = { ...before, ...values };
  const { fees, requiresPermits } = computeFees(merged, await pricingRuleSet(tx, before));
  const application = applicationOf({ ...merged, fees, requiresPermits });
  const state = deriveApplicationState(application, { now: /* @__PURE__ */ new Date() });
  const statusId = statusAfterSave(before.statusId, state.applicationComplete, before.managedSubmission);
  const after = await updatePromotion(tx, before.id, { ...values, fees, requiresPermits, statusId });
  await publishEvent(tx, "promotion.saved", { promotionId: after.id, statusId: after.statusId });
  await cancelStaleInvoices(tx, after, actor.userId);
  const changed = Object.keys(values).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length > 0 || statusId !== before.statusId) {
    await insertChange(tx, {
      promotionId: before.id,
      userId: actor.userId,
      entity: "permit",
      entityId: before.id,
      action,
      changes: {
        ...Object.fromEntries(changed.map((key) => [key, { from: summarise(before[key]), to: summarise(after[key]) }])),
        ...statusId !== before.statusId ? { statusId: { from: before.statusId, to: statusId } } : {}
      }
    });
  }
  return after;
}
function summarise(value) {
  if (value === null || typeof value !== "object") return value;
  return "(changed)";
}
async function promotionResponse(db, row) {
  const notes = await notesSummary(db, row.id);
  return toPromotion(row, notes);
}
async function savePromotion(db, actor, input) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber);
    const after = await writeApplication(tx, actor, before, await applicationValues(tx, actor, before, input), "save");
    return promotionResponse(tx, after);
  });
}
async function applicationValues(tx, actor, before, input) {
  const { applicant, ...permit } = input.permit;
  const stored = before.details;
  const details = { ...stored };
  for (const key of CUSTOMER_DETAIL_KEYS) details[key] = input[key] ?? null;
  for (const key of STAFF_DETAIL_KEYS) details[key] = actor.isStaff ? input[key] ?? null : stored[key] ?? null;
  details.actionEntry = actor.isStaff ? input.actionEntry ?? void 0 : mergeActionAnswers(stored.actionEntry, input.actionEntry);
  const attachments = await resolveAttachments(tx, { promotionId: before.id, ownerId: before.userId, actorId: actor.userId }, input.attachments);
  return {
    name: (input.name ?? "").trim(),
    startDate: permit.startDate || before.startDate,
    hasNswAuthority: input.hasNswAuthority ?? before.hasNswAuthority,
    permit,
    applicant: applicant ? stripIds(applicant) : null,
    details,
    attachments
  };
}
function stripIds(applicant) {
  const { id: _id, promotionId: _promotionId, ...rest } = applicant;
  return rest;
}

// api/src/modules/promotions/save-attachments.ts
async function saveAttachments(db, actor, input) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber);
    const attachments = await resolveAttachments(tx, { promotionId: before.id, ownerId: before.userId, actorId: actor.userId }, input.attachments);
    const after = await writeApplication(tx, actor, before, { attachments }, "saveAttachments");
    return promotionResponse(tx, after);
  });
}

// api/src/modules/promotions/save-nsw-authority.ts
async function saveNswAuthority(db, actor, input) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber);
    const application = applicationOf(before);
    const requirements = getPermitRequirements({ ...application, hasNswAuthority: input.hasNswAuthority, startDate: application.permit?.startDate ?? before.startDate });
    const rules = createNswAuthoritySchema({ nswRequired: requirements.nsw.required, hasNswAuthority: input.hasNswAuthority, endDate: application.permit?.endDate });
    const checked = rules.safeParse({
      nswAuthorityNumber: input.nswAuthorityNumber || null,
      nswAuthorityExpiration: input.nswAuthorityExpiration || null,
      nswAuthorityDuration: input.nswAuthorityDuration ?? null
    });
    if (!checked.success) {
      const modelState = Object.fromEntries(checked.error.issues.map((issue2) => [issue2.path.join("."), [issue2.message]]));
      throw new AppError("VALIDATION", checked.error.issues[0].message, { modelState });
    }
    const applicant = {
      ...before.applicant ?? {},
      nswAuthorityNumber: input.hasNswAuthority ? input.nswAuthorityNumber || null : null,
      nswAuthorityExpiration: input.hasNswAuthority ? input.nswAuthorityExpiration || null : null,
      nswAuthorityDuration: input.nswAuthorityDuration ?? null
    };
    const after = await writeApplication(tx, actor, before, { hasNswAuthority: input.hasNswAuthority, applicant }, "saveNswAuthority");
    return promotionResponse(tx, after);
  });
}

// api/src/modules/promotions/promotions.routes.ts
function promotionRoutes(deps) {
  const db = deps.database.db;
  return [
    route({
      method: "post",
      path: "/promotion/create",
      access: "user",
      summary: "Create a promotion (the create form: name, states, total prize value, quiz, services).",
      body: PromotionCreateSchema,
      response: IdResponseSchema,
      idempotent: true,
      handler: ({ user, body }) => createPromotion(db, user.id, body)
    }),
    route({
      method: "post",
      path: "/promotion/modify",
      access: "user",
      summary: "Change the services, states and total prize value of a promotion.",
      body: PromotionModifyBodySchema,
      bodyDoc: PromotionModifyBodyDoc,
      response: IdResponseSchema,
      idempotent: true,
      handler: async ({ owner, body }) => {
        const id = Number(body.id);
        const owedBefore = Number.isSafeInteger(id) ? await owedAfterPayment(db, id) : 0;
        const answer2 = await modifyPromotion(db, owner, body);
        sendAdditionalPaymentDueLater({ db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger }, answer2.id, owedBefore);
        return answer2;
      }
    }),
    route({
      method: "post",
      path: "/promotion/save",
      access: "user",
      summary: "Save the promotion with its permit application; send back what get returned, with versionNumber.",
      body: PermitSaveSchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => savePromotion(db, owner, body)
    }),
    route({
      method: "post",
      path: "/promotion/saveNswAuthority",
      access: "user",
      summary: "Save the NSW authority answer (number, expiry, duration).",
      body: SaveNswAuthoritySchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => saveNswAuthority(db, owner, body)
    }),
    route({
      method: "post",
      path: "/promotion/saveAttachments",
      access: "user",
      summary: "Save the attachment list alone.",
      body: SaveAttachmentsSchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => saveAttachments(db, owner, body)
    }),
    route({
      method: "get",
      path: "/promotion/get",
      access: "user",
      summary: "One promotion with its permit application and fees.",
      query: PromotionIdQuerySchema,
      response: PromotionViewSchema,
      handler: ({ owner, query }) => getPromotion(db, owner, query.id)
    }),
    route({
      method: "get",
      path: "/promotion/list",
      access: "user",
      summary: "My Promotions: one page, sorted and searched.",
      query: PromotionListQuerySchema,
      response: PromotionListResponseSchema,
      // An API key never acts as staff (DESIGN §4), so it lists its owner's promotions only.
      handler: ({ owner, query, res }) => listPromotions2(db, { ...owner, isStaff: owner.isStaff && !res.locals.apiKey }, query)
    }),
    route({
      method: "get",
      path: "/promotion/getReuseList",
      access: "user",
      summary: "The user's promotions to copy details from.",
      query: ReuseListQuerySchema,
      response: PromotionReuseListResponseSchema,
      handler: ({ owner, query }) => getReuseList(db, owner, query.search, query.exclude)
    }),
    route({
      method: "post",
      path: "/promotion/archive",
      access: "user",
      summary: "Archive (default) or un-archive a promotion.",
      body: ArchiveBodySchema,
      response: ArchiveResponseSchema,
      handler: ({ owner, body }) => archivePromotion(db, owner, body.id, body.archived)
    }),
    route({
      method: "post",
      path: "/promotion/delete",
      access: "user",
      summary: "Delete a promotion (toggles the deleted flag).",
      body: PromotionIdBodySchema,
      response: DeleteResponseSchema,
      handler: ({ owner, body }) => deletePromotion(db, owner, body.id)
    }),
    route({
      method: "post",
      path: "/promotion/requestLawyerContact",
      access: "user",
      summary: "Ask for a lawyer to contact the customer about the promotion.",
      body: PromotionIdBodySchema,
      response: LawyerContactResponseSchema,
      handler: ({ owner, body }) => requestLawyerContact(db, owner, body.id)
    })
  ];
}

// api/src/modules/promotion-notes/promotion-notes.routes.ts
import { z as z38 } from "zod";

// api/src/modules/promotion-notes/promotion-notes.ts
import { z as z37 } from "zod";

// api/src/modules/promotion-notes/promotion-notes.repository.ts
import { and as and15, asc as asc6, eq as eq16 } from "drizzle-orm";
async function findNote2(db, owner, noteId) {
  const [row] = await db.select({ note: promotionNotes }).from(promotionNotes).innerJoin(promotions, eq16(promotions.id, promotionNotes.promotionId)).where(owner.isStaff ? eq16(promotionNotes.id, noteId) : and15(eq16(promotionNotes.id, noteId), eq16(promotions.userId, owner.userId), eq16(promotions.deleted, false)));
  return row?.note;
}
async function findNotes2(db, promotionId) {
  return db.select().from(promotionNotes).where(eq16(promotionNotes.promotionId, promotionId)).orderBy(asc6(promotionNotes.id));
}
async function insertNote2(db, values) {
  const [row] = await db.insert(promotionNotes).values(values).returning();
  return row;
}
async function updateNote2(db, id, note) {
  const [row] = await db.update(promotionNotes).set({ note, updatedAt: /* @__PURE__ */ new Date() }).where(eq16(promotionNotes.id, id)).returning();
  return row;
}
async function deleteNote2(db, id) {
  await db.delete(promotionNotes).where(eq16(promotionNotes.id, id));
}

// api/src/modules/promotion-notes/promotion-notes.ts
var NOTE_MAX_LENGTH = 4e3;
var PromotionNoteSaveSchema = z37.object({
  id: RecordIdSchema.nullish(),
  note: z37.string({ error: MSG_NOTE_REQUIRED }).trim().min(1, { error: MSG_NOTE_REQUIRED }).max(NOTE_MAX_LENGTH, { error: `A note can be at most ${NOTE_MAX_LENGTH} characters.` }),
  promotion_id: RecordIdSchema
});
var PromotionNoteIdSchema = z37.object({ id: RecordIdSchema });
function toView3(row) {
  return { id: row.id, note: row.note, promotion_id: row.promotionId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
async function getPromotionNotes(db, owner, promotionId) {
  const promotion = await findPromotion(db, owner, promotionId);
  if (!promotion) throw new AppError("NOT_FOUND");
  return (await findNotes2(db, promotionId)).map(toView3);
}
async function savePromotionNote(db, owner, input) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, owner, input.promotion_id);
    if (!promotion) throw new AppError("NOT_FOUND");
    if (input.id) {
      const before = await findNote2(tx, owner, input.id);
      if (!before || before.promotionId !== promotion.id) throw new AppError("NOT_FOUND");
      const after = await updateNote2(tx, before.id, input.note);
      await insertChange(tx, { promotionId: promotion.id, userId: owner.userId, entity: "promotion-note", entityId: before.id, action: "modify", changes: { note: { from: before.note, to: after.note } } });
      return toView3(after);
    }
    const row = await insertNote2(tx, { promotionId: promotion.id, userId: owner.userId, note: input.note });
    await insertChange(tx, { promotionId: promotion.id, userId: owner.userId, entity: "promotion-note", entityId: row.id, action: "create", changes: { note: { from: null, to: row.note } } });
    return toView3(row);
  });
}
async function deletePromotionNote(db, owner, { id }) {
  return db.transaction(async (tx) => {
    const before = await findNote2(tx, owner, id);
    if (!before) throw new AppError("NOT_FOUND");
    await deleteNote2(tx, id);
    await insertChange(tx, { promotionId: before.promotionId, userId: owner.userId, entity: "promotion-note", entityId: id, action: "delete", changes: { note: { from: before.note, to: null } } });
    return { id };
  });
}

// api/src/modules/promotion-notes/promotion-notes.routes.ts
function promotionNoteRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/promotionNote/get",
      access: "user",
      summary: "A promotion's notes (id is the promotion id).",
      query: PromotionIdQuerySchema,
      response: z38.array(PromotionNoteViewSchema),
      handler: ({ owner, query }) => getPromotionNotes(db, owner, query.id)
    }),
    route({
      method: "post",
      path: "/promotionNote/save",
      access: "user",
      summary: "Add a note (no id) or change one (id).",
      body: PromotionNoteSaveSchema,
      response: PromotionNoteViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => savePromotionNote(db, owner, body)
    }),
    route({
      method: "post",
      path: "/promotionNote/delete",
      access: "user",
      summary: "Delete a note.",
      body: PromotionNoteIdSchema,
      response: IdResponseSchema,
      handler: ({ owner, body }) => deletePromotionNote(db, owner, body)
    })
  ];
}

// api/src/modules/applicants/applicants.routes.ts
import { z as z39 } from "zod";

// api/src/modules/applicants/applicant-view.ts
var APPLICANT_FIELDS = Object.keys(ApplicantDraftSchema.shape);
function text28(value) {
  return typeof value === "string" ? value.trim() : "";
}
function contactNameOf(applicant) {
  const contact = applicant.contact;
  if (!contact || typeof contact !== "object") return null;
  const { firstName, lastName } = contact;
  return [text28(firstName), text28(lastName)].filter(Boolean).join(" ") || null;
}
function toReuseItem(row) {
  const applicant = row.applicant ?? {};
  return {
    id: row.promotionId,
    promotionId: row.promotionId,
    promotionName: row.promotionName,
    organisation: text28(applicant.organisation),
    contactName: contactNameOf(applicant),
    updatedAt: row.updatedAt.toISOString()
  };
}
function toApplicantView(promotionId, applicant) {
  const view = {};
  for (const field of APPLICANT_FIELDS) if (applicant[field] !== void 0) view[field] = applicant[field];
  return { ...view, id: promotionId, promotionId };
}
function isStoredApplicant(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// api/src/modules/applicants/get-applicant.ts
async function getApplicant(db, owner, { id }) {
  const promotion = await findPromotion(db, owner, id);
  if (!promotion || !isStoredApplicant(promotion.applicant)) throw new AppError("NOT_FOUND");
  return toApplicantView(promotion.id, promotion.applicant);
}

// api/src/modules/applicants/applicants.repository.ts
import { and as and16, desc as desc9, eq as eq17, ilike as ilike3, ne as ne4, or as or3, sql as sql20 } from "drizzle-orm";
var REUSE_LIST_LIMIT = 20;
var organisation = sql20`${promotions.applicant} ->> 'organisation'`;
var hasApplicant = sql20`btrim(coalesce(${organisation}, '')) <> ''`;
function escapeLike2(text33) {
  return text33.replace(/[\\%_]/g, (c) => `\\${c}`);
}
function ownApplicants(owner, filter) {
  const conditions = [eq17(promotions.userId, owner.userId), eq17(promotions.deleted, false), hasApplicant];
  if (filter.managedSubmission !== void 0) conditions.push(eq17(promotions.managedSubmission, filter.managedSubmission));
  if (filter.exclude !== void 0) conditions.push(ne4(promotions.id, filter.exclude));
  if (filter.search) {
    const pattern = `%${escapeLike2(filter.search)}%`;
    conditions.push(or3(ilike3(promotions.name, pattern), sql20`${organisation} ilike ${pattern}`));
  }
  return and16(...conditions);
}
var applicantColumns = {
  promotionId: promotions.id,
  promotionName: promotions.name,
  managedSubmission: promotions.managedSubmission,
  applicant: promotions.applicant,
  updatedAt: promotions.updatedAt
};
async function findReusableApplicants(db, owner, filter, limit = REUSE_LIST_LIMIT) {
  return db.select(applicantColumns).from(promotions).where(ownApplicants(owner, filter)).orderBy(desc9(promotions.updatedAt), desc9(promotions.id)).limit(limit);
}
async function findLatestApplicant(db, owner, filter) {
  const [row] = await findReusableApplicants(db, owner, filter, 1);
  return row;
}

// api/src/modules/applicants/get-applicant-reuse-list.ts
async function getApplicantReuseList(db, owner, query) {
  const rows = await findReusableApplicants(db, owner, query);
  return rows.map(toReuseItem);
}

// api/src/modules/applicants/get-latest-applicant.ts
async function getLatestApplicant(db, owner, { managedSubmission }) {
  const row = await findLatestApplicant(db, owner, { managedSubmission });
  return row && isStoredApplicant(row.applicant) ? toApplicantView(row.promotionId, row.applicant) : null;
}

// api/src/modules/applicants/applicants.routes.ts
function applicantRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/applicant/getReuseList",
      access: "user",
      summary: "The applicants of the user's other promotions, to copy from.",
      query: ApplicantReuseListQuerySchema,
      response: z39.array(ApplicantReuseItemSchema),
      handler: ({ owner, query }) => getApplicantReuseList(db, owner, query)
    }),
    route({
      method: "get",
      path: "/applicant/get",
      access: "user",
      summary: "A promotion's applicant (id is the promotion id).",
      query: ApplicantGetQuerySchema,
      response: ApplicantViewSchema,
      handler: ({ owner, query }) => getApplicant(db, owner, query)
    }),
    route({
      method: "get",
      path: "/applicant/getLatest",
      access: "user",
      summary: "The most recently saved applicant, or null.",
      query: ApplicantLatestQuerySchema,
      response: ApplicantViewSchema.nullable(),
      handler: ({ owner, query }) => getLatestApplicant(db, owner, query)
    })
  ];
}

// api/src/modules/compliance-notes/compliance-notes.routes.ts
import { z as z40 } from "zod";

// api/src/modules/compliance-notes/compliance-note-view.ts
function toComplianceNoteView(row) {
  return { id: row.id, promotionId: row.promotionId, categorySlug: row.categorySlug, text: row.text, createdAt: row.createdAt.toISOString() };
}

// api/src/modules/compliance-notes/compliance-notes.repository.ts
import { asc as asc7, eq as eq18 } from "drizzle-orm";
async function findComplianceNotes(db, promotionId) {
  return db.select().from(complianceNotes).where(eq18(complianceNotes.promotionId, promotionId)).orderBy(asc7(complianceNotes.createdAt), asc7(complianceNotes.id));
}
async function insertComplianceNote(db, values) {
  const [row] = await db.insert(complianceNotes).values(values).returning();
  return row;
}
async function deleteComplianceNote(db, id) {
  const deleted = await db.delete(complianceNotes).where(eq18(complianceNotes.id, id)).returning({ id: complianceNotes.id });
  return deleted.length > 0;
}

// api/src/modules/compliance-notes/create-compliance-note.ts
async function createComplianceNote(db, staff, input) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, staff, input.promotionId, { forUpdate: true });
    if (!promotion) throw new AppError("NOT_FOUND");
    const row = await insertComplianceNote(tx, { promotionId: promotion.id, categorySlug: input.categorySlug, text: input.text, createdBy: staff.userId });
    return toComplianceNoteView(row);
  });
}

// api/src/modules/compliance-notes/delete-compliance-note.ts
async function deleteComplianceNote2(db, id) {
  if (!await deleteComplianceNote(db, id)) throw new AppError("NOT_FOUND");
  return { id };
}

// api/src/modules/compliance-notes/get-compliance-notes.ts
async function getComplianceNotes(db, owner, promotionId) {
  const promotion = await findPromotion(db, owner, promotionId);
  if (!promotion) throw new AppError("NOT_FOUND");
  return (await findComplianceNotes(db, promotion.id)).map(toComplianceNoteView);
}

// api/src/modules/compliance-notes/compliance-notes.routes.ts
function complianceNoteRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/ComplianceNote/get",
      access: "user",
      summary: "A promotion's compliance notes.",
      query: ComplianceNoteListQuerySchema,
      response: z40.array(ComplianceNoteViewSchema),
      handler: ({ owner, query }) => getComplianceNotes(db, owner, query.promotionId)
    }),
    route({
      method: "post",
      path: "/ComplianceNote/create",
      access: "staff",
      summary: "Add a compliance note (staff).",
      body: ComplianceNoteCreateSchema,
      response: ComplianceNoteViewSchema,
      handler: ({ owner, body }) => createComplianceNote(db, owner, body)
    }),
    route({
      method: "post",
      path: "/ComplianceNote/delete",
      access: "staff",
      summary: "Delete a compliance note (staff).",
      body: ComplianceNoteDeleteSchema,
      response: IdResponseSchema,
      handler: ({ body }) => deleteComplianceNote2(db, body.id)
    })
  ];
}

// api/src/modules/support-items/support-items.repository.ts
import { sql as sql21 } from "drizzle-orm";
async function findSupportItems(db, kind, limit = 200) {
  try {
    const result = await db.execute(
      sql21`select id, question, answer, "order"::float8 as "order" from cms.support_items where kind = ${kind} order by "order" asc, id asc limit ${limit}`
    );
    return result.rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer, order: Number(r.order) }));
  } catch (error) {
    if (error.code === "42P01" || error.cause?.code === "42P01") return [];
    throw error;
  }
}

// api/src/modules/support-items/support-items.routes.ts
function supportItemRoutes({ database }) {
  const list = (path8, summary, kind, limit) => route({ method: "get", path: path8, access: "public", summary, response: SupportItemsResponseSchema, handler: () => findSupportItems(database.db, kind, limit) });
  return [
    list("/SupportItem/getFAQs", "The FAQ items.", "faq"),
    list("/SupportItem/getHowTos", "The how-to items.", "howto"),
    list("/SupportItem/getFormFAQs", "The permit form's FAQ items.", "form-faq"),
    // 001 §2, §9: eight items, shown as two blocks of four.
    list("/SupportItem/getPromotionListFAQs", "The My Promotions FAQ items (eight).", "promotion-list-faq", PROMOTION_LIST_FAQ_ITEMS)
  ];
}

// api/src/modules/documents/documents.routes.ts
import { Router as Router5 } from "express";

// api/src/documents/working-application.tsx
import { Fragment as Fragment2 } from "react";
import { Fragment as Fragment3, jsx as jsx3, jsxs as jsxs3 } from "react/jsx-runtime";
var text29 = (value) => typeof value === "string" && value.trim() !== "" ? value.trim() : void 0;
var yesNo = (value) => typeof value === "boolean" ? value ? "Yes" : "No" : void 0;
var count6 = (value) => typeof value === "number" && Number.isFinite(value) ? String(value) : void 0;
var money = (value) => typeof value === "number" && Number.isFinite(value) ? formatCurrency(value) : void 0;
var flags2 = (value) => typeof value === "number" && Number.isInteger(value) && value > 0 ? value : void 0;
var dateOf2 = (value) => typeof value === "string" ? formatDate(value) || void 0 : void 0;
var timeOf2 = (day, value) => typeof value === "string" ? formatSydneyTime(typeof day === "string" ? day : null, value) || void 0 : void 0;
var words = (names) => names.length ? names.join(", ") : void 0;
var recordOf = (value) => value && typeof value === "object" && !Array.isArray(value) ? value : {};
var addressOf = (value) => text29(formatAddress(recordOf(value)));
var MISSING = /* @__PURE__ */ jsx3("span", { className: "missing", children: "Not yet answered" });
function Lines({ value }) {
  return value.split(/\r?\n/).map((line, index16) => /* @__PURE__ */ jsxs3(Fragment2, { children: [
    index16 > 0 && /* @__PURE__ */ jsx3("br", {}),
    line
  ] }, index16));
}
function Row({ label, value, multiline }) {
  return /* @__PURE__ */ jsxs3("tr", { children: [
    /* @__PURE__ */ jsx3("th", { scope: "row", children: label }),
    /* @__PURE__ */ jsx3("td", { children: value === void 0 ? MISSING : multiline ? /* @__PURE__ */ jsx3(Lines, { value }) : value })
  ] });
}
function Rows({ children }) {
  return /* @__PURE__ */ jsx3("table", { children: /* @__PURE__ */ jsx3("tbody", { children }) });
}
function DrawRows({ draw: draw2, what }) {
  const multiple = draw2.multipleDates === true;
  return /* @__PURE__ */ jsxs3(Fragment3, { children: [
    /* @__PURE__ */ jsx3(Row, { label: `More than one ${what} date`, value: yesNo(draw2.multipleDates) }),
    multiple ? /* @__PURE__ */ jsx3(Row, { label: `${capitalise(what)} dates`, value: text29(draw2.multipleDatesDetail), multiline: true }) : /* @__PURE__ */ jsxs3(Fragment3, { children: [
      /* @__PURE__ */ jsx3(Row, { label: `${capitalise(what)} date`, value: dateOf2(draw2.date) }),
      /* @__PURE__ */ jsx3(Row, { label: `${capitalise(what)} time`, value: timeOf2(draw2.date, draw2.time) })
    ] }),
    /* @__PURE__ */ jsx3(Row, { label: "Held by (organisation)", value: text29(draw2.locationOrganisation) }),
    /* @__PURE__ */ jsx3(Row, { label: "Held at (address)", value: addressOf(draw2.locationAddress), multiline: true })
  ] });
}
var capitalise = (value) => value.charAt(0).toUpperCase() + value.slice(1);
var SECTIONS = {
  details: ({ promotion, permit }) => {
    const advertising = flags2(permit.advertisingMethodsValue);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Promotion name", value: text29(promotion.name) }),
      /* @__PURE__ */ jsx3(Row, { label: "Start date", value: dateOf2(permit.startDate) }),
      /* @__PURE__ */ jsx3(Row, { label: "Start time", value: timeOf2(permit.startDate, permit.startTime) }),
      /* @__PURE__ */ jsx3(Row, { label: "End date", value: dateOf2(permit.endDate) }),
      /* @__PURE__ */ jsx3(Row, { label: "End time", value: timeOf2(permit.endDate, permit.endTime) }),
      /* @__PURE__ */ jsx3(Row, { label: "Permits required by", value: dateOf2(permit.requiredDate) }),
      /* @__PURE__ */ jsx3(Row, { label: "Open to people under 18", value: yesNo(permit.under18s) }),
      /* @__PURE__ */ jsx3(Row, { label: "Inducements offered", value: yesNo(permit.inducementsOffered) }),
      permit.inducementsOffered === true && /* @__PURE__ */ jsx3(Row, { label: "Inducements", value: text29(permit.inducementsDetail), multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Advertising methods", value: words(advertisingMethodNames(advertising)) }),
      hasFlag(advertising, ADVERTISING_METHOD_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other advertising", value: text29(permit.advertisingMethodsOther) }),
      /* @__PURE__ */ jsx3(Row, { label: "Products or services promoted", value: text29(permit.promotedProducts), multiline: true })
    ] });
  },
  applicant: ({ promotion, applicant, details, requirements }) => {
    const postal = applicant.postalSameAsBusiness === true ? "Same as the business address" : addressOf(applicant.postalAddress);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Organisation", value: text29(applicant.organisation) }),
      /* @__PURE__ */ jsx3(Row, { label: "ABN or ACN", value: text29(applicant.abnacn) }),
      /* @__PURE__ */ jsx3(Row, { label: "Trading name", value: text29(applicant.tradingName) }),
      /* @__PURE__ */ jsx3(Row, { label: "Business address", value: addressOf(applicant.businessAddress), multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Postal address", value: postal, multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Website", value: text29(applicant.website) }),
      requirements.nsw.required && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "Holds an NSW authority", value: yesNo(promotion.hasNswAuthority) }),
        promotion.hasNswAuthority === true && /* @__PURE__ */ jsx3(Row, { label: "NSW authority number", value: text29(applicant.nswAuthorityNumber) }),
        promotion.hasNswAuthority === true && /* @__PURE__ */ jsx3(Row, { label: "NSW authority expiry", value: dateOf2(applicant.nswAuthorityExpiration) }),
        (promotion.hasNswAuthority !== true || applicant.nswAuthorityDuration != null) && /* @__PURE__ */ jsx3(Row, { label: "NSW authority duration (years)", value: count6(applicant.nswAuthorityDuration) })
      ] }),
      /* @__PURE__ */ jsx3(Row, { label: "Applying under a letter of authority", value: yesNo(applicant.hasLetterOfAuthority) }),
      details.letterOfAuthorityReused === true && /* @__PURE__ */ jsx3(Row, { label: "Letter of authority", value: "Reused from an earlier promotion" })
    ] });
  },
  contact: ({ applicant }) => {
    const contact = recordOf(applicant.contact);
    const name = [text29(contact.title), text29(contact.firstName), text29(contact.lastName)].filter(Boolean).join(" ");
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Name", value: text29(contact.firstName) || text29(contact.lastName) ? name : void 0 }),
      /* @__PURE__ */ jsx3(Row, { label: "Position", value: text29(contact.position) }),
      /* @__PURE__ */ jsx3(Row, { label: "Phone", value: text29(contact.phone) }),
      /* @__PURE__ */ jsx3(Row, { label: "Email", value: text29(contact.email) })
    ] });
  },
  entry: ({ permit }) => {
    const methods = flags2(permit.entryMethodsValue);
    const byPhone = hasAnyFlag(methods, ENTRY_METHOD_FLAGS, ["sms", "phone1800", "phone1900", "phone"]);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Entry methods", value: words(entryMethodNames(methods)) }),
      hasFlag(methods, ENTRY_METHOD_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other entry method", value: text29(permit.entryMethodsOther) }),
      hasFlag(methods, ENTRY_METHOD_FLAGS, "internet") && /* @__PURE__ */ jsx3(Row, { label: "Entry website", value: text29(permit.entryMethodsWebsite) }),
      byPhone && /* @__PURE__ */ jsx3(Row, { label: "Entry phone numbers", value: text29(permit.entryMethodsPhoneNumbers) }),
      /* @__PURE__ */ jsx3(Row, { label: "How to enter", value: text29(permit.entryMechanic), multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Entries allowed per day", value: typeof permit.entriesPerDay === "number" ? count6(permit.entriesPerDay) : text29(permit.entriesPerDay) }),
      /* @__PURE__ */ jsx3(Row, { label: "More than one prize per entrant", value: yesNo(permit.multiplePrizesAllowed) })
    ] });
  },
  finaldraw: ({ promotion, permit, details, drawMethods }) => {
    const computerDraw = typeof permit.isComputerDraw === "boolean" ? permit.isComputerDraw : promotion.winnersDrawnElectronically;
    const machineApproved = typeof permit.randomDrawMachineApproved === "boolean" ? permit.randomDrawMachineApproved : promotion.randomDrawMachineApproved;
    const drawn = drawMethods === void 0 || hasDrawnMethod(drawMethods);
    const scrutineerAsked = isScrutineerQuestionRequired({ ...promotion, ...details, drawMethodsValue: drawMethods, startDate: permit.startDate ?? promotion.startDate }) || typeof permit.scrutineerRequired === "boolean";
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Draw methods", value: words(drawMethodNames(drawMethods)) }),
      hasFlag(drawMethods, DRAW_METHOD_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other draw method", value: text29(permit.drawMethodsOther), multiline: true }),
      drawn && /* @__PURE__ */ jsx3(DrawRows, { draw: recordOf(permit.finalDraw), what: "draw" }),
      /* @__PURE__ */ jsx3(Row, { label: "Drawn by computer", value: yesNo(computerDraw) }),
      computerDraw === true && /* @__PURE__ */ jsx3(Row, { label: "Draw system approved", value: yesNo(machineApproved) }),
      scrutineerAsked && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "Scrutineer required", value: yesNo(permit.scrutineerRequired) }),
        permit.scrutineerRequired === true && /* @__PURE__ */ jsx3(Row, { label: "Scrutineer", value: text29(permit.scrutineerName) }),
        permit.scrutineerRequired === true && /* @__PURE__ */ jsx3(Row, { label: "Scrutineer is not independent", value: yesNo(permit.nonIndependentScrutineer) }),
        permit.nonIndependentScrutineer === true && /* @__PURE__ */ jsx3(Row, { label: "Why not independent", value: text29(permit.nonIndependentScrutineerReason), multiline: true })
      ] })
    ] });
  },
  unclaimeddraw: ({ permit, drawMethods }) => drawMethods !== void 0 && !hasDrawnMethod(drawMethods) ? /* @__PURE__ */ jsx3("p", { className: "muted", children: "Not needed: with the draw methods chosen, no prizes are drawn." }) : /* @__PURE__ */ jsx3(Rows, { children: /* @__PURE__ */ jsx3(DrawRows, { draw: recordOf(permit.unclaimedDraw), what: "draw" }) }),
  notification: ({ permit, details, requirements, drawMethods }) => {
    const final = recordOf(recordOf(permit.finalDraw).notification);
    const unclaimed = recordOf(recordOf(permit.unclaimedDraw).notification);
    const showUnclaimed = (drawMethods === void 0 || hasDrawnMethod(drawMethods)) && (unclaimed.method != null || unclaimed.date != null);
    const showAct = requirements.act.required || text29(details.prizePublicationACT) !== void 0 || text29(details.prizePublicationDateACT) !== void 0;
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "How winners are notified", value: notificationMethodName(text29(final.method)) }),
      /* @__PURE__ */ jsx3(Row, { label: "Winners notified by", value: dateOf2(final.date) }),
      showUnclaimed && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "How unclaimed prize winners are notified", value: notificationMethodName(text29(unclaimed.method)) }),
        /* @__PURE__ */ jsx3(Row, { label: "Unclaimed prize winners notified by", value: dateOf2(unclaimed.date) })
      ] }),
      showAct && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "ACT winners published in", value: text29(details.prizePublicationACT) }),
        /* @__PURE__ */ jsx3(Row, { label: "ACT publication date", value: dateOf2(details.prizePublicationDateACT) })
      ] })
    ] });
  },
  categories: ({ details }) => {
    const categories = flags2(details.prizeCategoriesValue);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Prize categories", value: words(prizeCategoryNames(categories)) }),
      hasFlag(categories, PRIZE_CATEGORY_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other prizes", value: text29(details.prizeCategoriesOther) })
    ] });
  },
  breakdown: ({ promotion, details }) => /* @__PURE__ */ jsxs3(Rows, { children: [
    /* @__PURE__ */ jsx3(Row, { label: "Total prize value", value: promotion.totalPrizeValue > 0 ? formatCurrency(promotion.totalPrizeValue) : void 0 }),
    /* @__PURE__ */ jsx3(Row, { label: "Number of prizes", value: count6(details.prizeQuantityTotal) }),
    /* @__PURE__ */ jsx3(Row, { label: "Most valuable single prize", value: money(details.maxPrizeValue) }),
    /* @__PURE__ */ jsx3(Row, { label: "Prizes", value: text29(details.prizeDescription), multiline: true }),
    selectedStates(promotion.ausStates).map((key) => /* @__PURE__ */ jsx3(Row, { label: `Prize value in ${STATE_CODES[key]}`, value: money(details[`prizeValue${STATE_CODES[key]}`]) }, key))
  ] }),
  attachments: (ctx) => /* @__PURE__ */ jsx3(AttachmentList, { ...ctx }),
  comments: ({ permit }) => /* @__PURE__ */ jsx3(Rows, { children: /* @__PURE__ */ jsx3(Row, { label: "Comments for our team", value: text29(permit.comments), multiline: true }) }),
  questions: ({ details }) => {
    const questions = Array.isArray(details.actionEntry?.actionQuestions) ? details.actionEntry.actionQuestions : [];
    if (!questions.length) return /* @__PURE__ */ jsx3("p", { className: "muted", children: "No questions from our team." });
    return /* @__PURE__ */ jsx3(Rows, { children: questions.map((q, index16) => /* @__PURE__ */ jsx3(Row, { label: text29(q?.question) ?? `Question ${index16 + 1}`, value: text29(q?.answer), multiline: true }, index16)) });
  }
};
function AttachmentList({ promotion, permit, applicant, details, attachments }) {
  const codes = details.attachmentsManualOverride ? parseAttachmentCodes(details.attachmentsManuallyRequired) : getRelevantAttachmentCodes({
    ...promotion,
    ...details,
    entryMethodsValue: permit.entryMethodsValue,
    drawMethodsValue: permit.drawMethodsValue,
    scrutineerRequired: permit.scrutineerRequired,
    hasLetterOfAuthority: applicant.hasLetterOfAuthority,
    hasUnclaimedDraw: hasDrawnMethod(permit.drawMethodsValue)
  });
  const codeOf = (a) => text29(a.attachmentType?.code)?.toUpperCase();
  for (const a of attachments) {
    const code = codeOf(a);
    if (code && !codes.includes(code) && isAttachmentValid(a)) codes.push(code);
  }
  if (!codes.length) return /* @__PURE__ */ jsx3("p", { className: "muted", children: "No documents are needed." });
  return /* @__PURE__ */ jsxs3("table", { className: "list", children: [
    /* @__PURE__ */ jsx3("thead", { children: /* @__PURE__ */ jsxs3("tr", { children: [
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "Code" }),
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "Document" }),
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "File" }),
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "Uploaded" })
    ] }) }),
    /* @__PURE__ */ jsx3("tbody", { children: codes.map((code) => {
      const type = getAttachmentType(code);
      const attachment = attachments.find((a) => codeOf(a) === code && isAttachmentValid(a));
      const reused = attachment?.reuseFromPromotion != null && attachment.shouldReuse !== false && !attachment.uploaded;
      return /* @__PURE__ */ jsxs3("tr", { children: [
        /* @__PURE__ */ jsx3("td", { children: code }),
        /* @__PURE__ */ jsxs3("td", { children: [
          type?.name ?? text29(attachment?.attachmentType?.name) ?? "Document",
          type?.isAddendum && /* @__PURE__ */ jsx3("span", { className: "muted", children: " (addendum)" })
        ] }),
        /* @__PURE__ */ jsx3("td", { children: attachment ? text29(attachment.userFileName) ?? text29(attachment.fileName) ?? "Uploaded" : type?.isAddendum ? /* @__PURE__ */ jsx3("span", { className: "muted", children: "Due after the draw" }) : /* @__PURE__ */ jsx3("span", { className: "missing", children: "Not yet uploaded" }) }),
        /* @__PURE__ */ jsx3("td", { children: attachment ? reused ? `Reused from promotion #${attachment.reuseFromPromotion}` : dateOf2(attachment.uploadDate) ?? "" : "" })
      ] }, code);
    }) })
  ] });
}
function renderWorkingApplication(promotion, { productName, now }) {
  const permit = recordOf(promotion.permit);
  const details = recordOf(promotion.details);
  const applicant = recordOf(promotion.applicant ?? permit.applicant);
  const attachments = (Array.isArray(promotion.attachments) ? promotion.attachments : []).map((a) => recordOf(a));
  const startDate = text29(permit.startDate) ?? promotion.startDate;
  const requirements = getPermitRequirements({ ...promotion, startDate });
  const fees = calculateFees({ ...promotion, startDate, saPremium: details.forceSaPremium === true }, { paymentMethod: "bpay" });
  const status = getPermitStatus(promotion.statusId);
  const title2 = promotionTitle(promotion.name);
  const wizard = { managedSubmission: promotion.managedSubmission, skillsBasedTC: promotion.skillsBasedTC, termsAndConditions: promotion.termsAndConditions, ausStates: promotion.ausStates };
  const sections = getWizardSteps(wizard).flatMap((step) => getVisibleSections(step, wizard));
  const ctx = { promotion, permit, applicant, details, attachments, requirements, drawMethods: flags2(permit.drawMethodsValue) };
  const sectionName = (key) => key === "applicant" && promotion.skillsBasedTC ? "Promoter" : SECTION_NAMES[key];
  const feeRows = [
    ["NSW licence fee", fees.feeDue_NSW],
    ["ACT licence fee", fees.feeDue_ACT],
    ["SA licence fee", fees.feeDue_SA],
    ["Permit management", fees.feeDue_Service],
    ["Random draw", fees.feeDue_RandomDraw],
    ["Terms and conditions", fees.feeDue_TermsAndConditions],
    ["Game of skill terms and conditions", fees.feeDue_SkillsBasedTC],
    ["Abridged terms and conditions", fees.feeDue_AbridgedTC],
    ["Hosted terms and conditions", fees.feeDue_HostedTC]
  ];
  return renderDocument(
    `${title2}: working application`,
    /* @__PURE__ */ jsxs3(Fragment3, { children: [
      /* @__PURE__ */ jsxs3("div", { className: "header", children: [
        /* @__PURE__ */ jsxs3("div", { children: [
          /* @__PURE__ */ jsxs3("p", { className: "muted", children: [
            productName,
            " \xB7 Trade promotion permit application"
          ] }),
          /* @__PURE__ */ jsx3("h1", { children: title2 })
        ] }),
        /* @__PURE__ */ jsxs3("p", { className: "muted", children: [
          "Promotion #",
          promotion.id
        ] })
      ] }),
      /* @__PURE__ */ jsx3("p", { className: "banner", children: "This is a working copy for checking your answers. It is not a permit application form and cannot be lodged." }),
      /* @__PURE__ */ jsxs3(Rows, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "Status", value: customerStatusName(status.id) }),
        /* @__PURE__ */ jsx3(Row, { label: "States", value: formatAusStates(promotion.ausStates, { includeNz: promotion.includeNz }) }),
        /* @__PURE__ */ jsx3(Row, { label: "Services", value: text29(promotion.servicesString) ?? serviceLabel(promotion.managedSubmission, productName) }),
        /* @__PURE__ */ jsx3(Row, { label: "Permits required", value: requirements.requiredStates.length ? requirements.requiredStates.map((s) => STATE_CODES[s]).join(", ") : "None" }),
        /* @__PURE__ */ jsx3(Row, { label: "Generated", value: formatDateTime(now) })
      ] }),
      sections.map((key, index16) => /* @__PURE__ */ jsxs3("section", { children: [
        /* @__PURE__ */ jsxs3("h2", { children: [
          index16 + 1,
          ". ",
          sectionName(key)
        ] }),
        SECTIONS[key](ctx)
      ] }, key)),
      /* @__PURE__ */ jsxs3("section", { children: [
        /* @__PURE__ */ jsx3("h2", { children: "Estimated fees" }),
        /* @__PURE__ */ jsx3("table", { children: /* @__PURE__ */ jsxs3("tbody", { children: [
          feeRows.filter(([, cents2]) => cents2 > 0).map(([label, cents2]) => /* @__PURE__ */ jsxs3("tr", { children: [
            /* @__PURE__ */ jsx3("th", { scope: "row", children: label }),
            /* @__PURE__ */ jsx3("td", { className: "money", children: formatCurrency(cents2) })
          ] }, label)),
          /* @__PURE__ */ jsxs3("tr", { children: [
            /* @__PURE__ */ jsx3("th", { scope: "row", children: "GST" }),
            /* @__PURE__ */ jsx3("td", { className: "money", children: formatCurrency(fees.feeDue_GST) })
          ] }),
          /* @__PURE__ */ jsxs3("tr", { children: [
            /* @__PURE__ */ jsx3("th", { scope: "row", children: "Total including GST" }),
            /* @__PURE__ */ jsx3("td", { className: "money", children: /* @__PURE__ */ jsx3("strong", { children: formatCurrency(fees.feeDue_GrandTotal) }) })
          ] })
        ] }) })
      ] })
    ] })
  );
}

// api/src/pdf/find-chromium.ts
import fs5 from "node:fs";
var CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome-stable", "/usr/bin/google-chrome", "/snap/bin/chromium"];
var ChromiumNotFoundError = class extends Error {
  constructor(tried) {
    super(`No Chromium was found to print PDFs (looked at ${tried.join(", ")}). Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
    this.name = "ChromiumNotFoundError";
  }
};
function findChromium(configured) {
  if (configured) {
    if (!fs5.existsSync(configured)) throw new ChromiumNotFoundError([configured]);
    return configured;
  }
  const found = CANDIDATES.find((candidate) => fs5.existsSync(candidate));
  if (!found) throw new ChromiumNotFoundError(CANDIDATES);
  return found;
}

// api/src/modules/documents/render-working-pdf.ts
async function renderWorkingPdf(deps, owner, id) {
  const row = Number.isSafeInteger(id) && id > 0 ? await findPromotion(deps.database.db, owner, id) : void 0;
  if (!row) throw new AppError("NOT_FOUND");
  const html = renderWorkingApplication(
    {
      ...row,
      ausStates: ausStatesOfRow(row),
      servicesString: servicesStringOf(row),
      permit: row.permit ?? {},
      applicant: row.applicant ?? null,
      details: row.details ?? {},
      attachments: row.attachments ?? []
    },
    { productName: brandFor(deps.config).productName, now: /* @__PURE__ */ new Date() }
  );
  try {
    return { id: row.id, pdf: await deps.pdf().render(html) };
  } catch (error) {
    if (error instanceof ChromiumNotFoundError) throw new AppError("UNAVAILABLE", MSG_PDF_UNAVAILABLE);
    throw error;
  }
}

// api/src/modules/documents/documents.routes.ts
function documentRoutes(deps) {
  const router = Router5();
  router.get("/promotions/downloadworkingpdf/:id", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    const { id, pdf } = await renderWorkingPdf(deps, { userId: user.id, isStaff: user.isStaff }, Number(req.params.id));
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `attachment; filename="working-application-${id}.pdf"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pdf);
  });
  return router;
}

// api/src/modules/upload/upload.routes.ts
import { Router as Router6 } from "express";
import { z as z41 } from "zod";

// api/src/modules/upload/store-upload.ts
import crypto10 from "node:crypto";
import { PassThrough as PassThrough2 } from "node:stream";

// api/src/modules/upload/sniff-file.ts
import { Transform } from "node:stream";
import { fileTypeFromBuffer as fileTypeFromBuffer2 } from "file-type";
var ALLOWED_BY_CONTENT = /* @__PURE__ */ new Map([
  ["application/pdf", "pdf"],
  ["image/png", "png"],
  ["image/jpeg", "jpg"],
  ["image/gif", "gif"],
  ["image/webp", "webp"],
  ["image/tiff", "tiff"],
  ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
  ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
  ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
  ["application/vnd.oasis.opendocument.text", "odt"],
  ["application/vnd.oasis.opendocument.spreadsheet", "ods"],
  ["application/rtf", "rtf"]
]);
var LEGACY_OFFICE = /* @__PURE__ */ new Set(["doc", "xls", "ppt"]);
var TEXT_EXTENSIONS = /* @__PURE__ */ new Set(["txt", "csv"]);
var NOT_ACCEPTED = "This file is not one we accept. Please upload a PDF, an image, an Office document, a CSV or a text file.";
var SNIFF_HEAD_BYTES = 256 * 1024;
async function sniffHead(head, originalName) {
  const claimed = extensionOf(originalName);
  const detected = await fileTypeFromBuffer2(head);
  if (detected) {
    if (ALLOWED_BY_CONTENT.has(detected.mime)) return { ok: true, extension: ALLOWED_BY_CONTENT.get(detected.mime), mime: detected.mime, text: false };
    if (detected.ext === "cfb" && LEGACY_OFFICE.has(claimed)) return { ok: true, extension: claimed, mime: "application/x-cfb", text: false };
    return { ok: false, reason: `Files of this kind (${detected.ext}) cannot be uploaded. Please upload a PDF, an image, an Office document, a CSV or a text file.` };
  }
  if (TEXT_EXTENSIONS.has(claimed)) return { ok: true, extension: claimed, mime: claimed === "csv" ? "text/csv" : "text/plain", text: true };
  return { ok: false, reason: NOT_ACCEPTED };
}
function textGuard(error) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  return new Transform({
    transform(chunk, _encoding, callback) {
      bytes += chunk.length;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return callback(error());
      }
      if (!controlFree(chunk)) return callback(error());
      callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
      } catch {
        return callback(error());
      }
      callback(bytes === 0 ? error() : null);
    }
  });
}
var notAcceptedReason = NOT_ACCEPTED;
function controlFree(data) {
  for (const byte of data) if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) return false;
  return true;
}
function extensionOf(name) {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1].toLowerCase() : "";
}
function sanitiseFileName(name) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.normalize("NFC").replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "");
  return (cleaned || "file").slice(0, 120);
}

// api/src/modules/upload/store-upload.ts
function readHead(stream, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const finish = (ended) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        stream.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = (error) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      reject(error);
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
  });
}
async function storeUpload({ db, storage: storage2 }, userId, file) {
  if (!file) throw new AppError("VALIDATION", MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } });
  const headerFileName = sanitiseFileName(Buffer.from(file.originalname, "latin1").toString("utf8"));
  const refuse = (reason) => new AppError("VALIDATION", reason, { modelState: { file: [reason] } });
  const { head, ended } = await readHead(file.stream, SNIFF_HEAD_BYTES);
  if (head.length === 0) throw refuse(MSG_UPLOAD_FILE_REQUIRED);
  const sniffed = await sniffHead(head, headerFileName);
  if (!sniffed.ok) throw refuse(sniffed.reason);
  let failure;
  const body = new PassThrough2();
  file.stream.on("error", (error) => body.destroy(error));
  body.write(head);
  if (ended) body.end();
  else file.stream.pipe(body);
  let source = body;
  if (sniffed.text) {
    const guard = textGuard(() => refuse(notAcceptedReason));
    body.on("error", (error) => guard.destroy(error));
    source = body.pipe(guard);
  }
  source.on("error", (error) => failure ??= error);
  const serverFileName = `${crypto10.randomUUID()}.${sniffed.extension}`;
  const key = `uploads/${serverFileName}`;
  let sizeBytes;
  try {
    sizeBytes = await putStream(storage2, key, source);
  } catch (error) {
    await storage2.delete(key).catch(() => {
    });
    throw failure instanceof AppError ? failure : error;
  }
  let record;
  try {
    record = await insertUpload(db, { userId, serverFileName, headerFileName, fileExtension: sniffed.extension, mimeType: sniffed.mime, sizeBytes });
  } catch (error) {
    await storage2.delete(key).catch(() => {
    });
    throw error;
  }
  return {
    message: MSG_UPLOAD_SUCCESS,
    serverFileName: record.serverFileName,
    headerFileName: record.headerFileName,
    fileExtension: record.fileExtension,
    date: record.createdAt.toISOString()
  };
}
async function openUpload({ db, storage: storage2 }, viewer, serverFileName) {
  const record = await findUploadByServerName(db, serverFileName);
  if (!record || record.userId !== viewer.userId && !viewer.isStaff) throw new AppError("NOT_FOUND", MSG_NO_SUCH_FILE);
  const stream = await storage2.get(`uploads/${record.serverFileName}`);
  if (!stream) throw new AppError("NOT_FOUND", MSG_NO_SUCH_FILE);
  return { record, stream };
}

// api/src/modules/upload/upload-limits.ts
var UPLOAD_LIMITS = {
  perUser: { limit: 60, windowMs: 60 * 6e4 },
  quotaBytes: 500 * 1024 * 1024
};
async function assertUploadAllowed(db, userId, limits = UPLOAD_LIMITS) {
  await hitOrThrow(db, `upload:user:${userId}`, limits.perUser);
  if (await totalUploadBytes(db, userId) + UPLOAD_LIMIT_BYTES > limits.quotaBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", MSG_UPLOAD_QUOTA_REACHED, { modelState: { file: [MSG_UPLOAD_QUOTA_REACHED] } });
  }
}

// api/src/modules/upload/upload.routes.ts
var UploadFormSchema = z41.object({ file: z41.string().meta({ format: "binary" }).describe("the file (at most 10MB)") });
function uploadRoutes({ database, storage: storage2 }) {
  const api = [
    route({
      method: "post",
      path: "/Upload",
      access: "user",
      status: 201,
      multipart: true,
      summary: 'Upload one file (multipart field "file", at most 10MB).',
      body: UploadFormSchema,
      response: UploadResponseSchema,
      handler: async ({ user, req }) => {
        await assertUploadAllowed(database.db, user.id);
        const stored = await receiveOneFile(req, UPLOAD_LIMIT_BYTES, (file) => storeUpload({ db: database.db, storage: storage2 }, user.id, file));
        return stored ?? storeUpload({ db: database.db, storage: storage2 }, user.id, void 0);
      }
    })
  ];
  const downloads = Router6();
  downloads.get("/upload/:serverFileName", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    const { record, stream } = await openUpload({ db: database.db, storage: storage2 }, { userId: user.id, isStaff: user.isStaff }, String(req.params.serverFileName));
    res.set("Content-Type", record.mimeType);
    res.set("Content-Disposition", `attachment; filename="${record.headerFileName.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(record.headerFileName)}`);
    res.set("Cache-Control", "private, no-store");
    stream.pipe(res);
  });
  return { api, downloads };
}

// api/src/modules/payments/payments.routes.ts
import { z as z42 } from "zod";

// api/src/modules/payments/approve-bpay-payment.ts
async function approveBpayPayment(db, staff, promotionId, now = /* @__PURE__ */ new Date()) {
  if (!staff.isStaff) throw new AppError("FORBIDDEN");
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, promotionId, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    const invoice = (await findSubmissionInvoices(tx, row.id)).find((i) => !i.paidAt && i.method === "bpay");
    if (!invoice) throw new AppError("CONFLICT", MSG_BPAY_NOT_AVAILABLE);
    const to = invoice.purpose === "additional" && row.statusId !== PERMIT_STATUS_IDS.pendingPaymentClearance ? row.statusId : requireTransition({
      from: row.statusId,
      event: "APPROVE_BPAY_PAYMENT",
      role: "admin",
      managedSubmission: row.managedSubmission,
      termsAwaitingApproval: invoice.purpose === "submission" && row.managedSubmission && termsBought(row),
      resubmission: invoice.purpose !== "submission"
    });
    const paid = await updateInvoice(tx, invoice.id, { paidAt: now });
    const after = to === row.statusId ? row : await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: "permit",
      entityId: row.id,
      action: "approveBpayPayment",
      changes: { ...to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}, invoice: { from: `${invoice.invoiceNumber} awaiting BPAY`, to: `${invoice.invoiceNumber} paid by BPAY` } }
    });
    return { promotion: after, invoice: paid };
  });
}

// api/src/modules/payments/cancel-invoice.ts
async function cancelInvoice(db, staff, invoiceNumber, now = /* @__PURE__ */ new Date()) {
  if (!staff.isStaff) throw new AppError("FORBIDDEN");
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceByNumber(tx, staff, invoiceNumber, { forUpdate: true });
    if (!invoice) throw new AppError("NOT_FOUND");
    if (invoice.cancelledAt) throw new AppError("CONFLICT", MSG_INVOICE_ALREADY_CANCELLED);
    if (invoice.paidAt) throw new AppError("CONFLICT", MSG_INVOICE_ALREADY_PAID);
    const cancelled = await updateInvoice(tx, invoice.id, { cancelledAt: now });
    await insertChange(tx, {
      promotionId: invoice.promotionId,
      userId: staff.userId,
      entity: "promotion",
      entityId: invoice.promotionId,
      action: "cancelInvoice",
      changes: { invoice: { from: `${invoiceNumber} awaiting payment`, to: `${invoiceNumber} cancelled` } }
    });
    return cancelled;
  });
}

// api/src/modules/payments/waive-service-payment.ts
async function waiveServicePayment(db, staff, input) {
  if (!staff.isStaff) throw new AppError("FORBIDDEN");
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, input.id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: "promotion",
      entityId: row.id,
      action: "waiveServicePayment",
      changes: { service: { from: null, to: input.service }, reason: { from: null, to: input.reason } }
    });
    return { id: row.id, service: input.service, waived: true };
  });
}

// api/src/modules/payments/send-invoice-email.ts
var INVOICE_EMAIL_LIMIT = { limit: INVOICE_EMAILS_PER_HOUR, windowMs: 60 * 6e4 };
async function sendInvoiceEmail(deps, viewer, invoiceNumber) {
  const { invoice, html } = await taxInvoiceHtml({ db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR }, viewer, invoiceNumber);
  const user = await findUserById(deps.db, invoice.userId);
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId);
  if (!user || !promotion) throw new AppError("NOT_FOUND");
  for (const key of [`invoice-email:invoice:${invoiceNumber}`, `invoice-email:account:${invoice.userId}`]) {
    const { count: count7, resetAt } = await hit(deps.db, key, INVOICE_EMAIL_LIMIT);
    if (count7 > INVOICE_EMAIL_LIMIT.limit) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1e3));
      throw new AppError("RATE_LIMITED", msgInvoiceEmailLimit(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
    }
  }
  const pdf = await deps.pdf().render(html);
  const email2 = invoiceCopyTemplate(brandFor(deps.config), {
    firstName: user.firstName,
    invoiceNumber,
    promotionName: promotionTitle(promotion.name),
    dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${promotion.id}/`
  });
  await deps.mailer.send({ to: user.email, ...email2, attachments: [{ filename: `tax-invoice-${invoiceNumber}.pdf`, content: pdf, contentType: "application/pdf" }] });
  return { ok: true, email: user.email };
}

// api/src/modules/terms/submit-skills-based-tc.ts
function chooseSkillOption(actor, option, { forSkillOnly }) {
  return async (tx, row) => {
    if (row.deleted && !actor.isStaff) throw new AppError("NOT_FOUND");
    if (!row.skillsBasedTC) {
      if (forSkillOnly) throw new AppError("CONFLICT", MSG_SKILL_TC_NOT_SKILL);
      return row;
    }
    if (skillOptionOf(row) === option) return row;
    if ((await findSubmissionInvoices(tx, row.id)).length > 0) {
      throw new AppError("CONFLICT", MSG_SKILL_TC_OPTION_FIXED, { modelState: { skillsBasedTCPaymentOption: [MSG_SKILL_TC_OPTION_FIXED] } });
    }
    const { fees, requiresPermits } = computeFees({ ...row, skillsTcPaymentOption: option }, await pricingRuleSet(tx, row));
    const after = await updatePromotion(tx, row.id, { skillsTcPaymentOption: option, fees, requiresPermits });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row.id,
      action: "submitSkillsBasedTC",
      changes: {
        skillsBasedTCPaymentOption: { from: row.skillsTcPaymentOption, to: option },
        feeDue_GrandTotal: { from: row.fees.feeDue_GrandTotal, to: fees.feeDue_GrandTotal }
      }
    });
    return after;
  };
}
async function submitSkillsBasedTC(deps, actor, input) {
  const option = input.skillsBasedTCPaymentOption;
  const paid = await submitPermitApplication(deps, actor, { ...input, skillsBasedTCPaymentOption: option }, chooseSkillOption(actor, option, { forSkillOnly: true }));
  const row = await requirePromotion(deps.db, actor, input.id);
  const window = await skillEditWindow(deps.db, row, deps.now?.() ?? /* @__PURE__ */ new Date());
  return { ...paid, skillsBasedTCPaymentOption: option, skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null };
}

// api/src/modules/payments/submit-additional-payment.ts
async function submitAdditionalPayment(deps, actor, input) {
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    const live = await findSubmissionInvoices(tx, row.id);
    if (!live.some((i) => i.purpose === "submission" && i.paidAt) || row.statusId === PERMIT_STATUS_IDS.pendingPaymentClearance) {
      throw new AppError("CONFLICT", MSG_NO_ADDITIONAL_PAYMENT_DUE);
    }
    const invoice = await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) });
    if (!invoice) throw new AppError("CONFLICT", MSG_NO_ADDITIONAL_PAYMENT_DUE);
    assertStillOwed(invoice, input);
    if (input.isBPAY) {
      const pending = await updateInvoice(tx, invoice.id, { method: "bpay", crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 });
      await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "promotion", entityId: row.id, action: "submitAdditionalPayment", changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting BPAY` } } });
      return { kind: "done", row, invoice: pending, card: null };
    }
    const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now);
    if (result.kind === "failed") return result;
    if (result.kind === "requires_action") return { kind: "requires_action", row, invoice, clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId };
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "promotion", entityId: row.id, action: "submitAdditionalPayment", changes: { invoice: { from: null, to: `${invoice.invoiceNumber} paid by card` } } });
    return { kind: "done", row, invoice: result.invoice, card: result.card };
  });
  if (outcome.kind === "failed") throw new AppError("PAYMENT_FAILED", outcome.message);
  if (outcome.kind === "requires_action") {
    return {
      id: outcome.row.id,
      permitStatus: statusView(outcome.row.statusId),
      invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }),
      card: null,
      requiresAction: { clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId }
    };
  }
  deps.afterCommit?.({
    kind: outcome.invoice.paidAt ? "paid" : "bpay",
    promotionId: outcome.row.id,
    promotionName: outcome.row.name,
    statusId: outcome.row.statusId,
    userId: outcome.row.userId,
    invoiceNumber: outcome.invoice.invoiceNumber
  });
  return { id: outcome.row.id, permitStatus: statusView(outcome.row.statusId), invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card };
}

// api/src/modules/payments/begin-amend-permit-application.ts
async function beginAmendPermitApplication(db, actor, id) {
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    await assertSkillAmendable(tx, actor, row, /* @__PURE__ */ new Date());
    const to = requireTransition({ from: row.statusId, event: "BEGIN_AMENDMENT", role: actor.isStaff ? "admin" : "customer", managedSubmission: row.managedSubmission });
    const after = await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "permit", entityId: row.id, action: "beginAmendPermitApplication", changes: { statusId: { from: row.statusId, to } } });
    const status = getPermitStatus(after.statusId);
    return { row: after, permitStatus: { id: status.id, name: status.name, slug: status.slug } };
  });
}

// api/src/modules/payments/generate-permit-application.ts
async function generatePermitApplication(db, actor, id) {
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    const to = requireTransition({ from: row.statusId, event: "GENERATE_FORMS", role: actor.isStaff ? "admin" : "customer", managedSubmission: row.managedSubmission });
    const live = await findSubmissionInvoices(tx, row.id);
    const { amount, gst } = owedDifference(row, live);
    if (live.some((i) => !i.paidAt) || amount + gst > 0) throw new AppError("CONFLICT", MSG_PAYMENT_DUE_BEFORE_GENERATION);
    const after = await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "permit", entityId: row.id, action: "generatePermitApplication", changes: { statusId: { from: row.statusId, to } } });
    return { row: after, permitStatus: statusView(after.statusId) };
  });
}

// api/src/modules/payments/submit-addendum.ts
async function submitAddendum(db, actor, input, now = /* @__PURE__ */ new Date()) {
  const type = ATTACHMENT_TYPES.find((t) => t.isAddendum && (t.slug === input.addendumSlug || t.code === input.addendumSlug.toUpperCase()));
  if (!type) throw new AppError("VALIDATION", MSG_ADDENDUM_UNKNOWN, { modelState: { addendumSlug: [MSG_ADDENDUM_UNKNOWN] } });
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    if (!isSubmittedOrGenerated(row.statusId) && row.statusId !== PERMIT_STATUS_IDS.awaitingSubmission) throw new AppError("CONFLICT", MSG_ADDENDUM_NOT_AFTER_SUBMISSION);
    const current = row.attachments;
    const existing = current.find((a) => a.attachmentType.code === type.code && a.exists && a.fileName);
    const fileName = input.fileName ?? existing?.fileName;
    if (!fileName) throw new AppError("VALIDATION", MSG_ADDENDUM_FILE_REQUIRED, { modelState: { fileName: [MSG_ADDENDUM_FILE_REQUIRED] } });
    const [resolved] = await resolveAttachments(tx, { promotionId: row.id, ownerId: row.userId, actorId: actor.userId }, [
      { attachmentType: { code: type.code }, uploaded: true, fileName, submitDate: now.toISOString() }
    ]);
    const attachment = { ...resolved, submitDate: now.toISOString() };
    const attachments = [...current.filter((a) => a.attachmentType.code !== type.code), attachment];
    await updatePromotion(tx, row.id, { attachments });
    await insertStaffTask(tx, { kind: "addendum", note: `Lodge the addendum "${type.name}" (${type.code}) of promotion ${row.id}.`, promotionId: row.id, requestedBy: actor.userId });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "permit",
      entityId: row.id,
      action: "submitAddendum",
      changes: { [`attachments.${type.code}`]: { from: existing?.userFileName ?? null, to: attachment.userFileName ?? attachment.fileName ?? null } }
    });
    return { id: row.id, attachment };
  });
}

// api/src/modules/payments/create-custom-invoice.ts
async function createCustomInvoice(db, staff, input, { testMode = false } = {}) {
  if (!staff.isStaff) throw new AppError("FORBIDDEN");
  if (input.amount + input.gst <= 0) throw new AppError("VALIDATION", MSG_INVOICE_AMOUNT_REQUIRED, { modelState: { amount: [MSG_INVOICE_AMOUNT_REQUIRED] } });
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, input.id, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    const blocked = invoiceBlockedReason(row.statusId, await findUnpaidInvoices(tx, row.id));
    if (blocked) throw new AppError("CONFLICT", blocked);
    const n = await countInvoices(tx, row.id, "custom") + 1;
    const invoice = await insertInvoice(tx, {
      invoiceNumber: await nextInvoiceNumber(tx, { testMode }),
      testMode,
      promotionId: row.id,
      userId: row.userId,
      purpose: "custom",
      purposeKey: `custom-${n}`,
      lines: [{ description: input.description || "Additional services", amount: input.amount, taxable: input.gst > 0 }],
      amount: input.amount,
      gst: input.gst
    });
    await insertChange(tx, { promotionId: row.id, userId: staff.userId, entity: "promotion", entityId: row.id, action: "createInvoice", changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting payment` } } });
    return invoice;
  });
}

// api/src/modules/payments/charge-card.ts
async function chargeCard(deps, staff, input) {
  if (!staff.isStaff) throw new AppError("FORBIDDEN");
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber);
    if (!found) throw new AppError("NOT_FOUND");
    const row = await findPromotion(tx, staff, found.promotionId, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    const invoice = await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber, { forUpdate: true });
    if (invoice.cancelledAt) throw new AppError("CONFLICT", MSG_INVOICE_ALREADY_CANCELLED);
    if (invoice.paidAt) throw new AppError("CONFLICT", MSG_INVOICE_ALREADY_PAID);
    const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now);
    if (result.kind !== "paid") return result;
    await insertChange(tx, { promotionId: row.id, userId: staff.userId, entity: "promotion", entityId: row.id, action: "chargeCard", changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` } } });
    return { kind: "paid", row, invoice: result.invoice, card: result.card };
  });
  if (outcome.kind === "failed") throw new AppError("PAYMENT_FAILED", outcome.message);
  if (outcome.kind === "requires_action") throw new AppError("PAYMENT_FAILED", MSG_STAFF_CARD_NEEDS_AUTHENTICATION);
  deps.afterCommit?.({ kind: "paid", promotionId: outcome.row.id, promotionName: outcome.row.name, statusId: outcome.row.statusId, userId: outcome.row.userId, invoiceNumber: outcome.invoice.invoiceNumber });
  return { invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card };
}

// api/src/modules/payments/complete-sandbox-challenge.ts
async function completeSandboxChallenge(deps, viewer, input) {
  const { gateway } = deps;
  if (!gateway.completeChallenge || !gateway.intentOfSecret) throw new AppError("NOT_FOUND");
  const intentId = await gateway.intentOfSecret(input.clientSecret);
  const payment = intentId ? await findPaymentByRef(deps.db, intentId) : void 0;
  const promotion = payment ? await findPromotion(deps.db, viewer, payment.promotionId) : void 0;
  if (!payment || !promotion) throw new AppError("NOT_FOUND");
  const decided = await gateway.completeChallenge(input.clientSecret, input.outcome);
  if (!decided) throw new AppError("NOT_FOUND");
  return { id: promotion.id, paymentIntentId: decided.paymentIntentId, status: decided.status };
}

// api/src/modules/payments/require-service-paid.ts
var SYSTEM2 = { userId: 0, isStaff: true };
async function serviceOwed(db, promotionId, service) {
  const row = await findPromotion(db, SYSTEM2, promotionId);
  if (!row) return 0;
  const paid = (await findSubmissionInvoices(db, row.id)).filter((invoice) => invoice.paidAt);
  const { amount, gst } = owedDifference(row, paid);
  if (amount + gst === 0) return 0;
  return await hasServiceWaiver(db, row.id, service) ? 0 : amount + gst;
}
async function requireServicePaid(db, promotionId, service) {
  const owed = await serviceOwed(db, promotionId, service);
  if (owed === 0) return;
  const message = msgServiceUnpaid(service, formatCurrency(owed), `/permit/edit/${promotionId}/payment/`);
  throw new AppError("PAYMENT_FAILED", message, { modelState: { payment: [message] } });
}

// api/src/modules/payments/build-lodgement-pack.ts
import { Buffer as Buffer2 } from "node:buffer";
import { PassThrough as PassThrough3 } from "node:stream";
import { ZipArchive } from "archiver";

// api/src/documents/lodgement-forms.tsx
import { Fragment as Fragment4, jsx as jsx4, jsxs as jsxs4 } from "react/jsx-runtime";
var TITLES2 = {
  NSW: {
    regulator: "NSW Fair Trading",
    title: (input) => input.hasNswAuthority ? "Trade promotion lottery: notification under an existing authority" : "Application for a trade promotion lottery authority",
    act: "Community Gaming Act 2018 (NSW)"
  },
  ACT: { regulator: "ACT Gambling and Racing Commission", title: () => "Application for a trade promotion permit", act: "Lotteries Act 1964 (ACT)" },
  SA: { regulator: "Consumer and Business Services (SA)", title: () => "Application for a trade promotion lottery licence", act: "Lottery and Gaming Act 1936 (SA)" }
};
var text30 = (value) => value === null || value === void 0 || value === "" ? "\u2014" : String(value);
var yesNo2 = (value) => value === true ? "Yes" : value === false ? "No" : "\u2014";
var address = (value) => value ? formatAddress(value) || "\u2014" : "\u2014";
function Q({ n, label, children }) {
  return /* @__PURE__ */ jsxs4("tr", { children: [
    /* @__PURE__ */ jsxs4("th", { children: [
      n,
      " ",
      label
    ] }),
    /* @__PURE__ */ jsx4("td", { style: { whiteSpace: "pre-line" }, children })
  ] });
}
function Section({ n, title: title2, children }) {
  return /* @__PURE__ */ jsxs4(Fragment4, { children: [
    /* @__PURE__ */ jsxs4("h2", { children: [
      "Section ",
      n,
      ": ",
      title2
    ] }),
    /* @__PURE__ */ jsx4("table", { children: /* @__PURE__ */ jsx4("tbody", { children }) })
  ] });
}
function drawText(draw2) {
  if (!draw2) return "\u2014";
  if (draw2.multipleDates) return text30(draw2.multipleDatesDetail);
  return draw2.date ? formatSydneyDateAndTime(draw2.date, draw2.time) : "\u2014";
}
function Declaration({ state, applicant }) {
  const contact = applicant?.contact;
  return /* @__PURE__ */ jsxs4(Fragment4, { children: [
    /* @__PURE__ */ jsx4("h2", { children: "Declaration by the applicant" }),
    /* @__PURE__ */ jsxs4("p", { children: [
      "I declare that the information in this ",
      state === "WA" || state === "NT" ? "notice" : "application",
      " and its attachments is true and correct; that the promotion will be conducted in accordance with its terms and conditions and the law of ",
      state,
      "; that every prize will be awarded as described; and that I am authorised to make this declaration on behalf of ",
      text30(applicant?.organisation),
      "."
    ] }),
    /* @__PURE__ */ jsx4("table", { children: /* @__PURE__ */ jsxs4("tbody", { children: [
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Name" }),
        /* @__PURE__ */ jsx4("td", { children: [contact?.firstName, contact?.lastName].filter(Boolean).join(" ") || "\u2014" })
      ] }),
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Position" }),
        /* @__PURE__ */ jsx4("td", { children: text30(contact?.position) })
      ] }),
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Signature" }),
        /* @__PURE__ */ jsx4("td", { style: { height: "14mm" } })
      ] }),
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Date" }),
        /* @__PURE__ */ jsx4("td", { style: { height: "8mm" } })
      ] })
    ] }) })
  ] });
}
function DocumentHeader(props) {
  return /* @__PURE__ */ jsxs4("div", { className: "header", children: [
    /* @__PURE__ */ jsxs4("div", { children: [
      /* @__PURE__ */ jsx4("p", { className: "muted", children: props.regulator }),
      /* @__PURE__ */ jsx4("h1", { children: props.title }),
      props.children
    ] }),
    /* @__PURE__ */ jsxs4("div", { className: "muted", children: [
      "Prepared by ",
      props.productName,
      /* @__PURE__ */ jsx4("br", {}),
      formatDate(props.now),
      /* @__PURE__ */ jsx4("br", {}),
      "Reference ",
      props.reference
    ] })
  ] });
}
function ApplicantSections({ input }) {
  const a = input.applicant;
  const c = a?.contact;
  return /* @__PURE__ */ jsxs4(Fragment4, { children: [
    /* @__PURE__ */ jsxs4(Section, { n: 1, title: "The applicant (promoter)", children: [
      /* @__PURE__ */ jsx4(Q, { n: "1.1", label: "Name of organisation", children: text30(a?.organisation) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.2", label: "ABN or ACN", children: text30(a?.abnacn) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.3", label: "Trading name", children: text30(a?.tradingName) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.4", label: "Business address", children: address(a?.businessAddress) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.5", label: "Postal address", children: a?.postalSameAsBusiness ? address(a?.businessAddress) : address(a?.postalAddress) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.6", label: "Website", children: text30(a?.website) })
    ] }),
    /* @__PURE__ */ jsxs4(Section, { n: 2, title: "Contact person", children: [
      /* @__PURE__ */ jsx4(Q, { n: "2.1", label: "Name", children: [c?.title, c?.firstName, c?.lastName].filter(Boolean).join(" ") || "\u2014" }),
      /* @__PURE__ */ jsx4(Q, { n: "2.2", label: "Position", children: text30(c?.position) }),
      /* @__PURE__ */ jsx4(Q, { n: "2.3", label: "Telephone", children: text30(c?.phone) }),
      /* @__PURE__ */ jsx4(Q, { n: "2.4", label: "E-mail", children: text30(c?.email) })
    ] })
  ] });
}
function renderStateApplicationForm(state, input, { productName, now }) {
  const meta2 = TITLES2[state];
  const p = input.permit;
  const d = input.details;
  const stateValue2 = d[`prizeValue${state}`];
  const fee = input.fees[state];
  return renderDocument(
    `${state}: ${meta2.title(input)}`,
    /* @__PURE__ */ jsxs4(Fragment4, { children: [
      /* @__PURE__ */ jsx4(DocumentHeader, { regulator: meta2.regulator, title: meta2.title(input), productName, now, reference: input.id, children: /* @__PURE__ */ jsxs4("p", { className: "muted", children: [
        "Under the ",
        meta2.act
      ] }) }),
      /* @__PURE__ */ jsx4(ApplicantSections, { input }),
      /* @__PURE__ */ jsxs4(Section, { n: 3, title: "The promotion", children: [
        /* @__PURE__ */ jsx4(Q, { n: "3.1", label: "Name of the promotion", children: promotionTitle(input.name) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.2", label: "Starts", children: p.startDate ? formatSydneyDateAndTime(p.startDate, p.startTime) : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "3.3", label: "Ends", children: p.endDate ? formatSydneyDateAndTime(p.endDate, p.endTime) : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "3.4", label: "Products or services promoted", children: text30(p.promotedProducts) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.5", label: "How to enter", children: text30(p.entryMechanic) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.6", label: "Entry website", children: text30(p.entryMethodsWebsite) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.7", label: "Open to persons under 18", children: yesNo2(p.under18s) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.8", label: "Entries allowed per day", children: text30(p.entriesPerDay) })
      ] }),
      /* @__PURE__ */ jsxs4(Section, { n: 4, title: "Prizes", children: [
        /* @__PURE__ */ jsx4(Q, { n: "4.1", label: "Total prize value (all states)", children: formatCurrency(input.totalPrizeValue) }),
        /* @__PURE__ */ jsx4(Q, { n: "4.2", label: `Prize value in ${state}`, children: typeof stateValue2 === "number" ? formatCurrency(stateValue2) : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "4.3", label: "Number of prizes", children: text30(d.prizeQuantityTotal) }),
        /* @__PURE__ */ jsx4(Q, { n: "4.4", label: "Description of prizes", children: text30(d.prizeDescription) })
      ] }),
      /* @__PURE__ */ jsxs4(Section, { n: 5, title: "The draw", children: [
        /* @__PURE__ */ jsx4(Q, { n: "5.1", label: "Date and time of the draw", children: drawText(p.finalDraw) }),
        /* @__PURE__ */ jsx4(Q, { n: "5.2", label: "Place of the draw", children: [p.finalDraw?.locationOrganisation, address(p.finalDraw?.locationAddress)].filter((v) => v && v !== "\u2014").join("\n") || "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "5.3", label: "Winners drawn electronically", children: yesNo2(input.winnersDrawnElectronically) }),
        /* @__PURE__ */ jsx4(Q, { n: "5.4", label: "Scrutineer", children: p.scrutineerRequired ? text30(p.scrutineerName) : "Not required" }),
        /* @__PURE__ */ jsx4(Q, { n: "5.5", label: "Winners notified", children: p.finalDraw?.notification?.date ? `By ${text30(p.finalDraw.notification.method)} by ${formatDate(p.finalDraw.notification.date)}` : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "5.6", label: "Unclaimed prize draw", children: drawText(p.unclaimedDraw) })
      ] }),
      /* @__PURE__ */ jsxs4(Section, { n: 6, title: "Attachments and fee", children: [
        input.attachments.map((a, i) => /* @__PURE__ */ jsx4(Q, { n: `6.${i + 1}`, label: `${a.code}: ${a.name}`, children: a.packName }, a.code)),
        /* @__PURE__ */ jsx4(Q, { n: `6.${input.attachments.length + 1}`, label: "Fee", children: fee === null || fee === void 0 ? "Paid by the applicant to the regulator" : `${formatCurrency(fee)} paid through ${productName}` })
      ] }),
      /* @__PURE__ */ jsx4(Declaration, { state, applicant: input.applicant })
    ] })
  );
}
var NOTICES = {
  WA: {
    regulator: "Western Australia",
    text: "Trade promotion lotteries in Western Australia do not need a permit; this notice records the promotion for the promoter\u2019s own file and for any enquiry by the Department of Local Government, Industry Regulation and Safety."
  },
  NT: {
    regulator: "Northern Territory Racing, Gaming and Licensing",
    text: "Trade promotion lotteries in the Northern Territory run under the general permit conditions; this notice sets out the promotion as the conditions require the promoter to keep it."
  }
};
function renderStateNotice(state, input, { productName, now }) {
  const notice = NOTICES[state];
  const p = input.permit;
  return renderDocument(
    `${state}: trade promotion notice`,
    /* @__PURE__ */ jsxs4(Fragment4, { children: [
      /* @__PURE__ */ jsx4(DocumentHeader, { regulator: notice.regulator, title: "Trade promotion lottery notice", productName, now, reference: input.id }),
      /* @__PURE__ */ jsx4("p", { children: notice.text }),
      /* @__PURE__ */ jsx4(ApplicantSections, { input }),
      /* @__PURE__ */ jsxs4(Section, { n: 3, title: "The promotion", children: [
        /* @__PURE__ */ jsx4(Q, { n: "3.1", label: "Name of the promotion", children: promotionTitle(input.name) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.2", label: "Period", children: p.startDate && p.endDate ? `${formatDate(p.startDate)} to ${formatDate(p.endDate)}` : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "3.3", label: "Total prize value", children: formatCurrency(input.totalPrizeValue) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.4", label: "Draw", children: drawText(p.finalDraw) })
      ] }),
      /* @__PURE__ */ jsx4(Declaration, { state, applicant: input.applicant })
    ] })
  );
}

// api/src/modules/payments/build-lodgement-pack.ts
var safe = (name) => name.replace(/[^A-Za-z0-9 ._()-]+/g, "-");
async function toBuffer(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer2.from(chunk));
  return Buffer2.concat(chunks);
}
function lodgementSteps(deps, row) {
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const value = row.postSubmissionTotalPrizeValue ?? row.totalPrizeValue;
  const requirements = getPermitRequirements({
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    totalPrizeValue: value,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    skillsBasedTC: row.skillsBasedTC,
    startDate: row.startDate
  });
  const stored = row.attachments.filter((a) => a.exists !== false && a.fileName);
  const attachments = stored.map((a) => {
    const type = getAttachmentType(a.attachmentType.code);
    const extension = a.fileExtension ? `.${a.fileExtension.replace(/^\./, "")}` : /\.[A-Za-z0-9]{1,5}$/.exec(a.userFileName ?? "")?.[0] ?? "";
    return { code: a.attachmentType.code, name: type?.name ?? a.attachmentType.code, packName: `attachments/${safe(`${a.attachmentType.code} - ${type?.name ?? "Attachment"}`)}${extension}`, fileName: a.fileName };
  });
  const input = {
    id: row.id,
    name: row.name,
    totalPrizeValue: value,
    hasNswAuthority: row.hasNswAuthority,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    permit: row.permit,
    applicant: row.applicant,
    details: row.details,
    attachments: attachments.map(({ code, name, packName }) => ({ code, name, packName })),
    fees: {
      NSW: row.managedSubmission ? row.fees.feeDue_NSW : null,
      ACT: row.managedSubmission ? row.fees.feeDue_ACT : null,
      SA: row.managedSubmission ? row.fees.feeDue_SA : null
    }
  };
  const options = { productName: deps.productName, now };
  const steps = [];
  const printer = () => deps.pdf();
  for (const key of requirements.requiredStates) {
    const state = key.toUpperCase();
    const title2 = state === "NSW" ? row.hasNswAuthority ? "notification" : "authority application" : state === "ACT" ? "permit application" : "licence application";
    steps.push({ name: `${state} ${title2}.pdf`, make: () => printer().render(renderStateApplicationForm(state, input, options)) });
  }
  if (requirements.waNotice) steps.push({ name: "WA notice.pdf", make: () => printer().render(renderStateNotice("WA", input, options)) });
  if (requirements.ntNotice) steps.push({ name: "NT notice.pdf", make: () => printer().render(renderStateNotice("NT", input, options)) });
  for (const attachment of attachments) {
    steps.push({
      name: attachment.packName,
      make: async () => {
        const stream = await deps.storage.get(`uploads/${attachment.fileName}`);
        return stream ? toBuffer(stream) : null;
      }
    });
  }
  return steps;
}
async function zipFiles(files) {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const sink = new PassThrough3();
  const done = toBuffer(sink);
  archive.pipe(sink);
  for (const file of files) archive.append(file.data, { name: file.name });
  await archive.finalize();
  return done;
}
var lodgementPackKey = (row) => `lodgement/promotion-${row.id}-v${row.version}.zip`;
async function isPaidForLodgement(db, promotionId) {
  const invoices2 = await findSubmissionInvoices(db, promotionId);
  return invoices2.some((i) => i.paidAt) && !invoices2.some((i) => !i.paidAt) && await serviceOwed(db, promotionId, "lodgementPack") === 0;
}

// api/src/modules/payments/lodgement-packs.repository.ts
import { and as and17, eq as eq19, sql as sql22 } from "drizzle-orm";
async function findLodgementPack(db, promotionId) {
  const [row] = await db.select().from(lodgementPacks).where(eq19(lodgementPacks.promotionId, promotionId));
  return row;
}
async function markLodgementPackQueued(db, promotionId, version) {
  const values = { version, state: "queued", step: 0, total: 0, attempts: 0, error: null, storageKey: null, sizeBytes: null, startedAt: null, finishedAt: null, requestedAt: sql22`now()`, updatedAt: sql22`now()` };
  const [row] = await db.insert(lodgementPacks).values({ promotionId, ...values }).onConflictDoUpdate({ target: lodgementPacks.promotionId, set: values }).returning();
  return row;
}
async function markLodgementPackBuilding(db, promotionId, version, total) {
  const values = { version, state: "building", step: 0, total, startedAt: sql22`now()`, finishedAt: null, updatedAt: sql22`now()` };
  await db.insert(lodgementPacks).values({ promotionId, ...values, attempts: 1 }).onConflictDoUpdate({ target: lodgementPacks.promotionId, set: { ...values, attempts: sql22`${lodgementPacks.attempts} + 1` } });
}
async function markLodgementPackStep(db, promotionId, version, step) {
  await db.update(lodgementPacks).set({ step, updatedAt: sql22`now()` }).where(and17(eq19(lodgementPacks.promotionId, promotionId), eq19(lodgementPacks.version, version)));
}
async function markLodgementPackReady(db, promotionId, version, storageKey, sizeBytes) {
  const updated = await db.update(lodgementPacks).set({ state: "ready", step: sql22`${lodgementPacks.total}`, error: null, storageKey, sizeBytes, finishedAt: sql22`now()`, updatedAt: sql22`now()` }).where(and17(eq19(lodgementPacks.promotionId, promotionId), eq19(lodgementPacks.version, version))).returning({ id: lodgementPacks.promotionId });
  return updated.length > 0;
}
async function markLodgementPackFailed(db, promotionId, error, final) {
  await db.update(lodgementPacks).set({ state: final ? "failed" : "queued", error, ...final ? { finishedAt: sql22`now()` } : {}, updatedAt: sql22`now()` }).where(eq19(lodgementPacks.promotionId, promotionId));
}

// api/src/modules/payments/lodgement-pack-job.ts
var LodgementStorageError = class extends Error {
};
var LodgementFormError = class extends Error {
};
function lodgementFailureReason(error) {
  if (error instanceof ChromiumNotFoundError) return MSG_PDF_UNAVAILABLE;
  if (error instanceof LodgementStorageError) return MSG_LODGEMENT_PACK_STORAGE_FAILED;
  if (error instanceof LodgementFormError) return MSG_LODGEMENT_PACK_FORMS_FAILED;
  return MSG_LODGEMENT_PACK_FAILED;
}
var STAFF2 = { userId: 0, isStaff: true };
async function buildLodgementPackNow(deps, promotionId, { lastAttempt } = { attempt: 1, lastAttempt: true }) {
  const row = await findPromotion(deps.db, STAFF2, promotionId);
  if (!row || row.deleted) return "gone";
  if (!await isPaidForLodgement(deps.db, row.id)) {
    await markLodgementPackFailed(deps.db, row.id, MSG_LODGEMENT_PACK_NOT_PAID, true);
    return "unpaid";
  }
  const steps = lodgementSteps(deps, row);
  const total = steps.length + 1;
  await markLodgementPackBuilding(deps.db, row.id, row.version, total);
  try {
    const files = [];
    for (const [index16, step] of steps.entries()) {
      let data;
      try {
        data = await step.make();
      } catch (error) {
        if (error instanceof ChromiumNotFoundError) throw error;
        throw new LodgementFormError(`${step.name}: ${error.message}`, { cause: error });
      }
      if (data) files.push({ name: step.name, data });
      await markLodgementPackStep(deps.db, row.id, row.version, index16 + 1);
    }
    const zip = await zipFiles(files);
    const key = lodgementPackKey(row);
    try {
      await deps.storage.put(key, zip);
    } catch (error) {
      throw new LodgementStorageError(`storage put ${key}: ${error.message}`, { cause: error });
    }
    return await markLodgementPackReady(deps.db, row.id, row.version, key, zip.length) ? "ready" : "superseded";
  } catch (error) {
    const reason = lodgementFailureReason(error);
    await markLodgementPackFailed(deps.db, row.id, reason, lastAttempt);
    const detail = error instanceof Error ? error.message : String(error);
    if (lastAttempt) {
      deps.logger.error("lodgement pack failed", { promotionId: row.id, version: row.version, error: detail });
      await insertStaffTask(deps.db, {
        kind: "lodgement-pack",
        note: `The lodgement pack of promotion ${row.id} (version ${row.version}) could not be built: ${reason} (${detail}). Ask for it again from the promotion page once fixed.`,
        promotionId: row.id
      });
    } else {
      deps.logger.warn("lodgement pack attempt failed; it will be retried", { promotionId: row.id, version: row.version, error: detail });
    }
    throw error;
  }
}

// api/src/modules/payments/lodgement-pack-runtime.ts
var LODGEMENT_PACK_QUEUE = "lodgement-pack";
var lodgementPackRuntime = {
  queue: void 0,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 300
};
async function sendLodgementPackJob(promotionId) {
  const { queue, retryLimit, retryDelaySeconds, retryDelayMaxSeconds } = lodgementPackRuntime;
  if (!queue) return false;
  await queue.send(LODGEMENT_PACK_QUEUE, { promotionId }, {
    singletonKey: `promotion-${promotionId}`,
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds
  });
  return true;
}

// api/src/modules/payments/request-lodgement-pack.ts
async function ownedPromotion(deps, viewer, promotionId) {
  const row = Number.isSafeInteger(promotionId) && promotionId > 0 ? await findPromotion(deps.db, viewer, promotionId) : void 0;
  if (!row || row.deleted && !viewer.isStaff) throw new AppError("NOT_FOUND");
  return row;
}
function viewOf2(row, pack, paid) {
  const empty = { promotionId: row.id, step: 0, total: 0, attempts: 0, error: null, sizeBytes: null, updatedAt: null, downloadUrl: null };
  if (!paid) return { ...empty, state: "unpaid" };
  if (!pack || pack.version !== row.version) return { ...empty, state: "none" };
  return {
    promotionId: row.id,
    state: pack.state,
    step: pack.step,
    total: pack.total,
    attempts: pack.attempts,
    error: pack.error,
    sizeBytes: pack.state === "ready" ? pack.sizeBytes : null,
    updatedAt: pack.updatedAt.toISOString(),
    downloadUrl: pack.state === "ready" ? `/promotions/downloadpdfs/${row.id}` : null
  };
}
async function getLodgementPackState(deps, viewer, promotionId) {
  const row = await ownedPromotion(deps, viewer, promotionId);
  return viewOf2(row, await findLodgementPack(deps.db, row.id), await isPaidForLodgement(deps.db, row.id));
}
async function queuePack(deps, row, { force = false } = {}) {
  const pack = await findLodgementPack(deps.db, row.id);
  const current = pack && pack.version === row.version;
  if (current && (pack.state === "queued" || pack.state === "building")) return;
  if (current && pack.state === "ready" && !force) return;
  if (current && pack.state === "failed" && !force) return;
  await markLodgementPackQueued(deps.db, row.id, row.version);
  if (lodgementPackRuntime.queue) {
    await sendLodgementPackJob(row.id);
    return;
  }
  await buildLodgementPackNow(deps, row.id).catch(() => void 0);
}
async function requestLodgementPack(deps, viewer, promotionId) {
  const row = await ownedPromotion(deps, viewer, promotionId);
  await requireServicePaid(deps.db, row.id, "lodgementPack");
  if (!await isPaidForLodgement(deps.db, row.id)) throw new AppError("CONFLICT", MSG_LODGEMENT_PACK_NOT_PAID);
  await queuePack(deps, row, { force: true });
  return getLodgementPackState(deps, viewer, promotionId);
}
function lodgementDeps(deps) {
  return { db: deps.database.db, storage: deps.storage, pdf: deps.pdf, productName: brandFor(deps.config).productName, logger: deps.logger };
}
async function queueLodgementPackAfterSubmission(deps, promotionId) {
  if (!lodgementPackRuntime.queue) return;
  try {
    const row = await findPromotion(deps.db, { userId: 0, isStaff: true }, promotionId);
    if (!row || !await isPaidForLodgement(deps.db, row.id)) return;
    await queuePack(deps, row);
  } catch (error) {
    deps.logger.error("could not queue the lodgement pack", { promotionId, error: error instanceof Error ? error.message : String(error) });
  }
}
async function downloadLodgementPack(deps, viewer, promotionId) {
  const row = await ownedPromotion(deps, viewer, promotionId);
  await requireServicePaid(deps.db, row.id, "lodgementPack");
  if (!await isPaidForLodgement(deps.db, row.id)) throw new AppError("CONFLICT", MSG_LODGEMENT_PACK_NOT_PAID);
  let pack = await findLodgementPack(deps.db, row.id);
  if (!pack || pack.version !== row.version || pack.state === "ready" && !await deps.storage.exists(pack.storageKey ?? lodgementPackKey(row))) {
    await queuePack(deps, row, { force: true });
    pack = await findLodgementPack(deps.db, row.id);
  }
  if (pack?.state === "ready" && pack.version === row.version) {
    const stream = await deps.storage.get(pack.storageKey ?? lodgementPackKey(row));
    if (stream) return { id: row.id, zip: await toBuffer(stream) };
  }
  if (pack?.state === "failed") throw new AppError("CONFLICT", pack.error && pack.error !== MSG_LODGEMENT_PACK_FAILED ? `${MSG_LODGEMENT_PACK_FAILED} ${pack.error}` : MSG_LODGEMENT_PACK_FAILED);
  throw new AppError("CONFLICT", MSG_LODGEMENT_PACK_BUILDING);
}

// api/src/modules/payments/payments.routes.ts
function paymentRoutes(deps) {
  const db = deps.database.db;
  const billerCode = deps.config.BPAY_BILLER_CODE;
  const mailDeps = { db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger };
  const packDeps = lodgementDeps(deps);
  const afterCommit = (event) => {
    sendPaymentMailsLater(mailDeps, event);
    if (event.kind === "paid" || event.kind === "submitted-only") void queueLodgementPackAfterSubmission(packDeps, event.promotionId);
  };
  const paymentDeps = { db, gateway: deps.paymentGateway, billerCode, afterCommit };
  const viewer = (user) => ({ userId: user.id, isStaff: user.isStaff });
  return [
    route({
      method: "post",
      path: "/promotion/submitPermitApplication",
      summary: "Pay for and submit a permit application by card or BPAY (also card after BPAY)",
      tag: "promotion",
      access: "user",
      idempotent: true,
      body: SubmitPermitApplicationSchema,
      response: SubmitPermitApplicationResponseSchema,
      handler: ({ body, user }) => {
        const option = body.skillsBasedTCPaymentOption;
        const prepare = isSkillTcPaymentOption(option) ? chooseSkillOption(viewer(user), option, { forSkillOnly: false }) : void 0;
        return submitPermitApplication(paymentDeps, viewer(user), body, prepare);
      }
    }),
    route({
      method: "post",
      path: "/promotion/submitAdditionalPayment",
      summary: "Pay the rise in fees after a paid submission (only the difference is invoiced), by card or BPAY",
      tag: "promotion",
      access: "user",
      idempotent: true,
      body: SubmitPermitApplicationSchema,
      response: SubmitPermitApplicationResponseSchema,
      handler: ({ body, user }) => submitAdditionalPayment(paymentDeps, viewer(user), body)
    }),
    route({
      method: "post",
      path: "/promotion/beginAmendPermitApplication",
      summary: "Start an amendment of a submitted or generated application (\u2192 Amendments in progress)",
      tag: "promotion",
      access: "user",
      body: PaymentPromotionIdSchema,
      response: z42.object({ id: z42.number(), permitStatus: z42.object({ id: z42.number(), name: z42.string(), slug: z42.string() }) }),
      handler: async ({ body, user }) => {
        const { row, permitStatus } = await beginAmendPermitApplication(db, viewer(user), body.id);
        sendAmendmentStartedLater(mailDeps, row);
        return { id: row.id, permitStatus };
      }
    }),
    route({
      method: "post",
      path: "/promotion/generatePermitApplication",
      summary: "Self submission: generate the forms once paid (Forms ready for generation \u2192 Generated, regeneration \u2192 Regenerated)",
      tag: "promotion",
      access: "user",
      body: PaymentPromotionIdSchema,
      response: z42.object({ id: z42.number(), permitStatus: z42.object({ id: z42.number(), name: z42.string(), slug: z42.string() }) }),
      handler: async ({ body, user }) => {
        const { row, permitStatus } = await generatePermitApplication(db, viewer(user), body.id);
        afterCommit({ kind: "submitted-only", promotionId: row.id, promotionName: row.name, statusId: row.statusId, userId: row.userId, invoiceNumber: null });
        return { id: row.id, permitStatus };
      }
    }),
    route({
      method: "post",
      path: "/promotion/submitAddendum",
      summary: "Lodge an addendum after submission (X, V, W, U, Y) from an upload; staff get a task",
      tag: "promotion",
      access: "user",
      idempotent: true,
      body: SubmitAddendumSchema,
      response: z42.object({ id: z42.number(), attachment: z42.record(z42.string(), z42.unknown()) }),
      handler: async ({ body, user }) => {
        const answer2 = await submitAddendum(db, viewer(user), body);
        void queueLodgementPackAfterSubmission(packDeps, answer2.id);
        return answer2;
      }
    }),
    route({
      method: "get",
      path: "/payments/config",
      summary: "How cards are paid here: the sandbox (card fields) or Stripe (Elements, with its publishable key)",
      tag: "payments",
      access: "user",
      response: z42.object({ gateway: z42.enum(["sandbox", "stripe"]), publishableKey: z42.string().nullable(), billerCode: z42.string(), testMode: z42.boolean() }),
      handler: () => ({
        gateway: deps.paymentGateway.name,
        // Issue 22: the app shell shows the TEST MODE banner from this.
        testMode: isTestMode(deps.paymentGateway),
        publishableKey: deps.paymentGateway.name === "stripe" ? deps.config.STRIPE_PUBLISHABLE_KEY ?? null : null,
        billerCode
      })
    }),
    route({
      method: "post",
      path: "/payments/sandboxChallenge",
      summary: "The sandbox gateway's 3-D Secure challenge: complete or fail it (client secret from requiresAction), then submit again with the PaymentIntent id. 404 with Stripe configured",
      tag: "payments",
      access: "user",
      body: SandboxChallengeSchema,
      response: SandboxChallengeResponseSchema,
      handler: ({ body, user }) => completeSandboxChallenge({ db, gateway: deps.paymentGateway }, viewer(user), body)
    }),
    route({
      method: "get",
      path: "/invoice/get",
      summary: "One invoice by number (owner or staff)",
      tag: "invoice",
      access: "user",
      query: InvoiceNumberQuerySchema,
      response: InvoiceViewSchema,
      handler: ({ query, user }) => getInvoice(db, viewer(user), query.invoiceNumber, billerCode)
    }),
    route({
      method: "get",
      path: "/invoice/getArbitrary",
      summary: "Any invoice by number (staff)",
      tag: "invoice",
      access: "staff",
      query: InvoiceNumberQuerySchema,
      response: InvoiceViewSchema,
      handler: ({ query, user }) => getInvoice(db, viewer(user), query.invoiceNumber, billerCode)
    }),
    route({
      method: "get",
      path: "/invoice/getInvoices",
      summary: "A page of the account's invoices, newest first (page, count \u2264 100, promotionId)",
      tag: "invoice",
      access: "user",
      query: InvoiceListQuerySchema,
      response: z42.object({ invoices: z42.array(InvoiceViewSchema), invoiceCount: z42.number(), page: z42.number(), count: z42.number() }),
      handler: ({ query, user }) => getInvoices(db, viewer(user), query, billerCode)
    }),
    route({
      method: "post",
      path: "/invoice/cancel",
      summary: "Cancel an unpaid invoice (staff)",
      tag: "invoice",
      access: "staff",
      body: InvoiceCancelSchema,
      response: InvoiceViewSchema,
      handler: async ({ body, user }) => toInvoiceView(await cancelInvoice(db, viewer(user), body.invoiceNumber), { billerCode })
    }),
    route({
      method: "post",
      path: "/invoice/sendEmail",
      summary: "E-mail the tax invoice PDF to the invoice's account",
      tag: "invoice",
      access: "user",
      body: InvoiceCancelSchema,
      response: z42.object({ ok: z42.literal(true), email: z42.string() }),
      handler: ({ body, user }) => sendInvoiceEmail(mailDeps, viewer(user), body.invoiceNumber)
    }),
    route({
      method: "post",
      path: "/admin/createInvoice",
      summary: "Create a custom invoice for a promotion (staff): amount and GST in dollars",
      tag: "admin",
      access: "staff",
      idempotent: true,
      body: CreateInvoiceSchema,
      response: InvoiceViewSchema,
      handler: async ({ body, user }) => toInvoiceView(await createCustomInvoice(db, viewer(user), body, { testMode: isTestMode(deps.paymentGateway) }), { billerCode })
    }),
    route({
      method: "post",
      path: "/admin/waiveServicePayment",
      summary: "Deliver a paid service (T&Cs, draw, lodgement pack) before its payment, with the reason in the changelog (staff)",
      tag: "admin",
      access: "staff",
      body: WaiveServicePaymentSchema,
      response: z42.object({ id: z42.number(), service: z42.enum(["terms", "draw", "lodgementPack"]), waived: z42.literal(true) }),
      handler: ({ body, user }) => waiveServicePayment(db, viewer(user), body)
    }),
    route({
      method: "post",
      path: "/admin/chargeCard",
      summary: "Charge a card for an unpaid invoice, plus the 1.5% surcharge (staff)",
      tag: "admin",
      access: "staff",
      idempotent: true,
      body: ChargeCardSchema,
      response: z42.object({ invoice: InvoiceViewSchema, card: z42.object({ brand: z42.string().nullable(), last4: z42.string().nullable() }) }),
      handler: ({ body, user }) => chargeCard(paymentDeps, viewer(user), body)
    }),
    route({
      method: "post",
      path: "/admin/approveBpayPayment",
      summary: "Mark the BPAY payment of a promotion as cleared (staff)",
      tag: "admin",
      access: "staff",
      idempotent: true,
      body: PaymentPromotionIdSchema,
      response: z42.object({ id: z42.number(), statusId: z42.number(), invoice: InvoiceViewSchema }),
      handler: async ({ body, user }) => {
        const { promotion, invoice } = await approveBpayPayment(db, viewer(user), body.id);
        afterCommit({ kind: "paid", promotionId: promotion.id, promotionName: promotion.name, statusId: promotion.statusId, userId: promotion.userId, invoiceNumber: invoice.invoiceNumber });
        return { id: promotion.id, statusId: promotion.statusId, invoice: toInvoiceView(invoice, { billerCode }) };
      }
    })
  ];
}

// api/src/modules/payments/invoice-download.routes.ts
import { Router as Router7 } from "express";
function invoiceDownloadRoutes(deps) {
  const router = Router7({ caseSensitive: false });
  router.get("/download/invoice/:invoiceNumber", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    const invoiceNumber = Number(req.params.invoiceNumber);
    if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber <= 0) throw new AppError("NOT_FOUND");
    let pdf;
    try {
      pdf = await getInvoicePdf(
        { db: deps.database.db, pdf: deps.pdf, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR },
        { userId: user.id, isStaff: user.isStaff },
        invoiceNumber
      );
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError("UNAVAILABLE", MSG_PDF_UNAVAILABLE);
      throw error;
    }
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `inline; filename="tax-invoice-${invoiceNumber}.pdf"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pdf);
  });
  return router;
}

// api/src/modules/payments/stripe-webhook.routes.ts
import express3, { Router as Router8 } from "express";
import { z as z43 } from "zod";

// api/src/modules/payments/handle-stripe-event.ts
var PAYABLE2 = /* @__PURE__ */ new Set([PERMIT_STATUS_IDS.readySubmission, PERMIT_STATUS_IDS.readyResubmission, PERMIT_STATUS_IDS.readyGenerate, PERMIT_STATUS_IDS.readyRegenerate, PERMIT_STATUS_IDS.pendingPaymentClearance]);
async function handleStripeEvent(db, event, now = /* @__PURE__ */ new Date()) {
  return db.transaction(async (tx) => {
    if (!await recordStripeEvent(tx, event.id, event.type)) return { outcome: "replay" };
    const intentId = event.data.object.object === "payment_intent" ? event.data.object.id : void 0;
    if (!intentId || event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") return { outcome: "ignored" };
    const found = await findPaymentByRef(tx, intentId);
    if (!found) return { outcome: "ignored" };
    const row = await findPromotion(tx, { userId: 0, isStaff: true }, found.promotionId, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND");
    const payment = await findPaymentByRef(tx, intentId);
    const invoice = await findInvoiceById(tx, payment.invoiceId, { forUpdate: true });
    if (event.type === "payment_intent.payment_failed") {
      if (payment.status !== "succeeded") await updatePayment(tx, payment.id, { status: "failed", message: event.data.object.last_payment_error?.message ?? null });
      return { outcome: "failed" };
    }
    if (invoice.paidAt) {
      if (payment.status !== "succeeded" && payment.gatewayRef === intentId && !invoice.cancelledAt) await updatePayment(tx, payment.id, { status: "succeeded", message: null });
      return { outcome: "already-paid" };
    }
    await updatePayment(tx, payment.id, { status: "succeeded", message: null });
    await updateInvoice(tx, invoice.id, { method: "card", ccSurcharge: cardTotal(invoice.amount, invoice.gst).surcharge, paidAt: now });
    let to = row.statusId;
    if (invoice.purpose !== "additional" && PAYABLE2.has(row.statusId)) {
      to = requireTransition({
        from: row.statusId,
        event: row.statusId === PERMIT_STATUS_IDS.pendingPaymentClearance ? "PAY_CARD_AFTER_BPAY" : "SUBMIT_CARD",
        role: "customer",
        managedSubmission: row.managedSubmission,
        termsAwaitingApproval: invoice.purpose === "submission" && row.managedSubmission && termsBought(row),
        resubmission: row.statusId === PERMIT_STATUS_IDS.readyResubmission || row.statusId === PERMIT_STATUS_IDS.readyRegenerate || invoice.purpose !== "submission"
      });
      await updatePromotion(tx, row.id, { statusId: to });
    }
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: "permit",
      entityId: row.id,
      action: "stripeWebhook",
      changes: { ...to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}, invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` } }
    });
    return { outcome: "completed", promotionId: row.id };
  });
}

// api/src/modules/payments/stripe-gateway.ts
import Stripe from "stripe";
function createStripeClient({ secretKey, apiBase }) {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...base ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol.replace(":", "") } : {}
  });
}
function cardOf(intent) {
  const method = intent.payment_method;
  if (method && typeof method === "object" && method.card) return { brand: method.card.brand, last4: method.card.last4 };
  return { brand: null, last4: null };
}
function resultOf(intent) {
  const card = cardOf(intent);
  if (intent.status === "succeeded") return { status: "succeeded", ref: intent.id, ...card };
  if (intent.status === "requires_action") {
    return { status: "requires_action", ref: intent.id, clientSecret: intent.client_secret, message: MSG_CARD_AUTHENTICATION_REQUIRED, ...card };
  }
  return { status: "failed", ref: intent.id, message: intent.last_payment_error?.message ?? "Your card was declined.", ...card };
}
var StripeGateway = class {
  constructor(stripe) {
    this.stripe = stripe;
  }
  stripe;
  name = "stripe";
  acceptsRawCards = false;
  async charge(request) {
    try {
      if (request.paymentIntentId) {
        const intent2 = await this.stripe.paymentIntents.retrieve(request.paymentIntentId, { expand: ["payment_method"] });
        if (intent2.amount !== request.amount || intent2.metadata?.invoiceNumber !== String(request.metadata.invoiceNumber)) {
          return { status: "failed", ref: intent2.id, message: MSG_PAYMENT_NOT_FOR_INVOICE, brand: null, last4: null };
        }
        return resultOf(intent2);
      }
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: "aud",
          payment_method: request.paymentMethodId,
          confirm: true,
          description: request.description,
          metadata: { invoiceNumber: String(request.metadata.invoiceNumber), promotionId: String(request.metadata.promotionId) },
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          expand: ["payment_method"]
        },
        { idempotencyKey: request.idempotencyKey }
      );
      return resultOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = error.raw?.payment_intent;
        return { status: "failed", ref: intent?.id ?? null, message: error.message, brand: null, last4: null };
      }
      throw error;
    }
  }
};

// api/src/modules/payments/stripe-webhook.routes.ts
var StripeEventDoc = z43.looseObject({
  id: z43.string().describe("The event id (evt_\u2026): a replayed id is answered without acting again."),
  type: z43.string().describe("payment_intent.succeeded and payment_intent.payment_failed act; any other type is acknowledged and ignored."),
  data: z43.looseObject({ object: z43.looseObject({ id: z43.string(), object: z43.string() }) })
});
var StripeWebhookResponse = z43.object({
  received: z43.literal(true),
  outcome: z43.enum(["replay", "ignored", "failed", "already-paid", "completed"])
});
function stripeWebhookDoc() {
  return [
    route({
      method: "post",
      path: "/payments/stripeWebhook",
      summary: "Stripe's events (PaymentIntent succeeded or failed), signed with STRIPE_WEBHOOK_SECRET; a bad or missing signature is 400, a replay does nothing. Only when Stripe is configured (404 otherwise).",
      tag: "payments",
      access: "public",
      mountedElsewhere: true,
      headers: [{ name: "Stripe-Signature", required: true, description: "Stripe's signature of the raw body (`t=\u2026,v1=\u2026`), checked with the webhook secret." }],
      bodyDoc: StripeEventDoc,
      response: StripeWebhookResponse,
      handler: () => {
        throw new AppError("NOT_FOUND");
      }
    })
  ];
}
function stripeWebhookRoutes(deps) {
  const router = Router8({ caseSensitive: false });
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = deps.config;
  if (deps.config.paymentMode !== "stripe" || !STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return router;
  const stripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE });
  router.post("/api/payments/stripeWebhook", express3.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    let event;
    try {
      event = stripe.webhooks.constructEvent(req.body, String(req.headers["stripe-signature"] ?? ""), STRIPE_WEBHOOK_SECRET);
    } catch {
      throw new AppError("VALIDATION", MSG_STRIPE_SIGNATURE_INVALID);
    }
    const { outcome, promotionId } = await handleStripeEvent(deps.database.db, event);
    if (outcome === "completed" && promotionId) void queueLodgementPackAfterSubmission(lodgementDeps(deps), promotionId);
    const answer2 = { received: true, outcome };
    res.json(answer2);
  });
  return router;
}

// api/src/modules/payments/lodgement-pack.routes.ts
import { Router as Router9 } from "express";
function lodgementPackApiRoutes(deps) {
  const packDeps = lodgementDeps(deps);
  return [
    route({
      method: "get",
      path: "/promotion/lodgementPack",
      summary: "The lodgement pack of a paid application: unpaid, none, queued, building (step of total), ready (with its download) or failed (with the reason)",
      tag: "promotion",
      access: "user",
      query: PaymentPromotionIdSchema,
      response: LodgementPackViewSchema,
      handler: ({ query, owner }) => getLodgementPackState(packDeps, owner, query.id)
    }),
    route({
      method: "post",
      path: "/promotion/requestLodgementPack",
      summary: "Build the lodgement pack now (again after a failure): queued for the job, answered with its state",
      tag: "promotion",
      access: "user",
      body: PaymentPromotionIdSchema,
      response: LodgementPackViewSchema,
      handler: ({ body, owner }) => requestLodgementPack(packDeps, owner, body.id)
    })
  ];
}
function lodgementPackRoutes(deps) {
  const router = Router9({ caseSensitive: false });
  const packDeps = lodgementDeps(deps);
  router.get("/promotions/downloadpdfs/:id", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    const pack = await downloadLodgementPack(packDeps, { userId: user.id, isStaff: user.isStaff }, Number(req.params.id));
    res.set("Content-Type", "application/zip");
    res.set("Content-Disposition", `attachment; filename="lodgement-pack-${pack.id}.zip"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pack.zip);
  });
  return router;
}

// api/src/modules/payments/create-payment-gateway.ts
function createPaymentGateway(config, db) {
  if (config.paymentMode === "stripe" && config.STRIPE_SECRET_KEY) return new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }));
  return new SandboxGateway(db);
}

// api/src/modules/terms/terms.routes.ts
import { Router as Router10 } from "express";
import { z as z44 } from "zod";

// api/src/modules/terms/approve-terms.ts
import crypto11 from "node:crypto";

// api/src/modules/terms/terms-page.ts
var TERMS_CSS = `
  :root { --ink: #14213d; --accent: #0b6e4f; --muted: #4b5260; --line: #deded6; --bg: #fbfbf8; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', sans-serif; color: var(--ink); background: var(--bg); line-height: 1.55; font-size: 16px; }
  main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; background: #fff; }
  h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 .5rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .4rem; color: var(--accent); }
  p { margin: 0 0 .75rem; }
  ol.terms-clauses { padding-left: 1.5rem; }
  ol.terms-clauses > li::marker { font-weight: 700; color: var(--accent); }
  .meta { color: var(--muted); font-size: .9rem; margin: 0 0 1.5rem; }
  .versions { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: 1rem; font-size: .9rem; color: var(--muted); }
  .versions ul { padding-left: 1.2rem; }
  .print { font: inherit; padding: .4rem .9rem; border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 4px; cursor: pointer; }
  @media print { body { background: #fff; font-size: 10.5pt; } main { padding: 0; max-width: none; } .print, .no-print { display: none; } }
  @page { margin: 18mm 16mm; }
`;
function termsPage({ title: title2, fragment, meta: meta2, footer, printButton = false }) {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title2)}</title>
<meta name="robots" content="noindex"><style>${TERMS_CSS}</style></head>
<body><main>
${printButton ? '<p class="no-print"><button class="print" type="button" onclick="window.print()">Print</button></p>' : ""}
${meta2 ? `<p class="meta">${meta2}</p>` : ""}
${fragment}
${footer ?? ""}
</main></body></html>`;
}

// api/src/modules/terms/approve-terms.ts
async function approveTerms(deps, actor, promotionId, now = /* @__PURE__ */ new Date()) {
  const { row, version, statusId, newlyApproved } = await deps.database.db.transaction(async (tx) => {
    const row2 = await requirePromotion(tx, actor, promotionId, { forUpdate: true });
    await requireServicePaid(tx, row2.id, "terms");
    const latest = await findLatestVersion(tx, row2.id);
    if (!latest) throw new AppError("CONFLICT", MSG_TERMS_NOT_GENERATED);
    const waiting = row2.statusId === PERMIT_STATUS_IDS.awaitingSubmission;
    if (latest.approvedAt && !waiting) throw new AppError("CONFLICT", MSG_TERMS_ALREADY_APPROVED);
    const newlyApproved2 = !latest.approvedAt;
    const version2 = newlyApproved2 ? await markApproved(tx, latest.id, actor.userId, now) : latest;
    let statusId2 = row2.statusId;
    if (row2.statusId === PERMIT_STATUS_IDS.awaitingSubmission) {
      statusId2 = requireTransition({ from: row2.statusId, event: "APPROVE_TERMS", role: actor.isStaff ? "admin" : "customer", managedSubmission: row2.managedSubmission });
      await updatePromotion(tx, row2.id, { statusId: statusId2 });
    }
    await insertChange(tx, {
      promotionId: row2.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row2.id,
      action: "terms-approved",
      changes: {
        ...newlyApproved2 ? { termsApprovedVersion: { from: null, to: version2.number } } : {},
        ...statusId2 !== row2.statusId ? { statusId: { from: row2.statusId, to: statusId2 } } : {}
      }
    });
    return { row: row2, version: version2, statusId: statusId2, newlyApproved: newlyApproved2 };
  });
  if (!newlyApproved) return { id: row.id, versionNumber: version.number, statusId };
  try {
    await attachApprovedTerms(deps, row, version);
  } catch (error) {
    deps.logger.warn("could not attach the approved terms as attachment B", { promotionId: row.id, error: String(error) });
  }
  void queueLodgementPackAfterSubmission(lodgementDeps(deps), row.id);
  return { id: row.id, versionNumber: version.number, statusId };
}
async function attachApprovedTerms(deps, row, version) {
  const files = [{ code: "B", html: version.html, name: `terms-and-conditions-v${version.number}.pdf` }];
  if (version.abridgedHtml) files.push({ code: "Y", html: version.abridgedHtml, name: `abridged-terms-and-conditions-v${version.number}.pdf` });
  const attached = [];
  for (const file of files) {
    const pdf = await deps.pdf().render(termsPage({ title: file.name, fragment: file.html }));
    const serverFileName = `${crypto11.randomUUID()}.pdf`;
    await deps.storage.put(`uploads/${serverFileName}`, pdf);
    await insertUpload(deps.database.db, { userId: row.userId, serverFileName, headerFileName: file.name, fileExtension: "pdf", mimeType: "application/pdf", sizeBytes: pdf.length });
    const type = getAttachmentType(file.code);
    attached.push({
      attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum },
      exists: true,
      uploaded: false,
      isUploading: false,
      fileName: serverFileName,
      userFileName: file.name,
      fileExtension: "pdf",
      uploadDate: (/* @__PURE__ */ new Date()).toISOString()
    });
  }
  await deps.database.db.transaction(async (tx) => {
    const current = await findPromotion(tx, { userId: row.userId, isStaff: true }, row.id, { forUpdate: true });
    if (!current) return;
    const codes = new Set(attached.map((a) => a.attachmentType.code));
    const others = (current.attachments ?? []).filter((a) => !codes.has(a.attachmentType?.code ?? ""));
    await updatePromotion(tx, row.id, { attachments: [...others, ...attached] });
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: "promotion",
      entityId: row.id,
      action: "terms-attached",
      changes: { attachments: { from: null, to: [...codes].join(",") } }
    });
  });
}

// api/src/modules/terms/clause-library.ts
import crypto12 from "node:crypto";
function libraryHash(clauses) {
  return crypto12.createHash("sha256").update(JSON.stringify(clauses)).digest("hex").slice(0, 32);
}
var REQUIRED_STATEMENT_KEYS = new Set(Object.values(termsStateRules().statements).flatMap((list) => (list ?? []).map((s) => s.clause)));
async function loadClauseLibrary(db) {
  const fromCms = parseClauseLibrary(await findCmsClauses(db));
  const seed = parseClauseLibrary(SEED_TERMS_CLAUSES);
  const present = new Set(fromCms.map((c) => c.key));
  const clauses = fromCms.length ? [...fromCms, ...seed.filter((c) => REQUIRED_STATEMENT_KEYS.has(c.key) && !present.has(c.key))] : seed;
  const hash = libraryHash(clauses);
  await saveLibrarySnapshot(db, hash, clauses);
  return { clauses, hash };
}

// api/src/modules/terms/generate-terms.ts
function renderVersionHtml(row, clauses, hostedUrl, providerName) {
  const source = applicationOf(row);
  const kind = termsKindOf(row);
  const context = { permitNumbers: permitNumbersOf(row), hostedUrl, providerName, fullKind: kind };
  const full = generateTermsDocument(source, clauses, kind, context);
  const abridged = row.abridgedTC ? generateTermsDocument(source, clauses, "abridged", context) : null;
  const message = termsTextDefectMessage([...checkTermsDocument(full, { ausStates: source.ausStates }), ...abridged ? checkTermsDocument(abridged) : []]);
  if (message) throw new AppError("VALIDATION", message, { modelState: { "": [message] } });
  return { kind, html: renderTermsHtml(full), abridgedHtml: abridged ? renderTermsHtml(abridged) : null };
}
var sameText = (a, b) => a.kind === b.kind && a.html === b.html && (a.abridgedHtml ?? null) === (b.abridgedHtml ?? null);
function reasonFor(latest, libraryHash2, sameAppOldLibrary) {
  if (!latest) return "generated";
  if (latest.reason === "staff-edit") return "regenerated";
  if (latest.libraryHash === libraryHash2) return "application-change";
  return sameAppOldLibrary ? "clause-library-change" : "application-and-clause-library-change";
}
async function createGeneratedVersion(tx, config, row, actor) {
  const library = await loadClauseLibrary(tx);
  const hostedUrl = hostedUrlFor(config, await ensureLink(tx, row.id));
  const providerName = brandFor(config).productName;
  const rendered = renderVersionHtml(row, library.clauses, hostedUrl, providerName);
  const versions = await findVersions(tx, row.id);
  const latest = versions[versions.length - 1];
  if (latest && sameText(rendered, latest)) return { version: latest, created: false };
  let sameAppOldLibrary = null;
  if (latest?.libraryHash && latest.libraryHash !== library.hash && latest.reason !== "staff-edit") {
    const old = await findLibrarySnapshot(tx, latest.libraryHash);
    if (old) {
      try {
        sameAppOldLibrary = sameText(renderVersionHtml(row, parseClauseLibrary(old), hostedUrl, providerName), latest);
      } catch {
        sameAppOldLibrary = false;
      }
    }
  }
  const version = await insertVersion(tx, {
    promotionId: row.id,
    ...rendered,
    reason: reasonFor(latest, library.hash, sameAppOldLibrary),
    libraryHash: library.hash,
    createdBy: actor?.userId ?? null,
    createdByStaff: actor?.isStaff ?? false
  });
  return { version, created: true };
}
async function generateTerms(deps, actor, promotionId, now = /* @__PURE__ */ new Date()) {
  return deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true });
    if (!actor.isStaff) {
      if (!hasTermsService(row)) throw new AppError("CONFLICT", MSG_TERMS_NOT_PURCHASED);
      const versions = await findVersions(tx, row.id);
      if (versions.some((v) => v.approvedAt)) {
        const window = await skillEditWindow(tx, row, now);
        if (!window) throw new AppError("CONFLICT", MSG_TERMS_LOCKED);
        if (!window.open) throw new AppError("CONFLICT", MSG_TERMS_EDIT_WINDOW_CLOSED);
      }
    }
    const { version, created } = await createGeneratedVersion(tx, deps.config, row, actor);
    if (!created) return { versionNumber: version.number, created, message: MSG_TERMS_UNCHANGED(version.number), reason: version.reason };
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row.id,
      action: "terms-generated",
      changes: { termsVersion: { from: version.number - 1 || null, to: version.number } }
    });
    return { versionNumber: version.number, created, message: null, reason: version.reason };
  });
}

// api/src/modules/terms/get-terms.ts
function termsStatusOf(versions) {
  const latest = versions[versions.length - 1];
  if (!latest) return "not-generated";
  return latest.approvedAt ? "approved" : "awaiting-approval";
}
async function getTerms(deps, actor, promotionId, now = /* @__PURE__ */ new Date()) {
  const db = deps.database.db;
  const row = await requirePromotion(db, actor, promotionId);
  const versions = await findVersions(db, row.id);
  const latest = versions[versions.length - 1];
  const code = await findLink(db, row.id);
  const approved = versions.some((v) => v.approvedAt);
  const window = await skillEditWindow(db, row, now);
  const owed = await serviceOwed(db, row.id, "terms");
  const awaitingPayment = owed > 0 ? msgServiceUnpaid("terms", formatCurrency(owed), `/permit/edit/${row.id}/payment/`) : null;
  const canGenerate = actor.isStaff || hasTermsService(row) && (!approved || window !== null && window.open);
  return {
    status: termsStatusOf(versions),
    kind: termsKindOf(row),
    versionNumber: latest?.number ?? null,
    html: latest?.html ?? null,
    abridgedHtml: latest?.abridgedHtml ?? null,
    hostedUrl: code ? hostedUrlFor(deps.config, code) : null,
    pdfUrl: latest && !awaitingPayment ? `/promotions/downloadterms/${row.id}` : null,
    canGenerate,
    awaitingPayment,
    // In 15 "Awaiting submission" approval (again) is what moves the paid promotion on.
    canApprove: !awaitingPayment && Boolean(latest && (!latest.approvedAt || row.statusId === PERMIT_STATUS_IDS.awaitingSubmission)),
    /** Staff may edit the text (POST /api/terms/saveVersion). */
    canEdit: actor.isStaff,
    skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null,
    /** Skill T&Cs: the credit option chosen (or the default) and its window's length. */
    skillsBasedTCPaymentOption: row.skillsBasedTC ? skillTcOption(skillOptionOf(row)).option : null,
    skillsBasedTCEditWindowDays: row.skillsBasedTC ? skillTcOption(skillOptionOf(row)).editWindowDays : null,
    skillsBasedTCPurchasedAt: window?.purchasedAt ? window.purchasedAt.toISOString() : null,
    versions: versions.map((v) => ({
      number: v.number,
      kind: v.kind,
      reason: v.reason,
      html: v.html,
      abridgedHtml: v.abridgedHtml,
      libraryRevision: v.libraryHash,
      createdByStaff: v.createdByStaff,
      createdAt: v.createdAt.toISOString(),
      approvedAt: v.approvedAt ? v.approvedAt.toISOString() : null
    }))
  };
}

// api/src/modules/terms/save-terms-version.ts
import sanitizeHtml from "sanitize-html";
function sanitizeTermsHtml(html) {
  return sanitizeHtml(html, {
    allowedTags: ["article", "section", "h1", "h2", "h3", "p", "ol", "ul", "li", "strong", "em", "b", "i", "br", "table", "thead", "tbody", "tr", "th", "td"],
    allowedAttributes: { article: ["class"], ol: ["class"], li: ["id"], p: ["data-clause"] },
    disallowedTagsMode: "discard"
  }).trim();
}
async function saveTermsVersion(deps, actor, promotionId, html) {
  const clean = sanitizeTermsHtml(html);
  if (!clean.replace(/<[^>]*>/g, "").trim()) throw new AppError("VALIDATION", MSG_TERMS_HTML_REQUIRED, { modelState: { html: [MSG_TERMS_HTML_REQUIRED] } });
  const defect = termsTextDefectMessage(checkTermsHtml(clean));
  if (defect) throw new AppError("VALIDATION", defect, { modelState: { html: [defect] } });
  return deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true });
    const latest = await findLatestVersion(tx, row.id);
    const version = await insertVersion(tx, {
      promotionId: row.id,
      kind: latest?.kind ?? termsKindOf(row),
      html: clean,
      abridgedHtml: latest?.abridgedHtml ?? null,
      reason: "staff-edit",
      libraryHash: latest?.libraryHash ?? null,
      createdBy: actor.userId,
      createdByStaff: true
    });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row.id,
      action: "terms-edited",
      changes: { termsVersion: { from: latest?.number ?? null, to: version.number } }
    });
    return version;
  });
}

// api/src/modules/terms/terms.routes.ts
var PromotionIdSchema = z44.coerce.number({ error: MSG_NOT_FOUND }).int({ error: MSG_NOT_FOUND }).positive({ error: MSG_NOT_FOUND });
var VersionSchema = z44.object({
  number: z44.number().int(),
  kind: z44.string(),
  reason: z44.enum(["generated", "application-change", "clause-library-change", "application-and-clause-library-change", "regenerated", "staff-edit", "permit-numbers"]).or(z44.string()),
  html: z44.string(),
  abridgedHtml: z44.string().nullable(),
  libraryRevision: z44.string().nullable().describe("Hash of the clause library snapshot the version was generated from"),
  createdByStaff: z44.boolean(),
  createdAt: z44.string(),
  approvedAt: z44.string().nullable()
});
var TermsResponseSchema = z44.object({
  status: z44.enum(["not-generated", "awaiting-approval", "approved"]),
  kind: z44.enum(["chance", "skill"]),
  versionNumber: z44.number().int().nullable(),
  html: z44.string().nullable(),
  abridgedHtml: z44.string().nullable().describe("Addendum Y: the abridged form, when abridged T&Cs are a service"),
  hostedUrl: z44.string().nullable(),
  pdfUrl: z44.string().nullable(),
  canGenerate: z44.boolean(),
  awaitingPayment: z44.string().nullable().describe('Issue 22: while the promotion owes money, what to pay and where; approval, the PDF and the hosted page wait (the draft is marked "Draft \u2014 not yet paid")'),
  canApprove: z44.boolean(),
  canEdit: z44.boolean(),
  skillsBasedTCEditWindow: z44.string().nullable().describe("For bought skill T&Cs: until when the customer may regenerate or amend them"),
  skillsBasedTCPaymentOption: z44.enum(["150", "250", "1000"]).nullable().describe("Skill T&Cs: the credit option chosen (default 150)"),
  skillsBasedTCEditWindowDays: z44.number().int().nullable().describe("Skill T&Cs: the edit window's length in days for that option"),
  skillsBasedTCPurchasedAt: z44.string().nullable().describe("Skill T&Cs: when their payment cleared (the edit window starts)"),
  versions: z44.array(VersionSchema)
});
var VersionCreatedSchema = z44.object({ versionNumber: z44.number().int() });
var GeneratedSchema = z44.object({
  versionNumber: z44.number().int().describe("The new version, or the current one when nothing changed"),
  created: z44.boolean().describe("False when nothing changed since the current version: no new version was made"),
  message: z44.string().nullable().describe("Says so when nothing changed"),
  reason: z44.string().describe("What caused the version: generated, application-change, clause-library-change, application-and-clause-library-change, regenerated, staff-edit, permit-numbers")
});
function termsRoutes(deps) {
  const actorOf = (user) => ({ userId: user.id, isStaff: user.isStaff });
  const db = deps.database.db;
  const mailDeps = { db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger };
  const paymentDeps = {
    db,
    gateway: deps.paymentGateway,
    billerCode: deps.config.BPAY_BILLER_CODE,
    afterCommit: (event) => sendPaymentMailsLater(mailDeps, event)
  };
  return [
    route({
      method: "get",
      path: "/terms/get",
      tag: "terms",
      summary: "The terms and conditions of a promotion: status, latest version, hosted link and every version (owner and staff)",
      access: "user",
      query: z44.object({ promotionId: PromotionIdSchema }),
      response: TermsResponseSchema,
      handler: ({ query, user }) => getTerms(deps, actorOf(user), query.promotionId)
    }),
    route({
      method: "post",
      path: "/terms/generate",
      tag: "terms",
      summary: "Generate a new version of the terms and conditions from the application and the clause library (owner when allowed, staff always)",
      access: "user",
      idempotent: true,
      body: z44.object({ promotionId: PromotionIdSchema }),
      response: GeneratedSchema,
      handler: ({ body, user }) => generateTerms(deps, actorOf(user), body.promotionId)
    }),
    route({
      method: "post",
      path: "/terms/saveVersion",
      tag: "terms",
      summary: "Save staff-edited text of the terms and conditions as a new version (staff)",
      access: "staff",
      idempotent: true,
      body: z44.object({ promotionId: PromotionIdSchema, html: z44.string({ error: MSG_TERMS_HTML_REQUIRED }).min(1, { error: MSG_TERMS_HTML_REQUIRED }).max(5e5, { error: MSG_TERMS_HTML_REQUIRED }) }),
      response: VersionCreatedSchema,
      handler: async ({ body, user }) => ({ versionNumber: (await saveTermsVersion(deps, actorOf(user), body.promotionId, body.html)).number })
    }),
    route({
      method: "post",
      path: "/promotion/approveTermsAndConditions",
      tag: "promotion",
      summary: 'Approve the latest version of the terms and conditions; in "Awaiting submission" the promotion moves on into submission',
      access: "user",
      idempotent: true,
      body: z44.object({ id: PromotionIdSchema }),
      response: z44.object({ id: z44.number().int(), versionNumber: z44.number().int(), statusId: z44.number().int() }),
      handler: ({ body, user }) => approveTerms(deps, actorOf(user), body.id)
    }),
    route({
      method: "post",
      path: "/promotion/submitSkillsBasedTC",
      tag: "promotion",
      summary: "Buy skill-based T&Cs for a game of skill (no permit) by card or BPAY; skillsBasedTCPaymentOption 150/250/1000 sets the price and the edit window (30/90/365 days)",
      access: "user",
      idempotent: true,
      body: SubmitSkillsBasedTCSchema,
      response: SubmitSkillsBasedTCResponseSchema,
      handler: ({ body, user }) => submitSkillsBasedTC(paymentDeps, actorOf(user), body)
    })
  ];
}
function termsDocumentRoutes(deps) {
  const router = Router10({ caseSensitive: false });
  const db = deps.database.db;
  router.get("/promotions/downloadterms/:id", async (req, res) => {
    const id = Number(req.params.id);
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND");
    const row = await requirePromotion(db, { userId: user.id, isStaff: user.isStaff }, id);
    await requireServicePaid(db, row.id, "terms");
    const version = await findLatestVersion(db, row.id);
    if (!version) throw new AppError("NOT_FOUND");
    const meta2 = `Version ${version.number}${version.approvedAt ? `, approved ${escapeHtml(formatDate(version.approvedAt))}` : ", awaiting approval"}`;
    let pdf;
    try {
      pdf = await deps.pdf().render(termsPage({ title: `${row.name || "Promotion"}: terms and conditions`, fragment: version.html, meta: meta2 }));
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError("UNAVAILABLE", MSG_PDF_UNAVAILABLE);
      throw error;
    }
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `attachment; filename="terms-and-conditions-${row.id}-v${version.number}.pdf"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pdf);
  });
  const hosted = async (req, res) => {
    const code = String(req.params.code);
    const notFound = () => res.status(404).type("html").send(termsPage({ title: "Not found", fragment: "<h1>Not found</h1><p>There are no terms and conditions at this address.</p>" }));
    if (!/^[A-Za-z0-9]{6,16}$/.test(code)) return notFound();
    const promotionId = await findPromotionIdByCode(db, code);
    if (promotionId && await serviceOwed(db, promotionId, "terms") > 0) return notFound();
    const approved = promotionId ? await findApprovedVersions(db, promotionId) : [];
    const [current, ...older] = approved;
    if (!current) return notFound();
    const number = req.query.version ? Number(req.query.version) : null;
    const shown = number && approved.find((v) => v.number === number) || current;
    const meta2 = `Version ${shown.number}, approved ${escapeHtml(formatDate(shown.approvedAt))}${shown === current ? "" : ` (a later version, ${current.number}, <a href="./">is current</a>)`}`;
    const list = [current, ...older].filter((v) => v !== shown);
    const footer = list.length ? `<section class="versions"><h2>Other versions</h2><ul>${list.map((v) => `<li><a href="./?version=${v.number}">Version ${v.number}</a>, approved ${escapeHtml(formatDate(v.approvedAt))}</li>`).join("")}</ul></section>` : "";
    res.set("Cache-Control", "public, max-age=60");
    res.type("html").send(termsPage({ title: "Terms and conditions", fragment: shown.html, meta: meta2, footer }));
  };
  router.get("/t/:code", (req, res, next) => {
    if (!req.path.endsWith("/")) return res.redirect(301, `/t/${encodeURIComponent(String(req.params.code))}/${req.originalUrl.slice(req.path.length)}`);
    hosted(req, res).catch(next);
  });
  router.get("/t/:code/", (req, res, next) => void hosted(req, res).catch(next));
  return router;
}

// api/src/modules/reminders/reminders.routes.ts
import express4, { Router as Router11 } from "express";
import { z as z45 } from "zod";

// api/src/modules/reminders/calendar.ts
import crypto13 from "node:crypto";
import { createEvents as createEvents2 } from "ics";
var PRODUCT_ID = "-//PermitDesk//Promotion dates//EN";
function dateArray(date5) {
  const p = parseIsoDate(date5);
  return [p.year, p.month, p.day];
}
function promotionEvents(row, publicUrl) {
  const host = new URL(publicUrl).hostname;
  const title2 = promotionTitle(row.name);
  const url = new URL(`/promotions/edit/${row.id}/`, publicUrl).toString();
  return promotionKeyDates(datesSourceOf(row)).map((date5) => {
    const common2 = {
      title: `${date5.label}: ${title2}`,
      description: `${date5.description}${date5.time ? ` (${formatSydneyDateAndTime(date5.date, date5.time)})` : ""}

${url}`,
      url,
      uid: `promotion-${row.id}-${date5.kind}@${host}`,
      productId: PRODUCT_ID,
      categories: ["Trade promotion"]
    };
    if (date5.time) {
      const instant = sydneyInstant(date5.date, date5.time);
      return { ...common2, start: instant.getTime(), startInputType: "utc", startOutputType: "utc", duration: { hours: 1 } };
    }
    return { ...common2, start: dateArray(date5.date), end: dateArray(addDays(date5.date, 1)) };
  });
}
function calendarText(events, calName) {
  if (events.length === 0) {
    return ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODUCT_ID}`, "METHOD:PUBLISH", `X-WR-CALNAME:${calName}`, "END:VCALENDAR", ""].join("\r\n");
  }
  const { error, value } = createEvents2(events, { productId: PRODUCT_ID, calName, method: "PUBLISH" });
  if (error || !value) throw error ?? new Error("calendar not generated");
  return value;
}
async function promotionCalendarFile(db, owner, id, publicUrl) {
  const row = await findPromotion(db, owner, id);
  if (!row) throw new AppError("NOT_FOUND");
  return { fileName: `promotion-${row.id}-dates.ics`, text: calendarText(promotionEvents(row, publicUrl), promotionTitle(row.name)) };
}
var hashFeedToken = (token) => crypto13.createHash("sha256").update(token).digest("hex");
var newFeedToken = () => crypto13.randomBytes(24).toString("base64url");
function feedUrl(publicUrl, token) {
  const https = new URL(`/calendar/feed/${token}.ics`, publicUrl);
  return { url: https.toString(), webcalUrl: https.toString().replace(/^https?:/, "webcal:") };
}
async function getCalendarFeed(db, userId, publicUrl) {
  const token = newFeedToken();
  if (await insertCalendarFeedIfNone(db, userId, hashFeedToken(token))) {
    const feed2 = await findCalendarFeed(db, userId);
    return { ...feedUrl(publicUrl, token), createdAt: feed2.createdAt.toISOString() };
  }
  const feed = await findCalendarFeed(db, userId);
  return { url: null, webcalUrl: null, createdAt: feed.createdAt.toISOString() };
}
async function regenerateCalendarFeed(db, userId, publicUrl) {
  const token = newFeedToken();
  await upsertCalendarFeed(db, userId, hashFeedToken(token));
  const feed = await findCalendarFeed(db, userId);
  return { ...feedUrl(publicUrl, token), createdAt: feed.createdAt.toISOString() };
}
async function calendarFeedText(db, token, publicUrl) {
  const userId = await findCalendarFeedOwner(db, hashFeedToken(token));
  if (userId === void 0) return void 0;
  const rows = await ownerPromotions(db, userId);
  return calendarText(rows.flatMap((row) => promotionEvents(row, publicUrl)), "PermitDesk promotions");
}

// api/src/modules/reminders/unsubscribe-token.ts
import crypto14 from "node:crypto";
var keys2 = /* @__PURE__ */ new WeakMap();
function unsubscribeKey(config, database) {
  if (config.SESSION_SECRET) return Promise.resolve(`unsubscribe:${config.SESSION_SECRET}`);
  let key = keys2.get(database.pool);
  if (!key) {
    key = (async () => {
      const fresh = JSON.stringify(crypto14.randomBytes(32).toString("base64url"));
      return String(await ensureInstanceSetting(database.pool, "unsubscribe_hmac_key", fresh));
    })();
    key.catch(() => keys2.delete(database.pool));
    keys2.set(database.pool, key);
  }
  return key;
}
var UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 60 * 6e4;
var sign = async (deps, promotionId, email2, expires) => crypto14.createHmac("sha256", await unsubscribeKey(deps.config, deps.database)).update(`${promotionId}:${email2.toLowerCase()}:${expires}`).digest("base64url");
async function isValidUnsubscribeToken(deps, promotionId, email2, token, now = /* @__PURE__ */ new Date()) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1e3 <= now.getTime()) return false;
  const expected = Buffer.from(await sign(deps, promotionId, email2, expires));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && crypto14.timingSafeEqual(given, expected);
}

// api/src/modules/reminders/unsubscribe.ts
async function unsubscribeFromPromotion(deps, user, input) {
  const email2 = normaliseEmail(input.email);
  const byLink = input.token ? await isValidUnsubscribeToken(deps, input.promotionId, email2, input.token) : false;
  const byOwner = !byLink && user ? await findPromotion(deps.database.db, { userId: user.id, isStaff: false }, input.promotionId) !== void 0 && normaliseEmail(user.email) === email2 : false;
  if (!byLink && !byOwner) throw new AppError("NOT_FOUND", MSG_UNSUBSCRIBE_LINK_INVALID);
  const found = await findPromotionWithOwner(deps.database.db, input.promotionId);
  if (!found) throw new AppError("NOT_FOUND", MSG_UNSUBSCRIBE_LINK_INVALID);
  await deps.database.db.transaction(async (tx) => {
    await insertUnsubscribe(tx, input.promotionId, email2);
    await insertChange(tx, {
      promotionId: input.promotionId,
      userId: user?.id ?? null,
      entity: "promotion",
      entityId: input.promotionId,
      action: "unsubscribe",
      changes: { unsubscribed: { from: null, to: email2 } }
    });
  });
  return { promotionId: input.promotionId, email: email2, unsubscribed: true, message: MSG_UNSUBSCRIBED };
}
async function resubscribeToPromotion(deps, user, promotionId) {
  const promotion = await findPromotion(deps.database.db, { userId: user.id, isStaff: user.isStaff }, promotionId);
  if (!promotion) throw new AppError("NOT_FOUND");
  const found = await findPromotionWithOwner(deps.database.db, promotionId);
  const email2 = normaliseEmail(found.ownerEmail);
  await deps.database.db.transaction(async (tx) => {
    await deleteUnsubscribe(tx, promotionId, email2);
    await insertChange(tx, {
      promotionId,
      userId: user.id,
      entity: "promotion",
      entityId: promotionId,
      action: "resubscribe",
      changes: { unsubscribed: { from: email2, to: null } }
    });
  });
  return { promotionId, unsubscribed: false, message: MSG_RESUBSCRIBED };
}

// api/src/modules/reminders/reminders.routes.ts
var ListId = z45.coerce.number({ error: MSG_LIST_NOT_FOUND }).int({ error: MSG_LIST_NOT_FOUND }).positive({ error: MSG_LIST_NOT_FOUND });
var PromotionId = z45.coerce.number({ error: MSG_NOT_FOUND }).int({ error: MSG_NOT_FOUND }).positive({ error: MSG_NOT_FOUND });
var ListSchema = z45.object({ id: z45.number(), name: z45.string(), emails: z45.array(z45.string()) });
var RejectedSchema = z45.object({ line: z45.number(), value: z45.string(), message: z45.string() });
var ReminderSettingSchema = z45.object({ kind: z45.enum(REMINDER_KINDS), label: z45.string(), description: z45.string(), daysBefore: z45.number(), businessDays: z45.boolean() });
var PlannedSchema = z45.object({
  kind: z45.enum(REMINDER_KINDS),
  label: z45.string(),
  date: z45.string().nullable(),
  daysBefore: z45.number(),
  businessDays: z45.boolean(),
  reminderDate: z45.string().nullable(),
  sendAt: z45.string().nullable(),
  status: z45.enum(["scheduled", "past", "no-date", "sent"]),
  message: z45.string().nullable(),
  accountHolder: z45.boolean(),
  distributionListIds: z45.array(z45.number())
});
var RemindersViewSchema = z45.object({
  promotionId: z45.number(),
  unsubscribed: z45.boolean(),
  dates: z45.array(z45.object({ kind: z45.string(), label: z45.string(), description: z45.string(), date: z45.string(), time: z45.string().nullable(), daysLeft: z45.number() })),
  reminders: z45.array(PlannedSchema),
  distributionLists: z45.array(ListSchema)
});
var FeedSchema = z45.object({
  url: z45.string().nullable().describe("the address, only when just made: it is shown once"),
  webcalUrl: z45.string().nullable(),
  createdAt: z45.string().describe("when the current address was made")
});
var ownerOf = (user) => ({ userId: user.id, isStaff: user.isStaff });
function reminderRoutes({ database, config }) {
  const db = database.db;
  return [
    route({
      method: "post",
      path: "/DistributionList/create",
      summary: "Creates a distribution list of the account",
      access: "user",
      idempotent: true,
      body: z45.object({ name: z45.string({ error: MSG_LIST_NAME_REQUIRED }).trim().min(1, { error: MSG_LIST_NAME_REQUIRED }).max(200, { error: MSG_LIST_NAME_REQUIRED }) }),
      response: ListSchema,
      handler: ({ body, user }) => createDistributionList(db, { userId: user.id }, body.name)
    }),
    route({
      method: "post",
      path: "/DistributionList/addEmail",
      summary: "Adds an address, or pasted text / CSV content with one or more addresses per row (bad rows reported by line)",
      access: "user",
      body: z45.object({ id: ListId, email: z45.string({ error: MSG_EMAIL_INVALID }).optional(), emails: z45.string({ error: MSG_EMAIL_INVALID }).optional(), csv: z45.string({ error: MSG_EMAIL_INVALID }).optional() }),
      response: ListSchema.extend({ added: z45.number(), rejected: z45.array(RejectedSchema) }),
      handler: ({ body, user }) => {
        const text33 = body.csv ?? body.emails;
        if (text33 === void 0) parseInput(z45.object({ email: EmailSchema }), { email: body.email });
        return addDistributionListEmails(db, { userId: user.id }, body.id, text33 !== void 0 ? { text: text33, csv: body.csv !== void 0 } : { email: body.email });
      }
    }),
    route({
      method: "post",
      path: "/DistributionList/removeEmail",
      summary: "Removes an address from a list",
      access: "user",
      body: z45.object({ id: ListId, email: z45.string({ error: MSG_EMAIL_INVALID }).min(1, { error: MSG_EMAIL_INVALID }) }),
      response: ListSchema,
      handler: ({ body, user }) => removeDistributionListEmail(db, { userId: user.id }, body.id, body.email)
    }),
    route({
      method: "post",
      path: "/DistributionList/delete",
      summary: "Deletes a list (and takes it off every reminder)",
      access: "user",
      body: z45.object({ id: ListId }),
      response: z45.object({ id: z45.number() }),
      handler: ({ body, user }) => removeDistributionList(db, { userId: user.id }, body.id)
    }),
    route({
      method: "get",
      path: "/DistributionList/get",
      summary: "The account's distribution lists",
      access: "user",
      response: z45.array(ListSchema),
      handler: ({ user }) => getDistributionLists(db, { userId: user.id })
    }),
    route({
      method: "get",
      path: "/Reminder/getReminderDateSettings",
      summary: "The reminder kinds with their default offsets (decision record 016)",
      access: "public",
      response: z45.array(ReminderSettingSchema),
      handler: () => REMINDER_DATE_SETTINGS.map((setting) => ({ ...setting }))
    }),
    route({
      method: "post",
      path: "/Reminder/save",
      summary: "Sets a promotion's reminders: which go to the account holder and to which lists, with their offsets",
      access: "user",
      idempotent: true,
      body: z45.object({ promotionId: PromotionId, reminders: z45.array(ReminderChoiceSchema, { error: MSG_REMINDERS_LIST_INVALID }).max(REMINDER_KINDS.length * 2, { error: MSG_REMINDERS_LIST_INVALID }) }),
      response: RemindersViewSchema,
      handler: ({ body, user }) => saveReminders(db, ownerOf(user), body)
    }),
    route({
      method: "get",
      path: "/Reminder/get",
      summary: "The promotion's key dates (meaning, days left) and reminders set, for the dashboard",
      access: "user",
      query: z45.object({ promotionId: PromotionId }),
      response: RemindersViewSchema,
      handler: ({ query, user }) => getPromotionReminders(db, ownerOf(user), query.promotionId)
    }),
    route({
      method: "post",
      path: "/unsubscribe/frompromotion",
      summary: "Stops a promotion's reminders to an address: from the e-mail link (signed token) or by the signed-in owner",
      access: "public",
      body: z45.object({ promotionId: PromotionId, email: z45.string({ error: MSG_UNSUBSCRIBE_LINK_INVALID }).min(1, { error: MSG_UNSUBSCRIBE_LINK_INVALID }), token: z45.string().optional() }),
      response: z45.object({ promotionId: z45.number(), email: z45.string(), unsubscribed: z45.boolean(), message: z45.string() }),
      handler: ({ body, user }) => unsubscribeFromPromotion({ config, database }, user, body)
    }),
    route({
      method: "post",
      path: "/unsubscribe/resubscribeToPromotion",
      summary: "The account holder receives the promotion's reminders again",
      access: "user",
      body: z45.object({ promotionId: PromotionId }),
      response: z45.object({ promotionId: z45.number(), unsubscribed: z45.boolean(), message: z45.string() }),
      handler: ({ body, user }) => resubscribeToPromotion({ config, database }, user, body.promotionId)
    }),
    route({
      method: "get",
      path: "/calendar/getFeed",
      summary: "The account's private calendar feed: made on first ask and its address (webcal) shown then only; later, when it was made",
      access: "session",
      response: FeedSchema,
      handler: ({ user }) => getCalendarFeed(db, user.id, config.PUBLIC_URL)
    }),
    route({
      method: "post",
      path: "/calendar/regenerateFeed",
      summary: "Replaces the feed secret: the old address stops working; the new one is shown once",
      access: "session",
      response: FeedSchema,
      handler: ({ user }) => regenerateCalendarFeed(db, user.id, config.PUBLIC_URL)
    })
  ];
}
var ICS_TYPE = "text/calendar; charset=utf-8";
function reminderLinkRoutes({ database, config }) {
  const router = Router11({ caseSensitive: false });
  router.get("/promotions/downloadcalendarfile/:id", async (req, res) => {
    const id = Number(req.params.id);
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND");
    const file = await promotionCalendarFile(database.db, ownerOf(user), id, config.PUBLIC_URL);
    res.set("Content-Type", ICS_TYPE);
    res.set("Content-Disposition", `attachment; filename="${file.fileName}"`);
    res.set("Cache-Control", "private, no-store");
    res.send(file.text);
  });
  router.get("/calendar/feed/:file", async (req, res) => {
    const token = String(req.params.file).replace(/\.ics$/i, "");
    const text33 = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await calendarFeedText(database.db, token, config.PUBLIC_URL) : void 0;
    if (text33 === void 0) throw new AppError("NOT_FOUND");
    res.set("Content-Type", ICS_TYPE);
    res.set("Cache-Control", "private, max-age=300");
    res.send(text33);
  });
  router.get("/unsubscribe/", (req, res) => {
    const promotionId = String(req.query.promotionId ?? "");
    const email2 = String(req.query.email ?? "");
    const token = String(req.query.token ?? "");
    res.set("Cache-Control", "no-store");
    res.type("html").send(
      page(
        "Stop reminders",
        `<p>Stop the reminders of promotion #${escapeHtml2(promotionId)} to <strong>${escapeHtml2(email2)}</strong>?</p>
<form method="post" action="/unsubscribe/">
<input type="hidden" name="promotionId" value="${escapeHtml2(promotionId)}">
<input type="hidden" name="email" value="${escapeHtml2(email2)}">
<input type="hidden" name="token" value="${escapeHtml2(token)}">
<button type="submit">Stop reminders</button>
</form>`
      )
    );
  });
  router.post("/unsubscribe/", sameOrigin(config.publicOrigin), express4.urlencoded({ extended: false, limit: "8kb" }), async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const input = parseInput(z45.object({ promotionId: PromotionId, email: z45.string().min(1), token: z45.string().min(1) }), req.body);
      const result = await unsubscribeFromPromotion({ config, database }, void 0, input);
      res.type("html").send(page("Reminders stopped", `<p role="status">${escapeHtml2(result.message)}</p>`));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(404).type("html").send(page("Link not valid", `<p role="alert">${escapeHtml2(MSG_UNSUBSCRIBE_LINK_INVALID)}</p>`));
    }
  });
  return router;
}
function page(title2, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml2(title2)} \xB7 PermitDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#14213d}button{font:inherit;padding:.5rem 1rem;background:#14213d;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml2(title2)}</h1>${body}</main></body></html>`;
}

// api/src/modules/draws/draws.routes.ts
import { z as z46 } from "zod";

// api/src/modules/draws/draw-service.ts
import crypto21 from "node:crypto";
import { once as once2 } from "node:events";
import { PassThrough as PassThrough5 } from "node:stream";

// api/src/modules/draws/canonical-file.ts
import { once } from "node:events";
var LF = 10;
var QUOTE = 34;
async function eachCanonicalRow(stream, onRow, { wanted } = {}) {
  let index16 = 0;
  let partial = [];
  let quotes = 0;
  for await (const chunk of stream) {
    let pos = 0;
    const hasQuote = chunk.indexOf(QUOTE) >= 0;
    if (wanted && !hasQuote && quotes === 0) {
      if (partial.length) {
        const nl = chunk.indexOf(LF);
        if (nl < 0) {
          partial.push(chunk);
          continue;
        }
        const row = Buffer.concat([...partial, chunk.subarray(0, nl)]);
        partial = [];
        if (wanted(index16) && await onRow(index16, row) === false) return index16 + 1;
        index16 += 1;
        pos = nl + 1;
      }
      for (; ; ) {
        const nl = chunk.indexOf(LF, pos);
        if (nl < 0) break;
        if (wanted(index16)) {
          if (await onRow(index16, chunk.subarray(pos, nl)) === false) return index16 + 1;
        }
        index16 += 1;
        pos = nl + 1;
      }
      if (pos < chunk.length) partial.push(chunk.subarray(pos));
      continue;
    }
    for (; ; ) {
      const nl = chunk.indexOf(LF, pos);
      if (nl < 0) {
        if (pos < chunk.length) {
          const rest = chunk.subarray(pos);
          if (hasQuote) quotes += countQuotes(rest);
          partial.push(rest);
        }
        break;
      }
      const segment = chunk.subarray(pos, nl);
      if (hasQuote) quotes += countQuotes(segment);
      pos = nl + 1;
      if (quotes % 2 === 1) {
        partial.push(chunk.subarray(pos - 1 - segment.length, pos));
        continue;
      }
      const row = partial.length ? Buffer.concat([...partial, segment]) : segment;
      partial = [];
      quotes = 0;
      let answer2 = onRow(index16++, row);
      if (answer2 instanceof Promise) answer2 = await answer2;
      if (answer2 === false) return index16;
    }
  }
  return index16;
}
function countQuotes(bytes) {
  let n = 0;
  let at = bytes.indexOf(QUOTE);
  while (at >= 0) {
    n += 1;
    at = bytes.indexOf(QUOTE, at + 1);
  }
  return n;
}
async function writeSafeRows(source, out) {
  let batch = "";
  await eachCanonicalRow(source, async (_index, row) => {
    batch += `${csvSafeRow(row.toString("utf8"))}
`;
    if (batch.length < 65536) return;
    const more = out.write(batch);
    batch = "";
    if (!more) await once(out, "drain");
  });
  if (batch) out.write(batch);
}

// api/src/modules/draws/ingest-entries.ts
import crypto15 from "node:crypto";
import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { pipeline as pipeline2 } from "node:stream/promises";
import { parse as parse2, CsvError } from "csv-parse";
import ExcelJS from "exceljs";

// api/src/modules/draws/row-index.ts
var ROW_INDEX_EVERY = 256;
var rowIndexKey = (entriesKey) => `${entriesKey}.rows`;
var RowIndexBuilder = class {
  chunks = [];
  current = Buffer.alloc(8 * 4096);
  used = 0;
  rows = 0;
  /** `offset`: the byte offset where the next row starts. */
  row(offset) {
    if (this.rows++ % ROW_INDEX_EVERY !== 0) return;
    if (this.used === this.current.length) {
      this.chunks.push(this.current);
      this.current = Buffer.alloc(this.current.length);
      this.used = 0;
    }
    this.current.writeDoubleLE(offset, this.used);
    this.used += 8;
  }
  bytes() {
    return Buffer.concat([...this.chunks, this.current.subarray(0, this.used)]);
  }
  async save(storage2, entriesKey) {
    await storage2.put(rowIndexKey(entriesKey), this.bytes());
  }
};
async function loadRowIndex(storage2, entriesKey) {
  const stream = await storage2.get(rowIndexKey(entriesKey));
  if (!stream) return void 0;
  const bytes = await streamToBuffer(stream);
  const offsets = new Array(Math.floor(bytes.length / 8));
  for (let i = 0; i < offsets.length; i++) offsets[i] = bytes.readDoubleLE(i * 8);
  return offsets;
}

// api/src/modules/draws/ingest-entries.ts
var MAX_DRAW_ENTRIES = 1e7;
var ROW_BLOCK = 65536;
var invalid = (message) => new AppError("VALIDATION", message, { modelState: { file: [message] } });
async function ingestEntries(storage2, file, { limitBytes, maxEntries = MAX_DRAW_ENTRIES }) {
  const key = `draws/entries/${crypto15.randomUUID()}.csv`;
  const hash = crypto15.createHash("sha256");
  let batch = "";
  const rowOffsets = [];
  const rowIndex = new RowIndexBuilder();
  let offset = 0;
  let rows = 0;
  const canonicaliser = new EntriesCanonicaliser((row) => {
    rowIndex.row(offset);
    if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset);
    offset += Buffer.byteLength(row, "utf8");
    batch += row;
  }, maxEntries);
  let total = 0;
  const tooLarge2 = () => invalid(msgDrawFileTooLarge(Math.round(limitBytes / 1024 / 1024)));
  const iterator = file[Symbol.asyncIterator]();
  const first = await iterator.next();
  const isXlsx = !first.done && first.value.subarray(0, 4).equals(ZIP_MAGIC);
  async function* sniff() {
    if (first.done) throw invalid(MSG_DRAW_FILE_EMPTY);
    let chunk = first.value;
    let isFirst = true;
    for (; ; ) {
      total += chunk.length;
      if (total > limitBytes) throw tooLarge2();
      if (isXlsx) {
      } else if (isFirst) {
        const head = chunk.subarray(0, 65536);
        if (head.some((b) => b < 9 || b > 13 && b < 32 || b === 11)) throw invalid(MSG_DRAW_FILE_BINARY);
        if (!isUtf8(head.subarray(0, Math.max(0, head.length - 3)))) throw invalid(MSG_DRAW_FILE_BINARY);
      } else if (chunk.indexOf(0) >= 0) throw invalid(MSG_DRAW_FILE_BINARY);
      isFirst = false;
      yield chunk;
      const next = await iterator.next();
      if (next.done) return;
      chunk = next.value;
    }
  }
  async function* emit(records) {
    for await (const { fields, line } of records) {
      canonicaliser.add(fields, line);
      if (batch.length >= 65536) {
        const bytes = Buffer.from(batch, "utf8");
        batch = "";
        hash.update(bytes);
        yield bytes;
      }
    }
    canonicaliser.finish();
    if (batch) {
      const bytes = Buffer.from(batch, "utf8");
      batch = "";
      hash.update(bytes);
      yield bytes;
    }
  }
  function* flushBatch() {
    if (!batch) return;
    const bytes = Buffer.from(batch, "utf8");
    batch = "";
    hash.update(bytes);
    yield bytes;
  }
  async function* csv() {
    const source = sniff()[Symbol.asyncIterator]();
    let carry = null;
    let pending = null;
    let line = 0;
    let started = false;
    let commas = -1;
    const SPACE = 32;
    const COMMA2 = 44;
    const fastLine = (data, start, end) => {
      if (end === start) return false;
      let count7 = 0;
      let prev = COMMA2;
      for (let i = start; i < end; i++) {
        const b = data[i];
        if (b < 32 || b === 34) return false;
        if (b === COMMA2) {
          if (prev === SPACE || prev >= 128) return false;
          count7 += 1;
        } else if (prev === COMMA2 && (b === SPACE || b >= 128)) return false;
        prev = b;
      }
      if (prev === SPACE || prev >= 128 || count7 !== commas || count7 === end - start) return false;
      return true;
    };
    for (; ; ) {
      const next = pending ? { done: false, value: pending } : await source.next();
      pending = null;
      let data;
      if (next.done) {
        if (!carry || carry.length === 0) break;
        data = Buffer.concat([carry, NEWLINE]);
      } else if (carry && carry.length > 0) {
        const nl = next.value.indexOf(10);
        if (nl < 0 || nl === next.value.length - 1) data = Buffer.concat([carry, next.value]);
        else {
          data = Buffer.concat([carry, next.value.subarray(0, nl + 1)]);
          pending = next.value.subarray(nl + 1);
        }
      } else data = next.value;
      carry = null;
      if (!started) {
        if (data.length < 3 && !next.done) {
          carry = data;
          continue;
        }
        started = true;
        if (data[0] === 239 && data[1] === 187 && data[2] === 191) data = data.subarray(3);
      }
      const lastNl = data.lastIndexOf(10);
      if (lastNl < 0) {
        carry = data;
        if (next.done) break;
        continue;
      }
      if (!next.done) carry = data.subarray(lastNl + 1);
      let pos = 0;
      let runStart = 0;
      while (pos <= lastNl) {
        const nl = data.indexOf(10, pos);
        line += 1;
        if (commas >= 0 && fastLine(data, pos, nl)) {
          rowIndex.row(offset);
          if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset);
          offset += nl - pos + 1;
          if (++canonicaliser.count > maxEntries) throw new EntriesError(msgDrawTooManyEntries(maxEntries), line);
          pos = nl + 1;
          continue;
        }
        if (pos > runStart) {
          yield* flushBatch();
          const run = data.subarray(runStart, pos);
          hash.update(run);
          yield run;
        }
        const text33 = data.toString("utf8", pos, nl);
        if (text33.includes('"') || text33.includes("\r")) {
          const rest = data.subarray(pos);
          const lineOffset = line - 1;
          const parser = parse2({ relax_column_count: true, info: true, skip_empty_lines: false, record_delimiter: ["\r\n", "\n", "\r"] });
          const after = pending;
          pending = null;
          async function* restBytes() {
            yield rest;
            if (after) yield after;
            if (next.done) return;
            for (; ; ) {
              const more = await source.next();
              if (more.done) return;
              yield more.value;
            }
          }
          const parsing = pipeline2(Readable.from(restBytes()), parser);
          parsing.catch(() => {
          });
          try {
            for await (const { fields, line: at } of csvRecords(parser)) {
              canonicaliser.add(fields, at + lineOffset);
              if (batch.length >= 65536) yield* flushBatch();
            }
            await parsing;
          } catch (error) {
            if (error instanceof CsvError) throw new EntriesError(msgDrawBadCsv(Number(error.lines ?? 0) + lineOffset));
            throw error;
          }
          canonicaliser.finish();
          yield* flushBatch();
          return;
        }
        canonicaliser.add(text33.split(","), line);
        if (commas < 0 && canonicaliser.headerFields) commas = canonicaliser.headerFields.length - 1;
        if (batch.length >= 65536) yield* flushBatch();
        pos = nl + 1;
        runStart = pos;
      }
      if (lastNl + 1 > runStart) {
        yield* flushBatch();
        const run = data.subarray(runStart, lastNl + 1);
        hash.update(run);
        yield run;
      }
      if (next.done) break;
    }
    canonicaliser.finish();
    yield* flushBatch();
  }
  const stream = isXlsx ? Readable.from(emit(xlsxRecords(Readable.from(sniff())))) : Readable.from(csv());
  try {
    const bytes = await putStream(storage2, key, stream);
    await rowIndex.save(storage2, key);
    return { key, entryCount: canonicaliser.count, entriesHash: hash.digest("hex"), bytes, header: canonicaliser.headerFields ?? [], rowOffsets, rowIndexEvery: ROW_INDEX_EVERY };
  } catch (error) {
    file.resume();
    await storage2.delete(key).catch(() => {
    });
    await storage2.delete(rowIndexKey(key)).catch(() => {
    });
    if (error instanceof AppError) throw error;
    if (error instanceof EntriesError) throw invalid(error.message);
    if (error instanceof CsvError) throw invalid(msgDrawBadCsv(Number(error.lines ?? 0)));
    if (isXlsx) throw invalid(MSG_DRAW_FILE_BINARY);
    const cause = error.cause;
    if (cause instanceof AppError) throw cause;
    throw error;
  }
}
var ZIP_MAGIC = Buffer.from([80, 75, 3, 4]);
var NEWLINE = Buffer.from("\n");
async function* csvRecords(parser) {
  for await (const { record, info } of parser) yield { fields: record, line: info.lines };
}
function cellText(value) {
  if (value === null || value === void 0) return "";
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, "");
  if (typeof value === "object") {
    const v = value;
    if (v.richText) return v.richText.map((r) => r.text).join("");
    if (v.text !== void 0) return cellText(v.text);
    if (v.result !== void 0) return cellText(v.result);
    if (v.error) return v.error;
    return "";
  }
  return String(value);
}
async function* xlsxRecords(input) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: "emit", sharedStrings: "cache", styles: "ignore", hyperlinks: "ignore", entries: "ignore" });
  let width = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const cells = Array.from({ length: Math.max(0, row.values.length - 1) }, (_, i) => cellText(row.values[i + 1]));
      if (width === 0) width = cells.length;
      while (cells.length < width) cells.push("");
      yield { fields: cells, line: row.number };
    }
    break;
  }
  for await (const _ of input) {
  }
}

// api/src/modules/draws/draws.repository.ts
import crypto16 from "node:crypto";
import { and as and18, asc as asc8, eq as eq20, isNotNull as isNotNull4, isNull as isNull10, lte, or as or4, sql as sql23 } from "drizzle-orm";
async function insertDraw(db, values) {
  const [row] = await db.insert(draws).values(values).returning();
  return row;
}
async function findDrawFor(db, owner, id) {
  const where2 = owner.isStaff ? eq20(draws.id, id) : and18(eq20(draws.id, id), eq20(draws.userId, owner.userId));
  const [row] = await db.select().from(draws).where(where2);
  return row;
}
async function findDrawByPublicId(db, publicId2) {
  const [row] = await db.select().from(draws).where(eq20(draws.publicId, publicId2));
  return row;
}
async function findDraw(db, id) {
  const [row] = await db.select().from(draws).where(eq20(draws.id, id));
  return row;
}
async function replaceEntries(db, id, values) {
  const [row] = await db.update(draws).set(values).where(and18(eq20(draws.id, id), isNull10(draws.committedAt))).returning();
  return row;
}
async function commitDraw(db, id, values, entriesKey) {
  const [row] = await db.update(draws).set({ ...values, committedAt: sql23`now()` }).where(and18(eq20(draws.id, id), isNull10(draws.committedAt), isNull10(draws.cancelledAt), eq20(draws.entriesKey, entriesKey), isNotNull4(draws.entriesHash))).returning();
  return row;
}
async function findResult(db, drawId2) {
  const [row] = await db.select().from(drawResults).where(eq20(drawResults.drawId, drawId2));
  return row;
}
async function recordResult(db, values) {
  return db.transaction(async (tx) => {
    const [draw2] = await tx.select({ cancelledAt: draws.cancelledAt }).from(draws).where(eq20(draws.id, values.drawId)).for("update");
    if (draw2?.cancelledAt) return "cancelled";
    const inserted = await tx.insert(drawResults).values(values).onConflictDoNothing({ target: drawResults.drawId }).returning();
    const [result] = await tx.select().from(drawResults).where(eq20(drawResults.drawId, values.drawId));
    return { result, recorded: inserted.length === 1 };
  });
}
async function findChain(db, rootId) {
  const rows = await db.select().from(draws).leftJoin(drawResults, eq20(drawResults.drawId, draws.id)).where(or4(eq20(draws.id, rootId), eq20(draws.rootId, rootId))).orderBy(asc8(draws.id));
  return rows.map((r) => ({ draw: r.draws, result: r.draw_results }));
}
async function findPromotionDrawsWithResults(db, promotionId) {
  const rows = await db.select().from(draws).leftJoin(drawResults, eq20(drawResults.drawId, draws.id)).where(eq20(draws.promotionId, promotionId)).orderBy(asc8(draws.id));
  return rows.map((r) => ({ draw: r.draws, result: r.draw_results }));
}
async function cancelDraw(db, id, reason) {
  return db.transaction(async (tx) => {
    const [draw2] = await tx.select().from(draws).where(eq20(draws.id, id)).for("update");
    if (!draw2 || draw2.cancelledAt) return void 0;
    const [result] = await tx.select({ drawId: drawResults.drawId }).from(drawResults).where(eq20(drawResults.drawId, id));
    if (result) return void 0;
    const [row] = await tx.update(draws).set({ cancelledAt: sql23`now()`, cancelReason: reason }).where(eq20(draws.id, id)).returning();
    return row;
  });
}
async function entriesBytesOf(db, userId) {
  const { rows } = await db.execute(sql23`select coalesce(sum(entries_bytes), 0)::text as n from app.draws where user_id = ${userId}`);
  return Number(rows[0]?.n ?? 0);
}
async function findDrawsOfPromotion(db, promotionId) {
  return db.select().from(draws).where(eq20(draws.promotionId, promotionId)).orderBy(asc8(draws.id));
}
async function getSeedKey(db) {
  const fresh = crypto16.randomBytes(32).toString("base64url");
  await db.insert(instanceSettings).values({ key: "draw_seed_key", value: fresh }).onConflictDoNothing({ target: instanceSettings.key });
  const [row] = await db.select().from(instanceSettings).where(eq20(instanceSettings.key, "draw_seed_key"));
  return Buffer.from(row.value, "base64url");
}
async function accountNameOf(db, userId) {
  const { rows } = await db.execute(sql23`select account_name from app.users where id = ${userId}`);
  return rows[0]?.account_name ?? "";
}
async function emailOf(db, userId) {
  const { rows } = await db.execute(sql23`select email from app.users where id = ${userId}`);
  return rows[0]?.email;
}
async function findPromotionRow(db, id) {
  const [row] = await db.select().from(promotions).where(eq20(promotions.id, id));
  return row;
}
async function setWinnerPublications(db, id, publications) {
  await db.update(draws).set({ winnerPublications: publications }).where(eq20(draws.id, id));
}
async function publishDueWinners(db, now) {
  const { rows } = await db.execute(sql23`
    update app.draws set winner_publications = (
      select jsonb_agg(case when p->>'publishedAt' is null and (p->>'publishAt')::timestamptz <= ${now.toISOString()}::timestamptz
        then jsonb_set(p, '{publishedAt}', to_jsonb(${now.toISOString()}::text)) else p end)
      from jsonb_array_elements(winner_publications) p)
    where exists (select 1 from jsonb_array_elements(winner_publications) p
      where p->>'publishedAt' is null and (p->>'publishAt')::timestamptz <= ${now.toISOString()}::timestamptz)
    returning id`);
  return rows.length;
}
async function setPromotionAttachments(db, promotionId, entries, change3) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq20(promotions.id, promotionId)).for("update");
    if (!row) return;
    const attachments = [...row.attachments ?? []];
    for (const entry2 of entries) {
      const at = attachments.findIndex((a) => a.attachmentType?.code === entry2.attachmentType.code);
      if (at >= 0) attachments[at] = entry2;
      else attachments.push(entry2);
    }
    await tx.update(promotions).set({ attachments, version: sql23`${promotions.version} + 1`, updatedAt: sql23`now()` }).where(eq20(promotions.id, row.id));
    await insertChange(tx, {
      promotionId: row.id,
      userId: change3.userId,
      entity: "promotion",
      entityId: row.id,
      action: "attachDrawDocuments",
      changes: { attachments: { from: null, to: change3.summary } }
    });
  });
}

// api/src/modules/draws/seed-crypto.ts
import crypto17 from "node:crypto";
function encryptSeed(key, seed, drawId2) {
  const iv = crypto17.randomBytes(12);
  const cipher = crypto17.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`draw:${drawId2}`));
  const ciphertext = Buffer.concat([cipher.update(seed), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}
function decryptSeed(key, sealed, drawId2) {
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = crypto17.createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`draw:${drawId2}`));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

// api/src/modules/draws/draw-view.ts
function statusOf2(draw2, result) {
  if (result) return "run";
  if (draw2.cancelledAt) return "cancelled";
  if (draw2.committedAt) return "committed";
  if (draw2.entriesHash) return "uploaded";
  return "created";
}
function selections(result, mask) {
  const all = result?.selections ?? [];
  const view = (s) => ({ position: s.position, entryIndex: s.entryIndex, rootIndex: s.rootIndex, entry: mask(s.entry) });
  return { winners: all.filter((s) => !s.reserve).map(view), reserves: all.filter((s) => s.reserve).map(view) };
}
function chainView(chain) {
  return chain.map(({ draw: draw2, result }) => ({
    publicId: draw2.publicId,
    title: draw2.title,
    parentPublicId: chain.find((c) => c.draw.id === draw2.parentId)?.draw.publicId ?? null,
    status: statusOf2(draw2, result),
    ranAt: result?.ranAt.toISOString() ?? null
  }));
}
function promotionDrawsView(all) {
  return all.map(({ draw: draw2, result }) => ({
    publicId: draw2.publicId,
    title: draw2.title,
    status: statusOf2(draw2, result),
    parentPublicId: all.find((c) => c.draw.id === draw2.parentId)?.draw.publicId ?? null,
    scheduledAt: draw2.runAt?.toISOString() ?? null,
    committedAt: draw2.committedAt?.toISOString() ?? null,
    ranAt: result?.ranAt.toISOString() ?? null,
    cancelledAt: draw2.cancelledAt?.toISOString() ?? null,
    cancelReason: draw2.cancelReason,
    url: `/draws/${draw2.publicId}/`
  }));
}
function toPublicDraw(draw2, result, chain, promotionDraws = chain) {
  const rule = draw2.maskRule;
  return {
    publicId: draw2.publicId,
    title: draw2.title,
    promotionName: draw2.promotionName,
    promoterName: draw2.promoterName,
    algorithm: DRAW_ALGORITHM,
    status: statusOf2(draw2, result),
    winnersCount: draw2.winners,
    reservesCount: draw2.reserves,
    drawDate: draw2.drawDate,
    drawTime: draw2.drawTime,
    drawLocation: draw2.drawLocation,
    scrutineerName: result?.scrutineerName ?? null,
    maskRule: rule,
    entryCount: draw2.committedAt ? draw2.entryCount : null,
    entriesHash: draw2.committedAt ? draw2.entriesHash : null,
    seedHash: draw2.seedHash,
    /** Merkle root over the canonical rows (DESIGN.md §5a), published with the commit. */
    entriesRoot: draw2.committedAt ? draw2.entriesRoot : null,
    scheduledAt: draw2.runAt?.toISOString() ?? null,
    cancelledAt: draw2.cancelledAt?.toISOString() ?? null,
    cancelReason: draw2.cancelReason,
    earlyRunReason: result?.earlyRunReason ?? null,
    committedAt: draw2.committedAt?.toISOString() ?? null,
    seed: result?.seedHex ?? null,
    ranAt: result?.ranAt.toISOString() ?? null,
    ...selections(result, (entry2) => maskEntry(parseCanonicalRow(entry2), rule)),
    parentPublicId: chain.find((c) => c.draw.id === draw2.parentId)?.draw.publicId ?? null,
    /** For a redraw: the original indexes of the earlier winners its entries leave out. */
    excludedRootIndexes: draw2.excludedRootIndexes,
    chain: chainView(chain),
    promotionDraws: promotionDrawsView(promotionDraws)
  };
}
function toOwnerDraw(draw2, result, chain, promotionDraws = chain) {
  return {
    ...toPublicDraw(draw2, result, chain, promotionDraws),
    id: draw2.id,
    promotionId: draw2.promotionId,
    parentId: draw2.parentId,
    entryCount: draw2.entryCount,
    entriesHash: draw2.entriesHash,
    entriesBytes: draw2.entriesBytes,
    header: draw2.header,
    sourceFileName: draw2.sourceFileName,
    scrutineerRequired: draw2.scrutineerRequired,
    /** Dollars per winner position (null: not given). */
    prizeValues: draw2.prizeValues.map((cents2) => cents2 === null ? null : toDollars(cents2)),
    scrutineerName: result?.scrutineerName ?? draw2.scrutineerName,
    entriesUrl: draw2.entriesKey ? `/download/draw/${draw2.id}/entries.csv` : null,
    publicUrl: `/draws/${draw2.publicId}/`,
    certificateUrl: `/draws/${draw2.publicId}/certificate.pdf`,
    ...selections(result, (entry2) => entry2)
  };
}

// api/src/modules/draws/attach-draw-documents.ts
import crypto18 from "node:crypto";
import { PassThrough as PassThrough4 } from "node:stream";
var csvField = (value) => /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
async function storeUpload2(deps, draw2, userFileName, write) {
  const serverFileName = `${crypto18.randomUUID()}.csv`;
  const out = new PassThrough4();
  const storing = putStream(deps.storage, `uploads/${serverFileName}`, out);
  await write(out);
  out.end();
  const size = await storing;
  await insertUpload(deps.database.db, { userId: draw2.userId, serverFileName, headerFileName: userFileName, fileExtension: "csv", mimeType: "text/csv", sizeBytes: size });
  return { serverFileName, userFileName };
}
async function attachDrawDocuments(deps, draw2, result) {
  const header = draw2.header ?? [];
  const winnersFile = await storeUpload2(deps, draw2, `${draw2.parentId ? "unclaimed-prize-winners" : "prize-winners"}-${draw2.publicId}.csv`, async (out) => {
    out.write(`position,kind,entryIndex,${header.map((h) => csvField(csvSafeCell(h))).join(",")}
`);
    for (const s of result.selections) out.write(`${s.position},${s.reserve ? "reserve" : "winner"},${s.entryIndex},${csvSafeRow(s.entry)}
`);
  });
  const files = [{ code: draw2.parentId ? "W" : "V", file: winnersFile }];
  if (!draw2.parentId && draw2.entriesKey) {
    const entries2 = await storeUpload2(deps, draw2, `entries-${draw2.publicId}.csv`, async (out) => {
      out.write(`${header.map((h) => csvField(csvSafeCell(h))).join(",")}
`);
      const source = await deps.storage.get(draw2.entriesKey);
      if (!source) return;
      await writeSafeRows(source, out);
    });
    files.push({ code: "X", file: entries2 });
  }
  const now = (/* @__PURE__ */ new Date()).toISOString();
  const entries = files.map(({ code, file }) => {
    const type = getAttachmentType(code);
    return {
      attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum },
      uploaded: true,
      isUploading: false,
      exists: true,
      reuseFromPromotion: null,
      shouldReuse: false,
      fileName: file.serverFileName,
      userFileName: file.userFileName,
      fileExtension: "csv",
      uploadDate: now
    };
  });
  await setPromotionAttachments(deps.database.db, draw2.promotionId, entries, {
    userId: result.ranByUserId ?? draw2.userId,
    summary: `draw ${draw2.publicId}: ${files.map((f) => `${f.code} ${f.file.userFileName}`).join(", ")}`
  });
}

// api/src/modules/draws/certificate.ts
import crypto19 from "node:crypto";
import fs6 from "node:fs";

// api/src/modules/draws/draw-page.ts
var esc = (value) => String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
var when = (iso) => iso ? formatDateTime(iso) : "";
var ALGORITHM_PATH = "/draws/algorithm.md";
var VERIFIER_PATH = "/draws/verify-draw.mjs";
var STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.6rem;margin-bottom:.2rem} dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}
dt{font-weight:600} dd{margin:0;overflow-wrap:anywhere} code{font-size:.9em;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0 1rem} th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}
.ok{color:#0a6b2d}.bad{color:#b00020} section{margin-top:1.5rem}
.table-scroll{overflow-x:auto;max-width:100%} main{min-width:0} li,p{overflow-wrap:anywhere}
@media (max-width:40rem){dl{grid-template-columns:minmax(0,1fr)} dd{margin-bottom:.4rem}}`;
function selectionTable(caption, rows, kind) {
  if (rows.length === 0) return "";
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(caption)}"><table id="${kind}"><caption>${esc(caption)}</caption><thead><tr><th>Position</th><th>Entry index</th><th>Entry</th></tr></thead><tbody>${rows.map((r) => `<tr><td>${r.position}</td><td>${r.entryIndex}</td><td>${esc(r.entry) || "<em>hidden</em>"}</td></tr>`).join("")}</tbody></table></div>`;
}
function facts(d) {
  const row = (label, value) => `<dt>${esc(label)}</dt><dd>${value}</dd>`;
  return `<dl>
${row("Promotion", esc(d.promotionName))}
${row("Promoter", esc(d.promoterName))}
${row("Algorithm", `<code>${DRAW_ALGORITHM}</code>`)}
${row("Scheduled", esc(`${when(d.scheduledAt) || "not set"}${d.drawLocation ? `, ${d.drawLocation}` : ""}`))}
${row("Winners, reserves", `${d.winnersCount}, ${d.reservesCount}`)}
${row("Entries", d.entryCount === null ? "not committed yet" : esc(d.entryCount.toLocaleString("en-AU")))}
${row("Entries hash (SHA-256)", `<code id="entries-hash">${esc(d.entriesHash ?? "")}</code>`)}
${row("Entries root (Merkle)", `<code id="entries-root">${esc(d.entriesRoot ?? "")}</code>`)}
${row("Seed hash (SHA-256)", `<code id="seed-hash">${esc(d.seedHash ?? "")}</code>`)}
${row("Committed", esc(when(d.committedAt)))}
${row("Seed", d.seed ? `<code id="seed">${esc(d.seed)}</code>` : "revealed when the draw runs")}
${row("Run", esc(when(d.ranAt)) || "not yet")}
${d.earlyRunReason ? row("Run before its scheduled time because", `<span id="early-run-reason">${esc(d.earlyRunReason)}</span>`) : ""}
${d.cancelledAt ? row("Cancelled", `<span id="cancelled">${esc(when(d.cancelledAt))}: ${esc(d.cancelReason ?? "")}</span>`) : ""}
${d.scrutineerName ? row("Scrutineer", esc(d.scrutineerName)) : ""}
${d.excludedRootIndexes.length ? row("Excluded (earlier winners, original indexes)", esc(d.excludedRootIndexes.join(", "))) : ""}
</dl>`;
}
function promotionDrawsTable(d, base = "") {
  const cell = (iso) => `<td>${esc(when(iso)) || "\u2014"}</td>`;
  return `<section aria-labelledby="all-draws"><h2 id="all-draws">Every draw of this promotion</h2>
<div class="table-scroll" tabindex="0" role="region" aria-label="Every draw of this promotion"><table id="promotion-draws"><thead><tr><th>Draw</th><th>State</th><th>Scheduled</th><th>Committed</th><th>Run</th><th>Cancelled</th></tr></thead><tbody>${d.promotionDraws.map(
    (p) => `<tr><td>${p.publicId === d.publicId ? `<strong>${esc(p.title)}</strong> (this draw)` : `<a href="${esc(base + p.url)}">${esc(p.title)}</a>`}${p.parentPublicId ? " (redraw)" : ""}</td><td>${esc(p.status)}</td>${cell(p.scheduledAt)}${cell(p.committedAt)}${cell(p.ranAt)}<td>${p.cancelledAt ? `${esc(when(p.cancelledAt))}: ${esc(p.cancelReason ?? "")}` : "\u2014"}</td></tr>`
  ).join("")}</tbody></table></div></section>`;
}
function chainList(d) {
  if (d.chain.length < 2) return "";
  return `<section><h2>Draw and redraws</h2><ol>${d.chain.map((c) => `<li>${c.publicId === d.publicId ? `<strong>${esc(c.title)}</strong>` : `<a href="/draws/${esc(c.publicId)}/">${esc(c.title)}</a>`} (${esc(c.status)}${c.ranAt ? `, ${esc(when(c.ranAt))}` : ""})</li>`).join("")}</ol></section>`;
}
var METHOD = `The entries were fixed before the draw: their SHA-256 hash and the hash of a secret 32-byte
random seed were published at the commit. The draw then took the seed, derived a random stream
with HMAC-SHA256 from the seed and the entries hash, picked each winner with unbiased rejection
sampling and a partial Fisher\u2013Yates shuffle, and revealed the seed. Anyone with the entries file can
recompute every step.`;
function renderDrawPage(d) {
  const json = JSON.stringify(d).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(d.title)}: draw record</title><style>${STYLE}</style></head><body><main>
<h1>${esc(d.title)}</h1><p>Public record of an electronic draw. <a href="/draws/${esc(d.publicId)}/certificate.pdf">Draw certificate (PDF)</a>${d.status === "cancelled" ? "" : ` \xB7 <a href="/winners/${esc(d.publicId)}/">Winners page</a>`}</p>
${facts(d)}
${selectionTable("Winners", d.winners, "winners")}${selectionTable("Reserves", d.reserves, "reserves")}
${chainList(d)}
${promotionDrawsTable(d)}
<section><h2>How this draw can be checked</h2><p>${METHOD}</p>
<p>Read <a href="${ALGORITHM_PATH}">the published algorithm</a>, or check the draw from a command line with <a href="${VERIFIER_PATH}">the verifier</a> (Node.js):
<code>node verify-draw.mjs entries.csv ${esc(d.seed ?? "&lt;seed&gt;")} ${d.winnersCount} ${d.reservesCount}${d.excludedRootIndexes.length ? ` --exclude ${esc(d.excludedRootIndexes.join(","))}` : ""}</code></p></section>
<section aria-labelledby="verify-title"><h2 id="verify-title">Verify this draw</h2>
<p>Choose the entries file: it is checked here, in your browser, and never uploaded.</p>
<label>Entries file (CSV) <input type="file" id="verify-file" accept=".csv,text/csv"></label>
<p id="verify-result" role="status"></p><ul id="verify-steps"></ul></section>
<section><h2>Did I enter?</h2><form id="lookup-form"><label>Your entry, exactly as entered (for example your e-mail address) <input name="value" required maxlength="500"></label> <button>Check</button></form><p id="lookup-result" role="status"></p></section>
</main><script type="application/json" id="draw-data">${json}</script><script type="module" src="/draws/verify.js"></script></body></html>`;
}
function recordTime(d) {
  return [d.ranAt, d.cancelledAt, d.committedAt].filter((t) => Boolean(t)).sort().at(-1) ?? null;
}
function renderCertificate(d, { letterhead, publicUrl }) {
  const recordUrl = `${publicUrl}/draws/${d.publicId}/`;
  const dated = recordTime(d);
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Draw certificate</title><style>${STYLE} body{margin:0 auto} .letterhead{border-bottom:2px solid #1a1a1a;padding-bottom:.4rem;margin-bottom:1rem}</style></head><body>
<header class="letterhead"><strong>${esc(letterhead.name)}</strong>${letterhead.abn ? ` \xB7 ABN ${esc(letterhead.abn)}` : ""}</header>
<h1>Certificate of electronic draw</h1><p>${esc(d.title)}${dated ? `: the record as at ${esc(when(dated))}` : ""}.</p>
${facts(d)}
${d.status === "cancelled" ? `<p class="bad">This draw was cancelled ${esc(when(d.cancelledAt))}: ${esc(d.cancelReason ?? "")}</p>` : d.seed ? "" : '<p class="bad">This draw has not run yet: this certificate records its commit only.</p>'}
${selectionTable("Winners", d.winners, "winners")}${selectionTable("Reserves", d.reserves, "reserves")}
${chainList(d)}
${promotionDrawsTable(d, publicUrl)}
<section><h2>Method</h2><p>${METHOD}</p><p>Public record, with the verifier: <a href="${esc(recordUrl)}">${esc(recordUrl)}</a></p>
<p>Algorithm: <a href="${esc(publicUrl + ALGORITHM_PATH)}">${esc(publicUrl + ALGORITHM_PATH)}</a></p></section>
${d.scrutineerName ? `<section><p>Scrutineer: ${esc(d.scrutineerName)}</p><p>Signature: ______________________________</p></section>` : ""}
</body></html>`;
}
var PUBLICATION_RULE = {
  ACT: "winners of prizes of $1,000 or more",
  SA: "winners\u2019 initials and postcode"
};
function renderWinnersPending(w) {
  const whenText = w.publishAt ? `The winners will be published here on ${esc(when(w.publishAt))}.` : `The winners will be published here after the draw${w.drawAt ? `, which is scheduled for ${esc(when(w.drawAt))}` : ""}.`;
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners: ${esc(w.promotionName)}</title><style>${STYLE}</style></head><body><main>
<h1>Winners: ${esc(w.promotionName)}</h1>
<p id="winners-pending">${whenText}</p>
<p>${esc(w.title)}: the draw's public record, with everything needed to check it: <a href="/draws/${esc(w.publicId)}/">/draws/${esc(w.publicId)}/</a></p>
</main></body></html>`;
}
function renderWinnersNotFound() {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners page not found</title><style>${STYLE}</style></head><body><main>
<h1>Winners page not found</h1><p>There is no winners page at this address. Please check the link you were given.</p>
</main></body></html>`;
}
function renderWinnersPage(w) {
  const list = (p) => `<section aria-labelledby="winners-${esc(p.state)}">
<h2 id="winners-${esc(p.state)}">Published for ${esc(p.state)}: ${esc(PUBLICATION_RULE[p.state] ?? "winners")}</h2>
<table id="winners-${esc(p.state).toLowerCase()}" class="winners"><thead><tr><th>Prize</th><th>Prize value</th><th>Winner</th></tr></thead><tbody>${p.winners.map((r) => `<tr><td>${r.position}</td><td>${r.prizeValue === null ? "" : esc(formatCurrency(r.prizeValue))}</td><td>${esc(r.entry)}</td></tr>`).join("")}</tbody></table></section>`;
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners: ${esc(w.promotionName)}</title><style>${STYLE}</style></head><body><main>
<h1>Winners: ${esc(w.promotionName)}</h1>
<p>${esc(w.title)}, drawn ${esc(when(w.ranAt))} by ${esc(w.promoterName)}.</p>
${w.publications.map(list).join("\n")}
<p>The draw's public record, with everything needed to check it: <a href="/draws/${esc(w.publicId)}/">/draws/${esc(w.publicId)}/</a></p>
</main></body></html>`;
}

// api/src/modules/draws/certificate.ts
var CERTIFICATE_LAYOUT = 2;
function letterheadOf(dataDir) {
  try {
    const { settings } = JSON.parse(fs6.readFileSync(contentFileFor(dataDir), "utf8"));
    return { name: settings.legalName || settings.productName || DEFAULT_PRODUCT_NAME, abn: settings.abn ?? null };
  } catch {
    return { name: DEFAULT_PRODUCT_NAME, abn: null };
  }
}
function certificateFingerprint(view, letterhead, publicUrl) {
  return crypto19.createHash("sha256").update(JSON.stringify([CERTIFICATE_LAYOUT, view, letterhead, publicUrl])).digest("hex").slice(0, 32);
}
var certificateKey = (publicId2, fingerprint2) => `draws/certificates/${publicId2}/${fingerprint2}.pdf`;
var printing = /* @__PURE__ */ new Map();
async function ensureCertificate(deps, view, priority) {
  const letterhead = letterheadOf(deps.config.DATA_DIR);
  const fingerprint2 = certificateFingerprint(view, letterhead, deps.config.PUBLIC_URL);
  const key = certificateKey(view.publicId, fingerprint2);
  const etag = `"${fingerprint2}"`;
  if (await deps.storage.exists(key)) return { key, etag };
  let job = printing.get(key);
  if (!job) {
    job = (async () => {
      const pdf = await deps.pdf().render(renderCertificate(view, { letterhead, publicUrl: deps.config.PUBLIC_URL }), { priority });
      await deps.storage.put(key, pdf);
    })().finally(() => printing.delete(key));
    printing.set(key, job);
  }
  await job;
  return { key, etag };
}

// api/src/modules/draws/proof-index.ts
import crypto20 from "node:crypto";
import fs7 from "node:fs";
import os from "node:os";
import path6 from "node:path";
import { Readable as Readable2 } from "node:stream";
var PROOF_BLOCK = ROW_INDEX_EVERY;
var merkleKey = (entriesKey) => `${entriesKey}.merkle`;
var valueIndexKey = (entriesKey) => `${entriesKey}.values`;
var BUCKETS = 256;
var HEADER_BYTES = (BUCKETS + 1) * 8;
var RECORD = 12;
var sha256 = (data) => crypto20.hash("sha256", data, "buffer");
function valueKey(value) {
  const bytes = Buffer.from(value, "utf8");
  let a = 2166136261;
  let b = 84696351;
  for (const byte of bytes) {
    a = Math.imul(a ^ byte, 16777619);
    b = Math.imul(b ^ byte, 16777619);
  }
  return [a >>> 0, b >>> 0];
}
var BUCKET_BUFFER = 16380;
var COMMA = 44;
var QUOTE2 = 34;
function eachValueKey(row, onKey) {
  if (row.indexOf(QUOTE2) >= 0) {
    for (const field of new Set(parseCanonicalRow(row.toString("utf8")))) if (field !== "") onKey(...valueKey(field));
    return;
  }
  let a = 2166136261;
  let b = 84696351;
  let empty = true;
  for (let i = 0; i <= row.length; i++) {
    const byte = i < row.length ? row[i] : COMMA;
    if (byte === COMMA) {
      if (!empty) onKey(a >>> 0, b >>> 0);
      a = 2166136261;
      b = 84696351;
      empty = true;
      continue;
    }
    a = Math.imul(a ^ byte, 16777619);
    b = Math.imul(b ^ byte, 16777619);
    empty = false;
  }
}
async function buildProofIndex(storage2, entriesKey) {
  const source = await storage2.get(entriesKey);
  if (!source) throw new Error(`draw entries missing: ${entriesKey}`);
  const dir = await fs7.promises.mkdtemp(path6.join(os.tmpdir(), "draw-values-"));
  try {
    let block = new MerkleBuilder(sha256);
    const blockRoots = [];
    const pending = Array.from({ length: BUCKETS }, () => ({ buffer: Buffer.allocUnsafe(BUCKET_BUFFER), bytes: 0 }));
    const sizes = new Array(BUCKETS).fill(0);
    const flush = async (bucket) => {
      const p = pending[bucket];
      if (p.bytes === 0) return;
      await fs7.promises.appendFile(path6.join(dir, String(bucket)), p.buffer.subarray(0, p.bytes));
      sizes[bucket] += p.bytes;
      p.bytes = 0;
    };
    await eachCanonicalRow(source, async (index16, row) => {
      block.addLeaf(merkleLeaf(row, sha256));
      if (block.count === PROOF_BLOCK) {
        blockRoots.push(Buffer.from(block.root()));
        block = new MerkleBuilder(sha256);
      }
      eachValueKey(row, (a, b) => {
        const bucket = a >>> 24;
        const p = pending[bucket];
        p.buffer.writeUInt32BE(a, p.bytes);
        p.buffer.writeUInt32BE(b, p.bytes + 4);
        p.buffer.writeUInt32BE(index16, p.bytes + 8);
        p.bytes += RECORD;
        if (p.bytes + RECORD > BUCKET_BUFFER) {
          fs7.appendFileSync(path6.join(dir, String(bucket)), p.buffer.subarray(0, p.bytes));
          sizes[bucket] += p.bytes;
          p.bytes = 0;
        }
      });
    });
    if (block.count > 0) blockRoots.push(Buffer.from(block.root()));
    for (let bucket = 0; bucket < BUCKETS; bucket++) await flush(bucket);
    await storage2.put(merkleKey(entriesKey), Buffer.concat(blockRoots));
    const header = Buffer.alloc(HEADER_BYTES);
    let offset = HEADER_BYTES;
    for (let bucket = 0; bucket <= BUCKETS; bucket++) {
      header.writeDoubleLE(offset, bucket * 8);
      offset += sizes[bucket] ?? 0;
    }
    async function* table() {
      yield header;
      for (let bucket = 0; bucket < BUCKETS; bucket++) if (sizes[bucket]) yield* fs7.createReadStream(path6.join(dir, String(bucket)));
    }
    await putStream(storage2, valueIndexKey(entriesKey), Readable2.from(table()));
    return { entriesRoot: toHex(merkleRootOf(blockRoots, sha256)) };
  } finally {
    await fs7.promises.rm(dir, { recursive: true, force: true });
  }
}
async function readRange(storage2, key, start, end) {
  if (end < start) return Buffer.alloc(0);
  const stream = storage2.getFrom ? await storage2.getFrom(key, start, end) : await storage2.get(key);
  if (!stream) return void 0;
  const bytes = await streamToBuffer(stream);
  return storage2.getFrom ? bytes : bytes.subarray(start, end + 1);
}
async function candidateRows(storage2, entriesKey, value) {
  const [a, b] = valueKey(value);
  const bucketAt = (a >>> 24) * 8;
  const header = await readRange(storage2, valueIndexKey(entriesKey), bucketAt, bucketAt + 15);
  if (!header || header.length < 16) return void 0;
  const start = header.readDoubleLE(0);
  const end = header.readDoubleLE(8);
  const bucket = await readRange(storage2, valueIndexKey(entriesKey), start, end - 1);
  if (!bucket) return void 0;
  const out = [];
  for (let at = 0; at + RECORD <= bucket.length; at += RECORD) {
    if (bucket.readUInt32BE(at) === a && bucket.readUInt32BE(at + 4) === b) out.push(bucket.readUInt32BE(at + 8));
  }
  return out;
}
async function loadBlockRoots(storage2, entriesKey) {
  const stream = await storage2.get(merkleKey(entriesKey));
  if (!stream) return void 0;
  const roots = await streamToBuffer(stream);
  return Array.from({ length: roots.length / 32 }, (_, i) => roots.subarray(i * 32, i * 32 + 32));
}
async function blockRowsOf(storage2, entriesKey, block) {
  const offsets = await readRange(storage2, rowIndexKey(entriesKey), block * 8, block * 8 + 15);
  if (!offsets || offsets.length < 8) return void 0;
  const start = offsets.readDoubleLE(0);
  const end = offsets.length >= 16 ? offsets.readDoubleLE(8) - 1 : void 0;
  const stream = storage2.getFrom ? await storage2.getFrom(entriesKey, start, end) : void 0;
  if (!stream) return void 0;
  const rows = [];
  await eachCanonicalRow(stream, (_index, row) => {
    rows.push(Buffer.from(row));
    if (rows.length === PROOF_BLOCK) return false;
  });
  stream.destroy();
  return rows;
}
function proofOf(blockRoots, index16, blockRows) {
  const block = Math.floor(index16 / PROOF_BLOCK);
  const leaves = blockRows.map((row) => merkleLeaf(row, sha256));
  return [...merkleProofOf(leaves, index16 - block * PROOF_BLOCK, sha256), ...merkleProofOf(blockRoots, block, sha256)];
}

// api/src/modules/draws/draw-service.ts
function refreshCertificate(deps, publicId2) {
  const pdf = deps.pdf;
  if (!pdf) return;
  void getPublicDraw(deps, publicId2).then((view) => ensureCertificate({ ...deps, pdf }, view, "customer")).catch((error) => deps.logger.error("draw certificate not printed", { publicId: publicId2, error: String(error) }));
}
var NEWLINE2 = Buffer.from("\n");
var nodeHmac = (key, message) => crypto21.createHmac("sha256", key).update(message).digest();
function countRange(message = MSG_DRAW_COUNT_RANGE) {
  return new AppError("VALIDATION", message, { modelState: { winners: [message] } });
}
async function requireDraw(deps, owner, id) {
  const draw2 = await findDrawFor(deps.database.db, owner, id);
  if (!draw2) throw new AppError("NOT_FOUND");
  return draw2;
}
function text31(value) {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}
function addressText2(value) {
  if (!value || typeof value !== "object") return null;
  const a = value;
  return [a.lineOne, a.lineTwo, a.suburb, a.state, a.postcode].map(text31).filter(Boolean).join(", ") || null;
}
function scheduledTime(application, input, now) {
  const fromApplication = drawInstant(text31(application.date), text31(application.time) ?? "00:00");
  if (fromApplication) return fromApplication;
  if (input.runDate) {
    const given = drawInstant(input.runDate, input.runTime ?? "00:00");
    if (!given) throw new AppError("VALIDATION", MSG_DRAW_RUN_AT_INVALID, { modelState: { runDate: [MSG_DRAW_RUN_AT_INVALID] } });
    return given;
  }
  return now;
}
function requireNotCancelled(draw2) {
  if (draw2.cancelledAt) throw new AppError("CONFLICT", MSG_DRAW_CANCELLED);
}
function checkPrizeValues(prizeValues2, winners2) {
  if (!prizeValues2) return [];
  if (prizeValues2.length > winners2) throw new AppError("VALIDATION", MSG_DRAW_PRIZE_VALUES, { modelState: { prizeValues: [MSG_DRAW_PRIZE_VALUES] } });
  return prizeValues2;
}
async function createDraw(deps, owner, input) {
  const promotion = await findPromotion(deps.database.db, owner, input.promotionId);
  if (!promotion) throw new AppError("NOT_FOUND");
  if (!promotion.randomDraw) throw new AppError("CONFLICT", MSG_DRAW_NO_SERVICE);
  const permit = promotion.permit ?? {};
  const details = promotion.details ?? {};
  const applicant = promotion.applicant ?? permit.applicant ?? {};
  const finalDraw = permit.finalDraw ?? {};
  const fromApplication = drawInstant(text31(finalDraw.date), text31(finalDraw.time) ?? "00:00");
  if (input.schedule && !fromApplication) throw new AppError("VALIDATION", MSG_DRAW_SCHEDULE_NEEDS_DATE, { modelState: { schedule: [MSG_DRAW_SCHEDULE_NEEDS_DATE] } });
  const runAt = scheduledTime(finalDraw, input, /* @__PURE__ */ new Date());
  const commitAt = input.schedule ? drawInstant(text31(permit.endDate), text31(permit.endTime) ?? "23:59") ?? runAt : null;
  const prizeCount = Number.isInteger(details.prizeQuantityTotal) && details.prizeQuantityTotal > 0 ? details.prizeQuantityTotal : 1;
  const prizeValues2 = checkPrizeValues(input.prizeValues, input.winners ?? prizeCount);
  const draw2 = await insertDraw(deps.database.db, {
    publicId: crypto21.randomBytes(9).toString("base64url"),
    promotionId: promotion.id,
    userId: promotion.userId,
    title: input.title?.trim() || `${promotion.name || "Untitled promotion"}: final draw`,
    promotionName: promotion.name || "Untitled promotion",
    promoterName: text31(applicant.organisation) ?? text31(applicant.tradingName) ?? await accountNameOf(deps.database.db, promotion.userId),
    winners: input.winners ?? prizeCount,
    reserves: input.reserves ?? 0,
    prizeValues: prizeValues2,
    maskRule: input.maskRule ?? "standard",
    drawDate: text31(finalDraw.date),
    drawTime: text31(finalDraw.time),
    drawLocation: [text31(finalDraw.locationOrganisation), addressText2(finalDraw.locationAddress)].filter(Boolean).join(", ") || null,
    scrutineerRequired: permit.scrutineerRequired === true,
    scrutineerName: text31(permit.scrutineerName),
    scheduled: Boolean(input.schedule),
    commitAt,
    runAt
  });
  return { id: draw2.id, publicId: draw2.publicId, title: draw2.title, winners: draw2.winners, reserves: draw2.reserves, drawDate: draw2.drawDate, drawTime: draw2.drawTime, drawLocation: draw2.drawLocation, runAt: draw2.runAt?.toISOString() ?? null };
}
async function commitDraw2(deps, owner, id) {
  const draw2 = await requireDraw(deps, owner, id);
  requireNotCancelled(draw2);
  if (draw2.committedAt) throw new AppError("CONFLICT", MSG_DRAW_ALREADY_COMMITTED);
  if (!draw2.entriesHash || !draw2.entryCount) throw new AppError("VALIDATION", MSG_DRAW_NO_ENTRIES_YET, { modelState: { file: [MSG_DRAW_NO_ENTRIES_YET] } });
  if (draw2.winners + draw2.reserves > draw2.entryCount) throw countRange();
  const { entriesRoot } = await buildProofIndex(deps.storage, draw2.entriesKey);
  const seed = crypto21.randomBytes(32);
  const key = await getSeedKey(deps.database.db);
  const committed = await commitDraw(
    deps.database.db,
    draw2.id,
    { seedEncrypted: encryptSeed(key, seed, draw2.id), seedHash: crypto21.createHash("sha256").update(seed).digest("hex"), entriesRoot },
    draw2.entriesKey
  );
  seed.fill(0);
  if (!committed) {
    const now = await findDraw(deps.database.db, draw2.id);
    if (now) requireNotCancelled(now);
    throw new AppError("CONFLICT", now?.entriesKey === draw2.entriesKey ? MSG_DRAW_ALREADY_COMMITTED : MSG_DRAW_COMMITTED);
  }
  const answer2 = {
    entryCount: committed.entryCount,
    entriesHash: committed.entriesHash,
    entriesRoot: committed.entriesRoot,
    seedHash: committed.seedHash,
    committedAt: committed.committedAt.toISOString()
  };
  refreshCertificate(deps, committed.publicId);
  await mailCommit(deps, committed, answer2).catch((error) => deps.logger.error("draw commit mail failed", { drawId: draw2.id, error: String(error) }));
  return answer2;
}
async function mailCommit(deps, draw2, commit) {
  const to = await emailOf(deps.database.db, draw2.userId);
  if (!to) return;
  const url = `${deps.config.PUBLIC_URL}/draws/${draw2.publicId}/`;
  const lines = [
    `The entries of "${draw2.title}" (${draw2.promotionName}) are committed. Nothing about them can change before the draw.`,
    "",
    `Algorithm: ${DRAW_ALGORITHM}`,
    `Entries: ${commit.entryCount}`,
    `Entries hash (SHA-256): ${commit.entriesHash}`,
    `Entries root (Merkle): ${commit.entriesRoot}`,
    `Seed hash (SHA-256): ${commit.seedHash}`,
    `Committed: ${formatDateTime(commit.committedAt)}`,
    "",
    `Keep this e-mail: it proves what was fixed before the draw. The public record: ${url}`
  ];
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  await deps.mailer.send({
    to,
    subject: `Draw committed: ${draw2.title}`,
    text: lines.join("\n"),
    html: `<p>${lines.map(escape).join("<br>")}</p>`
  });
}
async function rowsAt(deps, draw2, indexes) {
  const key = draw2.entriesKey;
  const wanted = new Map(indexes.map((i) => [i, ""]));
  let every = 0;
  let offsets = [];
  if (deps.storage.getFrom) {
    const fine = draw2.rowIndexEvery ? await loadRowIndex(deps.storage, key) : void 0;
    if (fine && draw2.rowIndexEvery) [every, offsets] = [draw2.rowIndexEvery, fine];
    else if (draw2.rowOffsets.length > 0) [every, offsets] = [ROW_BLOCK, draw2.rowOffsets];
  }
  const blocks = /* @__PURE__ */ new Map();
  for (const index16 of indexes) {
    const block = every ? Math.floor(index16 / every) : 0;
    const list = blocks.get(block);
    if (list) list.push(index16);
    else blocks.set(block, [index16]);
  }
  const queue = [...blocks];
  const readBlock = async ([block, inBlock]) => {
    const first = every ? block * every : 0;
    const end = every && block + 1 < offsets.length ? offsets[block + 1] - 1 : void 0;
    const stream = every ? await deps.storage.getFrom(key, offsets[block], end) : await deps.storage.get(key);
    if (!stream) throw new Error(`draw entries missing: ${key}`);
    let left = new Set(inBlock).size;
    const last = inBlock.reduce((a, b) => Math.max(a, b), 0);
    await eachCanonicalRow(
      stream,
      (index16, row) => {
        const at = index16 + first;
        if (wanted.has(at) && wanted.get(at) === "") {
          wanted.set(at, row.toString("utf8"));
          left -= 1;
        }
        if (left === 0 || at >= last) return false;
      },
      { wanted: (index16) => wanted.has(index16 + first) }
    );
    stream.destroy();
  };
  await Promise.all(
    Array.from({ length: Math.min(16, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await readBlock(next);
    })
  );
  return wanted;
}
async function runDraw(deps, owner, id, { scrutineerName, actorId, earlyRunReason, now = /* @__PURE__ */ new Date() } = {}) {
  const draw2 = await requireDraw(deps, owner, id);
  await requireServicePaid(deps.database.db, draw2.promotionId, "draw");
  const existing = await findResult(deps.database.db, draw2.id);
  if (existing) return runAnswer(existing);
  requireNotCancelled(draw2);
  if (!draw2.committedAt || !draw2.seedEncrypted) throw new AppError("CONFLICT", MSG_DRAW_NOT_COMMITTED);
  let early = null;
  if (draw2.runAt && now < draw2.runAt) {
    if (!owner.isStaff) throw new AppError("CONFLICT", msgDrawTooEarly(formatDateTime(draw2.runAt)));
    early = earlyRunReason?.trim() || null;
    if (!early) throw new AppError("VALIDATION", MSG_DRAW_EARLY_REASON_REQUIRED, { modelState: { earlyRunReason: [MSG_DRAW_EARLY_REASON_REQUIRED] } });
  }
  const count7 = draw2.winners + draw2.reserves;
  if (count7 < 1 || count7 > draw2.entryCount) throw countRange();
  const scrutineer = scrutineerName?.trim() || draw2.scrutineerName;
  if (draw2.scrutineerRequired && !scrutineer) throw new AppError("VALIDATION", MSG_DRAW_SCRUTINEER_REQUIRED, { modelState: { scrutineerName: [MSG_DRAW_SCRUTINEER_REQUIRED] } });
  const seed = decryptSeed(await getSeedKey(deps.database.db), draw2.seedEncrypted, draw2.id);
  const selected = await selectIndexes({ seed, entriesHash: draw2.entriesHash, entryCount: draw2.entryCount, count: count7, hmac: nodeHmac });
  const text33 = await rowsAt(deps, draw2, selected);
  const excluded = [...draw2.excludedRootIndexes].sort((a, b) => a - b);
  const selections2 = selected.map((entryIndex, i) => ({
    position: i < draw2.winners ? i + 1 : i - draw2.winners + 1,
    reserve: i >= draw2.winners,
    entryIndex,
    rootIndex: rootIndexOf(entryIndex, excluded),
    entry: text33.get(entryIndex) ?? ""
  }));
  const recording = await recordResult(deps.database.db, { drawId: draw2.id, seedHex: seed.toString("hex"), selections: selections2, ranByUserId: actorId ?? null, scrutineerName: scrutineer ?? null, earlyRunReason: early });
  seed.fill(0);
  if (recording === "cancelled") throw new AppError("CONFLICT", MSG_DRAW_CANCELLED);
  const { result, recorded } = recording;
  if (recorded) {
    void attachDrawDocuments(deps, draw2, result).catch((error) => deps.logger.error("draw documents not attached", { drawId: draw2.id, error: String(error) }));
    await scheduleWinnerPublication(deps, draw2, result.ranAt).catch((error) => deps.logger.error("winner publication not scheduled", { drawId: draw2.id, error: String(error) }));
    await mailResult(deps, draw2, result).catch((error) => deps.logger.error("draw result mail failed", { drawId: draw2.id, error: String(error) }));
    refreshCertificate(deps, draw2.publicId);
  }
  return runAnswer(result);
}
async function mailResult(deps, draw2, result) {
  const to = await emailOf(deps.database.db, draw2.userId);
  if (!to) return;
  const rule = draw2.maskRule;
  const shown = (s) => `${s.reserve ? "Reserve" : "Prize"} ${s.position}: entry ${s.entryIndex + 1}, ${maskEntry(parseCanonicalRow(s.entry), rule) || "hidden"}`;
  const lines = [
    `"${draw2.title}" (${draw2.promotionName}) was drawn on ${formatDateTime(result.ranAt)}.`,
    ...result.earlyRunReason ? [`It ran before its scheduled time (${formatDateTime(draw2.runAt)}) because: ${result.earlyRunReason}`] : [],
    "",
    ...result.selections.map(shown),
    "",
    `The full result (names in full) is on the draw screen. The public record: ${deps.config.PUBLIC_URL}/draws/${draw2.publicId}/`,
    `The winners page: ${deps.config.PUBLIC_URL}/winners/${draw2.publicId}/`
  ];
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  await deps.mailer.send({ to, subject: `Draw result: ${draw2.title}`, text: lines.join("\n"), html: `<p>${lines.map(escape).join("<br>")}</p>` });
}
async function cancelDraw2(deps, owner, id, reason) {
  const draw2 = await requireDraw(deps, owner, id);
  requireNotCancelled(draw2);
  if (await findResult(deps.database.db, draw2.id)) throw new AppError("CONFLICT", MSG_DRAW_RUN_CANNOT_CANCEL);
  const cancelled = await cancelDraw(deps.database.db, draw2.id, reason.trim());
  if (!cancelled) throw new AppError("CONFLICT", MSG_DRAW_RUN_CANNOT_CANCEL);
  refreshCertificate(deps, draw2.publicId);
  return { cancelledAt: cancelled.cancelledAt.toISOString(), cancelReason: cancelled.cancelReason };
}
function runAnswer(result) {
  const view = (s) => ({ position: s.position, entryIndex: s.entryIndex, entry: s.entry });
  return {
    seed: result.seedHex,
    ranAt: result.ranAt.toISOString(),
    scrutineerName: result.scrutineerName,
    earlyRunReason: result.earlyRunReason ?? null,
    winners: result.selections.filter((s) => !s.reserve).map(view),
    reserves: result.selections.filter((s) => s.reserve).map(view)
  };
}
async function redrawDraw(deps, owner, input) {
  const prizeValues2 = checkPrizeValues(input.prizeValues, input.winners);
  const parent = await requireDraw(deps, owner, input.id);
  const rootId = parent.rootId ?? parent.id;
  const chain = await findChain(deps.database.db, rootId);
  const root = chain[0].draw;
  if (!chain.find((c) => c.draw.id === parent.id)?.result) throw new AppError("CONFLICT", MSG_DRAW_NOT_RUN);
  if (chain.some((c) => !c.result && !c.draw.cancelledAt)) throw new AppError("CONFLICT", MSG_DRAW_CHAIN_OPEN);
  const promotionRow = await findPromotionRow(deps.database.db, root.promotionId);
  const unclaimed = (promotionRow?.permit ?? {}).unclaimedDraw ?? {};
  const runAt = scheduledTime(unclaimed, input, /* @__PURE__ */ new Date());
  const excluded = [...new Set(chain.flatMap((c) => c.result.selections.filter((s) => !s.reserve).map((s) => s.rootIndex)))].sort((a, b) => a - b);
  const remaining = root.entryCount - excluded.length;
  if (input.winners + input.reserves > remaining) throw countRange();
  const source = await deps.storage.get(root.entriesKey);
  if (!source) throw new Error(`draw entries missing: ${root.entriesKey}`);
  const skip = new Set(excluded);
  const hash = crypto21.createHash("sha256");
  let count7 = 0;
  let written = 0;
  const rowOffsets = [];
  const rowIndex = new RowIndexBuilder();
  const output = new PassThrough5();
  let batch = [];
  let size = 0;
  const flush = async () => {
    const bytes2 = Buffer.concat(batch);
    batch = [];
    size = 0;
    hash.update(bytes2);
    if (!output.write(bytes2)) await once2(output, "drain");
  };
  const key = `draws/entries/${crypto21.randomUUID()}.csv`;
  const storing = putStream(deps.storage, key, output);
  try {
    await eachCanonicalRow(source, (index16, row) => {
      if (skip.has(index16)) return;
      rowIndex.row(written);
      if (count7 % ROW_BLOCK === 0) rowOffsets.push(written);
      batch.push(Buffer.from(row), NEWLINE2);
      size += row.length + 1;
      written += row.length + 1;
      count7 += 1;
      if (size >= 65536) return flush();
    });
    await flush();
    output.end();
  } catch (error) {
    output.destroy(error);
    await storing.catch(() => {
    });
    throw error;
  }
  const bytes = await storing;
  await rowIndex.save(deps.storage, key);
  const draw2 = await insertDraw(deps.database.db, {
    publicId: crypto21.randomBytes(9).toString("base64url"),
    promotionId: root.promotionId,
    userId: root.userId,
    parentId: parent.id,
    rootId,
    title: input.title?.trim() || `${root.title}: redraw ${chain.length}`,
    promotionName: root.promotionName,
    promoterName: root.promoterName,
    winners: input.winners,
    reserves: input.reserves,
    prizeValues: prizeValues2,
    maskRule: root.maskRule,
    drawDate: null,
    drawTime: null,
    runAt,
    drawLocation: root.drawLocation,
    scrutineerRequired: root.scrutineerRequired,
    scrutineerName: root.scrutineerName,
    entriesKey: key,
    entryCount: count7,
    entriesHash: hash.digest("hex"),
    entriesBytes: bytes,
    header: root.header,
    sourceFileName: root.sourceFileName,
    excludedRootIndexes: excluded,
    rowOffsets,
    rowIndexEvery: ROW_INDEX_EVERY
  });
  return { id: draw2.id, publicId: draw2.publicId, parentId: parent.id, entryCount: count7, entriesHash: draw2.entriesHash, excludedRootIndexes: excluded };
}
async function getDraw(deps, owner, id) {
  const draw2 = await requireDraw(deps, owner, id);
  const chain = await findChain(deps.database.db, draw2.rootId ?? draw2.id);
  const promotionDraws = await findPromotionDrawsWithResults(deps.database.db, draw2.promotionId);
  return toOwnerDraw(draw2, chain.find((c) => c.draw.id === draw2.id)?.result, chain, promotionDraws);
}
async function listDraws(deps, owner, promotionId) {
  const promotion = await findPromotion(deps.database.db, owner, promotionId);
  if (!promotion) throw new AppError("NOT_FOUND");
  const rows = await findDrawsOfPromotion(deps.database.db, promotionId);
  return Promise.all(rows.map((row) => getDraw(deps, owner, row.id)));
}
async function getPublicDraw(deps, publicId2) {
  const draw2 = await findDrawByPublicId(deps.database.db, publicId2);
  if (!draw2) throw new AppError("NOT_FOUND");
  await requireServicePaid(deps.database.db, draw2.promotionId, "draw");
  const chain = await findChain(deps.database.db, draw2.rootId ?? draw2.id);
  const promotionDraws = await findPromotionDrawsWithResults(deps.database.db, draw2.promotionId);
  return toPublicDraw(draw2, chain.find((c) => c.draw.id === draw2.id)?.result, chain, promotionDraws);
}
async function lookupEntry(deps, publicId2, value) {
  const draw2 = await findDrawByPublicId(deps.database.db, publicId2);
  if (!draw2) throw new AppError("NOT_FOUND");
  const none = { found: false, entryIndexes: [], proofs: [] };
  if (!draw2.committedAt || !draw2.entriesKey) return none;
  const wanted = value.trim();
  const candidates = draw2.entriesRoot ? await candidateRows(deps.storage, draw2.entriesKey, wanted) : void 0;
  const blockRoots = candidates ? await loadBlockRoots(deps.storage, draw2.entriesKey) : void 0;
  if (!candidates || !blockRoots) return { ...await scanEntries(deps, draw2.entriesKey, wanted), proofs: [] };
  const found = { found: false, entryIndexes: [], proofs: [] };
  const blocks = /* @__PURE__ */ new Map();
  for (const index16 of [...new Set(candidates)].sort((a, b) => a - b)) {
    const block = Math.floor(index16 / PROOF_BLOCK);
    if (!blocks.has(block)) blocks.set(block, await blockRowsOf(deps.storage, draw2.entriesKey, block));
    const rows = blocks.get(block);
    const row = rows?.[index16 - block * PROOF_BLOCK];
    if (!rows || !row || !parseCanonicalRow(row.toString("utf8")).includes(wanted)) continue;
    found.entryIndexes.push(index16);
    found.proofs.push({
      entryIndex: index16,
      leaf: toHex(merkleLeaf(row, (data) => crypto21.createHash("sha256").update(data).digest())),
      entry: maskEntry(parseCanonicalRow(row.toString("utf8")), draw2.maskRule),
      proof: proofOf(blockRoots, index16, rows)
    });
    if (found.entryIndexes.length >= 20) break;
  }
  found.found = found.entryIndexes.length > 0;
  return found;
}
async function scanEntries(deps, entriesKey, wanted) {
  const needle = Buffer.from(canonicalField(wanted) === wanted ? wanted : wanted.replace(/"/g, '""'), "utf8");
  const stream = await deps.storage.get(entriesKey);
  if (!stream) throw new Error(`draw entries missing: ${entriesKey}`);
  const indexes = [];
  await eachCanonicalRow(stream, (index16, row) => {
    if (row.indexOf(needle) < 0) return;
    if (parseCanonicalRow(row.toString("utf8")).includes(wanted)) indexes.push(index16);
    if (indexes.length >= 20) return false;
  });
  stream.destroy();
  return { found: indexes.length > 0, entryIndexes: indexes };
}
async function scheduleWinnerPublication(deps, draw2, ranAt) {
  const promotion = await findPromotionRow(deps.database.db, draw2.promotionId);
  if (!promotion) return;
  const permit = promotion.permit ?? {};
  if (!permit.winnerPublication) return;
  const details = promotion.details ?? {};
  const cents2 = (value) => typeof value === "number" ? value : null;
  const due = winnerPublicationsOf({
    stateAct: promotion.stateAct,
    stateSa: promotion.stateSa,
    // Per prize (issue 15): the owner's value of each winner position's prize, else what the application tells.
    prizes: {
      winners: draw2.winners,
      prizeValues: draw2.prizeValues,
      isRedraw: draw2.parentId !== null,
      maxPrizeValue: cents2(details.maxPrizeValue),
      prizeValueACT: cents2(details.prizeValueACT)
    },
    finalDrawDate: text31(permit.finalDraw?.date),
    prizePublicationDateACT: text31(details.prizePublicationDateACT),
    ranAt
  });
  if (due.length === 0) return;
  await setWinnerPublications(deps.database.db, draw2.id, due.map((p) => ({ state: p.state, publishAt: p.publishAt.toISOString(), publishedAt: null, positions: p.positions })));
  const to = await emailOf(deps.database.db, draw2.userId);
  if (to) {
    const url = `${deps.config.PUBLIC_URL}/winners/${draw2.publicId}/`;
    const lines = [
      `The winners of "${draw2.title}" (${draw2.promotionName}) will be published on the hosted winners page:`,
      ...due.map((p) => `${p.state}: ${formatDateTime(p.publishAt)}, prize ${p.positions.length === 1 ? "position" : "positions"} ${p.positions.join(", ")}`),
      "",
      `Page: ${url}`,
      "Please make sure every prize is correct before then; contact us if anything should change."
    ];
    await deps.mailer.send({ to, subject: `Winner publication scheduled: ${draw2.title}`, text: lines.join("\n"), html: `<p>${lines.map((l) => l.replace(/&/g, "&amp;").replace(/</g, "&lt;")).join("<br>")}</p>` });
  }
  await publishDueWinners(deps.database.db, ranAt);
}
async function getWinnersPage(deps, publicId2, now) {
  const draw2 = await findDrawByPublicId(deps.database.db, publicId2);
  if (!draw2 || draw2.cancelledAt) throw new AppError("NOT_FOUND");
  const live = draw2.winnerPublications.filter((p) => p.publishedAt && new Date(p.publishAt) <= now);
  const result = await findResult(deps.database.db, draw2.id);
  if (live.length === 0) {
    const due = draw2.winnerPublications.map((p) => p.publishAt).sort()[0] ?? null;
    if (result && !due) throw new AppError("NOT_FOUND");
    const pending = { kind: "pending", title: draw2.title, promotionName: draw2.promotionName, publicId: draw2.publicId, publishAt: due, drawAt: draw2.runAt?.toISOString() ?? null };
    return pending;
  }
  if (!result) throw new AppError("NOT_FOUND");
  const winners2 = result.selections.filter((s) => !s.reserve);
  const shown = (entry2) => parseCanonicalRow(entry2).map((f) => maskField(f, "initialsPostcode")).filter((f) => new RegExp("^(\\p{Lu}\\.)( \\p{Lu}\\.)*$", "u").test(f) || /^\d{4}$/.test(f)).join(", ");
  const prizeValue = (position) => {
    const value = draw2.prizeValues[position - 1];
    return typeof value === "number" ? value : null;
  };
  return {
    kind: "live",
    title: draw2.title,
    promotionName: draw2.promotionName,
    promoterName: draw2.promoterName,
    publicId: draw2.publicId,
    ranAt: result.ranAt.toISOString(),
    states: live.map((p) => p.state),
    // Each live publication lists its own prize positions (ACT: prizes of $1,000 or more; SA: all).
    publications: live.map((p) => ({
      state: p.state,
      winners: winners2.filter((w) => !p.positions || p.positions.includes(w.position)).map((w) => ({ position: w.position, prizeValue: prizeValue(w.position), entry: shown(w.entry) }))
    }))
  };
}

// api/src/modules/draws/upload-entries.ts
import busboy2 from "busboy";
var missingFile = () => new AppError("VALIDATION", MSG_DRAW_FILE_REQUIRED, { modelState: { file: [MSG_DRAW_FILE_REQUIRED] } });
async function uploadEntries(deps, owner, req) {
  const limitBytes = deps.config.DRAW_UPLOAD_LIMIT_MB * 1024 * 1024;
  let idText = typeof req.query.id === "string" ? req.query.id : void 0;
  let fileName = "entries.csv";
  let work;
  const checkDraw = async () => {
    const id = Number(idText);
    if (!idText || !Number.isSafeInteger(id) || id < 1) throw new AppError("VALIDATION", MSG_DRAW_ID_REQUIRED, { modelState: { id: [MSG_DRAW_ID_REQUIRED] } });
    const draw2 = await requireDraw(deps, owner, id);
    requireNotCancelled(draw2);
    if (draw2.committedAt) throw new AppError("CONFLICT", MSG_DRAW_COMMITTED);
    const length = Number(req.headers["content-length"]);
    const incoming = Number.isSafeInteger(length) && length > 0 ? Math.min(length, limitBytes) : limitBytes;
    const kept = await entriesBytesOf(deps.database.db, draw2.userId) - (draw2.entriesBytes ?? 0);
    if (kept + incoming > deps.config.DRAW_QUOTA_MB * 1024 * 1024) {
      const message = msgDrawQuotaReached(deps.config.DRAW_QUOTA_MB);
      throw new AppError("PAYLOAD_TOO_LARGE", message, { modelState: { file: [message] } });
    }
    return draw2;
  };
  await new Promise((resolve, reject) => {
    let parser;
    try {
      parser = busboy2({ headers: req.headers, limits: { files: 1, fields: 10, fileSize: limitBytes + 1 } });
    } catch {
      reject(missingFile());
      return;
    }
    parser.on("field", (name, value) => {
      if (name === "id" && !work) idText = value;
    });
    parser.on("file", (name, file, info) => {
      if (name !== "file" || work) {
        file.resume();
        return;
      }
      fileName = sanitiseFileName(info.filename ?? "entries.csv");
      work = (async () => {
        await checkDraw();
        return ingestEntries(deps.storage, file, { limitBytes });
      })();
      work.catch(() => file.resume());
    });
    parser.on("close", () => resolve());
    parser.on("error", (error) => reject(error instanceof AppError ? error : missingFile()));
    req.pipe(parser);
  });
  if (!work) throw missingFile();
  const stored = await work;
  try {
    const draw2 = await checkDraw();
    const updated = await replaceEntries(deps.database.db, draw2.id, {
      entriesKey: stored.key,
      entryCount: stored.entryCount,
      entriesHash: stored.entriesHash,
      entriesBytes: stored.bytes,
      header: stored.header,
      rowOffsets: stored.rowOffsets,
      rowIndexEvery: stored.rowIndexEvery,
      sourceFileName: fileName
    });
    if (!updated) throw new AppError("CONFLICT", MSG_DRAW_COMMITTED);
    if (draw2.entriesKey) {
      await deps.storage.delete(draw2.entriesKey).catch(() => {
      });
      await deps.storage.delete(rowIndexKey(draw2.entriesKey)).catch(() => {
      });
    }
  } catch (error) {
    await deps.storage.delete(stored.key).catch(() => {
    });
    await deps.storage.delete(rowIndexKey(stored.key)).catch(() => {
    });
    throw error;
  }
  return { entryCount: stored.entryCount, entriesHash: stored.entriesHash };
}

// api/src/modules/draws/draws.routes.ts
var ownerOf2 = (user) => ({ userId: user.id, isStaff: user.isStaff });
var LOOKUP_LIMIT = { limit: 30, windowMs: 15 * 6e4 };
var Selection = z46.object({ position: z46.number(), entryIndex: z46.number(), entry: z46.string() });
var PublicSelection = Selection.extend({ rootIndex: z46.number() });
var ChainLink = z46.object({ publicId: z46.string(), title: z46.string(), parentPublicId: z46.string().nullable(), status: z46.string(), ranAt: z46.string().nullable() });
var DrawStatus = z46.enum(["created", "uploaded", "committed", "run", "cancelled"]);
var PromotionDraw = z46.object({
  publicId: z46.string(),
  title: z46.string(),
  status: DrawStatus,
  parentPublicId: z46.string().nullable(),
  scheduledAt: z46.string().nullable(),
  committedAt: z46.string().nullable(),
  ranAt: z46.string().nullable(),
  cancelledAt: z46.string().nullable(),
  cancelReason: z46.string().nullable(),
  url: z46.string()
});
var PublicDraw = z46.object({
  publicId: z46.string(),
  title: z46.string(),
  promotionName: z46.string(),
  promoterName: z46.string(),
  algorithm: z46.string(),
  status: DrawStatus,
  winnersCount: z46.number(),
  reservesCount: z46.number(),
  drawDate: z46.string().nullable(),
  drawTime: z46.string().nullable(),
  drawLocation: z46.string().nullable(),
  scrutineerName: z46.string().nullable(),
  maskRule: z46.string(),
  entryCount: z46.number().nullable(),
  entriesHash: z46.string().nullable(),
  seedHash: z46.string().nullable(),
  entriesRoot: z46.string().nullable().describe("Merkle root over the canonical rows (docs/draw-algorithm.md), published at the commit"),
  scheduledAt: z46.string().nullable().describe("the time from which the draw may run (Sydney date and time of the application, as an instant)"),
  cancelledAt: z46.string().nullable(),
  cancelReason: z46.string().nullable(),
  earlyRunReason: z46.string().nullable().describe("why staff ran the draw before its scheduled time"),
  committedAt: z46.string().nullable(),
  seed: z46.string().nullable(),
  ranAt: z46.string().nullable(),
  winners: z46.array(PublicSelection),
  reserves: z46.array(PublicSelection),
  parentPublicId: z46.string().nullable(),
  excludedRootIndexes: z46.array(z46.number()),
  chain: z46.array(ChainLink),
  promotionDraws: z46.array(PromotionDraw).describe("every draw of the same promotion, this one included")
});
var OwnerDraw = PublicDraw.extend({
  id: z46.number(),
  promotionId: z46.number(),
  parentId: z46.number().nullable(),
  entriesBytes: z46.number().nullable(),
  header: z46.array(z46.string()).nullable(),
  sourceFileName: z46.string().nullable(),
  scrutineerRequired: z46.boolean(),
  prizeValues: z46.array(z46.number().nullable()).describe("dollars per winner position, null when not given"),
  entriesUrl: z46.string().nullable(),
  publicUrl: z46.string(),
  certificateUrl: z46.string()
});
function drawRoutes(deps) {
  return [
    route({
      method: "post",
      path: "/draw/create",
      summary: "Create a draw for a promotion with the random draw service (defaults from its application)",
      access: "user",
      idempotent: true,
      body: DrawCreateSchema,
      response: z46.object({ id: z46.number(), publicId: z46.string(), title: z46.string(), winners: z46.number(), reserves: z46.number(), drawDate: z46.string().nullable(), drawTime: z46.string().nullable(), drawLocation: z46.string().nullable(), runAt: z46.string().nullable() }),
      handler: ({ body, user }) => createDraw(deps, ownerOf2(user), body)
    }),
    route({
      method: "post",
      path: "/draw/uploadEntries",
      summary: "Upload (or replace, before the commit) the entries: CSV, streamed",
      access: "user",
      multipart: true,
      body: z46.object({ id: z46.number(), file: z46.string().describe("the CSV file") }),
      response: z46.object({ entryCount: z46.number(), entriesHash: z46.string() }),
      handler: ({ req, user }) => uploadEntries(deps, ownerOf2(user), req)
    }),
    route({
      method: "post",
      path: "/draw/commit",
      summary: "Freeze the entries and draw the seed; publishes entryCount, entriesHash, entriesRoot (Merkle) and seedHash",
      access: "user",
      body: DrawIdSchema,
      response: z46.object({ entryCount: z46.number(), entriesHash: z46.string(), entriesRoot: z46.string(), seedHash: z46.string(), committedAt: z46.string() }),
      handler: ({ body, user }) => commitDraw2(deps, ownerOf2(user), body.id)
    }),
    route({
      method: "post",
      path: "/draw/run",
      summary: "Run a committed draw (again: the recorded result). Not before its scheduledAt: the owner is refused (409); staff may run early only with earlyRunReason, which the public record and certificate show",
      access: "user",
      body: DrawRunSchema,
      response: z46.object({ seed: z46.string(), ranAt: z46.string(), scrutineerName: z46.string().nullable(), earlyRunReason: z46.string().nullable(), winners: z46.array(Selection), reserves: z46.array(Selection) }),
      handler: ({ body, user }) => runDraw(deps, ownerOf2(user), body.id, { scrutineerName: body.scrutineerName, earlyRunReason: body.earlyRunReason, actorId: user.id })
    }),
    route({
      method: "post",
      path: "/draw/cancel",
      summary: "Cancel a draw that has not run, with the reason its public record keeps",
      access: "user",
      body: DrawCancelSchema,
      response: z46.object({ cancelledAt: z46.string(), cancelReason: z46.string() }),
      handler: ({ body, user }) => cancelDraw2(deps, ownerOf2(user), body.id, body.reason)
    }),
    route({
      method: "post",
      path: "/draw/redraw",
      summary: "A new draw over the entries minus every earlier winner of the chain",
      access: "user",
      idempotent: true,
      body: DrawRedrawSchema,
      response: z46.object({ id: z46.number(), publicId: z46.string(), parentId: z46.number(), entryCount: z46.number(), entriesHash: z46.string(), excludedRootIndexes: z46.array(z46.number()) }),
      handler: ({ body, user }) => redrawDraw(deps, ownerOf2(user), body)
    }),
    route({
      method: "get",
      path: "/draw/get",
      summary: "The whole draw record, with the entries file (owner and staff)",
      access: "user",
      query: DrawIdSchema,
      response: OwnerDraw,
      handler: ({ query, user }) => getDraw(deps, ownerOf2(user), query.id)
    }),
    route({
      method: "get",
      path: "/draw/list",
      summary: "The draws of a promotion (owner and staff)",
      access: "user",
      query: DrawListQuerySchema,
      response: z46.array(OwnerDraw),
      handler: ({ query, user }) => listDraws(deps, ownerOf2(user), query.promotionId)
    }),
    route({
      method: "get",
      path: "/draw/public",
      summary: "The public record of a draw (entries masked)",
      access: "public",
      query: DrawPublicQuerySchema,
      response: PublicDraw,
      handler: ({ query }) => getPublicDraw(deps, query.publicId)
    }),
    route({
      method: "get",
      path: "/draw/lookup",
      summary: "Entrant self-check: is an entry with exactly this value in a column in the committed list; for each, its index, leaf hash, masked entry and Merkle path to entriesRoot",
      access: "public",
      query: DrawLookupQuerySchema,
      response: z46.object({
        found: z46.boolean(),
        entryIndexes: z46.array(z46.number()),
        proofs: z46.array(
          z46.object({
            entryIndex: z46.number(),
            leaf: z46.string().describe("SHA-256(0x00 || canonical row), hex"),
            entry: z46.string().describe("the entry as the public record masks it"),
            proof: z46.array(z46.object({ side: z46.enum(["left", "right"]), hash: z46.string() })).describe("siblings from the leaf up (docs/draw-algorithm.md)")
          })
        )
      }),
      handler: async ({ query, req }) => {
        await hitOrThrow(deps.database.db, `draw-lookup:${req.ip}`, LOOKUP_LIMIT);
        return lookupEntry(deps, query.publicId, query.value);
      }
    })
  ];
}

// api/src/modules/draws/draw-pages.routes.ts
import { readFile } from "node:fs/promises";
import path7 from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { Router as Router12 } from "express";
var here = path7.dirname(fileURLToPath2(import.meta.url));
var repoRoot2 = path7.resolve(here, "../../../..");
var bundle;
function verifyScript() {
  bundle ??= import("esbuild").then(
    (esbuild) => esbuild.build({ entryPoints: [path7.join(here, "verify-panel.browser.ts")], bundle: true, format: "esm", platform: "browser", target: "es2022", minify: true, write: false })
  ).then((result) => result.outputFiles[0].text);
  bundle.catch(() => bundle = void 0);
  return bundle;
}
function drawPageRoutes(deps) {
  const router = Router12({ caseSensitive: false });
  router.get("/draws/verify.js", async (_req, res) => {
    res.set("Content-Type", "text/javascript; charset=utf-8");
    res.set("Cache-Control", "public, max-age=300");
    res.send(await verifyScript());
  });
  router.get(ALGORITHM_PATH, async (_req, res) => {
    res.set("Content-Type", "text/markdown; charset=utf-8");
    res.set("Cache-Control", "public, max-age=300");
    res.send(await readFile(path7.join(repoRoot2, "docs/draw-algorithm.md"), "utf8"));
  });
  router.get(VERIFIER_PATH, async (_req, res) => {
    res.set("Content-Type", "text/javascript; charset=utf-8");
    res.set("Content-Disposition", 'attachment; filename="verify-draw.mjs"');
    res.set("Cache-Control", "public, max-age=300");
    res.send(await readFile(path7.join(repoRoot2, "scripts/verify-draw.mjs"), "utf8"));
  });
  router.get("/draws/:publicId", async (req, res) => {
    if (!req.path.endsWith("/")) return res.redirect(301, `/draws/${encodeURIComponent(req.params.publicId)}/`);
    const { publicId: publicId2 } = parseInput(DrawPublicQuerySchema, { publicId: req.params.publicId });
    const view = await getPublicDraw(deps, publicId2);
    res.set("Content-Type", "text/html; charset=utf-8");
    res.set("Cache-Control", "no-cache");
    res.send(renderDrawPage(view));
  });
  router.get("/draws/:publicId/certificate.pdf", async (req, res) => {
    const { publicId: publicId2 } = parseInput(DrawPublicQuerySchema, { publicId: req.params.publicId });
    const view = await getPublicDraw(deps, publicId2);
    let stored;
    try {
      stored = await ensureCertificate(deps, view, res.locals.user ? "customer" : "anonymous");
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError("UNAVAILABLE", MSG_PDF_UNAVAILABLE);
      throw error;
    }
    res.set("ETag", stored.etag);
    res.set("Cache-Control", "public, max-age=300, must-revalidate");
    if (req.headers["if-none-match"] === stored.etag) return res.status(304).end();
    const file = await deps.storage.get(stored.key);
    if (!file) throw new AppError("NOT_FOUND");
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `inline; filename="draw-certificate-${view.publicId}.pdf"`);
    file.pipe(res);
  });
  router.get("/winners/:publicId", async (req, res) => {
    if (!req.path.endsWith("/")) return res.redirect(301, `/winners/${encodeURIComponent(req.params.publicId)}/`);
    const { publicId: publicId2 } = parseInput(DrawPublicQuerySchema, { publicId: req.params.publicId });
    res.set("Content-Type", "text/html; charset=utf-8");
    res.set("Cache-Control", "no-cache");
    const page2 = await getWinnersPage(deps, publicId2, /* @__PURE__ */ new Date()).catch((error) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") return void 0;
      throw error;
    });
    if (!page2) return res.status(404).send(renderWinnersNotFound());
    res.send(page2.kind === "pending" ? renderWinnersPending(page2) : renderWinnersPage(page2));
  });
  router.get("/download/draw/:id/entries.csv", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError("UNAUTHENTICATED");
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError("NOT_FOUND");
    const draw2 = await requireDraw(deps, { userId: user.id, isStaff: user.isStaff }, id);
    const stream = draw2.entriesKey ? await deps.storage.get(draw2.entriesKey) : void 0;
    if (!stream) throw new AppError("NOT_FOUND");
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.set("Content-Disposition", `attachment; filename="draw-${draw2.id}-entries.csv"`);
    res.set("Cache-Control", "private, no-store");
    if (draw2.header?.length) res.write(`${csvSafeRow(canonicalRow(draw2.header))}
`);
    await writeSafeRows(stream, res);
    res.end();
  });
  return router;
}

// api/src/modules/security/security.routes.ts
import { z as z47 } from "zod";

// api/src/modules/account/change-password.ts
async function changePassword(deps, userId, sessionId, input) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  await hitOrThrow(deps.db, `login:account:${user.email}`, RATE_LIMITS.loginPerAccount);
  if (!await verifyPassword(user.passwordHash, input.currentPassword)) {
    throw new AppError("VALIDATION", MSG_CURRENT_PASSWORD_WRONG, { modelState: { currentPassword: [MSG_CURRENT_PASSWORD_WRONG] } });
  }
  assertPasswordNotCommon(input.password);
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.password) });
  await endUserCredentials(deps.db, userId, "password_changed", { exceptSessionId: sessionId });
}

// api/src/modules/security/security.routes.ts
function securityRoutes(deps) {
  const accountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config };
  return [
    route({
      method: "post",
      path: "/account/changePassword",
      summary: "Changes the password: the current one is required; other sessions of the user end.",
      tag: "account",
      access: "session",
      body: ChangePasswordSchema,
      response: z47.object({ message: z47.string() }),
      handler: async ({ body, user, res }) => {
        await changePassword(accountDeps, user.id, res.locals.session.id, body);
        return { message: MSG_PASSWORD_CHANGED };
      }
    })
  ];
}

// api/src/modules/rules/rules.routes.ts
import { z as z48 } from "zod";

// api/src/modules/rules/get-obligations.ts
var text32 = (value) => typeof value === "string" && value !== "" ? value : null;
var cents = (value) => typeof value === "number" ? value : null;
function obligationInputOf(row) {
  const permit = row.permit ?? {};
  const details = row.details ?? {};
  const applicant = row.applicant ?? permit.applicant ?? {};
  return {
    ...feeInputOf(row),
    startDate: text32(permit.startDate) ?? row.startDate,
    endDate: text32(permit.endDate),
    finalDrawDate: text32(permit.finalDraw?.date),
    unclaimedDrawDate: text32(permit.unclaimedDraw?.date),
    nswAuthorityExpiration: text32(applicant.nswAuthorityExpiration),
    maxPrizeValue: cents(details.maxPrizeValue),
    prizePublicationDateACT: text32(details.prizePublicationDateACT)
  };
}
async function listObligations(db, owner, promotionId, now = /* @__PURE__ */ new Date()) {
  const row = await findPromotion(db, owner, promotionId);
  if (!row) throw new AppError("NOT_FOUND");
  const ruleSet = await pricingRuleSet(db, row, now);
  const proofs = {};
  for (const p of await findObligationProofs(db, row.id)) proofs[p.code] = { kind: p.kind, reference: p.reference, label: p.label, note: p.note, closedAt: p.closedAt.toISOString() };
  const today2 = sydneyToday(now);
  const input = obligationInputOf(row);
  const permit = row.permit ?? {};
  const details = row.details ?? {};
  const notes = getRuleNotes({ ...input, entryMethodsValue: cents(permit.entryMethodsValue), prizeCategoriesValue: cents(details.prizeCategoriesValue) }, ruleSet);
  return { promotionId: row.id, ruleSetId: ruleSet.id, today: today2, obligations: getObligations(input, ruleSet, { today: today2, proofs }), notes };
}

// api/src/modules/rules/close-obligation.ts
async function closeObligation(db, owner, input) {
  const current = await listObligations(db, owner, input.id);
  if (!current.obligations.some((o) => o.code === input.code)) throw new AppError("VALIDATION", MSG_OBLIGATION_UNKNOWN, { modelState: { code: [MSG_OBLIGATION_UNKNOWN] } });
  const row = await findPromotion(db, owner, input.id);
  let proof;
  if (input.serverFileName) {
    const [upload] = await findUploadsOwnedBy(db, [input.serverFileName], [row.userId, owner.userId]);
    if (!upload) throw new AppError("VALIDATION", MSG_OBLIGATION_UPLOAD_UNKNOWN, { modelState: { serverFileName: [MSG_OBLIGATION_UPLOAD_UNKNOWN] } });
    proof = { kind: "upload", reference: upload.serverFileName, label: upload.headerFileName };
  } else {
    proof = { kind: "link", reference: input.link, label: null };
  }
  await upsertObligationProof(db, { promotionId: row.id, code: input.code, ...proof, note: input.note || null, closedBy: owner.userId });
  return listObligations(db, owner, input.id);
}

// api/src/modules/rules/get-rule-set.ts
async function getCurrentRuleSet(db, date5) {
  const published = await findPublishedRuleSets(db);
  return toRuleSetView(ruleSetInForce(date5 ?? sydneyToday(), published), published);
}
async function getRuleSet(db, id) {
  const published = await findPublishedRuleSets(db);
  const set = findRuleSet(id, published);
  if (!set) throw new AppError("NOT_FOUND");
  return toRuleSetView(set, published);
}
async function listRuleSets(db) {
  const published = await findPublishedRuleSets(db);
  const current = ruleSetInForce(sydneyToday(), published);
  const inForce = new Set(inForceRuleSets(published).map((s) => s.id));
  const all = [...published, ...RULE_SET_CATALOGUE.filter((s) => !published.some((p) => p.id === s.id))];
  return all.map((s) => ({ id: s.id, effectiveFrom: s.effectiveFrom, description: s.description, inForce: inForce.has(s.id), current: s.id === current.id, published: published.some((p) => p.id === s.id) })).sort((a, b) => a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0);
}

// api/src/modules/rules/publish-rule-set.ts
async function buildRuleSet(db, draft, today2) {
  const published = await findPublishedRuleSets(db);
  const modelState = {};
  const base = findRuleSet(draft.baseId, published);
  if (!base) modelState.baseId = [MSG_RULE_SET_BASE_UNKNOWN];
  if (findRuleSet(draft.id, published) || RULE_SET_CATALOGUE.some((s) => s.id === draft.id)) modelState.id = [MSG_RULE_SET_ID_TAKEN];
  if (draft.effectiveFrom < today2) modelState.effectiveFrom = [MSG_RULE_SET_EFFECTIVE_PAST];
  let ruleSet = null;
  if (base) {
    const result = applyFigureChanges(base, { id: draft.id, effectiveFrom: draft.effectiveFrom, description: draft.description }, draft.changes);
    if (result.ok) ruleSet = result.ruleSet;
    else
      draft.changes.forEach((change3, index16) => {
        if (result.badKeys.includes(change3.key)) modelState[`changes.${index16}.value`] = [MSG_RULE_SET_FIGURE_INVALID];
      });
  }
  if (Object.keys(modelState).length > 0 || !ruleSet) throw new AppError("VALIDATION", void 0, { modelState });
  return { ruleSet, published };
}
async function previewRuleSet(db, draft) {
  const today2 = sydneyToday();
  const { ruleSet, published } = await buildRuleSet(db, draft, today2);
  const before = ruleSetInForce(ruleSet.effectiveFrom, published);
  const affected = [];
  for (const row of await findOpenPromotions(db)) {
    const input = feeInputOf(row);
    const was = calculateFees(input, { ruleSet: before }).feeDue_Total;
    const will = calculateFees(input, { ruleSet }).feeDue_Total;
    if (was !== will) affected.push({ id: row.id, name: row.name, startDate: row.startDate, feeDue_Total_before: centsToDollars(was), feeDue_Total_after: centsToDollars(will) });
  }
  return { ruleSet: toRuleSetView(ruleSet, [...published, ruleSet]), affected };
}
async function publishRuleSet(db, userId, draft) {
  const { ruleSet, published } = await buildRuleSet(db, draft, sydneyToday());
  if (!await insertRuleSetPublication(db, ruleSet, userId)) throw new AppError("VALIDATION", void 0, { modelState: { id: [MSG_RULE_SET_ID_TAKEN] } });
  return toRuleSetView(ruleSet, [...published, ruleSet]);
}

// api/src/modules/rules/rules.routes.ts
function ruleRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/rules/current",
      access: "public",
      tag: "rules",
      summary: "The rule set in force on a Sydney date (default today), with the source of every figure and what changed from the previous set.",
      query: RulesCurrentQuerySchema,
      response: RuleSetViewSchema,
      handler: ({ query }) => getCurrentRuleSet(db, query.date)
    }),
    route({
      method: "get",
      path: "/rules/:id",
      access: "public",
      tag: "rules",
      summary: "A rule set by id, in force or not, with its sources.",
      response: RuleSetViewSchema,
      handler: ({ req }) => getRuleSet(db, String(req.params.id))
    }),
    route({
      method: "get",
      path: "/admin/ruleSets",
      access: "staff",
      tag: "rules",
      summary: "Every known rule set, which are in force and which is current (staff).",
      response: z48.array(RuleSetSummarySchema),
      handler: () => listRuleSets(db)
    }),
    route({
      method: "post",
      path: "/admin/previewRuleSet",
      access: "staff",
      tag: "rules",
      summary: "A new rule set cloned from another with figures changed: how it reads and which open promotions it would change (staff).",
      body: RuleSetDraftSchema,
      response: RuleSetPreviewSchema,
      handler: ({ body }) => previewRuleSet(db, body)
    }),
    route({
      method: "post",
      path: "/admin/publishRuleSet",
      access: "staff",
      tag: "rules",
      summary: "Publish a new rule set with its effective date (staff).",
      body: RuleSetDraftSchema,
      response: RuleSetViewSchema,
      handler: ({ user, body }) => publishRuleSet(db, user.id, body)
    }),
    route({
      method: "get",
      path: "/promotion/obligations",
      access: "user",
      tag: "promotion",
      summary: "The promotion's compliance calendar: every duty its rules derive, with rule, source, due date (Sydney) and state.",
      query: ObligationsQuerySchema,
      response: ObligationsResponseSchema,
      handler: ({ owner, query }) => listObligations(db, owner, query.id)
    }),
    route({
      method: "post",
      path: "/promotion/closeObligation",
      access: "user",
      tag: "promotion",
      summary: "Mark a duty of the compliance calendar done, with an upload or a link as proof.",
      body: CloseObligationSchema,
      response: ObligationsResponseSchema,
      handler: ({ owner, body }) => closeObligation(db, owner, body)
    })
  ];
}

// api/src/pdf/pdf-service.ts
import puppeteer from "puppeteer-core";

// api/src/pdf/chromium-sandbox.ts
async function launchSandboxed(launch, args, { uid, log: log2 }) {
  if (uid === 0) {
    log2?.info("PDF printing: Chromium runs without its sandbox (the server runs as root; run it as another user to sandbox it)");
    return { browser: await launch(["--no-sandbox", ...args]), mode: "no-sandbox: running as root" };
  }
  try {
    const browser = await launch(args);
    log2?.info("PDF printing: Chromium runs in its sandbox");
    return { browser, mode: "sandbox" };
  } catch (error) {
    log2?.warn("PDF printing: the Chromium sandbox could not start (no user namespaces here?); running without it", { error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    return { browser: await launch(["--no-sandbox", ...args]), mode: "no-sandbox: the sandbox could not start" };
  }
}

// api/src/pdf/pdf-service.ts
var PDF_RETRY_AFTER_SECONDS = 5;
var PdfService = class {
  browser;
  idle = [];
  busy = 0;
  anonymousBusy = 0;
  waiting = [];
  waitingAnonymous = [];
  poolSize;
  maxQueue;
  maxAnonymousQueue;
  executablePath;
  logger;
  sandbox;
  sandboxLogged = false;
  constructor(options = {}) {
    this.executablePath = findChromium(options.chromiumPath);
    this.poolSize = options.poolSize ?? 4;
    this.maxQueue = options.maxQueue ?? 32;
    this.logger = options.logger;
    this.maxAnonymousQueue = options.maxAnonymousQueue ?? 8;
  }
  /** How the running browser is sandboxed (undefined before the first launch). */
  get sandboxMode() {
    return this.sandbox;
  }
  /** Pages anonymous documents may hold at once: all but one, so a customer's document starts at once. */
  get anonymousLimit() {
    return Math.max(1, this.poolSize - 1);
  }
  launch() {
    if (!this.browser) {
      const launch = (args2) => puppeteer.launch({
        executablePath: this.executablePath,
        headless: true,
        // The server's own shutdown closes the browser; puppeteer's handlers would exit the process early.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        args: args2
      });
      const args = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu", "--no-first-run", "--font-render-hinting=none"];
      this.browser = launchSandboxed(launch, args, { uid: process.getuid?.(), log: this.sandboxLogged ? void 0 : this.logger }).then(({ browser, mode }) => {
        this.sandbox = mode;
        this.sandboxLogged = true;
        return browser;
      }).then((browser) => {
        browser.on("disconnected", () => {
          this.browser = void 0;
          this.idle = [];
        });
        return browser;
      }).catch((error) => {
        this.browser = void 0;
        throw error;
      });
    }
    return this.browser;
  }
  /** Starts the browser ahead of the first document, so that one is fast too. */
  async warm() {
    await this.release(await this.acquire());
  }
  async acquire(priority = "customer") {
    if (priority === "anonymous") {
      const full = () => this.busy >= this.poolSize || this.anonymousBusy >= this.anonymousLimit;
      if (full() && this.waitingAnonymous.length >= this.maxAnonymousQueue) throw new AppError("UNAVAILABLE", void 0, { retryAfterSeconds: PDF_RETRY_AFTER_SECONDS });
      while (full()) await new Promise((resolve) => this.waitingAnonymous.push(resolve));
      this.anonymousBusy++;
    } else {
      if (this.busy >= this.poolSize && this.waiting.length >= this.maxQueue) throw new AppError("UNAVAILABLE");
      while (this.busy >= this.poolSize) await new Promise((resolve) => this.waiting.push(resolve));
    }
    this.busy++;
    try {
      const page2 = this.idle.pop();
      if (page2 && !page2.isClosed()) return page2;
      const browser = await this.launch();
      const fresh = await browser.newPage();
      await fresh.setJavaScriptEnabled(false);
      const cdp = await fresh.createCDPSession();
      await cdp.send("Network.enable");
      await cdp.send("Network.setBlockedURLs", { urls: ["ws://*", "wss://*", "http://*", "https://*"] });
      await fresh.setRequestInterception(true);
      fresh.on("request", (request) => request.url().startsWith("data:") || request.url() === "about:blank" ? request.continue() : request.abort());
      return fresh;
    } catch (error) {
      this.busy--;
      if (priority === "anonymous") this.anonymousBusy--;
      this.wakeNext();
      throw error;
    }
  }
  /** A page is free: a waiting customer first, else an anonymous caller (who re-checks its limit). */
  wakeNext() {
    const next = this.waiting.shift() ?? this.waitingAnonymous.shift();
    next?.();
  }
  async release(page2, priority = "customer") {
    this.busy--;
    if (priority === "anonymous") this.anonymousBusy--;
    if (!page2.isClosed() && this.idle.length < this.poolSize) this.idle.push(page2);
    this.wakeNext();
  }
  /** A4 PDF of a complete HTML document. */
  async render(html, { priority = "customer", ...options } = {}) {
    const page2 = await this.acquire(priority);
    let healthy = true;
    try {
      await page2.setContent(html, { waitUntil: "load", timeout: 2e4 });
      const pdf = await page2.pdf({ format: "A4", printBackground: true, margin: { top: "18mm", bottom: "18mm", left: "16mm", right: "16mm" }, ...options });
      return Buffer.from(pdf);
    } catch (error) {
      healthy = false;
      await page2.close().catch(() => {
      });
      throw error;
    } finally {
      if (healthy) await page2.goto("about:blank").catch(() => {
      });
      await this.release(page2, priority);
    }
  }
  async close() {
    const browser = this.browser;
    this.browser = void 0;
    this.idle = [];
    if (browser) await (await browser).close().catch(() => {
    });
  }
};

// api/src/storage/s3-storage.ts
import { Readable as Readable3, Transform as Transform2 } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
var missing = (error) => error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404);
var S3FileStorage = class {
  client;
  bucket;
  prefix;
  constructor(options) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.client = new S3Client({
      region: options.region ?? "us-east-1",
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only when the operation needs one: S3-compatible services vary in what they accept.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED"
    });
  }
  keyOf(key) {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }
  async put(key, data) {
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.keyOf(key), Body: data } }).done();
  }
  async putStream(key, data) {
    let bytes = 0;
    const counted = data.pipe(
      new Transform2({
        transform(chunk, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        }
      })
    );
    data.once("error", (error) => counted.destroy(error));
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.keyOf(key), Body: counted }, queueSize: 2, partSize: 5 * 1024 * 1024 });
    try {
      await upload.done();
    } catch (error) {
      await upload.abort().catch(() => {
      });
      throw error;
    }
    return bytes;
  }
  async get(key) {
    return this.read(key);
  }
  async getFrom(key, start) {
    return this.read(key, `bytes=${start}-`);
  }
  async read(key, range) {
    try {
      const answer2 = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Range: range }));
      return answer2.Body;
    } catch (error) {
      if (missing(error)) return void 0;
      if (range && error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 416) return Readable3.from([]);
      throw error;
    }
  }
  async exists(key) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }
  async delete(key) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }
  async list(prefix) {
    assertSafeKey(prefix);
    const keys3 = [];
    let token;
    do {
      const page2 = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyOf(prefix), ContinuationToken: token }));
      for (const item of page2.Contents ?? []) if (item.Key) keys3.push(item.Key.slice(this.prefix.length));
      token = page2.IsTruncated ? page2.NextContinuationToken : void 0;
    } while (token);
    return keys3;
  }
};

// api/src/storage/create-storage.ts
function createStorage(config) {
  if (config.STORAGE === "s3") {
    return new S3FileStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : void 0
    });
  }
  return new LocalFileStorage(config.DATA_DIR);
}

// api/src/app.ts
function lazyPdf(config, logger) {
  let service;
  return () => service ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH, logger });
}
function createApp(given) {
  const { onResponse, ...rest } = given;
  const deps = {
    ...rest,
    mailer: given.mailer ?? createMailer(given.config, given.logger),
    storage: given.storage ?? createStorage(given.config),
    pdf: given.pdf ?? lazyPdf(given.config, given.logger),
    paymentGateway: given.paymentGateway ?? createPaymentGateway(given.config, given.database.db),
    events: given.events ?? createEvents()
  };
  const uploads2 = uploadRoutes(deps);
  const app2 = express5();
  app2.disable("x-powered-by");
  app2.set("etag", false);
  app2.set("trust proxy", deps.config.TRUST_PROXY);
  app2.use(warnUntrustedForwarding(deps.logger));
  const api = express5.Router({ caseSensitive: false });
  api.use(compression({ threshold: 1024, filter: (_req, res) => /^application\/json/.test(String(res.getHeader("Content-Type") ?? "")) }));
  api.use(bodyParsers());
  api.use(sameOrigin(deps.config.publicOrigin));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  const sessionCache = new SessionCache(deps.database.notifications).start();
  app2.locals.sessionCache = sessionCache;
  api.use(authenticate({ ...deps, sessionCache }));
  const routeSpecs = [
    ...healthRoutes(deps),
    ...accountRoutes(deps),
    ...apiKeyRoutes(deps),
    ...botCheckRoutes(deps),
    ...contactRoutes(deps),
    ...promotionRoutes(deps),
    ...promotionNoteRoutes(deps),
    ...applicantRoutes(deps),
    ...complianceNoteRoutes(deps),
    ...supportItemRoutes(deps),
    ...uploads2.api,
    ...paymentRoutes(deps),
    ...stripeWebhookDoc(),
    ...lodgementPackApiRoutes(deps),
    ...adminRoutes(deps),
    ...adminNoteRoutes(deps),
    ...staffPromotionRoutes(deps),
    ...termsRoutes(deps),
    ...reminderRoutes(deps),
    ...drawRoutes(deps),
    ...openApiRoutes(deps, () => routeSpecs),
    ...securityRoutes(deps),
    ...ruleRoutes(deps)
  ];
  app2.locals.apiRoutes = routeSpecs;
  api.use(mountRoutes(routeSpecs, { onResponse, idempotency: idempotencyHook(deps.database.db, deps.database.notifications) }));
  api.use(apiDocsRouter());
  api.use(notFoundApi);
  app2.use(stripeWebhookRoutes(deps));
  app2.use("/api", api);
  const downloads = express5.Router({ caseSensitive: false });
  downloads.use(authenticate({ ...deps, sessionCache }));
  downloads.use(invoiceDownloadRoutes(deps));
  downloads.use(voicemailDownloadRoutes(deps));
  downloads.use(lodgementPackRoutes(deps));
  downloads.use("/download", uploads2.downloads);
  downloads.use(documentRoutes(deps));
  downloads.use(termsDocumentRoutes(deps));
  downloads.use(reminderLinkRoutes(deps));
  downloads.use(drawPageRoutes(deps));
  app2.use(downloads);
  app2.use("/error", errorReportRoutes(deps));
  app2.use(errorHandler(deps.logger));
  return app2;
}
export {
  createApp
};
