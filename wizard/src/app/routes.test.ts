/**
 * Issue 25: one route list. The router serves exactly the shared list (and the staff console),
 * the preload list covers only listed routes, and every app link in the wizard's source and the
 * e-mails points to a path the server serves on a full page load (shared isAppRoute), so a menu
 * entry like "API keys" cannot point nowhere again.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, isAppRoute } from '@permitdesk/shared/app-routes'
import { paths, promotionPaths } from '../config/paths'
import { accountRoutes } from '../features/account/routes'
import { drawRoutes } from '../features/draws/routes'
import { entryRoutes } from '../features/entries/routes'
import { paymentRoutes } from '../features/payment/routes'
import { permitRoutes } from '../features/permit/routes'
import { promotionRoutes } from '../features/promotions/routes'
import { ruleRoutes } from '../features/rules/routes'
import { screeningRoutes } from '../features/entries/screening/routes'
import { bootRoutes } from './boot-routes'

const routerPaths = (routes: RouteObject[]): string[] => routes.flatMap((r) => [...(r.path ? [r.path] : []), ...routerPaths(r.children ?? [])])
const ROUTER = routerPaths([
  ...accountRoutes,
  ...paymentRoutes,
  ...promotionRoutes,
  ...permitRoutes,
  ...drawRoutes,
  ...ruleRoutes,
  ...entryRoutes,
  ...screeningRoutes,
])

/** Paths the API (not the app) serves under the app's prefixes (DESIGN.md §2). */
const API_SERVED = /^\/promotions\/(downloadpdfs|downloadworkingpdf|downloadcalendarfile|downloadterms|compliancepack)\//i

/**
 * App-looking links in source: href/to attributes, and quoted or template strings that start with
 * an app prefix; not the API paths typedApi and apiHref take (`/account/login` is a call there).
 */
function linksIn(source: string): string[] {
  const found = source.matchAll(/(?<!(?:typedApi\.(?:get|post)\(|apiHref\('(?:get|post)', ))[`'"](\/(?:account|promotions|permit|wizard)\/[^`'"\s]*)[`'"]/g)
  return (
    [...found]
      .map((m) => m[1].replace(/\$\{[^}]*\}/g, '42').replace(/[?#].*$/, ''))
      // Router patterns (':id') are checked against the list by the router test above.
      .filter((link) => !link.includes(':'))
  )
}

function sourceFiles(dir: string): string[] {
  return (
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      // API route files declare /api/... paths relative to their mount point, not links.
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/\.routes\.ts$/.test(f))
      .map((f) => path.join(dir, f))
  )
}

describe('one route list', () => {
  it('the router serves exactly the routes of the shared list', () => {
    expect([...new Set(ROUTER)].sort()).toEqual([...new Set(Object.values(APP_ROUTES))].sort())
  })

  it('every path the menus and links are built from is served on a full page load', () => {
    for (const [name, value] of Object.entries(paths)) {
      if (name === 'home') continue
      const built = typeof value === 'function' ? value('abc') : value
      expect(isAppRoute(built), name).toBe(true)
    }
    for (const [name, value] of Object.entries(promotionPaths)) {
      const built = typeof value === 'function' ? value(42) : value
      expect(isAppRoute(built), name).toBe(true)
    }
  })

  it('the preload list only preloads routes of the list', () => {
    const samples = Object.values(APP_ROUTES).map((p) => p.replace(':id', '42').replace(':token', 'abc').replace(':section?/', ''))
    for (const route of bootRoutes) {
      const pattern = new RegExp(route.pattern, 'i')
      expect(
        samples.some((s) => pattern.test(s)),
        route.pattern,
      ).toBe(true)
      expect(
        samples.filter((s) => pattern.test(s)).every((s) => isAppRoute(s)),
        route.pattern,
      ).toBe(true)
    }
  })

  it('every app link in the wizard and the e-mails points to a served path', () => {
    const root = path.resolve(import.meta.dirname, '../../..')
    const files = [
      ...sourceFiles(path.join(root, 'wizard/src')),
      ...sourceFiles(path.join(root, 'api/src/mail')),
      ...sourceFiles(path.join(root, 'api/src/modules')),
    ]
    const broken: string[] = []
    for (const file of files) {
      for (const link of linksIn(fs.readFileSync(file, 'utf8'))) {
        if (API_SERVED.test(link) || isAppRoute(link)) continue
        broken.push(`${path.relative(root, file)}: ${link}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('would catch a menu entry that points nowhere', () => {
    expect(linksIn(`{ id: 'apikeys', label: 'API keys', href: '/account/apikeys/nowhere/' }`).every((l) => isAppRoute(l))).toBe(false)
    expect(linksIn('navigate(`/promotions/edit/${id}/`)')).toEqual(['/promotions/edit/42/'])
    expect(linksIn(`typedApi.post('/account/login', input)`)).toEqual([])
    expect(linksIn(`fetch(apiHref('post', '/account/killsessions'))`)).toEqual([])
  })
})
