/**
 * /api/openapi.json: the OpenAPI 3.1 document of every declared route, generated from the same
 * zod schemas that parse requests and check answers (zod 4's JSON Schema output: `io: 'input'`
 * for what a client sends, `'output'` for what it receives). Errors are `{ message, modelState,
 * code }`; security follows each route's access.
 */
import { z } from 'zod'
import { ERROR_CODES, ErrorResponseSchema } from '@permitdesk/shared'
import type { RouteSpec } from './route'
import type { SurfaceSpec } from './surface'

type Json = Record<string, unknown>

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Json
  return rest
}

const errorRef = { $ref: '#/components/schemas/Error' }
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } })

/** The OpenAPI path of a route: `/api` + its path, `:id` → `{id}`. */
export function openApiPath(spec: Pick<RouteSpec, 'path'>): string {
  return `/api${spec.path.replace(/:(\w+)/g, '{$1}')}`
}

function parametersOf(spec: RouteSpec) {
  const params: Json[] = []
  for (const match of spec.path.matchAll(/:(\w+)/g)) params.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })
  if (!spec.query) return params
  const schema = jsonSchema(spec.query, 'input')
  const properties = (schema.properties ?? {}) as Record<string, Json>
  const required = new Set((schema.required ?? []) as string[])
  for (const [name, property] of Object.entries(properties)) {
    params.push({ name, in: 'query', required: required.has(name), schema: property, ...(property.description ? { description: property.description } : {}) })
  }
  return params
}

function securityOf(spec: RouteSpec) {
  if (spec.access === 'public') return []
  if (spec.access === 'user') return [{ cookieSession: [] }, { apiKey: [] }]
  return [{ cookieSession: [] }]
}

function responsesOf(spec: RouteSpec) {
  const status = String(spec.status ?? 200)
  const responses: Json = {}
  if (spec.raw) {
    responses[status === '200' ? 'default' : status] = { description: 'A file, a redirect or an empty answer (not JSON).' }
  } else {
    responses[status] = {
      description: 'Success.',
      ...(spec.response ? { content: { 'application/json': { schema: jsonSchema(spec.response, 'output') } } } : {}),
    }
  }
  if (spec.body || spec.query || spec.multipart)
    responses['400'] = errorResponse('The input is not valid: `modelState` names each field (the root is the key "").')
  if (spec.access !== 'public') responses['401'] = errorResponse('Not signed in, or the API key is unknown or revoked.')
  if (spec.access === 'staff' || spec.access === 'session')
    responses['403'] = errorResponse(
      spec.access === 'staff' ? 'Not a staff member, or called with an API key.' : 'Called with an API key (this call needs a signed-in session).',
    )
  if (spec.access !== 'public') responses['404'] = errorResponse("The record does not exist, or is another customer's.")
  if (spec.idempotent) responses['422'] = errorResponse('The Idempotency-Key was already used with a different body.')
  responses['429'] = errorResponse('Too many requests: wait for `Retry-After` seconds.')
  responses['500'] = errorResponse('Something went wrong on our side (`requestId` identifies it in the logs).')
  return responses
}

function requestBodyOf(spec: RouteSpec) {
  const schema = spec.bodyDoc ?? spec.body
  if (!schema) return undefined
  const mediaType = spec.multipart ? 'multipart/form-data' : 'application/json'
  return { required: true, content: { [mediaType]: { schema: jsonSchema(schema, 'input') } } }
}

