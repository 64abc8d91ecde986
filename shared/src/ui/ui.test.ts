import { describe, expect, it } from 'vitest';
import { formatDateNumeric, formatTime12, timeZoneLabel } from './date-display';
import { formatMoneyInput, parseMoneyInput } from './money-input';

describe('parseMoneyInput', () => {
  it.each([
    ['20000', 2_000_000],
    ['$20,000', 2_000_000],
    [' 1234.5 ', 123_450],
    ['0.10', 10],
    ['10000.01', 1_000_001],
  ])('%s is %i cents', (text, cents) => expect(parseMoneyInput(text)).toBe(cents));
  it.each(['', '-5', '1234.565', 'abc', '1e21', '12.3.4', '$'])('%s is not an amount', (text) => expect(parseMoneyInput(text)).toBeNull());
  it('writes cents back as typed text', () => {
    expect(formatMoneyInput(2_000_050)).toBe('20,000.50');
    expect(formatMoneyInput(500)).toBe('5');
    expect(formatMoneyInput(null)).toBe('');
  });
});

describe('dates, day first', () => {
  it('shows the 12th of January as 12/01/2026', () => expect(formatDateNumeric('2026-01-12')).toBe('12/01/2026'));
  it('shows an instant as its Sydney date', () => expect(formatDateNumeric(new Date('2026-01-11T14:30:00Z'))).toBe('12/01/2026'));
  it('is empty without a date', () => expect(formatDateNumeric(null)).toBe(''));
  it('shows times as 12-hour with am/pm', () => {
    expect(formatTime12('15:00')).toBe('3:00 pm');
    expect(formatTime12('00:05')).toBe('12:05 am');
    expect(formatTime12('12:30')).toBe('12:30 pm');
  });
  it('names the Sydney time zone, daylight saving or not', () => {
    expect(timeZoneLabel(new Date('2026-01-12T00:00:00Z'))).toMatch(/^Sydney time \((AEDT|GMT\+11)\)$/);
    expect(timeZoneLabel(new Date('2026-07-12T00:00:00Z'))).toMatch(/^Sydney time \((AEST|GMT\+10)\)$/);
  });
});
