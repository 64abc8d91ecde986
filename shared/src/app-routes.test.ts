import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, APP_ROUTE_PATTERNS, appPath, isAppRoute, routePatternSource, type AppRouteName } from './app-routes'

const SAMPLE: Record<string, string | number> = { id: 42, token: 'abc123', section: 'details', code: 'Ab3dE9xYz1' }

describe('the one route list', () => {
  it('serves every route of the list on a full page load, with and without optional parts', () => {
    for (const name of Object.keys(APP_ROUTES) as AppRouteName[]) {
      expect(isAppRoute(appPath(name, SAMPLE)), name).toBe(true)
      expect(isAppRoute(appPath(name, { id: 42, token: 'abc123', code: 'Ab3dE9xYz1' })), name).toBe(true)
    }
  })

  it('has the account menu pages: invoices and API keys', () => {
    expect(isAppRoute('/account/invoices/')).toBe(true)
    expect(isAppRoute('/account/apikeys/')).toBe(true)
  })

  it('turns route paths into patterns with one group per parameter', () => {
    expect(routePatternSource('/promotions/edit/:id/')).toBe('^/promotions/edit/(\\d+)/$')
    expect(routePatternSource('/permit/edit/:id/:section?/')).toBe('^/permit/edit/(\\d+)(?:/([a-z]+))?/$')
    expect(APP_ROUTE_PATTERNS).toHaveLength(Object.keys(APP_ROUTES).length)
  })

  it('fills in parameters and refuses a missing one', () => {
    expect(appPath('dashboard', { id: 12 })).toBe('/promotions/edit/12/')
    expect(appPath('permitEdit', { id: 3 })).toBe('/permit/edit/3/')
    expect(appPath('permitEdit', { id: 3, section: 'prizes' })).toBe('/permit/edit/3/prizes/')
    expect(appPath('resetPassword', { token: 'a b' })).toBe('/account/resetpassword/a%20b/')
    expect(() => appPath('dashboard')).toThrow(RangeError)
  })

  it('answers no for paths off the list (they get the site and its 404)', () => {
    for (const path of ['/', '/about/', '/account/nothing/', '/promotions/edit/abc/', '/account/login', '/permit/edit/3/DETAILS/', '/account/apikeys/x/']) {
      expect(isAppRoute(path), path).toBe(false)
    }
  })

  it('any numeric id gives a served dashboard, modify and permit path', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (id) => {
        for (const name of ['dashboard', 'modify', 'modifySkillsBased', 'draw', 'permitEdit', 'payment'] as const)
          expect(isAppRoute(appPath(name, { id }))).toBe(true)
      }),
    )
  })
})
