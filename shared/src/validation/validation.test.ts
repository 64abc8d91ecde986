import { describe, expect, it } from 'vitest'
import { zodErrorToModelState } from '../errors'
import * as M from '../messages'
import { ausStatesOf } from '../states'
import {
  AbnAcnSchema,
  abnAcnError,
  AddressSchema,
  checkboxGroupSchema,
  isValidAbnChecksum,
  isValidAcnChecksum,
  PhoneSchema,
  truncateText,
  WebsiteSchema,
} from './common'
import { createContactSchema, createNswAuthoritySchema, createScrutineerSchema, isFinalDrawAfterEnd, PromotionDatesSchema } from './permit'
import { createNswAuthoritySaveSchema, createPermitNumberSaveSchema, defaultPermitNumber, permitExpiryYears } from './permit-number'
import { PermitSaveSchema } from './permit-save'
import { PerStatePrizeValuesSchema, PromotionCreateSchema, PromotionModifySchema, PromotionModifySkillsBasedSchema } from './promotion'
import { isUploadTooLarge, uploadError } from './upload'

function modelState(result: { success: boolean; error?: unknown }): Record<string, string[]> {
  return result.success ? {} : zodErrorToModelState(result.error as never).modelState
}

describe('ABN / ACN', () => {
  it.each(['51 824 753 556', '53004085616', '33 051 775 556'])('valid ABN %s', (abn) => {
    expect(isValidAbnChecksum(abn)).toBe(true)
    expect(abnAcnError(abn)).toBeNull()
  })
  it.each(['000 000 019', '004 085 616', '010 499 966', '005 749 986'])('valid ACN %s', (acn) => {
    expect(isValidAcnChecksum(acn)).toBe(true)
    expect(AbnAcnSchema.parse(acn)).toBe(acn.replace(/ /g, ''))
  })
  it.each([
    ['51824753557', M.MSG_ABN_CHECK_DIGITS],
    ['004085617', M.MSG_ACN_CHECK_DIGITS],
    ['1234567890', M.MSG_ABN_ACN_LENGTH],
    ['123456789012', M.MSG_ABN_ACN_LENGTH],
    ['12345678', M.MSG_ABN_ACN_LENGTH],
    ['ABCDEFGHIJK', M.MSG_ABN_ACN_LENGTH],
  ])('%s → %s', (value, message) => {
    expect(abnAcnError(value)).toBe(message)
    expect(modelState(AbnAcnSchema.safeParse(value))).toEqual({ '': [message] })
  })
})

describe('field patterns', () => {
  it.each([
    ['0299990000', true],
    ['02 9999 0000', true],
    ['1234567890', true],
    ['12345678901', false],
    ['+61299990000', false],
    ['', false],
  ])('phone %j → %s', (phone, ok) => {
    expect(PhoneSchema.safeParse(phone).success).toBe(ok)
  })
  it.each([
    ['example.com', true],
    ['www.example.com.au', true],
    ['https://example.com/path?x=1', true],
    ['http://sub.example.co', true],
    ['example', false],
    ['not a site.com', false],
    ['ftp://example.com', false],
  ])('website %j → %s', (site, ok) => {
    expect(WebsiteSchema.safeParse(site).success).toBe(ok)
  })
  it('addresses need lineOne, suburb, postcode and state', () => {
    expect(AddressSchema.safeParse({ lineOne: '1 A St', suburb: 'X', state: 'vic', postcode: '3000' }).success).toBe(true)
    expect(modelState(AddressSchema.safeParse({ lineOne: '', suburb: 'X', state: 'ZZ', postcode: '30' }))).toEqual({
      lineOne: [M.MSG_ADDRESS_INCOMPLETE],
      state: [M.MSG_ADDRESS_INCOMPLETE],
      postcode: [M.MSG_POSTCODE_INVALID],
    })
  })
  it('checkbox groups are invalid with nothing chosen when required', () => {
    expect(checkboxGroupSchema({ required: true }).safeParse(0).success).toBe(false)
    expect(checkboxGroupSchema({ required: true }).safeParse(4).success).toBe(true)
    expect(checkboxGroupSchema({ required: false }).safeParse(0).success).toBe(true)
  })
  it('text limit truncates', () => {
    expect(truncateText('abcdef', 3)).toBe('abc')
  })
  it('upload limit 10MB', () => {
    expect(isUploadTooLarge(10 * 1024 * 1024)).toBe(false)
    expect(uploadError({ size: 10 * 1024 * 1024 + 1 })).toBe(M.MSG_UPLOAD_ERROR)
  })
})

