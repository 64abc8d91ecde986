import { Suspense, useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { paths, promotionPaths, staffPath } from '../../config/paths'
import { useSession } from '../../lib/session'
import { useMediaQuery } from '../../lib/use-media-query'
import { lazyWithAriaProviders } from '../lazy-aria'
import type { MenuEntry } from '../ui/menu'

/** react-aria's menu code loads after the first render (wide screens only; a phone lists the entries as links). */
const Menu = lazyWithAriaProviders(() => import('../ui/menu').then((module) => module.Menu))

/** The public site's home (served by the site, not the app). */
const SITE_HOME = '/'

/** Where styles.css shows the account menu: exactly not its phone layout (max-width 760px), fractional widths included. */
const WIDE_SCREEN = 'not all and (max-width: 760px)'

/**
 * The signed-in header (issue 17): My Promotions, Create a promotion, the account menu (My
 * account, Invoices, API keys, Sign out), the staff console for staff, and the way back to the
 * public site. On a phone it folds into a menu button. Signed out: sign in and register.
 */
export function AppHeader() {
  const { status, user, signOut } = useSession()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const [menuPressed, setMenuPressed] = useState(false)
  const [menuFocused, setMenuFocused] = useState(false)
  const navId = useId()
  // styles.css hides the account menu at phone width (the panel lists its entries as links), so
  // it is not rendered there at all: less first-render work where the CPU is slowest.
  const wide = useMediaQuery(WIDE_SCREEN)
  useEffect(() => {
    setOpen(false)
  }, [pathname])
  const signedIn = status === 'signedIn' && user !== null

  const accountEntries: MenuEntry[] = [
    { id: 'account', label: 'My account', href: paths.accountEdit },
    { id: 'invoices', label: 'Invoices', href: paths.invoices },
    { id: 'apikeys', label: 'API keys', href: paths.apiKeys },
    { id: 'signout', label: 'Sign out', onAction: () => void signOut(), separatorBefore: true },
  ]
  const accountLabel = signedIn ? `${user.firstName} ${user.lastName}`.trim() || 'Account' : 'Account'
  const current = (path: string) => (pathname === path ? 'page' : undefined)

  return (
    <header className="app-header">
      <div className="app-header__bar">
        <a className="brand" href={SITE_HOME}>
          PermitDesk
        </a>
        <button type="button" className="app-header__toggle" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((value) => !value)}>
          <span aria-hidden="true" className="app-header__burger" />
          Menu
        </button>
        <nav id={navId} className={`app-nav${open ? ' app-nav--open' : ''}`} aria-label="Main">
          {signedIn ? (
            <>
              <ul className="app-nav__links">
                <li>
                  <Link to={promotionPaths.list} aria-current={current(promotionPaths.list)}>
                    My Promotions
                  </Link>
                </li>
                <li>
                  <Link to={promotionPaths.gameOfChance} aria-current={current(promotionPaths.gameOfChance)}>
                    Create a promotion
                  </Link>
                </li>
                {user.agent ? (
                  <li>
                    <a href={staffPath}>Staff console</a>
                  </li>
                ) : null}
                <li>
                  <a href={SITE_HOME}>PermitDesk website</a>
                </li>
              </ul>
              {/* Wide screens: a menu; on a phone the same entries are plain links in the panel. */}
              {wide ? (
                <div className="app-nav__account-menu">
                  {/* Until the menu's code has arrived (a moment), the same button in the same place: a press on it opens the menu once it is there, and its focus passes on. */}
                  <Suspense
                    fallback={
                      <button
                        type="button"
                        className="ui-menu__button"
                        aria-haspopup="menu"
                        // On pointer down too: the code can arrive between the press and its release, and the
                        // release then lands on the real button, which saw no press (the menu stayed shut).
                        onPointerDown={() => setMenuPressed(true)}
                        onClick={() => setMenuPressed(true)}
                        onFocus={() => setMenuFocused(true)}
                        onBlur={() => setMenuFocused(false)}
                      >
                        {accountLabel}
                        <span aria-hidden="true">▾</span>
                      </button>
                    }
                  >
                    <Menu
                      label="Account"
                      buttonLabel={accountLabel}
                      entries={accountEntries}
                      defaultOpen={menuPressed}
                      autoFocus={menuFocused && !menuPressed}
                    />
                  </Suspense>
                </div>
              ) : null}
              <ul className="app-nav__account-links" aria-label="Account">
                <li>
                  <Link to={paths.accountEdit}>My account</Link>
                </li>
                <li>
                  <Link to={paths.invoices}>Invoices</Link>
                </li>
                <li>
                  <Link to={paths.apiKeys}>API keys</Link>
                </li>
                <li>
                  <button type="button" className="app-nav__signout" onClick={() => void signOut()}>
                    Sign out
                  </button>
                </li>
              </ul>
            </>
          ) : status === 'signedOut' ? (
            <ul className="app-nav__links">
              <li>
                <a href={SITE_HOME}>PermitDesk website</a>
              </li>
              <li>
                <Link to={paths.login}>Sign in</Link>
              </li>
              <li>
                <Link to={paths.register}>Create an account</Link>
              </li>
            </ul>
          ) : null}
        </nav>
      </div>
    </header>
  )
}
