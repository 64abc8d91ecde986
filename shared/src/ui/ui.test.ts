import { describe, expect, it } from 'vitest'
import { formatMoneyInput, parseMoneyInput } from './money-input'

describe('parseMoneyInput', () => {
  it.each([
    ['20000', 2_000_000],
    ['$20,000', 2_000_000],
    [' 1234.5 ', 123_450],
    ['0.10', 10],
    ['10000.01', 1_000_001],
  ])('%s is %i cents', (text, cents) => expect(parseMoneyInput(text)).toBe(cents))
  it.each(['', '-5', '1234.565', 'abc', '1e21', '12.3.4', '$'])('%s is not an amount', (text) => expect(parseMoneyInput(text)).toBeNull())
  it('writes cents back as typed text', () => {
    expect(formatMoneyInput(2_000_050)).toBe('20,000.50')
    expect(formatMoneyInput(500)).toBe('5')
    expect(formatMoneyInput(null)).toBe('')
  })
})
