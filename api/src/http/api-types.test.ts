/**
 * shared/src/api-types.generated.ts is generated from the route list (issue 26): this fails when a
 * route, or a schema of one, changed and the types were not regenerated (`npm run api-types`), so
 * the typed client (wizard/src/lib/typed-api.ts) never checks calls against an old API.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { API_TYPES_FILE, apiTypesSource, declaredRoutes } from '../../../scripts/api-client-types'

describe('shared/src/api-types.generated.ts', () => {
  it('is up to date with the route list (run `npm run api-types` after changing a route)', async () => {
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8')).toBe(await apiTypesSource())
  }, 120_000)

  it('names every declared route by method and path', () => {
    const source = fs.readFileSync(API_TYPES_FILE, 'utf8')
    const routes = declaredRoutes().filter((spec) => !spec.rawBody)
    expect(routes.length).toBeGreaterThan(100)
    for (const spec of routes) expect(source, `${spec.method} ${spec.path}`).toContain(`'${spec.method} ${spec.path}': {`)
  })
})
