import { describe, expect, it } from 'vitest'
import { ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { RULE_SET_2025_26 } from '../rules/rule-set-2025-26'
import { getRuleNotes } from './rule-notes'

describe('entry-cost caps and prize restrictions as compliance notes', () => {
  it('a paid entry channel brings each selected state\u2019s cap, with its source', () => {
    const notes = getRuleNotes({ ausStates: { vic: true, sa: true, qld: true }, entryMethodsValue: ENTRY_METHOD_FLAGS.sms }, RULE_SET_2025_26)
    const caps = notes.filter((n) => n.code.startsWith('entry-cost'))
    expect(caps.map((n) => n.text)).toEqual([
      'SA: an entry by phone, SMS or post may cost at most $0.55 ($0.50 from a mobile phone), GST included.',
      'VIC: an entry by phone, SMS or post may cost at most $1, GST included.',
    ])
    expect(caps[0].source?.url).toMatch(/sa\.gov\.au/)
  })
  it('online entry alone brings no cap', () => {
    expect(
      getRuleNotes({ ausStates: { vic: true }, entryMethodsValue: ENTRY_METHOD_FLAGS.internet }, RULE_SET_2025_26).some((n) => n.code.startsWith('entry-cost')),
    ).toBe(false)
  })
  it('a liquor prize is flagged for NT and SA; other restrictions are listed to check', () => {
    const notes = getRuleNotes({ ausStates: { nt: true, sa: true, nsw: true }, prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.liquor }, RULE_SET_2025_26)
    expect(notes.filter((n) => n.level === 'check').map((n) => n.code)).toEqual(['prize-alcohol-as-inducement-sa', 'prize-liquor-as-main-prize-nt'])
    expect(notes.filter((n) => n.level === 'info').map((n) => n.code)).toEqual(
      expect.arrayContaining(['prize-tobacco-nsw', 'prize-firearms-nsw', 'prize-weapons-nsw', 'prize-tobacco-sa']),
    )
    const none = getRuleNotes({ ausStates: { nt: true }, prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.travel }, RULE_SET_2025_26)
    expect(none).toEqual([expect.objectContaining({ code: 'prize-liquor-as-main-prize-nt', level: 'info' })])
  })
})
