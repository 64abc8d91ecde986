import { z } from 'zod'
import {
  CloseObligationSchema,
  ObligationsQuerySchema,
  ObligationsResponseSchema,
  RuleSetDraftSchema,
  RuleSetPreviewSchema,
  RuleSetSummarySchema,
  RuleSetViewSchema,
  RulesCurrentQuerySchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
import { closeObligation } from './close-obligation'
import { buildCompliancePack } from './compliance-pack'
import { getCurrentRuleSet, getRuleSet, listRuleSets } from './get-rule-set'
import { listObligations } from './get-obligations'
import { previewRuleSet, publishRuleSet } from './publish-rule-set'

/**
 * Rule sets (issue #30): the set in force and any set by id, public, with every figure's source;
 * staff preview and publish new sets; a promotion's compliance calendar and closing its duties.
 */
export function ruleRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'get',
      path: '/rules/current',
      access: 'public',
      tag: 'rules',
      summary: 'The rule set in force on a Sydney date (default today), with the source of every figure and what changed from the previous set.',
      query: RulesCurrentQuerySchema,
      response: RuleSetViewSchema,
      handler: ({ query }) => getCurrentRuleSet(db, query.date),
    }),
    route({
      method: 'get',
      path: '/rules/:id',
      access: 'public',
      tag: 'rules',
      summary: 'A rule set by id, in force or not, with its sources.',
      response: RuleSetViewSchema,
      handler: ({ req }) => getRuleSet(db, String(req.params.id)),
    }),
    route({
      method: 'get',
      path: '/admin/ruleSets',
      access: 'staff',
      tag: 'rules',
      summary: 'Every known rule set, which are in force and which is current (staff).',
      response: z.array(RuleSetSummarySchema),
      handler: () => listRuleSets(db),
    }),
    route({
      method: 'post',
      path: '/admin/previewRuleSet',
      access: 'staff',
      tag: 'rules',
      summary: 'A new rule set cloned from another with figures changed: how it reads and which open promotions it would change (staff).',
      body: RuleSetDraftSchema,
      response: RuleSetPreviewSchema,
      handler: ({ body }) => previewRuleSet(db, body),
    }),
    route({
      method: 'post',
      path: '/admin/publishRuleSet',
      access: 'staff',
      tag: 'rules',
      summary: 'Publish a new rule set with its effective date (staff).',
      body: RuleSetDraftSchema,
      response: RuleSetViewSchema,
      handler: ({ user, body }) => publishRuleSet(db, user.id, body),
    }),
    route({
      method: 'get',
      path: '/promotion/obligations',
      access: 'user',
      tag: 'promotion',
      summary: "The promotion's compliance calendar: every duty its rules derive, with rule, source, due date (Sydney) and state.",
      query: ObligationsQuerySchema,
      response: ObligationsResponseSchema,
      handler: ({ owner, query }) => listObligations(db, owner, query.id),
    }),
    route({
      method: 'post',
      path: '/promotion/closeObligation',
      access: 'user',
      tag: 'promotion',
      summary: 'Mark a duty of the compliance calendar done, with an upload or a link as proof.',
      body: CloseObligationSchema,
      response: ObligationsResponseSchema,
      handler: ({ owner, body }) => closeObligation(db, owner, body),
    }),
  ]
}

/** /promotions/compliancepack/{id}/ (issue #30): the compliance pack ZIP, for the owner and staff. */
export function compliancePackRoutes(deps: AppDeps): SurfaceSpec[] {
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/promotions/compliancepack/:id',
      summary: 'The compliance pack zip of a promotion: obligations, evidence and rule sources (its owner and staff).',
      tag: 'rules',
      access: 'user',
      params: idParams('id'),
      contentTypes: ['application/zip'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const pack = await buildCompliancePack(deps, owner, params.id)
        return { body: pack.zip, filename: `compliance-pack-${pack.promotionId}.zip` }
      },
    }),
  ]
}
