/**
 * The permit editor's screen when the application cannot be edited (001 §4: "The edit screen
 * picks its template from the status slug, with a variant for skill promotions"; issue 25). Each
 * says why in the customer's words, what to do, and offers the one action that moves it on.
 */
import { findPermitStatusBySlug, getPermitStatus, isEditableStatus, statusWords } from './statuses'

export type LockedAction = 'pay-by-card' | 'start-amendment' | 'approve-terms' | 'contact-us' | 'open-promotion'

export interface LockedScreen {
  slug: string
  title: string
  body: string
  action: { kind: LockedAction; label: string }
}

type Template = (skill: boolean) => Omit<LockedScreen, 'slug'>

const TEMPLATES: Record<string, Template> = {
  'pending-payment-clearance': () => ({
    title: 'Pay your BPAY invoice',
    body: 'We go ahead once your BPAY payment clears. The biller code and reference are on the invoice on the promotion page. You can pay by card instead to go ahead now.',
    action: { kind: 'pay-by-card', label: 'Pay by card instead' },
  }),
  submitted: (skill) => ({
    title: skill ? 'Your terms and conditions are with us' : 'Your application is with the regulators',
    body: skill
      ? 'To change the promotion, start an amendment: the terms and conditions are then drafted again.'
      : 'To change it, start an amendment: we lodge the changes with each regulator once you resubmit.',
    action: { kind: 'start-amendment', label: 'Start an amendment' },
  }),
  resubmitted: () => ({
    title: 'Your changes are with the regulators',
    body: 'To change the application again, start another amendment.',
    action: { kind: 'start-amendment', label: 'Start an amendment' },
  }),
  generated: () => ({
    title: 'Your permit forms are generated',
    body: 'Download them from the promotion page and lodge them with each regulator. To change the application, start an amendment and generate the forms again.',
    action: { kind: 'start-amendment', label: 'Start an amendment' },
  }),
  regenerated: () => ({
    title: 'Your new permit forms are generated',
    body: 'Download them from the promotion page and lodge them with each regulator. To change the application again, start an amendment.',
    action: { kind: 'start-amendment', label: 'Start an amendment' },
  }),
  approved: (skill) => ({
    title: skill ? 'Your terms and conditions are final' : 'Your application is approved',
    body: skill
      ? 'Download them from the promotion page. Contact us if the promotion changes.'
      : 'The application can no longer change here. If the promotion changes, contact us: a regulator may need an amendment to the permit.',
    action: { kind: 'open-promotion', label: 'Open the promotion' },
  }),
  locked: () => ({
    title: 'Our team is working on this application',
    body: 'It is locked while we work on it. Contact us if you need to change something.',
    action: { kind: 'contact-us', label: 'Contact us' },
  }),
  'awaiting-submission': (skill) => ({
    title: 'Approve your terms and conditions',
    body: skill
      ? 'Your payment is received. Read your terms and conditions on the promotion page and approve them.'
      : 'Your payment is received. Approve your terms and conditions on the promotion page and we lodge the application.',
    action: { kind: 'approve-terms', label: 'Review and approve the T&Cs' },
  }),
}

/** The locked screen for a status, or null when the application can be edited. */
export function lockedScreenFor(statusId: number, options: { skill: boolean }): LockedScreen | null {
  const status = getPermitStatus(statusId)
  if (isEditableStatus(statusId)) return null
  const template = TEMPLATES[status.slug]
  if (template) return { slug: status.slug, ...template(options.skill) }
  // A status without a template of its own: its words and next step.
  return {
    slug: status.slug,
    title: statusWords(statusId).customer,
    body: statusWords(statusId).next,
    action: { kind: 'open-promotion', label: 'Open the promotion' },
  }
}

/** The slugs that have their own template (for tests and docs). */
export const LOCKED_TEMPLATE_SLUGS = Object.keys(TEMPLATES).filter((slug) => findPermitStatusBySlug(slug) !== undefined)
