/**
 * The one list of the wizard app's routes (spec 000 section 2, 001 section 2; issue 25). The
 * wizard's router, its menus and links (config/paths.ts) and the server's list of app paths
 * (`isAppRoute`, which serves the app's index.html on a full page load and the site's 404 page for
 * anything else) all read it, so a link cannot point to a path the server does not serve.
 *
 * Paths use the router's syntax: `:id` is a number, `:section?` an optional lower-case segment,
 * any other `:name` one segment. Every path ends with a slash (DESIGN.md §2).
 */
export const APP_ROUTES = {
  login: '/account/login/',
  register: '/account/register/',
  forgotPassword: '/account/forgotpassword/',
  resetPassword: '/account/resetpassword/:token/',
  accountEdit: '/account/edit/',
  changePassword: '/account/changepassword/',
  invoices: '/account/invoices/',
  apiKeys: '/account/apikeys/',
  wizard: '/wizard/',
  promotions: '/promotions/',
  archive: '/promotions/archive/',
  create: '/promotions/create/',
  gameOfChance: '/promotions/game-of-chance/',
  gameOfSkill: '/promotions/game-of-skill/',
  dashboard: '/promotions/edit/:id/',
  modify: '/promotions/modify/:id/',
  modifySkillsBased: '/promotions/modifyskillsbased/:id/',
  draw: '/promotions/draw/:id/',
  permitEdit: '/permit/edit/:id/:section?/',
  payment: '/permit/edit/:id/payment/',
  // Issue 30: the rule sets in force, with their sources (public).
  rules: '/rules/',
  // Issue 27: the promoter's entry form and entries; the hosted entry form (public, embeddable).
  entries: '/promotions/entries/:id/',
  enter: '/enter/:code/',
  // Issue 27: duplicate and fraud screening of a promotion's entries, decisions and the freeze.
  entriesScreening: '/promotions/entries/:id/screening/',
} as const

export type AppRouteName = keyof typeof APP_ROUTES

const PARAM_PATTERNS: Record<string, string> = { id: '\\d+', section: '[a-z]+' }

/**
 * The regular expression source of a route path: each parameter a capturing group, in order
 * ('/promotions/edit/:id/' → '^/promotions/edit/(\d+)/$').
 */
export function routePatternSource(path: string): string {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment)
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
      const inner = PARAM_PATTERNS[param[1]] ?? '[^/]+'
      return param[2] ? `(?:/(${inner}))?` : `/(${inner})`
    })
    .join('')
  return `^${body}/$`
}

/** The server's app-route patterns, one per route of the list. */
export const APP_ROUTE_PATTERNS: readonly RegExp[] = Object.values(APP_ROUTES).map((path) => new RegExp(routePatternSource(path)))

/**
 * A route's path with its parameters filled in: `appPath('dashboard', { id: 12 })` is
 * '/promotions/edit/12/'. An optional parameter left out is dropped with its slash.
 */
export function appPath(name: AppRouteName, params: Record<string, string | number> = {}): string {
  return APP_ROUTES[name]
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment)
      if (!param) return segment
      const value = params[param[1]]
      if (value === undefined || value === '') {
        if (param[2]) return null
        throw new RangeError(`appPath(${name}) needs ${param[1]}`)
      }
      return encodeURIComponent(String(value))
    })
    .filter((segment): segment is string => segment !== null)
    .join('/')
}

/** Staff console routes live under the configurable STAFF_PATH prefix (default /admin/). */
export function isAppRoute(pathname: string, staffPath = '/admin/'): boolean {
  if (pathname === staffPath || pathname.startsWith(staffPath)) return pathname.endsWith('/')
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname))
}
