/** The fields of each section (001 §2, §3), keyed like the shared wizard structure. */
import type { SectionKey } from '@permitdesk/shared'
import type { ComponentType } from 'react'
import { ApplicantSection } from './applicant'
import { AttachmentsSection } from './attachments'
import { BreakdownSection } from './breakdown'
import { CategoriesSection } from './categories'
import { CommentsSection } from './comments'
import { ContactSection } from './contact'
import { DetailsSection } from './details'
import { EntrySection } from './entry'
import { FinalDrawSection } from './final-draw'
import { NotificationSection } from './notification'
import { QuestionsSection } from './questions'
import { UnclaimedDrawSection } from './unclaimed-draw'

export const SECTION_COMPONENTS: Record<SectionKey, ComponentType> = {
  details: DetailsSection,
  applicant: ApplicantSection,
  contact: ContactSection,
  entry: EntrySection,
  finaldraw: FinalDrawSection,
  unclaimeddraw: UnclaimedDrawSection,
  notification: NotificationSection,
  categories: CategoriesSection,
  breakdown: BreakdownSection,
  attachments: AttachmentsSection,
  comments: CommentsSection,
  questions: QuestionsSection,
}
