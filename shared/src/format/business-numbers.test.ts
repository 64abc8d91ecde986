import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAbn, formatAbnOrAcn, formatAcn } from './business-numbers'
import { formatAuPhone, formatAuPhoneList } from './phone'

describe('formatAbn', () => {
  it.each([
    ['51824753556', '51 824 753 556'],
    ['51 824 753 556', '51 824 753 556'],
    [' 51-824-753-556 ', '51 824 753 556'],
    ['5182475355', '5182475355'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (input, expected) => expect(formatAbn(input)).toBe(expected))

  it('keeps every digit, in order, in groups 2-3-3-3', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (digits) => {
        const text = formatAbn(digits)
        expect(text.replace(/ /g, '')).toBe(digits)
        expect(text).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/)
      }),
    )
  })
})

describe('formatAcn', () => {
  it.each([
    ['004085616', '004 085 616'],
    ['004 085 616', '004 085 616'],
    ['00408561', '00408561'],
    [undefined, ''],
  ])('%s → %s', (input, expected) => expect(formatAcn(input)).toBe(expected))
})

describe('formatAbnOrAcn', () => {
  it.each([
    ['51824753556', 'ABN 51 824 753 556'],
    ['004085616', 'ACN 004 085 616'],
    ['not known yet', 'not known yet'],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(formatAbnOrAcn(input)).toBe(expected))
})

describe('formatAuPhone', () => {
  it.each([
    ['0412345678', '0412 345 678'],
    ['+61 412 345 678', '0412 345 678'],
    ['0298765432', '(02) 9876 5432'],
    ['(03) 98765432', '(03) 9876 5432'],
    ['1300123456', '1300 123 456'],
    ['1800 123456', '1800 123 456'],
    ['1900123456', '1900 123 456'],
    ['131234', '13 12 34'],
    ['199999', '19 99 99'],
    ['19123456', '19 12 34 56'],
    ['12345', '12345'],
    ['ask at the counter', 'ask at the counter'],
    [null, ''],
  ])('%s → %s', (input, expected) => expect(formatAuPhone(input)).toBe(expected))

  it('never loses or reorders a digit of a number it groups', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(04\d{8}|02\d{8}|1300\d{6}|1800\d{6}|13\d{4}|19\d{6})$/), (digits) => {
        expect(formatAuPhone(digits).replace(/[^\d]/g, '')).toBe(digits)
      }),
    )
  })

  it('formats each number of a list', () => {
    expect(formatAuPhoneList('0412345678, 1300123456')).toBe('0412 345 678 or 1300 123 456')
    expect(formatAuPhoneList('199999')).toBe('19 99 99')
  })
})
