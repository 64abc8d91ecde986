/** What people read about rule sets and the compliance calendar (issue #30). */
export const MSG_RULE_SET_ID_INVALID = 'Please enter a name of lower-case letters, digits and dashes, for example au-2026-07.';
export const MSG_RULE_SET_ID_TAKEN = 'A rule set with this name already exists. Please choose another name.';
export const MSG_RULE_SET_BASE_UNKNOWN = 'Please choose the rule set to start from.';
export const MSG_RULE_SET_EFFECTIVE_PAST = 'Please choose an effective date of today or later: a set cannot change fees already quoted.';
export const MSG_RULE_SET_FIGURE_INVALID = 'This value does not fit the figure. Please check it.';
export const MSG_RULE_SET_DESCRIPTION_REQUIRED = 'Please describe what this set changes.';
export const MSG_SOURCE_TITLE_REQUIRED = 'Please give the title of the source.';
export const MSG_SOURCE_URL_INVALID = 'Please enter the address of the source, starting with https://.';
export const MSG_SOURCE_NOTE_REQUIRED = 'Please say why this figure is not verified.';
export const MSG_RULE_SET_PUBLISHED = 'The rule set is published.';
export const MSG_OBLIGATION_UNKNOWN = 'This promotion has no such duty.';
export const MSG_OBLIGATION_PROOF_REQUIRED = 'Please upload a file or enter a link as proof.';
export const MSG_OBLIGATION_LINK_INVALID = 'Please enter a valid link starting with https://.';
export const MSG_OBLIGATION_UPLOAD_UNKNOWN = 'We could not find that file. Please upload it again.';
export const MSG_OBLIGATION_CLOSED = 'The duty is marked done.';
export const MSG_LEGAL_HOLD_REASON_REQUIRED = 'Please give the reason for the legal hold.';
export const MSG_LEGAL_HOLD_LIFT_REASON_REQUIRED = 'Please give the reason for lifting the legal hold.';
export const MSG_LEGAL_HOLD_REASON_TOO_LONG = 'Please keep the reason to 1,000 characters.';
export const MSG_LEGAL_HOLD_EXISTS = 'This promotion is already on legal hold.';
export const MSG_LEGAL_HOLD_NONE = 'This promotion is not on legal hold.';
export const MSG_LEGAL_HOLD_DATA_DELETED = 'The entrants\u2019 personal data of this promotion has already been deleted.';
export const MSG_DRAW_ENTRIES_DELETED = 'The entries of this draw were deleted when the promotion\u2019s records period ended, so it cannot be drawn again.';
/** The compliance calendar's word for a records duty a legal hold keeps open. */
export const LABEL_ON_LEGAL_HOLD = 'On legal hold';
