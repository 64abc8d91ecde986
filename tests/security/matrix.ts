/**
 * Helpers of the authorisation matrix and the fuzzing harness: the roles, a generic call of a
 * route with a record id filled in, and the routes a router registers.
 */
import type { Express } from 'express'
import type { RouteSpec } from '../../api/src/http/route'
import { createCustomer, createPromotion } from '../factories/promotions'
import type { Client, TestApi } from '../setup/test-api'

export type Role = 'signedOut' | 'customerA' | 'customerB' | 'agent' | 'marketing' | 'admin'
export const ROLES: Role[] = ['signedOut', 'customerA', 'customerB', 'agent', 'marketing', 'admin']

export type Cast = Record<Role, Client> & { ids: Record<'customerA' | 'customerB', number>; apiKey?: string }

/** One client per role, each with a live session (marketing staff have staffRole but not isStaff). */
export async function castRoles(api: TestApi): Promise<Cast> {
  const a = await createCustomer(api)
  const b = await createCustomer(api)
  const agent = await createCustomer(api, { authorisedAgent: true })
  const marketing = await createCustomer(api, { staffRole: 'marketing' } as never)
  const admin = await createCustomer(api, { isStaff: true, staffRole: 'admin' } as never)
  // Customer A's API key (Authorization: Bearer), when the app has API keys.
  const created = await a.client.post('/api/apiKey/create', { name: 'authorisation matrix' })
  const apiKey = created.status < 300 && typeof created.body?.key === 'string' ? (created.body.key as string) : undefined
  return {
    signedOut: api.client(),
    customerA: a.client,
    customerB: b.client,
    agent: agent.client,
    marketing: marketing.client,
    admin: admin.client,
    ids: { customerA: a.id, customerB: b.id },
    apiKey,
  }
}

/** A fresh promotion of customer A: the record every call names. */
export const recordOf = (cast: Cast) => createPromotion(cast.customerA)

export const routeKey = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`

/** The path with every `:param` replaced by the record id. */
export const fillPath = (path: string, id: number | string) => path.replace(/:[A-Za-z]+/g, String(id))

/** Calls a route naming the record: `id` and `promotionId` in the query (GET) or the body (POST). */
export async function callNaming(client: Client, method: string, path: string, id: number, headers?: Record<string, string>) {
  const url = fillPath(path, id)
  if (method.toUpperCase() === 'GET') return client.get(`${url}${url.includes('?') ? '&' : '?'}id=${id}&promotionId=${id}`, headers)
  return client.post(url, { id, promotionId: id }, headers)
}

/** Every `METHOD path` a router (and the routers inside it) registers, without mount prefixes. */
export function registeredPaths(app: Express): string[] {
  const found: string[] = []
  const walk = (stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: unknown[] } }>) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]
        for (const method of Object.keys(layer.route.methods)) for (const p of paths) found.push(`${method.toUpperCase()} ${p}`)
      } else if (layer.handle?.stack) walk(layer.handle.stack as never)
    }
  }
  walk((app as unknown as { router: { stack: never[] } }).router.stack)
  return found
}
