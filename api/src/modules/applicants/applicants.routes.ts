import { z } from 'zod'
import {
  ApplicantGetQuerySchema,
  ApplicantLatestQuerySchema,
  ApplicantReuseItemSchema,
  ApplicantReuseListQuerySchema,
  ApplicantViewSchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { getApplicant } from './get-applicant'
import { getApplicantReuseList } from './get-applicant-reuse-list'
import { getLatestApplicant } from './get-latest-applicant'

/** /api/applicant/{getReuseList,get,getLatest} (001 §7): signed-in users only. */
export function applicantRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'get',
      path: '/applicant/getReuseList',
      access: 'user',
      summary: "The applicants of the user's other promotions, to copy from.",
      query: ApplicantReuseListQuerySchema,
      response: z.array(ApplicantReuseItemSchema),
      handler: ({ owner, query }) => getApplicantReuseList(db, owner, query),
    }),
    route({
      method: 'get',
      path: '/applicant/get',
      access: 'user',
      summary: "A promotion's applicant (id is the promotion id).",
      query: ApplicantGetQuerySchema,
      response: ApplicantViewSchema,
      handler: ({ owner, query }) => getApplicant(db, owner, query),
    }),
    route({
      method: 'get',
      path: '/applicant/getLatest',
      access: 'user',
      summary: 'The most recently saved applicant, or null.',
      query: ApplicantLatestQuerySchema,
      response: ApplicantViewSchema.nullable(),
      handler: ({ owner, query }) => getLatestApplicant(db, owner, query),
    }),
  ]
}