describe('PromotionCreateSchema', () => {
  const base = {
    name: 'Win a car',
    ausStates: { vic: true },
    totalPrizeValue: 100_000,
    winnersDrawnElectronically: false,
  }
  it('accepts a complete form and applies defaults', () => {
    const result = PromotionCreateSchema.parse(base)
    expect(result.managedSubmission).toBe(true)
    expect(result.ausStates).toEqual(ausStatesOf('vic'))
    expect(result.randomDrawMachineApproved).toBe(false)
  })
  it('no state → "Please complete all of the above form fields."', () => {
    expect(modelState(PromotionCreateSchema.safeParse({ ...base, ausStates: {} }))).toEqual({ ausStates: [M.MSG_COMPLETE_ALL_FORM_FIELDS] })
  })
  it('no name → "Please complete all of the above form fields."', () => {
    expect(modelState(PromotionCreateSchema.safeParse({ ...base, name: ' ' }))).toEqual({ name: [M.MSG_COMPLETE_ALL_FORM_FIELDS] })
  })
  it.each([0, -1, undefined])('total prize value %s → spec message', (value) => {
    expect(modelState(PromotionCreateSchema.safeParse({ ...base, totalPrizeValue: value }))).toEqual({
      totalPrizeValue: [M.MSG_TOTAL_PRIZE_VALUE_REQUIRED],
    })
  })
  it('visible unanswered quiz questions → "Please complete all questions."', () => {
    const result = PromotionCreateSchema.safeParse({ ...base, ausStates: { nsw: true }, totalPrizeValue: 2_000_000, winnersDrawnElectronically: undefined })
    expect(modelState(result)).toEqual({
      hasNswAuthority: [M.MSG_COMPLETE_ALL_QUESTIONS],
      winnersDrawnElectronically: [M.MSG_COMPLETE_ALL_QUESTIONS],
    })
  })
  it('national toggle normalises to all eight', () => {
    const result = PromotionCreateSchema.parse({ ...base, ausStates: { all: true }, totalPrizeValue: 100, hasInstantWinPrizes: false })
    expect(Object.values(result.ausStates).every(Boolean)).toBe(true)
  })
  it('modify needs an id; skills-based modify sets the skill flag and has no quiz', () => {
    expect(PromotionModifySchema.safeParse(base).success).toBe(false)
    expect(PromotionModifySchema.safeParse({ ...base, id: 5 }).success).toBe(true)
    const skill = PromotionModifySkillsBasedSchema.parse({ id: 'abc', name: 'Quiz', ausStates: { nsw: true }, totalPrizeValue: 5_000_000 })
    expect(skill.skillsBasedTC).toBe(true)
  })
})

describe('per-state prize values', () => {
  const base = { ausStates: { nsw: true, vic: true }, totalPrizeValue: 10_000 }
  it('each selected state above 0 and not above the total', () => {
    expect(PerStatePrizeValuesSchema.safeParse({ ...base, prizeValueNSW: 10_000, prizeValueVIC: 1 }).success).toBe(true)
    expect(modelState(PerStatePrizeValuesSchema.safeParse({ ...base, prizeValueNSW: 0, prizeValueVIC: 10_001 }))).toEqual({
      prizeValueNSW: [M.MSG_STATE_PRIZE_VALUE_POSITIVE],
      prizeValueVIC: [M.MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL],
    })
  })
})

describe('dates', () => {
  const base = { startDate: '2026-03-01', startTime: '09:00', endDate: '2026-04-01', endTime: '15:00' }
  it('valid dates, end after start', () => {
    expect(PromotionDatesSchema.safeParse(base).success).toBe(true)
    expect(modelState(PromotionDatesSchema.safeParse({ ...base, endDate: '2026-03-01' }))).toEqual({ endDate: [M.MSG_END_BEFORE_START] })
    expect(modelState(PromotionDatesSchema.safeParse({ ...base, startDate: '2026-02-30' }))).toEqual({ startDate: [M.MSG_DATE_INVALID] })
  })
  it('a final draw after the end is flagged, not rejected', () => {
    expect(PromotionDatesSchema.safeParse({ ...base, finalDrawDate: '2026-05-01' }).success).toBe(true)
    expect(isFinalDrawAfterEnd('2026-04-01', '2026-05-01')).toBe(true)
    expect(isFinalDrawAfterEnd('2026-04-01', '2026-04-01')).toBe(false)
  })
})

