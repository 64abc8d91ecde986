import { useEffect, type ReactNode } from 'react'
import { NavLink } from 'react-router'
import { promotionPaths } from '../config/paths'
import { useRemoveBootShell } from '../components/boot-shell'
import { useSession } from '../lib/session'
import { staffPaths } from './staff-paths'

/** The console's sections, in the order of the side navigation (issue 17). */
export const STAFF_SECTIONS: readonly { to: string; label: string }[] = [
  { to: staffPaths.tasks, label: 'Tasks' },
  { to: staffPaths.outstanding, label: 'Outstanding' },
  { to: staffPaths.promotions, label: 'Promotions' },
  { to: staffPaths.contact, label: 'Contacts' },
  { to: staffPaths.users, label: 'Users' },
  { to: staffPaths.chargeCard(), label: 'Charge card' },
  { to: staffPaths.statistics, label: 'Statistics' },
  { to: staffPaths.resources, label: 'Resources' },
  { to: staffPaths.ruleSets, label: 'Rule sets' },
]

/**
 * The staff console's own shell (issue 17): a side navigation (tasks, outstanding, promotions,
 * contacts, users, statistics, resources), who is signed in, sign out, and the screen. Sets the
 * page title like AppLayout. On a phone the navigation sits above the screen and scrolls sideways.
 */
export function StaffLayout({ title, children }: { title: string; children: ReactNode }) {
  const { user, signOut } = useSession()
  useRemoveBootShell()
  useEffect(() => {
    document.title = `${title} · Staff console · PermitDesk`
  }, [title])
  return (
    <div className="staff-shell">
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      <nav aria-label="Staff console" className="staff-nav">
        <a className="staff-nav__brand" href={staffPaths.tasks}>
          PermitDesk staff
        </a>
        <ul>
          {STAFF_SECTIONS.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end={to === staffPaths.tasks}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="staff-nav__foot">
          <ul>
            <li>
              <a href={promotionPaths.list}>Customer app</a>
            </li>
            <li>
              <a href="/">PermitDesk website</a>
            </li>
            <li>
              <button type="button" onClick={() => void signOut()}>
                Sign out{user ? ` (${user.firstName})` : ''}
              </button>
            </li>
          </ul>
        </div>
      </nav>
      <main id="staff-main" className="staff-main staff-screen" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
