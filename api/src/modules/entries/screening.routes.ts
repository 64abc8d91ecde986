import { z } from 'zod'
import { EntriesFreezeSchema, FLAG_KINDS, ScreeningDecideSchema, ScreeningListQuerySchema, ScreeningRunSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { freezeEntries } from './freeze-entries'
import { decideScreening } from './screening-decide'
import { listScreening } from './screening-list'
import { screenEntries } from './screening-run'

const Counts = z.object({ total: z.number(), flagged: z.number(), excluded: z.number(), kept: z.number(), undecided: z.number(), groups: z.number() })
const Decision = z.enum(['keep', 'exclude']).nullable()
const ScreenedEntry = z.object({
  entryNumber: z.number(),
  receivedAt: z.string(),
  channel: z.string(),
  name: z.string().nullable().describe('masked: initials'),
  email: z.string().nullable().describe('masked: j***@example.com'),
  phone: z.string().nullable().describe('masked: all but the last three digits'),
  postcode: z.string().nullable(),
  state: z.string().nullable(),
  original: z.boolean().describe('the first entry of a duplicate group (a group exclusion leaves it in)'),
  explanation: z.string(),
  decision: Decision,
  decisionReason: z.string().nullable(),
  decisionClause: z.string().nullable(),
  decidedAt: z.string().nullable(),
})
const Group = z.object({
  group: z.string(),
  kind: z.enum(FLAG_KINDS),
  label: z.string(),
  size: z.number(),
  excluded: z.number(),
  kept: z.number(),
  undecided: z.number(),
  explanation: z.string(),
  more: z.number().describe('members not listed (the group decision covers them too)'),
  entries: z.array(ScreenedEntry),
})

/** Duplicate and fraud screening, decisions and the freeze into the draw (issue 27): the promotion's owner or staff; others 404. */
export function screeningRoutes(deps: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/entries/screen',
      summary:
        'Screen the promotion\u2019s entries again: duplicates (e-mail, phone, name and postcode), bursts from one address or device, disposable e-mail domains',
      access: 'user',
      body: ScreeningRunSchema,
      response: Counts,
      handler: ({ body, owner }) => screenEntries(deps, owner, body.promotionId),
    }),
    route({
      method: 'get',
      path: '/entries/screening',
      summary: 'The screening counts and one page of flagged groups, each explained, with its entries (masked) and decisions',
      access: 'user',
      query: ScreeningListQuerySchema,
      response: z.object({
        counts: Counts,
        frozen: z.boolean(),
        screenedAt: z.string().nullable(),
        page: z.number(),
        pageCount: z.number(),
        groupCount: z.number(),
        groups: z.array(Group),
      }),
      handler: ({ query, owner }) => listScreening(deps, owner, query),
    }),
    route({
      method: 'post',
      path: '/entries/decide',
      summary: 'Exclude or keep entries (by entry number, or a whole flagged group) with a reason and optionally the T&C clause; recorded and in the changelog',
      access: 'user',
      body: ScreeningDecideSchema,
      response: z.object({ decided: z.number(), entryNumbers: z.array(z.number()), counts: Counts }),
      handler: ({ body, owner }) => decideScreening(deps, owner, body),
    }),
    route({
      method: 'post',
      path: '/entries/freeze',
      summary:
        'Freeze the entries not excluded into the promotion\u2019s draw (canonical rows as an upload) and commit it; the public record shows the exclusions',
      access: 'user',
      body: EntriesFreezeSchema,
      response: z.object({
        drawId: z.number(),
        publicId: z.string(),
        entryCount: z.number(),
        entriesHash: z.string(),
        entriesRoot: z.string(),
        seedHash: z.string(),
        committedAt: z.string(),
        excluded: z.number(),
        exclusionLines: z.array(z.string()),
      }),
      handler: ({ body, owner }) => freezeEntries(deps, owner, body.promotionId, { drawId: body.drawId }),
    }),
  ]
}
