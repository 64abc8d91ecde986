import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'

/** The root of every route: a new page starts at the top. */
export function AppRoot() {
  const { pathname } = useLocation()
  // Braces: recent Chromium returns a Promise from scrollTo, which React would take for a clean-up.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return <Outlet />
}
