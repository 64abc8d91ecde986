import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { RequireAuth } from './require-auth'

/**
 * A route whose screen is loaded on first visit (route-level code splitting: each screen is its
 * own chunk, so the first load carries only the shell). `auth` wraps it in RequireAuth.
 */
export function lazyScreen(load: () => Promise<ComponentType>, { auth = false, staff = false }: { auth?: boolean; staff?: boolean } = {}): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = await load()
      if (!auth && !staff) return { Component: Screen }
      return {
        Component: () => (
          <RequireAuth staff={staff}>
            <Screen />
          </RequireAuth>
        ),
      }
    },
  }
}
