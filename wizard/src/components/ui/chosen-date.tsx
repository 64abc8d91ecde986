import { formatDateWithWeekday } from '@permitdesk/shared'
import type { ReactNode } from 'react'

/**
 * A date field's description with the chosen date first, in the product's one date format
 * ('Tuesday 5 Jan 2027'; issue 25): the typed segments read '05/01/2027'. Part of the field's
 * description, so a screen reader hears it with the field. The picker and the box that stands in
 * for it before its code loads (features/permit fields) both use it, so nothing moves when one
 * replaces the other.
 */
export function withChosenDate(value: string | null | undefined, description: ReactNode): ReactNode {
  const chosen = formatDateWithWeekday(value?.slice(0, 10))
  if (!chosen) return description
  return (
    <>
      <span className="ui-date__chosen" data-testid="chosen-date">
        {chosen}
      </span>
      {description ? <span className="ui-date__hint">{description}</span> : null}
    </>
  )
}
