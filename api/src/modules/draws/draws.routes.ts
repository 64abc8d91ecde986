import { z } from 'zod'
import {
  DrawCreateSchema,
  DrawIdSchema,
  DrawListQuerySchema,
  DrawLookupQuerySchema,
  DrawPublicQuerySchema,
  DrawRedrawSchema,
  DrawRunSchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import type { SessionUser } from '../../http/auth'
import { hitOrThrow } from '../account/rate-limit'
import { commitDraw, createDraw, getDraw, getPublicDraw, listDraws, lookupEntry, redrawDraw, runDraw } from './draw-service'
import { uploadEntries } from './upload-entries'

const ownerOf = (user: SessionUser) => ({ userId: user.id, isStaff: user.isStaff })

/** Entrant lookups per client address (issue 15: rate limited), shared by every api process. */
export const LOOKUP_LIMIT = { limit: 30, windowMs: 15 * 60_000 }

const Selection = z.object({ position: z.number(), entryIndex: z.number(), entry: z.string() })
const PublicSelection = Selection.extend({ rootIndex: z.number() })
const ChainLink = z.object({ publicId: z.string(), title: z.string(), parentPublicId: z.string().nullable(), status: z.string(), ranAt: z.string().nullable() })
const PublicDraw = z.object({
  publicId: z.string(),
  title: z.string(),
  promotionName: z.string(),
  promoterName: z.string(),
  algorithm: z.string(),
  status: z.enum(['created', 'uploaded', 'committed', 'run']),
  winnersCount: z.number(),
  reservesCount: z.number(),
  drawDate: z.string().nullable(),
  drawTime: z.string().nullable(),
  drawLocation: z.string().nullable(),
  scrutineerName: z.string().nullable(),
  maskRule: z.string(),
  entryCount: z.number().nullable(),
  entriesHash: z.string().nullable(),
  seedHash: z.string().nullable(),
  committedAt: z.string().nullable(),
  seed: z.string().nullable(),
  ranAt: z.string().nullable(),
  winners: z.array(PublicSelection),
  reserves: z.array(PublicSelection),
  parentPublicId: z.string().nullable(),
  excludedRootIndexes: z.array(z.number()),
  chain: z.array(ChainLink),
})
const OwnerDraw = PublicDraw.extend({
  id: z.number(),
  promotionId: z.number(),
  parentId: z.number().nullable(),
  entriesBytes: z.number().nullable(),
  header: z.array(z.string()).nullable(),
  sourceFileName: z.string().nullable(),
  scrutineerRequired: z.boolean(),
  prizeValues: z.array(z.number().nullable()).describe('dollars per winner position, null when not given'),
  entriesUrl: z.string().nullable(),
  publicUrl: z.string(),
  certificateUrl: z.string(),
})

/** The random draw service (issue 15): owner of a promotion with the service, or staff; others 404. */
export function drawRoutes(deps: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/draw/create',
      summary: 'Create a draw for a promotion with the random draw service (defaults from its application)',
      access: 'user',
      idempotent: true,
      body: DrawCreateSchema,
      response: z.object({ id: z.number(), publicId: z.string(), title: z.string(), winners: z.number(), reserves: z.number(), drawDate: z.string().nullable(), drawTime: z.string().nullable(), drawLocation: z.string().nullable(), runAt: z.string().nullable() }),
      handler: ({ body, user }) => createDraw(deps, ownerOf(user), body),
    }),
    route({
      method: 'post',
      path: '/draw/uploadEntries',
      summary: 'Upload (or replace, before the commit) the entries: CSV, streamed',
      access: 'user',
      multipart: true,
      body: z.object({ id: z.number(), file: z.string().describe('the CSV file') }),
      response: z.object({ entryCount: z.number(), entriesHash: z.string() }),
      handler: ({ req, user }) => uploadEntries(deps, ownerOf(user), req),
    }),
    route({
      method: 'post',
      path: '/draw/commit',
      summary: 'Freeze the entries and draw the seed; publishes entryCount, entriesHash and seedHash',
      access: 'user',
      body: DrawIdSchema,
      response: z.object({ entryCount: z.number(), entriesHash: z.string(), seedHash: z.string(), committedAt: z.string() }),
      handler: ({ body, user }) => commitDraw(deps, ownerOf(user), body.id),
    }),
    route({
      method: 'post',
      path: '/draw/run',
      summary: 'Run a committed draw (again: the recorded result)',
      access: 'user',
      body: DrawRunSchema,
      response: z.object({ seed: z.string(), ranAt: z.string(), scrutineerName: z.string().nullable(), winners: z.array(Selection), reserves: z.array(Selection) }),
      handler: ({ body, user }) => runDraw(deps, ownerOf(user), body.id, { scrutineerName: body.scrutineerName, actorId: user.id }),
    }),
    route({
      method: 'post',
      path: '/draw/redraw',
      summary: 'A new draw over the entries minus every earlier winner of the chain',
      access: 'user',
      idempotent: true,
      body: DrawRedrawSchema,
      response: z.object({ id: z.number(), publicId: z.string(), parentId: z.number(), entryCount: z.number(), entriesHash: z.string(), excludedRootIndexes: z.array(z.number()) }),
      handler: ({ body, user }) => redrawDraw(deps, ownerOf(user), body),
    }),
    route({
      method: 'get',
      path: '/draw/get',
      summary: 'The whole draw record, with the entries file (owner and staff)',
      access: 'user',
      query: DrawIdSchema,
      response: OwnerDraw,
      handler: ({ query, user }) => getDraw(deps, ownerOf(user), query.id),
    }),
    route({
      method: 'get',
      path: '/draw/list',
      summary: 'The draws of a promotion (owner and staff)',
      access: 'user',
      query: DrawListQuerySchema,
      response: z.array(OwnerDraw),
      handler: ({ query, user }) => listDraws(deps, ownerOf(user), query.promotionId),
    }),
    route({
      method: 'get',
      path: '/draw/public',
      summary: 'The public record of a draw (entries masked)',
      access: 'public',
      query: DrawPublicQuerySchema,
      response: PublicDraw,
      handler: ({ query }) => getPublicDraw(deps, query.publicId),
    }),
    route({
      method: 'get',
      path: '/draw/lookup',
      summary: 'Entrant self-check: is an entry with exactly this value in a column in the committed list',
      access: 'public',
      query: DrawLookupQuerySchema,
      response: z.object({ found: z.boolean(), entryIndexes: z.array(z.number()) }),
      handler: async ({ query, req }) => {
        await hitOrThrow(deps.database.db, `draw-lookup:${req.ip}`, LOOKUP_LIMIT)
        return lookupEntry(deps, query.publicId, query.value)
      },
    }),
  ]
}
