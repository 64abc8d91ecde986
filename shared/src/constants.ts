/**
 * Business constants and limits that are not jurisdiction rules (those live in `rules/`).
 * Spec 000 §9 and 001 §9 unless noted.
 */

/** Timings in milliseconds. */
export const TIMINGS = {
  /** 000 §7/§9: POST /api/account/authenticated every 5 s. */
  authPollMs: 5000,
  /** 000 §4/§9: idle warning after 29 minutes. */
  idleWarningMs: 1_740_000,
  /** 000 §4/§9: forced logout 1 minute after the idle warning. */
  idleLogoutAfterWarningMs: 60_000,
  /** 000 §9: error reports, at most this many… */
  errorReportLimit: 3,
  /** …per this window. */
  errorReportWindowMs: 30_000,
  /** 001 §4/§9: the "saved" indicator returns to default after 2 s. */
  saveStatusSavedFadeMs: 2000,
  /** 001 §4: the "error" indicator returns to default after 3 s. */
  saveStatusErrorFadeMs: 3000,
  /** 000 §7, 001 §7: the download flag resets after 5 s. */
  downloadFlagResetMs: 5000,
  /** 001 §2: permit wizard section scroll delays. */
  sectionScrollDelaysMs: [200, 500] as const,
  /** 000 §2: captcha script delay on account paths / elsewhere. */
  captchaDelayAccountMs: 1000,
  captchaDelayOtherMs: 5000,
  /** 000 §9: script load delay fast / slow. */
  scriptLoadFastMs: 1,
  scriptLoadSlowMs: 5000,
  /** 000 §4: delayed images get their source after 100 ms, review logos after 5000 ms. */
  delayedImageMs: 100,
  delayedReviewLogoMs: 5000,
  /** 000 §7: tracker retries every 100 ms up to 5000 ms in total. */
  trackerRetryMs: 100,
  trackerRetryMaxMs: 5000,
  /** 000 §9: scroll tracking throttle; reviews scroll event at most once per 60 s. */
  scrollThrottleMs: 500,
  reviewsScrollEventMs: 60_000,
} as const

/** Page sizes (001 §9). */
export const PAGE_SIZES = {
  adminPromotions: 10,
  adminUsers: 20,
  accountInvoices: 10,
  adminNotes: 1000,
  promotionInvoices: 100,
} as const

/**
 * Outstanding-list colouring by days since submission (001 §9): 2+ warning, 5+ danger;
 * promotions awaiting T&Cs approval are danger from 4 days.
 */
export const OUTSTANDING_THRESHOLDS = {
  warningDays: 2,
  dangerDays: 5,
  awaitingTcDangerDays: 4,
} as const

export type OutstandingColour = 'default' | 'warning' | 'danger'

/** Colour of an outstanding-list row (001 §9). */
export function outstandingColour(daysSinceSubmission: number, awaitingTcApproval = false): OutstandingColour {
  if (awaitingTcApproval) return daysSinceSubmission >= OUTSTANDING_THRESHOLDS.awaitingTcDangerDays ? 'danger' : 'default'
  if (daysSinceSubmission >= OUTSTANDING_THRESHOLDS.dangerDays) return 'danger'
  if (daysSinceSubmission >= OUTSTANDING_THRESHOLDS.warningDays) return 'warning'
  return 'default'
}

/** skillsBasedTCEditWindow of the $150 skill T&C option (issue 14, decision record 014): days after purchase. */
export const SKILLS_TC_EDIT_WINDOW_DAYS = 30

/** 001 §9: skill T&C credit options (as given by the spec). */
export const SKILL_TC_CREDIT_OPTIONS = [150, 250, 1000] as const

/** 000 §9, 001 §9: prize tiers in dollars (prize251OrMore, prize501OrMore, prize1001OrMore). */
export const PRIZE_TIERS_DOLLARS = [251, 501, 1001] as const
/** The prize tiers in cents. */
export const PRIZE_TIERS_CENTS = [25_100, 50_100, 100_100] as const

/** 000 §9, 001 §5/§9: upload limit 10MB (binary megabytes). */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024

/** 001 §2/§9: promotion list FAQs: two blocks of four, eight in all. */
export const PROMOTION_LIST_FAQ_ITEMS = 8
export const PROMOTION_LIST_FAQ_BLOCK_SIZE = 4

/** 001 §9: admin statistics percentages are rounded to this many decimals. */
export const STATISTICS_DECIMALS = 2

/** 001 §9: navigation snap scroll position and height (offset 258 for editable statuses). */
export const NAV_SNAP = { scrollPosition: 230, height: 47, editableOffset: 258 } as const

/** Reviews widget (000 §2, §9). */
export const REVIEWS = {
  truncateAt: 300,
  truncateMaxExtra: 50,
  starWidthPx: 14,
  /** The relative date is hidden if the second displayed review is older than this. */
  hideDateAfterMs: 2_419_200_000,
  /** The widget shows only with more than this many reviews (outside /reviews/ and local hosts). */
  minReviewsToShow: 3,
  /** Epoch times with more than this many digits are milliseconds, otherwise seconds. */
  secondsEpochMaxDigits: 10,
  imageHostCount: 3,
} as const

/** 000 §3/§9: site rating shown from configuration (defaults; the CMS settings override). */
export const DEFAULT_REVIEW_FIGURES = { ratingValue: 5.0, reviewCount: 123 } as const

/** 000 §1: business hours of the structured data. */
export const BUSINESS_HOURS = { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' } as const

/** 000 §5: a captcha site key must be exactly this long. */
export const CAPTCHA_SITE_KEY_LENGTH = 40

/** 000 §7: scroll depth events. */
export const SCROLL_DEPTH_PERCENTS = [25, 50, 75, 100] as const

/** 001 §3: contact title list. */
export const CONTACT_TITLES = ['Mr', 'Miss', 'Mrs', 'Ms', 'Dr'] as const

/** 001 §5: date picker years from the current year to 2 years ahead. */
export const DATE_PICKER_YEARS_AHEAD = 2

/** 001 §5: permit number expiry years allowed up to 5 years ahead. */
export const PERMIT_EXPIRY_MAX_YEARS_AHEAD = 5

/** 001 §3: NSW authority duration default (years). */
export const NSW_AUTHORITY_DEFAULT_DURATION = 1

/** Reference time zone for all date reasoning (DESIGN.md §4). */
export const TIME_ZONE = 'Australia/Sydney'

/** 000 §5: the captcha validity key. */
export const CAPTCHA_VALIDITY_KEY = 'recaptcha'

/**
 * 000 §7/§9: whether another script error may be reported now (3 per 30,000 ms window), and not
 * from hosts or paths containing 'cache.'. `previousReportTimes` are epoch ms of earlier reports.
 */
export function shouldReportScriptError(input: { previousReportTimes: readonly number[]; now: Date; host: string; path: string }): boolean {
  if (input.host.includes('cache.') || input.path.includes('cache.')) return false
  const windowStart = input.now.getTime() - TIMINGS.errorReportWindowMs
  return input.previousReportTimes.filter((t) => t > windowStart).length < TIMINGS.errorReportLimit
}
