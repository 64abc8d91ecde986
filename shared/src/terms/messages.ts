/** User-facing texts of the terms and conditions (issue 14). */
export const MSG_TERMS_UNKNOWN_PLACEHOLDER = (names: readonly string[]) =>
  `Unknown placeholder${names.length === 1 ? '' : 's'}: ${names.map((n) => `{${n}}`).join(', ')}. Use only the placeholders listed in the help text.`
export const MSG_TERMS_NOT_PURCHASED = 'Terms and conditions are not a service of this promotion.'
export const MSG_TERMS_NOT_GENERATED = 'The terms and conditions have not been generated yet.'
export const MSG_TERMS_ALREADY_APPROVED = 'This version of the terms and conditions is already approved.'
export const MSG_TERMS_LOCKED = 'The terms and conditions are approved: please contact support to change them.'
export const MSG_TERMS_EDIT_WINDOW_CLOSED = 'The edit window for these terms and conditions has closed: please contact support to change them.'
export const MSG_TERMS_HTML_REQUIRED = 'Please enter the text of the terms and conditions.'
export const MSG_TERMS_PAYMENT_OPTION = 'Please choose a payment option.'
export const MSG_TERMS_UPDATED_SUBJECT = 'Your terms and conditions have been updated with your permit numbers'
export const MSG_SKILL_TC_NOT_SKILL = 'This promotion is not a game of skill: pay for it with the permit application.'
export const MSG_SKILL_TC_OPTION_FIXED =
  'The payment option cannot be changed once the terms and conditions have been invoiced. Please contact support for assistance.'
export const MSG_SKILL_TC_AMEND_WINDOW_CLOSED =
  'The edit window for this skill-based promotion has closed, so it can no longer be amended. Please contact support for assistance.'

/** Issue 28: what the text check finds in a T&C version, in the words of the refusal. */
export const TERMS_TEXT_DEFECT_NAMES = {
  'unfilled-placeholder': 'an unfilled placeholder',
  'doubled-punctuation': 'doubled punctuation',
  'space-before-punctuation': 'a space before a punctuation mark',
  'doubled-space': 'a doubled space',
  'dangling-list': 'a list that ends without its last item',
  'empty-clause': 'no text',
  'missing-state-statement': 'no statement a chosen state requires',
} as const
export type TermsTextDefectKind = keyof typeof TERMS_TEXT_DEFECT_NAMES
export const MSG_TERMS_TEXT_DEFECT = (clause: string, defect: string, excerpt: string) =>
  `These terms and conditions were not saved: the clause “${clause}” has ${defect}${excerpt ? ` (“${excerpt}”)` : ''}. Please correct it and try again.`
export const MSG_TERMS_UNCHANGED = (version: number) =>
  `Nothing has changed since version ${version}, so no new version was made: version ${version} is current.`

/** Why a T&C version was made (issue 28: a new version records its cause), in the customer's words. */
export const TERMS_VERSION_REASONS = {
  generated: 'generated',
  'application-change': 'regenerated after a change to the application',
  'clause-library-change': 'regenerated after a change to our clause library',
  'application-and-clause-library-change': 'regenerated after changes to the application and our clause library',
  regenerated: 'regenerated from the application, replacing an edit by our staff',
  'staff-edit': 'edited by our staff',
  'permit-numbers': 'permit numbers added',
} as const
export type TermsVersionReason = keyof typeof TERMS_VERSION_REASONS
