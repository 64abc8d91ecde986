import type { ReactNode } from 'react'

export type AlertTone = 'info' | 'success' | 'warning' | 'danger'

/**
 * A message block in the page. `live` makes it announced when it appears (role=alert for
 * danger, status otherwise); static explanations leave it off.
 */
export function Alert({ tone = 'info', title, children, live = false }: { tone?: AlertTone; title?: ReactNode; children?: ReactNode; live?: boolean }) {
  const role = live ? (tone === 'danger' ? 'alert' : 'status') : undefined
  return (
    <div className={`ui-alert ui-alert--${tone}`} role={role}>
      {title ? <p className="ui-alert__title">{title}</p> : null}
      {children ? <div className="ui-alert__body">{children}</div> : null}
    </div>
  )
}
