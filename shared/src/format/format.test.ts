import { describe, expect, it } from 'vitest'
import { ausStatesOf, STATE_KEYS } from '../states'
import { displayPrizeValue, formatCurrency } from './currency'
import { formatAusStates } from './aus-states'
import { formatDate } from './date'
import { formatAddress, formatDurationText, mobileStatusLabel, pageTitle, promotionTitle, serviceLabel } from './labels'
import { formatRelativeTime, MONTH_MS, reviewTimeToMs, shouldHideReviewDates, YEAR_MS } from './relative-time'
import { reviewDisplayText, shouldShowReviewsWidget, starPlaceholder, truncateReview } from './reviews'

describe('formatCurrency', () => {
  it.each([
    [null, '$0'],
    [undefined, '$0'],
    [0, '$0'],
    [1, '$0.01'],
    [50, '$0.50'],
    [100, '$1'],
    [123456, '$1,234.56'],
    [1_000_000, '$10,000'],
    [100_000_001, '$1,000,000.01'],
    [-2550, '-$25.50'],
  ])('%s → %s', (cents, text) => {
    expect(formatCurrency(cents)).toBe(text)
  })
  it('uses the post-submission value after submission', () => {
    expect(displayPrizeValue({ totalPrizeValue: 100, postSubmissionTotalPrizeValue: 200, isSubmittedOrGenerated: true })).toBe('$2')
    expect(displayPrizeValue({ totalPrizeValue: 100, postSubmissionTotalPrizeValue: 200, isSubmittedOrGenerated: false })).toBe('$1')
  })
})

describe('formatDate', () => {
  it.each([
    ['2026-03-05', '5 Mar 2026'],
    ['2026-12-31', '31 Dec 2026'],
    // 2026-03-04T14:00Z is 5 March 01:00 in Sydney (AEDT, UTC+11)
    ['2026-03-04T14:00:00Z', '5 Mar 2026'],
    [new Date('2026-07-01T13:59:00Z'), '1 Jul 2026'],
    [new Date('2026-07-01T14:00:00Z'), '2 Jul 2026'],
    ['2026-02-30', ''],
    ['', ''],
    [null, ''],
  ])('%s → %j', (value, text) => {
    expect(formatDate(value)).toBe(text)
  })
})

describe('formatAusStates', () => {
  it.each([
    [ausStatesOf(...STATE_KEYS), 'National (Aus)'],
    [{ all: true }, 'National (Aus)'],
    [ausStatesOf('nsw'), 'NSW'],
    [ausStatesOf('vic'), 'VIC'],
    [ausStatesOf('vic', 'nsw', 'act'), 'ACT, NSW, VIC'],
    [ausStatesOf(), '---'],
    [null, '---'],
  ])('%j → %s', (states, text) => {
    expect(formatAusStates(states)).toBe(text)
  })
  it('can mention New Zealand', () => {
    expect(formatAusStates(ausStatesOf('nsw'), { includeNz: true })).toBe('NSW, NZ')
  })
})

describe('relative time (reviews)', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  const ago = (ms: number) => formatRelativeTime(now.getTime() - ms, { now })
  const H = 3_600_000
  it.each([
    [0, 'in the last day'],
    [23 * H, 'in the last day'],
    [24 * H, 'yesterday'],
    [47 * H, 'yesterday'],
    [48 * H, 'in the last week'],
    [7 * 24 * H - 1, 'in the last week'],
    [7 * 24 * H, 'a week ago'],
    [14 * 24 * H, '2 weeks ago'],
    [27 * 24 * H, '3 weeks ago'],
    [28 * 24 * H, 'a month ago'],
    [2 * MONTH_MS, '2 months ago'],
    [12 * MONTH_MS - 1, '11 months ago'],
    [12 * MONTH_MS, 'a year ago'],
    [2 * YEAR_MS, '2 years ago'],
  ])('%i ms → %s', (ms, label) => {
    expect(ago(ms)).toBe(label)
  })
  it('epoch seconds vs milliseconds', () => {
    expect(reviewTimeToMs(1_700_000_000)).toBe(1_700_000_000_000)
    expect(reviewTimeToMs(1_700_000_000_000)).toBe(1_700_000_000_000)
  })
  it('hides dates when the second review is older than 28 days', () => {
    expect(shouldHideReviewDates(now.getTime() - 2_419_200_001, { now })).toBe(true)
    expect(shouldHideReviewDates(now.getTime() - 2_419_200_000, { now })).toBe(false)
  })
})

