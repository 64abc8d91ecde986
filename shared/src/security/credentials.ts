/** Credentials that end together (issue 24): the words the account screen and the API use. */

/** Why an API key stopped working. */
export type ApiKeyRevokedReason = 'revoked' | 'password_changed' | 'password_reset' | 'ended_by_staff'

/** The account screen's "Status" cell of a revoked key, by reason. */
export const API_KEY_REVOKED_LABELS: Record<ApiKeyRevokedReason, string> = {
  revoked: 'Revoked by you',
  password_changed: 'Revoked when your password was changed',
  password_reset: 'Revoked when your password was reset',
  ended_by_staff: 'Revoked when our staff ended your sessions',
}

/** Shown on the change-password screen before the user confirms. */
export const MSG_PASSWORD_CHANGE_ENDS_CREDENTIALS =
  'Changing your password signs you out on every other device, revokes all of your API keys and replaces your calendar feed address (calendars subscribed to the old address stop updating). You stay signed in here.'

/** A CMS account asked for outside PermitDesk (Payload's first-user form or its REST API). */
export const MSG_CMS_ACCOUNT_NOT_CREATED =
  'CMS accounts are not created here. Staff and marketing users sign in to PermitDesk and open the CMS with that account.'
