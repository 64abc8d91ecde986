/** User-facing sentences of reminders, distribution lists, unsubscribe and the calendar (issue 16). */
export const MSG_LIST_NAME_REQUIRED = 'Please enter a name for the distribution list.'
export const MSG_LIST_EMAILS_REQUIRED = 'Please enter at least one e-mail address.'
export const MSG_LIST_ROW_INVALID = (line: number, value: string) => `Line ${line}: "${value}" is not a valid e-mail address.`
export const MSG_LIST_CSV_INVALID = 'The file could not be read as CSV. Please upload a .csv file with one e-mail address per row.'
export const MSG_LIST_NOT_FOUND = 'The distribution list was not found.'
export const MSG_REMINDER_KIND_INVALID = 'Please choose a reminder from the list.'
export const MSG_REMINDER_DAYS_INVALID = 'Please enter a whole number of days between 0 and 365.'
export const MSG_REMINDER_PAST = 'This reminder date has already passed, so it will not be sent. Change the date or the days before to set it again.'
export const MSG_REMINDER_NO_DATE = 'This date is not set in the application yet; the reminder is planned once it is.'
export const MSG_REMINDERS_SAVED = 'Your reminders are saved.'
export const MSG_UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Please use the link in the latest reminder e-mail.'
export const MSG_UNSUBSCRIBED = 'You will no longer receive reminders for this promotion.'
export const MSG_RESUBSCRIBED = 'You will receive reminders for this promotion again.'
export const MSG_LAWYER_CONTACT_NEXT_STEPS =
  'Thank you. Our team has been asked to put you in touch with a lawyer: they will e-mail or call you within one business day.'
export const MSG_REMINDERS_LIST_INVALID = 'Please choose the reminders to set for this promotion.'
