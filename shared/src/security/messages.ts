/** User-facing sentences of the security measures (issue 18). */
export const MSG_PASSWORD_TOO_LONG = 'Your password must be at most 200 characters long.'
export const MSG_PASSWORD_TOO_COMMON = 'This password is one of the most commonly used passwords. Please choose another.'
export const MSG_CURRENT_PASSWORD_WRONG = 'Your current password is not correct.'
export const MSG_PASSWORD_CHANGED = 'Your password has been changed.'
export const MSG_REQUEST_TOO_LARGE = 'The request is too large.'
export const MSG_TOO_MANY_MESSAGES = 'Too many messages have been sent from here. Please try again later.'
export const MSG_TEXT_TOO_LONG = 'This text is too long.'
export const MSG_UPLOAD_QUOTA_REACHED = 'You have used all of your upload space. Please contact us if you need more.'
