import { useCallback } from 'react'
import { msgErrorPersists } from '@permitdesk/shared'
import { typedApi, type ApiBody } from '../../../lib/typed-api'
import { notify } from '../../../lib/notify'
import { clearWizardDraft, readWizardDraft } from '../../../lib/wizard-draft-cookie'
import { SUPPORT_EMAIL } from '../../../config/settings'

/**
 * After register or sign-in, a visitor's creation-wizard draft (kept in a cookie, 000 §6) becomes
 * their promotion: POST /api/promotion/create with the draft. Returns the dashboard path of the new
 * promotion, or null when there was no draft. On failure: 001 §8 "An error has occurred. Please
 * email {support address} if it persists." and the draft stays for another try.
 */
export function useWizardHandover() {
  return useCallback(async (): Promise<string | null> => {
    const draft = readWizardDraft<Record<string, unknown>>()
    if (!draft) return null
    try {
      const created = (await typedApi.post('/promotion/create', draft as ApiBody<'/promotion/create'>, { notify: false })) as { id: number }
      clearWizardDraft()
      return `/promotions/edit/${created.id}/`
    } catch {
      notify(msgErrorPersists(SUPPORT_EMAIL))
      return null
    }
  }, [])
}
