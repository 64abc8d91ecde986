import { describe, expect, it } from 'vitest'
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { ausStatesOf } from '../states'
import { COMPLIANCE_NOTE_CODES, getRelevantComplianceNotes, isComplianceNoteShown } from './compliance-notes'

describe('compliance notes', () => {
  it('has TA–TO and RA–RH', () => {
    expect(COMPLIANCE_NOTE_CODES).toEqual([
      'TA',
      'TB',
      'TC',
      'TD',
      'TE',
      'TF',
      'TG',
      'TH',
      'TI',
      'TJ',
      'TK',
      'TL',
      'TM',
      'TN',
      'TO',
      'RA',
      'RB',
      'RC',
      'RD',
      'RE',
      'RF',
      'RG',
      'RH',
    ])
  })
  it('always: RB, RF, RH; never RD, RE', () => {
    expect(getRelevantComplianceNotes({})).toEqual(['RB', 'RF', 'RH'])
  })
  it.each([
    ['TA', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.motorVehicle }],
    ['TB', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.travel }],
    ['TC', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.realEstate }],
    ['TD', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.liquor }],
    ['TE', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.money }],
    ['TF', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.electrical }],
    ['TG', { prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.event }],
    ['TH', { prize251OrMore: true }],
    ['TH', { prize1001OrMore: true }],
    ['TI', { inducementsOffered: true }],
    ['TJ', { entryMethodsValue: ENTRY_METHOD_FLAGS.phone1900 }],
    ['TJ', { entryMethodsValue: ENTRY_METHOD_FLAGS.sms }],
    ['TK', { entryMethodsValue: ENTRY_METHOD_FLAGS.internet }],
    ['TL', { entryMethodsValue: ENTRY_METHOD_FLAGS.mail }],
    ['TM', { entryMethodsValue: ENTRY_METHOD_FLAGS.gaming }],
    ['TN', { drawMethodsValue: DRAW_METHOD_FLAGS.predetermined }],
    ['TO', { drawMethodsValue: DRAW_METHOD_FLAGS.instantElectronic }],
    ['TO', { drawMethodsValue: DRAW_METHOD_FLAGS.instantNonElectronic }],
    ['RA', { requiresPermits: true }],
    ['RC', { ausStates: ausStatesOf('nsw'), scrutineerRequired: true }],
    ['RG', { isComputerDraw: true }],
  ])('%s shown for %j', (code, input) => {
    expect(isComplianceNoteShown(code, input)).toBe(true)
    expect(isComplianceNoteShown(code, {})).toBe(false)
  })
  it('RC needs NSW selected', () => {
    expect(isComplianceNoteShown('RC', { ausStates: ausStatesOf('sa'), scrutineerRequired: true })).toBe(false)
  })
})
