import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { paths } from '../config/paths'
import { useSession } from '../lib/session'

/**
 * A private route (000 §2): signed out, the visitor goes to the login screen carrying the return
 * address. `staff` also requires a staff account (customers go to their promotions).
 */
export function RequireAuth({ children, staff = false }: { children: ReactNode; staff?: boolean }) {
  const { status, user } = useSession()
  const location = useLocation()
  // Only on a first load (the session is known after that), under index.html's static header bar:
  // nothing is drawn, so nothing moves when the screen replaces that bar.
  if (status === 'loading') return null
  if (status === 'signedOut' || !user) {
    return <Navigate replace to={`${paths.login}?ReturnUrl=${encodeURIComponent(location.pathname + location.search)}`} />
  }
  if (staff && !user.agent) return <Navigate replace to={paths.promotions} />
  return <>{children}</>
}
