import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { AppLayout } from '../components/layouts/app-layout'
import { useSession } from '../features/account/hooks/use-session'
import { staffPaths } from './staff-paths'

const LINKS: [string, string][] = [
  [staffPaths.tasks, 'Tasks'],
  [staffPaths.outstanding, 'Outstanding'],
  [staffPaths.promotions, 'Promotions'],
  [staffPaths.contact, 'Customer contact'],
  [staffPaths.users, 'Users'],
  [staffPaths.statistics, 'Statistics'],
]

/** The staff console frame: side navigation and the screen. */
export function StaffLayout({ title, children }: { title: string; children: ReactNode }) {
  const { user, signOut } = useSession()
  return (
    <AppLayout title={title}>
      <div className="staff-console">
        <nav aria-label="Staff console" className="staff-nav">
          <ul>
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === staffPaths.tasks}>
                  {label}
                </NavLink>
              </li>
            ))}
            <li>
              <a href="/cms/">Content management</a>
            </li>
          </ul>
          <p className="staff-user">
            {user?.firstName} {user?.lastName}
            <br />
            <button type="button" className="secondary" onClick={() => void signOut()}>
              Sign out
            </button>
          </p>
        </nav>
        <section className="staff-screen">{children}</section>
      </div>
    </AppLayout>
  )
}
