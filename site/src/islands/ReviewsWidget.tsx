import { useEffect, useState } from 'react'
import type { ReviewContent } from '@permitdesk/shared/site-content'
import { reviewDisplayText, shouldShowReviewsWidget, starWidthPx, truncateReview } from '@permitdesk/shared/format/reviews'
import { formatRelativeTime, reviewTimeToMs, shouldHideReviewDates } from '@permitdesk/shared/format/relative-time'
import { TIMINGS } from '@permitdesk/shared/constants'

export type ReviewsWidgetProps = {
  reviews: ReviewContent[]
  /** The page path: any path containing "review" gets the vertical list (000 §2). */
  path: string
  ratingValue: number
  reviewCount: number
  bip: boolean
  /** The place-specific review link (the map link of the site settings). */
  placeUrl?: string
  /** Total number of reviews shown on the reviews page (the strip may carry fewer). */
  totalReviews: number
}

const FALLBACK_LOGO = '/img/blank-logo.svg'
const EXTERNAL = { target: '_blank', rel: 'nofollow noopener' } as const
const contributorUrl = (authorId: string) => `https://www.google.com/maps/contrib/${encodeURIComponent(authorId)}`

/**
 * The reviews widget (000 §2 "Reviews widget"): a vertical list on review pages, a horizontal
 * strip elsewhere. React escapes all text. Dates and the local-host rule need the browser's clock
 * and host, so they appear after hydration; the server HTML never shows a stale date.
 */
export default function ReviewsWidget({ reviews, path, ratingValue, reviewCount, bip, placeUrl, totalReviews }: ReviewsWidgetProps) {
  const vertical = path.toLowerCase().includes('review')
  const [now, setNow] = useState<Date | null>(null)
  const [host, setHost] = useState('')
  const [logosReady, setLogosReady] = useState(false)

  useEffect(() => {
    setNow(new Date())
    setHost(window.location.hostname)
    // 000 §4: review logos receive their source after 5 s, so they never compete with the page.
    const timer = window.setTimeout(() => setLogosReady(true), TIMINGS.delayedReviewLogoMs)
    return () => window.clearTimeout(timer)
  }, [])

  if (!shouldShowReviewsWidget({ reviewCount: totalReviews, path, host })) return null

  const hideDates = !now || shouldHideReviewDates(reviews[1] ? reviewTimeToMs(reviews[1].time) : undefined, { now })
  const heading = 'Customer reviews'
  const countLabel = `${reviewCount} reviews`

  return (
    <section className={`reviews ${vertical ? 'reviews--vertical' : 'reviews--horizontal'}`} aria-labelledby="reviews-heading" data-testid="reviews-widget">
      <div className="reviews__head">
        <h2 id="reviews-heading">{vertical ? heading : <a href="/reviews/">{heading}</a>}</h2>
        <p className="reviews__summary">
          <strong>{ratingValue.toFixed(1)}</strong>
          <span className="stars" role="img" aria-label={`${ratingValue.toFixed(1)} out of 5 stars`} style={{ width: `${starWidthPx(5)}px` }}>
            <span style={{ width: `${starWidthPx(ratingValue)}px` }} />
          </span>
          {vertical ? <span>{countLabel}</span> : <a href="/reviews/">{countLabel}</a>}
        </p>
      </div>
      <ul className="reviews__list" tabIndex={vertical ? undefined : 0} aria-label="Reviews">
        {reviews.map((review, index) => (
          <ReviewItem
            key={`${review.authorId}-${review.time}-${index}`}
            review={review}
            bip={bip}
            hideDate={hideDates}
            now={now}
            logosReady={logosReady}
            placeUrl={placeUrl}
          />
        ))}
      </ul>
    </section>
  )
}

function ReviewItem({
  review,
  bip,
  hideDate,
  now,
  logosReady,
  placeUrl,
}: {
  review: ReviewContent
  bip: boolean
  hideDate: boolean
  now: Date | null
  logosReady: boolean
  placeUrl?: string
}) {
  const [expanded, setExpanded] = useState(false)
  const full = reviewDisplayText(review.text, review.rating)
  const cut = truncateReview(full)
  const shown = expanded || !cut.truncated ? full : `${cut.text}…`
  const logo = review.logo ?? FALLBACK_LOGO
  return (
    <li className="review" data-testid="review">
      <div className="review__who">
        {logosReady ? (
          <img
            className="review__logo"
            src={logo}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            onError={(event) => {
              const img = event.currentTarget
              if (!img.src.endsWith(FALLBACK_LOGO)) img.src = FALLBACK_LOGO
            }}
          />
        ) : (
          <span className="review__logo" aria-hidden="true" />
        )}
        <div>
          {bip ? (
            <strong className="review__author">{review.authorName}</strong>
          ) : (
            <a className="review__author" href={contributorUrl(review.authorId)} {...EXTERNAL}>
              {review.authorName}
            </a>
          )}
          <div className="review__org">
            {!bip && review.jobTitle ? <span>{review.jobTitle}, </span> : null}
            {review.companyUrl ? (
              <a href={review.companyUrl} {...EXTERNAL}>
                {review.companyName}
              </a>
            ) : (
              <span>{review.companyName}</span>
            )}
          </div>
        </div>
      </div>
      <div className="review__meta">
        <span className="stars" role="img" aria-label={`${review.rating} out of 5 stars`} style={{ width: `${starWidthPx(5)}px` }}>
          <span style={{ width: `${starWidthPx(review.rating)}px` }} />
        </span>
        {!hideDate && now ? (
          <span className="review__date" data-testid="review-date">
            {formatRelativeTime(reviewTimeToMs(review.time), { now })}
          </span>
        ) : null}
      </div>
      <p className="review__text" data-testid="review-text">
        {shown}
        {cut.truncated ? (
          <>
            {' '}
            <button type="button" className="linklike" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Less' : 'More'}
            </button>
          </>
        ) : null}
      </p>
      {placeUrl ? (
        <a className="review__source" href={placeUrl} {...EXTERNAL}>
          Read on the map
        </a>
      ) : null}
    </li>
  )
}
