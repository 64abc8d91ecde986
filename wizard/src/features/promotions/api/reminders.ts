/** /api/Reminder/*, /api/DistributionList/*, /api/unsubscribe/* and the calendar feed (001 §7, issue 16). */
import type { ReminderDateSetting, ReminderKind } from '@permitdesk/shared'
import { quiet } from '../../../lib/api-client'
import { typedApi, type ApiBody } from '../../../lib/typed-api'

export type DistributionList = { id: number; name: string; emails: string[] }
export type KeyDateView = { kind: string; label: string; description: string; date: string; time: string | null; daysLeft: number }
export type ReminderView = {
  kind: ReminderKind
  label: string
  date: string | null
  daysBefore: number
  businessDays: boolean
  reminderDate: string | null
  sendAt: string | null
  status: 'scheduled' | 'past' | 'no-date' | 'sent'
  message: string | null
  accountHolder: boolean
  distributionListIds: number[]
}
export type RemindersView = {
  promotionId: number
  unsubscribed: boolean
  dates: KeyDateView[]
  reminders: ReminderView[]
  distributionLists: DistributionList[]
}
export type ReminderChoice = { kind: ReminderKind; accountHolder: boolean; distributionListIds: number[]; daysBefore: number }
export type AddedEmails = DistributionList & { added: number; rejected: { line: number; value: string; message: string }[] }

export const getReminderDateSettings = () => typedApi.get('/Reminder/getReminderDateSettings', quiet) as Promise<ReminderDateSetting[]>
export const getReminders = (promotionId: number) => typedApi.get('/Reminder/get', { query: { promotionId }, ...quiet }) as Promise<RemindersView>
export const saveReminders = (promotionId: number, reminders: ReminderChoice[]) =>
  // The route's schema caps the list at one choice per kind, which its generated type spells as tuples.
  typedApi.post('/Reminder/save', { promotionId, reminders: reminders as ApiBody<'/Reminder/save'>['reminders'] }, quiet) as Promise<RemindersView>

export const getDistributionLists = () => typedApi.get('/DistributionList/get', quiet) as Promise<DistributionList[]>
export const createDistributionList = (name: string) => typedApi.post('/DistributionList/create', { name }, quiet) as Promise<DistributionList>
export const addEmails = (id: number, input: { emails: string } | { csv: string }) =>
  typedApi.post('/DistributionList/addEmail', { id, ...input }, quiet) as Promise<AddedEmails>
export const removeEmail = (id: number, email: string) => typedApi.post('/DistributionList/removeEmail', { id, email }, quiet) as Promise<DistributionList>
export const deleteDistributionList = (id: number) => typedApi.post('/DistributionList/delete', { id }, quiet) as Promise<{ id: number }>

export const resubscribe = (promotionId: number) => typedApi.post('/unsubscribe/resubscribeToPromotion', { promotionId }, quiet) as Promise<{ message: string }>

/** The address only when just made (issue 24: it is stored hashed and shown once). */
export type CalendarFeed = { url: string | null; webcalUrl: string | null; createdAt: string }
export const getCalendarFeed = () => typedApi.get('/calendar/getFeed', quiet) as Promise<CalendarFeed>
export const regenerateCalendarFeed = () => typedApi.post('/calendar/regenerateFeed', undefined, quiet) as Promise<CalendarFeed>
