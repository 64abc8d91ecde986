import { describe, expect, it } from 'vitest'
import * as shared from './index'
import * as messages from './messages'

describe('public surface', () => {
  it('re-exports the main entry points', () => {
    for (const name of [
      'calculateFees',
      'getPermitRequirements',
      'selectRuleSet',
      'requireTransition',
      'getSectionValidity',
      'PromotionCreateSchema',
      'PermitSaveSchema',
      'RegisterSchema',
      'LoginSchema',
      'AppError',
      'zodErrorToModelState',
      'dollarsToCents',
      'formatCurrency',
      'formatDate',
      'formatAusStates',
      'getWizardSteps',
      'getRelevantComplianceNotes',
      'getRelevantAttachmentCodes',
      'defaultRequiredDate',
    ]) {
      expect(shared, name).toHaveProperty(name)
    }
  })

  it('every message text exists once', () => {
    const texts = Object.entries(messages)
      .filter(([, value]) => typeof value === 'string')
      .map(([, value]) => value as string)
    const duplicates = texts.filter((text, index) => texts.indexOf(text) !== index)
    expect(duplicates).toEqual([])
  })

  it('spec messages are word for word', () => {
    expect(messages.MSG_TOTAL_PRIZE_VALUE_REQUIRED).toBe('Your promotion must have a total prize value.')
    expect(messages.MSG_INVALID_APPROVAL_DATE).toBe("Please enter a valid approval date on or before today's date.")
    expect(messages.msgPasswordTokenSent('a@b.co')).toBe('Password verification token sent to a@b.co.')
    expect(messages.msgErrorPersists('help@example.com')).toBe('An error has occurred. Please email help@example.com if it persists.')
    expect(messages.labelServiceManaged('PermitDesk')).toBe('Permit - PermitDesk managed')
  })
})