describe('reviews', () => {
  it('truncates at the next space after 300, at most 50 beyond', () => {
    const short = 'a'.repeat(300)
    expect(truncateReview(short)).toEqual({ text: short, truncated: false })
    const withSpace = `${'a'.repeat(310)} ${'b'.repeat(100)}`
    expect(truncateReview(withSpace)).toEqual({ text: 'a'.repeat(310), truncated: true })
    const noSpace = 'a'.repeat(400)
    expect(truncateReview(noSpace)).toEqual({ text: 'a'.repeat(350), truncated: true })
    const spaceAt300 = `${'a'.repeat(300)} tail`
    expect(truncateReview(spaceAt300).text).toBe('a'.repeat(300))
    const spaceTooFar = `${'a'.repeat(351)} tail`
    expect(truncateReview(spaceTooFar).text).toBe('a'.repeat(350))
  })
  it('star placeholder, singular for 1', () => {
    expect(starPlaceholder(5)).toBe('[5 stars]')
    expect(starPlaceholder(1)).toBe('[1 star]')
    expect(reviewDisplayText(null, 5)).toBe('[5 stars]')
    expect(reviewDisplayText('Great', 5)).toBe('Great')
  })
  it('widget visibility', () => {
    expect(shouldShowReviewsWidget({ reviewCount: 4, path: '/', host: 'example.com' })).toBe(true)
    expect(shouldShowReviewsWidget({ reviewCount: 3, path: '/', host: 'example.com' })).toBe(false)
    expect(shouldShowReviewsWidget({ reviewCount: 0, path: '/reviews/', host: 'example.com' })).toBe(true)
    expect(shouldShowReviewsWidget({ reviewCount: 0, path: '/', host: 'localhost' })).toBe(true)
  })
})

describe('labels', () => {
  it('service label', () => {
    expect(serviceLabel(true, 'PermitDesk')).toBe('Permit - PermitDesk managed')
    expect(serviceLabel(undefined, 'PermitDesk')).toBe('Permit - PermitDesk managed')
    expect(serviceLabel(false, 'PermitDesk')).toBe('Permit - Self submission')
  })
  it('default title', () => {
    expect(promotionTitle('  ')).toBe('Untitled permit')
    expect(promotionTitle(null)).toBe('Untitled permit')
    expect(promotionTitle('Win a car')).toBe('Win a car')
  })
  it('duration text in brackets with non-breaking spaces', () => {
    expect(formatDurationText('4 weeks')).toBe('(4\u00a0weeks)')
    expect(formatDurationText('')).toBe('')
  })
  it('mobile status label', () => {
    expect(mobileStatusLabel({ name: 'Submitted and awaiting feedback', slug: 'submitted' }, false)).toBe('Submitted and awaiting')
    expect(mobileStatusLabel({ name: 'Ready for submission', slug: 'ready-submission' }, true)).toBe('Ready to generate T&Cs')
    expect(mobileStatusLabel({ name: 'Ready for submission', slug: 'ready-submission' }, false)).toBe('Ready for submission')
    expect(mobileStatusLabel({ name: 'Awaiting terms and conditions approval', slug: 'x' }, false)).toBe('Awaiting T&Cs approval')
  })
  it('page title and address', () => {
    expect(pageTitle('About', 'PermitDesk')).toBe('About · PermitDesk')
    expect(formatAddress({ lineOne: '1 George St', lineTwo: '', suburb: 'Sydney', state: 'nsw', postcode: '2000' })).toBe('1 George St\nSydney NSW 2000')
  })
})

describe('aggregateReviews (issue 25)', () => {
  it('is the average of the reviews shown, to one decimal, with their count', async () => {
    const { aggregateReviews } = await import('./reviews')
    expect(aggregateReviews([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ ratingValue: 4.3, reviewCount: 3 })
    expect(aggregateReviews([])).toBeNull()
    expect(aggregateReviews([{ rating: 5 }, { rating: Number.NaN }])).toEqual({ ratingValue: 5, reviewCount: 1 })
  })
})
