import { describe, expect, it } from 'vitest'
import { fromWireValue, ruleSetFigures } from './figures'
import { figureEditText, parseFigureEditText } from './edit-text'
import { RULE_SET_2025_26 } from './rule-set-2025-26'

describe('figures as staff type them', () => {
  it('every figure of a set reads back to the same value', () => {
    for (const f of ruleSetFigures(RULE_SET_2025_26)) {
      const text = figureEditText(f.kind, f.value)
      if (f.value === null) continue
      // A rate may come back as an equal fraction (1/10 as 10/100).
      if (f.kind === 'rate') expect(figureEditText(f.kind, parseFigureEditText(f.kind, text)), f.key).toBe(text)
      else expect(parseFigureEditText(f.kind, text), f.key).toEqual(f.value)
      expect(fromWireValue(f, parseFigureEditText(f.kind, text)).ok, f.key).toBe(true)
    }
  })
  it('reads the formats staff use', () => {
    expect(parseFigureEditText('money', '$1,234.50')).toBe(1234.5)
    expect(parseFigureEditText('tiers', '260; over 5000: 380; over 10,000: 735')).toEqual({
      base: 260,
      steps: [
        { above: 5000, fee: 380 },
        { above: 10000, fee: 735 },
      ],
    })
    expect(parseFigureEditText('rate', '1.5%')).toEqual({ numerator: 15, denominator: 1000 })
    expect(parseFigureEditText('money-list', '225 / 245 / 270 / 295')).toEqual([225, 245, 270, 295])
    expect(parseFigureEditText('count', '')).toBeNull()
  })
  it('refuses what it cannot read', () => {
    expect(parseFigureEditText('money', 'twelve')).toBeUndefined()
    expect(parseFigureEditText('count', '1.5')).toBeUndefined()
    expect(parseFigureEditText('tiers', '260; 5000 380')).toBeUndefined()
    expect(parseFigureEditText('rate', '10')).toBeUndefined()
  })
})
