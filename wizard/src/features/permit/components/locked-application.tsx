/**
 * What the permit editor shows above the (read-only) application when it cannot be edited
 * (001 §4: the template by status slug, with a skill variant; issue 25): why, what to do, and
 * the one action that moves it on. The words are shared (lockedScreenFor).
 */
import { lockedScreenFor } from '@permitdesk/shared'
import { appPath } from '@permitdesk/shared/app-routes'
import { useState } from 'react'
import { NativeButton, NativeLinkButton } from '../../../components/ui'
import { SUPPORT_EMAIL } from '../../../config/settings'
import { beginAmendPermitApplication } from '../../../lib/payments-api'

export function LockedApplication({ promotionId, statusId, skill }: { promotionId: number; statusId: number; skill: boolean }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const screen = lockedScreenFor(statusId, { skill })
  if (!screen) return null
  const dashboard = appPath('dashboard', { id: promotionId })

  const action = (() => {
    switch (screen.action.kind) {
      case 'pay-by-card':
        return <NativeLinkButton to={appPath('payment', { id: promotionId })}>{screen.action.label}</NativeLinkButton>
      case 'approve-terms':
        return (
          <a className="ui-button ui-button--primary" href={`${dashboard}#terms-heading`}>
            {screen.action.label}
          </a>
        )
      case 'contact-us':
        return (
          <a className="ui-button ui-button--primary" href={`mailto:${SUPPORT_EMAIL}`}>
            {screen.action.label}
          </a>
        )
      case 'open-promotion':
        return <NativeLinkButton to={dashboard}>{screen.action.label}</NativeLinkButton>
      case 'start-amendment':
        return (
          <NativeButton
            disabled={busy}
            onClick={() => {
              setBusy(true)
              beginAmendPermitApplication(promotionId).then(
                () => window.location.reload(),
                (e: Error) => (setError(e.message), setBusy(false)),
              )
            }}
          >
            {screen.action.label}
          </NativeButton>
        )
    }
  })()

  return (
    <section className={`locked-application locked-application--${screen.slug}`} aria-labelledby="locked-title" data-testid="locked-application">
      <h2 id="locked-title">{screen.title}</h2>
      <p>{screen.body}</p>
      {/* One way back only (issue 25): the editor's header has "Back"; this holds the one action that moves the application on. */}
      <div className="locked-application__actions">{action}</div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
