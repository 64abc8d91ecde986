import type { ReactNode } from 'react'
import { useEffect } from 'react'

type Props = { title: string; children: ReactNode }

/** The frame of every app screen; sets the spec's page title (route title · product name). */
export function AppLayout({ title, children }: Props) {
  useEffect(() => {
    document.title = `${title} · PermitDesk`
  }, [title])
  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href="/">PermitDesk</a>
      </header>
      <main id="main" className="app-main">{children}</main>
    </div>
  )
}
