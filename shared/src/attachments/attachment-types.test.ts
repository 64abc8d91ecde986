import { describe, expect, it } from 'vitest'
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import {
  ATTACHMENT_TYPES,
  formatAttachmentCodes,
  getAttachmentType,
  getRelevantAttachmentCodes,
  getRequiredAttachmentCodes,
  isAttachmentValid,
  parseAttachmentCodes,
} from './attachment-types'

describe('attachment types', () => {
  it('A–R and the addenda X, V, W, U, Y', () => {
    expect(ATTACHMENT_TYPES.map((t) => t.code).join('')).toBe('ABCEITSOPQRXVWUY')
    expect(ATTACHMENT_TYPES.filter((t) => t.isAddendum).map((t) => t.code)).toEqual(['X', 'V', 'W', 'U', 'Y'])
    expect(getAttachmentType('U')?.name).toBe('Statutory declaration of scrutineer')
  })
  it('X is always relevant; U when a scrutineer is required', () => {
    expect(getRelevantAttachmentCodes({})).toContain('X')
    expect(getRelevantAttachmentCodes({})).not.toContain('U')
    expect(getRelevantAttachmentCodes({ scrutineerRequired: true })).toContain('U')
  })
  it('other rules', () => {
    expect(getRelevantAttachmentCodes({ hasLetterOfAuthority: true })).toContain('A')
    expect(getRelevantAttachmentCodes({ entryMethodsValue: ENTRY_METHOD_FLAGS.form })).toContain('C')
    expect(getRelevantAttachmentCodes({ drawMethodsValue: DRAW_METHOD_FLAGS.instantElectronic })).toContain('I')
    expect(getRelevantAttachmentCodes({ entryMethodsValue: ENTRY_METHOD_FLAGS.gaming })).toContain('S')
    expect(getRelevantAttachmentCodes({ entryMethodsValue: ENTRY_METHOD_FLAGS.olympic })).toContain('O')
    expect(getRelevantAttachmentCodes({ prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.realEstate })).toContain('P')
    expect(getRelevantAttachmentCodes({ abridgedTC: true })).toContain('Y')
    expect(getRelevantAttachmentCodes({ entryMethodsValue: ENTRY_METHOD_FLAGS.charity })).toEqual(expect.arrayContaining(['Q', 'R']))
  })
  it('required = relevant non-addenda, or the manual list', () => {
    expect(getRequiredAttachmentCodes({})).toEqual(['B', 'E'])
    expect(getRequiredAttachmentCodes({ attachmentsManualOverride: true, attachmentsManuallyRequired: 'a, C' })).toEqual(['A', 'C'])
  })
  it('comma lists', () => {
    expect(formatAttachmentCodes(['B', 'X'])).toBe('B,X')
    expect(parseAttachmentCodes(' b ,X,')).toEqual(['B', 'X'])
    expect(parseAttachmentCodes(null)).toEqual([])
  })
  it.each([
    [{ exists: true }, true],
    [{ uploaded: true }, true],
    [{ reuseFromPromotion: 12 }, true],
    [{ reuseFromPromotion: 12, shouldReuse: false }, false],
    [{}, false],
    [null, false],
  ])('valid %j → %s', (attachment, valid) => {
    expect(isAttachmentValid(attachment)).toBe(valid)
  })
})
