import {
  LABEL_READY_TO_GENERATE_TCS,
  LABEL_SERVICE_SELF_SUBMISSION,
  LABEL_TCS_SHORT,
  LABEL_UNTITLED_PERMIT,
  PAGE_TITLE_SEPARATOR,
  labelServiceManaged,
} from '../messages'

/** 001 §2: the promotion title, or 'Untitled permit' when the name is blank. */
export function promotionTitle(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : LABEL_UNTITLED_PERMIT
}

/**
 * 001 §2: 'Permit - {product} managed' or 'Permit - Self submission'. The product name is a
 * parameter (it comes from site settings).
 */
export function serviceLabel(managedSubmission: boolean | null | undefined, productName: string): string {
  return managedSubmission === false ? LABEL_SERVICE_SELF_SUBMISSION : labelServiceManaged(productName)
}

const NBSP = '\u00a0'

/**
 * 001 §2: duration text wrapped in brackets, with non-breaking spaces so it never wraps:
 * `'4 weeks'` → `'(4\u00a0weeks)'`. Empty when there is no duration.
 */
export function formatDurationText(duration: string | null | undefined): string {
  if (!duration || duration.trim() === '') return ''
  return `(${duration.trim().replace(/ +/g, NBSP)})`
}

/** A duration string for a promotion running from `start` to `end` inclusive, e.g. '30 days'. */
export function durationString(days: number): string {
  if (days % 7 === 0 && days >= 14) return `${days / 7} weeks`
  return days === 1 ? '1 day' : `${days} days`
}

/**
 * 001 §2 mobile status label: the word "feedback" removed from the status name, "terms and
 * conditions" replaced with "T&Cs", and "Ready to generate T&Cs" when T&Cs are a service and the
 * status is ready-submission.
 */
export function mobileStatusLabel(status: { name: string; slug: string }, hasTermsAndConditions: boolean): string {
  if (hasTermsAndConditions && status.slug === 'ready-submission') return LABEL_READY_TO_GENERATE_TCS
  return status.name
    .replace(/terms and conditions/gi, LABEL_TCS_SHORT)
    .replace(/\bfeedback\b/gi, '')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

/** 000 §2: page title = route title, ' · ', product name. */
export function pageTitle(routeTitle: string, productName: string): string {
  return routeTitle ? `${routeTitle}${PAGE_TITLE_SEPARATOR}${productName}` : productName
}

/** Address lines joined into the multi-line string of 000 §3 / 001 §3. */
export function formatAddress(
  address:
    | {
        lineOne?: string | null
        lineTwo?: string | null
        suburb?: string | null
        state?: string | null
        postcode?: string | null
      }
    | null
    | undefined,
): string {
  if (!address) return ''
  const lastLine = [address.suburb, address.state?.toUpperCase(), address.postcode].filter((p) => p && p.trim() !== '').join(' ')
  return [address.lineOne, address.lineTwo, lastLine].filter((line) => line && line.trim() !== '').join('\n')
}
