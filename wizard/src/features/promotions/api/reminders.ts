/** /api/Reminder/*, /api/DistributionList/*, /api/unsubscribe/* and the calendar feed (001 §7, issue 16). */
import type { ReminderDateSetting, ReminderKind } from '@permitdesk/shared'
import { query, request } from './request'

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
export type RemindersView = { promotionId: number; unsubscribed: boolean; dates: KeyDateView[]; reminders: ReminderView[]; distributionLists: DistributionList[] }
export type ReminderChoice = { kind: ReminderKind; accountHolder: boolean; distributionListIds: number[]; daysBefore: number }
export type AddedEmails = DistributionList & { added: number; rejected: { line: number; value: string; message: string }[] }

export const getReminderDateSettings = () => request<ReminderDateSetting[]>('GET', '/api/Reminder/getReminderDateSettings')
export const getReminders = (promotionId: number) => request<RemindersView>('GET', `/api/Reminder/get${query({ promotionId })}`)
export const saveReminders = (promotionId: number, reminders: ReminderChoice[]) => request<RemindersView>('POST', '/api/Reminder/save', { promotionId, reminders })

export const getDistributionLists = () => request<DistributionList[]>('GET', '/api/DistributionList/get')
export const createDistributionList = (name: string) => request<DistributionList>('POST', '/api/DistributionList/create', { name })
export const addEmails = (id: number, input: { emails: string } | { csv: string }) => request<AddedEmails>('POST', '/api/DistributionList/addEmail', { id, ...input })
export const removeEmail = (id: number, email: string) => request<DistributionList>('POST', '/api/DistributionList/removeEmail', { id, email })
export const deleteDistributionList = (id: number) => request<{ id: number }>('POST', '/api/DistributionList/delete', { id })

export const resubscribe = (promotionId: number) => request<{ message: string }>('POST', '/api/unsubscribe/resubscribeToPromotion', { promotionId })

export type CalendarFeed = { url: string; webcalUrl: string }
export const getCalendarFeed = () => request<CalendarFeed>('GET', '/api/calendar/getFeed')
export const regenerateCalendarFeed = () => request<CalendarFeed>('POST', '/api/calendar/regenerateFeed')
