/**
 * The fields of each section (001 §2, §3), keyed like the shared wizard structure. The first
 * step's section comes with the editor; the others load when their step is first opened, so
 * opening an application does not download the code of all six steps (issue 17).
 */
import type { SectionKey } from '@permitdesk/shared'
import { lazy, type ComponentType } from 'react'
import { DetailsSection } from './details'

const later = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((module) => ({ default: module[name] })))

export const SECTION_COMPONENTS: Record<SectionKey, ComponentType> = {
  details: DetailsSection,
  applicant: later(() => import('./applicant'), 'ApplicantSection'),
  contact: later(() => import('./contact'), 'ContactSection'),
  entry: later(() => import('./entry'), 'EntrySection'),
  finaldraw: later(() => import('./final-draw'), 'FinalDrawSection'),
  unclaimeddraw: later(() => import('./unclaimed-draw'), 'UnclaimedDrawSection'),
  notification: later(() => import('./notification'), 'NotificationSection'),
  categories: later(() => import('./categories'), 'CategoriesSection'),
  breakdown: later(() => import('./breakdown'), 'BreakdownSection'),
  attachments: later(() => import('./attachments'), 'AttachmentsSection'),
  comments: later(() => import('./comments'), 'CommentsSection'),
  questions: later(() => import('./questions'), 'QuestionsSection'),
}