describe('contact, NSW authority, scrutineer', () => {
  const contact = { firstName: 'A', lastName: 'B', phone: '0400 000 000', email: 'a@b.com' }
  it('position required for ACT or SA', () => {
    expect(createContactSchema({ positionRequired: false }).safeParse(contact).success).toBe(true)
    expect(modelState(createContactSchema({ positionRequired: true }).safeParse(contact))).toEqual({ position: [M.MSG_POSITION_REQUIRED] })
    expect(modelState(createContactSchema({ positionRequired: false }).safeParse({ ...contact, email: 'a@b' }))).toEqual({
      email: [M.MSG_EMAIL_INVALID],
    })
  })
  it('NSW authority number when the promoter has one; duration when none or ending after expiry', () => {
    const has = createNswAuthoritySchema({ nswRequired: true, hasNswAuthority: true, endDate: '2026-06-01' })
    expect(modelState(has.safeParse({}))).toEqual({ nswAuthorityNumber: [M.MSG_NSW_AUTHORITY_NUMBER_REQUIRED] })
    expect(has.safeParse({ nswAuthorityNumber: 'LTPS/1', nswAuthorityExpiration: '2026-06-01' }).success).toBe(true)
    expect(modelState(has.safeParse({ nswAuthorityNumber: 'LTPS/1', nswAuthorityExpiration: '2026-05-31' }))).toEqual({
      nswAuthorityDuration: [M.MSG_NSW_AUTHORITY_DURATION_REQUIRED],
    })
    const none = createNswAuthoritySchema({ nswRequired: true, hasNswAuthority: false })
    expect(modelState(none.safeParse({}))).toEqual({ nswAuthorityDuration: [M.MSG_NSW_AUTHORITY_DURATION_REQUIRED] })
    expect(none.safeParse({ nswAuthorityDuration: 1 }).success).toBe(true)
    expect(createNswAuthoritySchema({ nswRequired: false, hasNswAuthority: false }).safeParse({}).success).toBe(true)
  })
  it('scrutineer question, scrutineer and non-independent reason', () => {
    const required = createScrutineerSchema({ questionRequired: true })
    expect(modelState(required.safeParse({}))).toEqual({ scrutineerRequired: [M.MSG_SCRUTINEER_QUESTION_REQUIRED] })
    expect(required.safeParse({ scrutineerRequired: false }).success).toBe(true)
    expect(modelState(required.safeParse({ scrutineerRequired: true }))).toEqual({ scrutineerName: [M.MSG_SCRUTINEER_REQUIRED] })
    expect(modelState(required.safeParse({ scrutineerRequired: true, scrutineerName: 'S', nonIndependentScrutineer: true }))).toEqual({
      nonIndependentScrutineerReason: [M.MSG_NON_INDEPENDENT_REASON_REQUIRED],
    })
    expect(createScrutineerSchema({ questionRequired: false }).safeParse({}).success).toBe(true)
  })
})

describe('permit number save', () => {
  const clock = { now: new Date('2026-03-10T01:00:00Z') }
  it.each([
    ['NSW', 'NTP/'],
    ['ACT', 'TP 26/'],
    ['SA', 'T26/'],
  ] as const)('%s default %s', (state, prefix) => {
    expect(defaultPermitNumber(state, clock)).toBe(prefix)
  })
  it('uses the Sydney year on New Year’s Eve UTC', () => {
    expect(defaultPermitNumber('SA', { now: new Date('2026-12-31T14:00:00Z') })).toBe('T27/')
  })
  const schema = createPermitNumberSaveSchema(clock)
  it.each([
    ['NSW', 'NTP/12345', '2026-03-10', {}],
    ['NSW', 'NTP/', '2026-03-10', { number: [M.MSG_INVALID_PERMIT_NUMBER] }],
    ['ACT', 'TP 25/001', '2026-03-01', { number: [M.MSG_INVALID_PERMIT_NUMBER] }],
    ['ACT', 'TP 26/001', '2026-03-11', { approvalDate: [M.MSG_INVALID_APPROVAL_DATE] }],
    ['SA', 'T26/0042', null, { approvalDate: [M.MSG_INVALID_APPROVAL_DATE] }],
    ['SA', 'T26/0042', '2026-03-09', {}],
  ] as const)('%s %s approved %s', (state, number, approvalDate, expected) => {
    expect(modelState(schema.safeParse({ promotionId: 1, state, number, approvalDate }))).toEqual(expected)
  })
  it('NSW authority: no approval date; expiry at most 5 years ahead', () => {
    const nsw = createNswAuthoritySaveSchema(clock)
    expect(nsw.safeParse({ promotionId: 1, nswAuthorityNumber: 'X', nswAuthorityExpiration: '2031-03-10' }).success).toBe(true)
    expect(modelState(nsw.safeParse({ promotionId: 1, nswAuthorityNumber: 'X', nswAuthorityExpiration: '2031-03-11' }))).toEqual({
      nswAuthorityExpiration: [M.MSG_NSW_AUTHORITY_EXPIRY_TOO_FAR],
    })
    expect(permitExpiryYears(clock)).toEqual([2026, 2027, 2028, 2029, 2030, 2031])
  })
})

describe('PermitSaveSchema', () => {
  it('accepts an empty draft and checks formats of what is present', () => {
    expect(PermitSaveSchema.safeParse({ id: 1, versionNumber: 0, ausStates: {}, permit: {} }).success).toBe(true)
    const result = PermitSaveSchema.safeParse({
      id: 1,
      versionNumber: 0,
      ausStates: {},
      totalPrizeValue: 10.555,
      permit: { startDate: '2026-13-01', applicant: { abnacn: '123', contact: { email: 'x' }, website: 'nope' } },
    })
    expect(modelState(result)).toEqual({
      totalPrizeValue: [M.MSG_MONEY_INVALID],
      'permit.startDate': [M.MSG_DATE_INVALID],
      'permit.applicant.abnacn': [M.MSG_ABN_ACN_LENGTH],
      'permit.applicant.website': [M.MSG_WEBSITE_INVALID],
      'permit.applicant.contact.email': [M.MSG_EMAIL_INVALID],
    })
  })
  it('requires the version number', () => {
    expect(PermitSaveSchema.safeParse({ id: 1, ausStates: {}, permit: {} }).success).toBe(false)
  })
})
