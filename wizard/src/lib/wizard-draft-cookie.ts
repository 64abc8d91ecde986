/**
 * A visitor's creation-wizard data is kept in a cookie until they register or sign in (000 §6);
 * the account screens then hand it over (see features/account/hooks/use-wizard-handover.ts).
 * Browsers keep about 4 KB per cookie: the draft must stay small (the wizard's answers, no files).
 */
export const WIZARD_DRAFT_COOKIE = 'pd_wizard_draft'
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60
const MAX_BYTES = 3800

export function readWizardDraft<T = unknown>(): T | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${WIZARD_DRAFT_COOKIE}=`))
  if (!entry) return null
  try {
    return JSON.parse(decodeURIComponent(entry.slice(WIZARD_DRAFT_COOKIE.length + 1))) as T
  } catch {
    return null
  }
}

/** Saves the draft; false when it is too big for a cookie (the caller keeps it in memory then). */
export function writeWizardDraft(draft: unknown): boolean {
  const value = encodeURIComponent(JSON.stringify(draft))
  if (value.length > MAX_BYTES) return false
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${WIZARD_DRAFT_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
  return true
}

export function clearWizardDraft() {
  document.cookie = `${WIZARD_DRAFT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
}
