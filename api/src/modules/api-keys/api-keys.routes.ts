import { z } from 'zod'
import { MSG_API_KEY_ALREADY_CREATED, MSG_API_KEY_NAME_REQUIRED } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { createApiKey, listApiKeys, revokeUserApiKey } from './api-keys'

const ApiKeyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z
    .enum(['revoked', 'password_changed', 'password_reset', 'ended_by_staff'])
    .nullable()
    .describe('why the key stopped: revoked by its owner, or ended with every credential of the account'),
})
const CreateBodySchema = z.object({
  name: z.string({ error: MSG_API_KEY_NAME_REQUIRED }).trim().min(1, { error: MSG_API_KEY_NAME_REQUIRED }).max(100, { error: MSG_API_KEY_NAME_REQUIRED }),
})

/** /api/apiKey/{list,create,revoke}: managing keys needs a signed-in session (never a key). */
export function apiKeyRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'get',
      path: '/apiKey/list',
      access: 'session',
      summary: "The account's API keys (never the keys themselves): live ones first, then revoked ones with the reason.",
      response: z.array(ApiKeyViewSchema),
      handler: ({ user }) => listApiKeys(db, user.id),
    }),
    route({
      method: 'post',
      path: '/apiKey/create',
      access: 'session',
      summary: 'Create an API key (at most 10); the answer shows the key once.',
      body: CreateBodySchema,
      response: ApiKeyViewSchema.extend({ key: z.string().describe('shown only now') }),
      idempotent: true,
      // Issue 22: the replay store never holds the key; a replay answers 409 "already created; shown once".
      idempotentSecret: MSG_API_KEY_ALREADY_CREATED,
      handler: ({ user, body }) => createApiKey(db, user.id, body.name),
    }),
    route({
      method: 'post',
      path: '/apiKey/revoke',
      access: 'session',
      summary: 'Revoke an API key: calls with it get 401 at once.',
      body: z.object({ id: RecordIdSchema }),
      response: z.object({ id: z.number().int(), revoked: z.literal(true) }),
      handler: ({ user, body }) => revokeUserApiKey(db, user.id, body.id),
    }),
  ]
}
