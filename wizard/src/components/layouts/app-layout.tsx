import { MSG_TEST_MODE } from '@permitdesk/shared'
import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { useRemoveBootShell } from '../boot-shell'
import { AppHeader } from './app-header'

type Props = { title: string; children: ReactNode }

/** Issue 22: the server marks the page in test mode (PAYMENTS=test): no payment here takes money. */
const testMode = typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="permitdesk-payments"]')?.content === 'test'

/** The frame of every app screen: skip link, the header, the page; sets the spec's page title (route title · product name). */
export function AppLayout({ title, children }: Props) {
  useRemoveBootShell()
  useEffect(() => {
    document.title = `${title} · PermitDesk`
  }, [title])
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {testMode && (
        <p className="test-mode-banner" data-testid="test-mode-banner">
          {MSG_TEST_MODE}
        </p>
      )}
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
