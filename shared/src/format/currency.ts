/**
 * Currency display (000 §9, 001 §3): '$' with comma thousands, cents dropped when '00',
 * '$0' when there is no value. Input is integer cents.
 */
export function formatCurrency(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents) || cents === 0) return '$0'
  const negative = cents < 0
  const abs = Math.round(Math.abs(cents))
  const whole = Math.floor(abs / 100)
  const fraction = abs % 100
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const text = fraction === 0 ? `$${wholeText}` : `$${wholeText}.${String(fraction).padStart(2, '0')}`
  return negative ? `-${text}` : text
}

/**
 * The prize value to show for a promotion (001 §3): after submission or generation the
 * post-submission value is used.
 */
export function displayPrizeValue(promotion: {
  totalPrizeValue?: number | null
  postSubmissionTotalPrizeValue?: number | null
  isSubmittedOrGenerated?: boolean | null
}): string {
  const value =
    promotion.isSubmittedOrGenerated && promotion.postSubmissionTotalPrizeValue != null ? promotion.postSubmissionTotalPrizeValue : promotion.totalPrizeValue
  return formatCurrency(value)
}
