import type { ReactNode } from 'react'
import { I18nProvider } from 'react-aria-components'

/** The app's locale: dates read day first (dd/mm/yyyy) on every browser, whatever its own locale. */
export const APP_LOCALE = 'en-AU'

/** Every date and time control below it is en-AU (AriaProviders includes it; the session modals, outside the router, use it alone). */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return <I18nProvider locale={APP_LOCALE}>{children}</I18nProvider>
}