/** A download outside /api (issue 31): its path as it is served, a binary answer in each of its content types. */
function fileOperation(spec: SurfaceSpec) {
  const parameters = parametersOf({ path: spec.path, query: spec.query } as RouteSpec)
  const responses: Json = {
    '200': {
      description: 'The file.',
      headers: { 'Cache-Control': { schema: { type: 'string', const: spec.cache } } },
      content: Object.fromEntries(spec.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    },
  }
  if (spec.access !== 'public') responses['401'] = errorResponse('Not signed in, or the API key is unknown or revoked.')
  if (spec.access === 'staff') responses['403'] = errorResponse('Not a staff administrator, or called with an API key.')
  responses['404'] = errorResponse(spec.access === 'public' ? 'There is no such file.' : "The file does not exist, or is another customer's.")
  responses['429'] = errorResponse('Too many requests: wait for `Retry-After` seconds.')
  responses['500'] = errorResponse('Something went wrong on our side (`requestId` identifies it in the logs).')
  return {
    operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    tags: [spec.tag ?? 'downloads'],
    ...(parameters.length ? { parameters } : {}),
    responses,
    security: securityOf(spec as unknown as RouteSpec),
    'x-access': spec.access,
  }
}

/** A browser's report outside /api: its form in each accepted content type, answered 204. */
function reportOperation(spec: SurfaceSpec) {
  const schema = spec.form ? jsonSchema(spec.form, 'input') : { type: 'object' }
  return {
    operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    tags: [spec.tag ?? 'reports'],
    requestBody: { required: true, content: Object.fromEntries(spec.contentTypes.map((type) => [type, { schema }])) },
    responses: {
      '204': { description: 'Taken.' },
      '400': errorResponse('The input is not valid: `modelState` names each field (the root is the key "").'),
      '403': errorResponse('Sent from a page of another origin.'),
      '429': errorResponse('Too many requests: wait for `Retry-After` seconds.'),
      '500': errorResponse('Something went wrong on our side (`requestId` identifies it in the logs).'),
    },
    security: [],
    'x-access': spec.access,
  }
}

/** The OpenAPI path of a download: served as declared (not under /api), `:id` → `{id}`. */
export function openApiFilePath(spec: Pick<SurfaceSpec, 'path'>): string {
  return spec.path.replace(/:(\w+)/g, '{$1}')
}

/**
 * The OpenAPI 3.1 document of the routes, and of the `files` (downloads and reports outside /api);
 * pages (`html` surfaces) are for people and stay out.
 */
export function buildOpenApi(
  specs: RouteSpec[],
  { serverUrl, version = '1', files = [] }: { serverUrl?: string; version?: string; files?: SurfaceSpec[] } = {},
) {
  const paths: Record<string, Json> = {}
  const tags = new Set<string>()
  for (const spec of specs) {
    const path = openApiPath(spec)
    const tag = spec.tag ?? spec.path.split('/')[1] ?? 'api'
    tags.add(tag)
    const parameters = parametersOf(spec)
    for (const header of spec.headers ?? [])
      parameters.push({ name: header.name, in: 'header', required: header.required ?? false, description: header.description, schema: { type: 'string' } })
    if (spec.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any unique string (1 to 200 characters). The same key with the same body within 24 hours answers the first answer again; with a different body, 422.',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      })
    }
    const requestBody = requestBodyOf(spec)
    ;(paths[path] ??= {})[spec.method] = {
      operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: spec.summary,
      tags: [tag],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(spec),
      security: securityOf(spec),
      'x-access': spec.access,
    }
  }
  // The downloads and reports after the calls: a reader meets the API first (health, account, promotion…).
  for (const spec of files) {
    if (spec.kind === 'html') continue
    const operation = spec.kind === 'file' ? fileOperation(spec) : reportOperation(spec)
    for (const tag of operation.tags) tags.add(tag)
    ;(paths[openApiFilePath(spec)] ??= {})[spec.method] = operation
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PermitDesk API',
      version,
      description: [
        'Every call of the PermitDesk service. Paths are case-insensitive.',
        '',
        '**Money** is a JSON number of dollars with at most two decimals, in requests and answers (`totalPrizeValue`, `prizeValue*`, every `feeDue_*`).',
        '**Round trips**: what a read returns, the matching write accepts; read-only fields sent back are ignored. `versionNumber` is the concurrency token (a stale save gets 409).',
        '**Errors** are `{ message, modelState, code }`: `message` is a sentence for a person, `modelState` maps dotted field paths to messages (the root is ""), `code` is one of ' +
          Object.keys(ERROR_CODES)
            .map((c) => `\`${c}\``)
            .join(', ') +
          '.',
        '**Auth**: the session cookie of a browser sign-in, or `Authorization: Bearer <API key>` (create keys on the account screen) on the customer calls.',
      ].join('\n'),
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorResponseSchema, 'output') },
      securitySchemes: {
        cookieSession: { type: 'apiKey', in: 'cookie', name: 'pd_session', description: 'The session of a browser sign-in (POST /api/account/login).' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key of the account: `Authorization: Bearer <key>`.' },
      },
    },
  }
}
