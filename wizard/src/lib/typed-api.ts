/**
 * The API client typed from the route list (issue 26): `ApiRoutes` is generated from the zod
 * schemas the API parses with (`npm run api-types`), so a path, method, query or body the API
 * does not declare fails type-checking, and the answer has the declared type. Paths are written
 * as the route list writes them (`/admin/getPromotion`, `/rules/:id`), without the `/api` prefix.
 * Requests go through apiRequest (errors, notifications and the 401 redirect as everywhere).
 */
import type { ApiRoutes } from '@permitdesk/shared/api-types.generated'
import { apiRequest, query, type RequestOptions } from './api-client'

type RouteKey = keyof ApiRoutes
type PathOf<K, M extends string> = K extends `${M} ${infer P}` ? P : never
export type ApiGetPath = PathOf<RouteKey, 'get'>
export type ApiPostPath = PathOf<RouteKey, 'post'>
type Route<M extends 'get' | 'post', P extends string> = ApiRoutes[`${M} ${P}` & RouteKey]
export type ApiQuery<P extends ApiGetPath> = Route<'get', P>['query']
export type ApiBody<P extends ApiPostPath> = Route<'post', P>['body']
export type ApiAnswer<M extends 'get' | 'post', P extends string> = Route<M, P>['response']

/** `/rules/:id/x/:part` → 'id' | 'part'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type WithParams<P extends string> = [ParamNames<P>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<P>, string | number> }
type Options = Omit<RequestOptions, 'body' | 'query'>
type GetOptions<P extends ApiGetPath> = Options & WithParams<P> & (ApiQuery<P> extends null ? { query?: undefined } : { query: ApiQuery<P> })
type PostOptions<P extends ApiPostPath> = Options & WithParams<P>
type OptionalIfEmpty<T> = {} extends T ? [options?: T] : [options: T]

/** `/rules/:id` with { id: 'x y' } → `/api/rules/x%20y`. */
export function apiUrl(path: string, params?: Record<string, string | number>): string {
  return `/api${path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`)
    return encodeURIComponent(String(value))
  })}`
}

/**
 * The address of a declared call for what the JSON client cannot do (a download link, a multipart
 * upload, a beacon): `apiHref('get', '/entries/export', { promotionId: 3 })` → `/api/entries/export?promotionId=3`.
 * Empty query values are left out.
 */
export function apiHref<M extends 'get' | 'post'>(
  _method: M,
  path: M extends 'get' ? ApiGetPath : ApiPostPath,
  params?: NonNullable<RequestOptions['query']>,
): string {
  return `${apiUrl(path)}${query(params ?? {})}`
}

export const typedApi = {
  get<P extends ApiGetPath>(path: P, ...[options]: OptionalIfEmpty<GetOptions<P>>): Promise<ApiAnswer<'get', P>> {
    const { params, query, ...rest } = (options ?? {}) as Options & { params?: Record<string, string | number>; query?: unknown }
    return apiRequest('GET', apiUrl(path, params), { ...rest, query: query as RequestOptions['query'] })
  },
  post<P extends ApiPostPath>(
    path: P,
    ...[body, options]: ApiBody<P> extends null
      ? [body?: undefined, ...options: OptionalIfEmpty<PostOptions<P>>]
      : [body: ApiBody<P>, ...options: OptionalIfEmpty<PostOptions<P>>]
  ): Promise<ApiAnswer<'post', P>> {
    const { params, ...rest } = (options ?? {}) as Options & { params?: Record<string, string | number> }
    return apiRequest('POST', apiUrl(path, params), { ...rest, body: body ?? {} })
  },
}
