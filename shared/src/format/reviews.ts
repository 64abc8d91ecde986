import { REVIEWS } from '../constants'

/**
 * Review truncation (000 §2): text longer than 300 characters is cut at the next space, at most
 * 50 characters beyond 300 (so at 350 when there is no space in between).
 */
export function truncateReview(text: string): { text: string; truncated: boolean } {
  if (text.length <= REVIEWS.truncateAt) return { text, truncated: false }
  const limit = REVIEWS.truncateAt + REVIEWS.truncateMaxExtra
  const space = text.indexOf(' ', REVIEWS.truncateAt)
  const cut = space !== -1 && space <= limit ? space : limit
  if (cut >= text.length) return { text, truncated: false }
  return { text: text.slice(0, cut), truncated: true }
}

/** 000 §2: placeholder for empty review text: the star count, bracketed, singular for 1. */
export function starPlaceholder(rating: number): string {
  return `[${rating} ${rating === 1 ? 'star' : 'stars'}]`
}

/** Review text to show: the text, or the star placeholder when empty or null. */
export function reviewDisplayText(text: string | null | undefined, rating: number): string {
  return text && text.trim() !== '' ? text : starPlaceholder(rating)
}

/** 000 §2: the widget shows with more than 3 reviews, on the vertical reviews page, or on local hosts. */
export function shouldShowReviewsWidget(input: { reviewCount: number; path: string; host: string }): boolean {
  return input.reviewCount > REVIEWS.minReviewsToShow || isReviewsPage(input.path) || input.host.includes('local')
}

/** 000 §2: any path containing the word review counts as the vertical reviews page. */
export function isReviewsPage(path: string): boolean {
  return path.toLowerCase().includes('review')
}

/** 000 §3: review images rotate over the image hosts by review index. */
export function reviewImageHostIndex(reviewIndex: number): number {
  return reviewIndex % REVIEWS.imageHostCount
}

/** 000 §9: star bar width in px. */
export function starWidthPx(rating: number): number {
  return rating * REVIEWS.starWidthPx
}

/**
 * The aggregate rating shown beside the reviews (issue 25): computed from the reviews the CMS
 * holds and the site shows, never a configured figure beside other reviews. Average to one
 * decimal; null when there are none (then no aggregate is shown).
 */
export function aggregateReviews(reviews: readonly { rating: number }[]): { ratingValue: number; reviewCount: number } | null {
  const rated = reviews.filter((r) => Number.isFinite(r.rating) && r.rating >= 1 && r.rating <= 5)
  if (rated.length === 0) return null
  const sum = rated.reduce((total, r) => total + r.rating, 0)
  return { ratingValue: Math.round((sum / rated.length) * 10) / 10, reviewCount: rated.length }
}
