import type { ReactNode } from 'react'
import { customerStatusName, statusColour, type StatusColour } from '@permitdesk/shared'

/** A small coloured label; `tone` is one of the shared status colours. */
export function Badge({ tone = 'default', children }: { tone?: StatusColour; children: ReactNode }) {
  return <span className={`ui-badge ui-badge--${tone}`}>{children}</span>
}

/** A permit status in the customer's words, with its colour from the shared status table (001 §4). */
export function StatusBadge({ statusId, label }: { statusId: number; label?: string }) {
  return <Badge tone={statusColour(statusId)}>{label ?? customerStatusName(statusId)}</Badge>
}
