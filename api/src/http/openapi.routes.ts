import { createRequire } from 'node:module'
import path from 'node:path'
import fs from 'node:fs'
import { z } from 'zod'
import type { AppDeps } from '../deps'
import { buildOpenApi } from './openapi'
import { route, type RouteSpec } from './route'
import { surface, type SurfaceSpec } from './surface'

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
 * no outside fonts) reading /api/openapi.json. Declared with surface() like every page (issue 31):
 * the page is in the gateway's page list; its two scripts are files (in the OpenAPI document).
 */
export function apiDocsSurfaces(): SurfaceSpec[] {
  const bundle = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js')
  return [
    surface({
      kind: 'html',
      method: 'get',
      path: '/api/docs',
      summary: 'The API reference page (reads /api/openapi.json).',
      access: 'public',
      trailingSlash: true,
      contentTypes: ['text/html; charset=utf-8'],
      cache: 'no-cache',
      handler: () => ({ body: DOCS_PAGE }),
    }),
    // A file, not an inline script: the page's CSP runs this origin's scripts only.
    surface({
      kind: 'file',
      method: 'get',
      path: '/api/docs/init.js',
      summary: "The reference page's start script.",
      tag: 'reference',
      access: 'public',
      contentTypes: ['text/javascript; charset=utf-8'],
      cache: 'no-cache',
      handler: () => ({
        body: "Scalar.createApiReference('#app', { url: '../openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false })\n",
      }),
    }),
    surface({
      kind: 'file',
      method: 'get',
      path: '/api/docs/scalar.js',
      summary: "The reference page's viewer (Scalar, served from this server).",
      tag: 'reference',
      access: 'public',
      contentTypes: ['text/javascript; charset=utf-8'],
      cache: 'public, max-age=3600',
      handler: () => ({ body: () => fs.promises.readFile(bundle) }),
    }),
  ]
}

const DOCS_PAGE = `<!doctype html>
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
</html>`
