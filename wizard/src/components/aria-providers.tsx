import type { ReactNode } from 'react'
import { useHref, useNavigate, type NavigateOptions } from 'react-router'
import { RouterProvider } from 'react-aria-components'
import { LocaleProvider } from './ui/locale'

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions
  }
}

/**
 * What react-aria's components need above them: the app's locale (dates read day first on every
 * browser) and the router (their links navigate without a page load). Not in the entry chunk
 * (issue 17, first load): loading react-aria's locale code costs a long task, so it comes with
 * the screens and widgets that use react-aria (lazy-screen.tsx, the account menu, LazyModal), and
 * a screen without react-aria (My Promotions) never pays for it.
 */
export function AriaProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  return (
    <LocaleProvider>
      <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
        {children}
      </RouterProvider>
    </LocaleProvider>
  )
}
