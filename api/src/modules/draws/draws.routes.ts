import { z } from 'zod'
import {
  DrawCancelSchema,
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
import { cancelDraw, commitDraw, createDraw, getDraw, getPublicDraw, listDraws, lookupEntry, redrawDraw, runDraw } from './draw-service'
import { uploadEntries } from './upload-entries'

const ownerOf = (user: SessionUser) => ({ userId: user.id, isStaff: user.isStaff })

/** Entrant lookups per client address (issue 15: rate limited), shared by every api process. */
export const LOOKUP_LIMIT = { limit: 30, windowMs: 15 * 60_000 }

const Selection = z.object({ position: z.number(), entryIndex: z.number(), entry: z.string() })
const PublicSelection = Selection.extend({ rootIndex: z.number() })
const ChainLink = z.object({ publicId: z.string(), title: z.string(), parentPublicId: z.string().nullable(), status: z.string(), ranAt: z.string().nullable() })
const DrawStatus = z.enum(['created', 'uploaded', 'committed', 'run', 'cancelled'])
const PromotionDraw = z.object({
  publicId: z.string(),
  title: z.string(),
  status: DrawStatus,
  parentPublicId: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  committedAt: z.string().nullable(),
  ranAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  url: z.string(),
})
const PublicDraw = z.object({
  publicId: z.string(),
  title: z.string(),
  promotionName: z.string(),
  promoterName: z.string(),
  algorithm: z.string(),
  status: DrawStatus,
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
  entriesRoot: z.string().nullable().describe('Merkle root over the canonical rows (docs/draw-algorithm.md), published at the commit'),
  scheduledAt: z.string().nullable().describe('the time from which the draw may run (Sydney date and time of the application, as an instant)'),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  earlyRunReason: z.string().nullable().describe('why staff ran the draw before its scheduled time'),
  committedAt: z.string().nullable(),
  seed: z.string().nullable(),
  ranAt: z.string().nullable(),
  winners: z.array(PublicSelection),
  reserves: z.array(PublicSelection),
  parentPublicId: z.string().nullable(),
  excludedRootIndexes: z.array(z.number()),
  chain: z.array(ChainLink),
  promotionDraws: z.array(PromotionDraw).describe('every draw of the same promotion, this one included'),
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
  winnersUrl: z.string().nullable().describe('the hosted winners page (a path); null when the draw has none: cancelled, or run without a winner publication'),
  winnerPublications: z
    .array(z.object({ state: z.enum(['ACT', 'SA']), publishAt: z.string(), publishedAt: z.string().nullable() }))
    .describe("the winner publication service (issue 25): when each state's winners go on the hosted page"),
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
      response: z.object({
        id: z.number(),
        publicId: z.string(),
        title: z.string(),
        winners: z.number(),
        reserves: z.number(),
        drawDate: z.string().nullable(),
        drawTime: z.string().nullable(),
        drawLocation: z.string().nullable(),
        runAt: z.string().nullable(),
      }),
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
      summary: 'Freeze the entries and draw the seed; publishes entryCount, entriesHash, entriesRoot (Merkle) and seedHash',
      access: 'user',
      body: DrawIdSchema,
      response: z.object({ entryCount: z.number(), entriesHash: z.string(), entriesRoot: z.string(), seedHash: z.string(), committedAt: z.string() }),
      handler: ({ body, user }) => commitDraw(deps, ownerOf(user), body.id),
    }),
    route({
      method: 'post',
      path: '/draw/run',
      summary:
        'Run a committed draw (again: the recorded result). Not before its scheduledAt: the owner is refused (409); staff may run early only with earlyRunReason, which the public record and certificate show',
      access: 'user',
      body: DrawRunSchema,
      response: z.object({
        seed: z.string(),
        ranAt: z.string(),
        scrutineerName: z.string().nullable(),
        earlyRunReason: z.string().nullable(),
        winners: z.array(Selection),
        reserves: z.array(Selection),
      }),
      // The certificate is printed once the answer has gone ('close': sent, or the client left).
      handler: ({ body, user, res }) =>
        runDraw(deps, ownerOf(user), body.id, {
          scrutineerName: body.scrutineerName,
          earlyRunReason: body.earlyRunReason,
          actorId: user.id,
          afterAnswer: (work) => res.once('close', work),
        }),
    }),
    route({
      method: 'post',
      path: '/draw/cancel',
      summary: 'Cancel a draw that has not run, with the reason its public record keeps',
      access: 'user',
      body: DrawCancelSchema,
      response: z.object({ cancelledAt: z.string(), cancelReason: z.string() }),
      handler: ({ body, user }) => cancelDraw(deps, ownerOf(user), body.id, body.reason),
    }),
    route({
      method: 'post',
      path: '/draw/redraw',
      summary: 'A new draw over the entries minus every earlier winner of the chain',
      access: 'user',
      idempotent: true,
      body: DrawRedrawSchema,
      response: z.object({
        id: z.number(),
        publicId: z.string(),
        parentId: z.number(),
        entryCount: z.number(),
        entriesHash: z.string(),
        excludedRootIndexes: z.array(z.number()),
      }),
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
      summary:
        'Entrant self-check: is an entry with exactly this value in a column in the committed list; for each, its index, leaf hash, masked entry and Merkle path to entriesRoot',
      access: 'public',
      query: DrawLookupQuerySchema,
      response: z.object({
        found: z.boolean(),
        entryIndexes: z.array(z.number()),
        proofs: z.array(
          z.object({
            entryIndex: z.number(),
            leaf: z.string().describe('SHA-256(0x00 || canonical row), hex'),
            entry: z.string().describe('the entry as the public record masks it'),
            proof: z.array(z.object({ side: z.enum(['left', 'right']), hash: z.string() })).describe('siblings from the leaf up (docs/draw-algorithm.md)'),
          }),
        ),
      }),
      handler: async ({ query, req }) => {
        await hitOrThrow(deps.database.db, `draw-lookup:${req.ip}`, LOOKUP_LIMIT)
        return lookupEntry(deps, query.publicId, query.value)
      },
    }),
  ]
}
