import { describe, expect, it } from 'vitest'
import { isAppRoute } from '@permitdesk/shared/app-routes'

describe('isAppRoute', () => {
  it.each([
    '/account/login/',
    '/account/resetpassword/abc123/',
    '/promotions/',
    '/promotions/edit/12/',
    '/permit/edit/3/details/',
    '/permit/edit/3/',
    '/wizard/',
    '/admin/',
    '/admin/detail/4/',
  ])('%s belongs to the app', (path) => expect(isAppRoute(path)).toBe(true))
  it.each(['/', '/about/', '/account/nothing/', '/promotions/edit/abc/', '/account/login', '/permit/edit/3/DETAILS/'])('%s does not', (path) =>
    expect(isAppRoute(path)).toBe(false),
  )
  it('follows a configured staff prefix', () => {
    expect(isAppRoute('/staff/', '/staff/')).toBe(true)
    expect(isAppRoute('/admin/', '/staff/')).toBe(false)
  })
})
