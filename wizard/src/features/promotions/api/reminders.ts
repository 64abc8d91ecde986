/** /api/Reminder/*, /api/DistributionList/*, /api/unsubscribe/* and the calendar feed (001 §7, issue 16). */
import type { ReminderDateSetting, ReminderKind } from '@permitdesk/shared'
import { api, query, quiet } from '../../../lib/api-client'

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

export const getReminderDateSettings = () => api.get<ReminderDateSetting[]>('/api/Reminder/getReminderDateSettings', quiet)
export const getReminders = (promotionId: number) => api.get<RemindersView>(`/api/Reminder/get${query({ promotionId })}`, quiet)
export const saveReminders = (promotionId: number, reminders: ReminderChoice[]) =>
  api.post<RemindersView>('/api/Reminder/save', { promotionId, reminders }, quiet)

export const getDistributionLists = () => api.get<DistributionList[]>('/api/DistributionList/get', quiet)
export const createDistributionList = (name: string) => api.post<DistributionList>('/api/DistributionList/create', { name }, quiet)
export const addEmails = (id: number, input: { emails: string } | { csv: string }) =>
  api.post<AddedEmails>('/api/DistributionList/addEmail', { id, ...input }, quiet)
export const removeEmail = (id: number, email: string) => api.post<DistributionList>('/api/DistributionList/removeEmail', { id, email }, quiet)
export const deleteDistributionList = (id: number) => api.post<{ id: number }>('/api/DistributionList/delete', { id }, quiet)

export const resubscribe = (promotionId: number) => api.post<{ message: string }>('/api/unsubscribe/resubscribeToPromotion', { promotionId }, quiet)

/** The address only when just made (issue 24: it is stored hashed and shown once). */
export type CalendarFeed = { url: string | null; webcalUrl: string | null; createdAt: string }
export const getCalendarFeed = () => api.get<CalendarFeed>('/api/calendar/getFeed', quiet)
export const regenerateCalendarFeed = () => api.post<CalendarFeed>('/api/calendar/regenerateFeed', undefined, quiet)
