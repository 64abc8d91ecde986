import { createRequire } from 'node:module'
import path from 'node:path'
import { Router } from 'express'
import { z } from 'zod'
import type { AppDeps } from '../deps'
import { buildOpenApi } from './openapi'
import { route, type RouteSpec } from './route'
import type { SurfaceSpec } from './surface'

/** GET /api/openapi.json: the document of every declared route (this one included) and every file download outside /api. */
export function openApiRoutes(deps: Pick<AppDeps, 'config'>, all: () => RouteSpec[], surfaces: () => SurfaceSpec[] = () => []): RouteSpec[] {
  let document: unknown
  return [
    route({
      method: 'get',
      path: '/openapi.json',
      access: 'public',
      summary: 'This OpenAPI 3.1 document.',
      tag: 'reference',
      response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      handler: () =>
        (document ??= buildOpenApi(all(), { serverUrl: deps.config.PUBLIC_URL, files: surfaces() })) as { openapi: string; paths: Record<string, unknown> },
    }),
  ]
}

const require = createRequire(import.meta.url)

/**
 * /api/docs/: the reference page (Scalar, bundled from node_modules and served from here: no CDN,
 * no outside fonts) reading /api/openapi.json.
 */
export function apiDocsRouter(): Router {
  const router = Router({ caseSensitive: false })
  const bundle = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js')
  router.get('/docs', (req, res, next) => (req.originalUrl.endsWith('/') ? next() : res.redirect(301, `${req.baseUrl}/docs/`)))
  router.get('/docs/', (_req, res) => {
    res.set('Cache-Control', 'no-cache')
    res.type('html').send(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PermitDesk API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="./scalar.js"></script>
    <script src="./init.js"></script>
  </body>
</html>`)
  })
  // A file, not an inline script: the page's CSP runs this origin's scripts only.
  router.get('/docs/init.js', (_req, res) => {
    res.set('Cache-Control', 'no-cache')
    res
      .type('text/javascript')
      .send("Scalar.createApiReference('#app', { url: '../openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false })\n")
  })
  router.get('/docs/scalar.js', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600')
    res.sendFile(bundle)
  })
  return router
}
