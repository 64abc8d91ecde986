import { useEffect } from 'react'
import { Outlet, useHref, useLocation, useNavigate, type NavigateOptions } from 'react-router'
import { RouterProvider } from 'react-aria-components'

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions
  }
}

/**
 * The root of every route: react-aria links and menu items navigate through the router (no full
 * page load), and a new page starts at the top.
 */
export function AppRoot() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // Braces: recent Chromium returns a Promise from scrollTo, which React would take for a clean-up.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <Outlet />
    </RouterProvider>
  )
}
