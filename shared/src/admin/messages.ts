/** Staff console messages (issue 13, 001 §2/§8). Spec wording word for word where the spec gives it. */

export const MSG_ADMIN_NOTE_REQUIRED = 'Please enter a note.';
export const MSG_ADMIN_NOTE_TARGET = 'A note can attach to a promotion or a customer contact, not both.';
export const MSG_ADMIN_ONLY = 'Only staff administrators can use the staff console.';
export const MSG_PROMOTION_ALREADY_LOCKED = 'This promotion is already locked.';
export const MSG_PROMOTION_NOT_LOCKED = 'This promotion is not locked.';
export const MSG_PROMOTION_NOT_DELETED = 'This promotion is not deleted.';
export const MSG_PROMOTION_ALREADY_DELETED = 'This promotion is already deleted.';
export const MSG_NEW_STATUS_REQUIRED = 'Please choose a status other than the current one.';
export const MSG_OWNER_ACTIVE = 'The customer is working on this application right now. Your changes may overwrite theirs. Edit it anyway?';
export const MSG_ACTION_ENTRY_EMPTY = 'Flag at least one field or add a question.';
export const MSG_ACTION_QUESTION_REQUIRED = 'Please enter a question.';
export const MSG_EMAIL_IN_USE = 'That e-mail address is already used by another account.';
export const MSG_EMAIL_INVALID_ADMIN = 'Please enter a valid e-mail address.';
export const MSG_STATE_NOT_IN_PROMOTION = 'This promotion does not include that state.';
export const MSG_PERMIT_EXPIRY_TOO_FAR = 'The expiry date can be at most 5 years ahead.';
export const MSG_CONTACT_ALREADY_RESOLVED = 'This contact has already been resolved.';
