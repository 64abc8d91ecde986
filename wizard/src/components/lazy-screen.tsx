import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { RequireAuth } from './require-auth'

type Options = {
  auth?: boolean
  staff?: boolean
  /** The screen uses react-aria components: load its providers with it (false: My Promotions). */
  aria?: boolean
}

/**
 * A route whose screen is loaded on first visit (route-level code splitting: each screen is its
 * own chunk, so the first load carries only the shell). `auth` wraps it in RequireAuth; `aria`
 * (the default) in AriaProviders, loaded beside the screen.
 */
export function lazyScreen(load: () => Promise<ComponentType>, { auth = false, staff = false, aria = true }: Options = {}): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [Screen, providers] = await Promise.all([load(), aria ? import('./aria-providers') : null])
      const Content = providers
        ? () => (
            <providers.AriaProviders>
              <Screen />
            </providers.AriaProviders>
          )
        : Screen
      if (!auth && !staff) return { Component: Content }
      return {
        Component: () => (
          <RequireAuth staff={staff}>
            <Content />
          </RequireAuth>
        ),
      }
    },
  }
}
