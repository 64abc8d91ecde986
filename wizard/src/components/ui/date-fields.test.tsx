import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DatePicker, TimeField } from './date-fields'
import { LocaleProvider } from './locale'
import { shareDisplayNames } from './shared-intl'

afterEach(cleanup)

const segments = (group: HTMLElement) =>
  within(group)
    .getAllByRole('spinbutton')
    .map((el) => [el.getAttribute('aria-label'), el.getAttribute('aria-valuetext'), el.textContent])

describe('date fields with one shared Intl.DisplayNames (issue 25)', () => {
  it('still name and format their segments en-AU: day, month, year; hour, minute, am/pm', () => {
    render(
      <LocaleProvider>
        <div data-testid="date">
          <DatePicker label="Start date" value="2031-03-01" onChange={() => {}} />
        </div>
        <div data-testid="time">
          <TimeField label="Start time" value="15:05" onChange={() => {}} />
        </div>
        <div data-testid="empty">
          <DatePicker label="End date" value={null} onChange={() => {}} />
        </div>
      </LocaleProvider>,
    )
    expect(segments(screen.getByTestId('date'))).toEqual([
      ['day, ', '01', '01'],
      ['month, ', '03 – March', '03'],
      ['year, ', '2031', '2031'],
    ])
    expect(segments(screen.getByTestId('time'))).toEqual([
      ['hour, ', '3 pm', '3'],
      ['minute, ', '05', '05'],
      ['am/pm, ', 'pm', 'pm'],
    ])
    expect(segments(screen.getByTestId('empty')).map(([name, , text]) => [name, text])).toEqual([
      ['day, ', 'dd'],
      ['month, ', 'mm'],
      ['year, ', 'yyyy'],
    ])
    // Issue 25: the chosen date also reads in the one date format, as the field's description; an empty field says nothing.
    expect(within(screen.getByTestId('date')).getByTestId('chosen-date').textContent).toBe('Saturday 1 Mar 2031')
    expect(within(screen.getByTestId('empty')).queryByTestId('chosen-date')).toBeNull()
    const described = within(screen.getByTestId('date')).getAllByRole('spinbutton')[0]!.getAttribute('aria-describedby') ?? ''
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Saturday 1 Mar 2031')
    // Each field is still labelled by its own label.
    expect(screen.getByRole('group', { name: 'Start date' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Start time' })).toBeTruthy()
  })
})

describe('shareDisplayNames', () => {
  /** An Intl whose DisplayNames counts its constructions (each one handed to the engine's). */
  function countingIntl() {
    const built = { count: 0 }
    function Counting(locales: string | string[] | undefined, options: Intl.DisplayNamesOptions) {
      built.count++
      return new Intl.DisplayNames(locales, options)
    }
    Counting.prototype = Intl.DisplayNames.prototype
    Counting.supportedLocalesOf = Intl.DisplayNames.supportedLocalesOf
    return { intl: { DisplayNames: Counting } as unknown as typeof Intl, built }
  }

  it('builds one per locale and options, answering as the native one does', () => {
    const { intl, built } = countingIntl()
    shareDisplayNames(intl)
    const a = new intl.DisplayNames('en-AU', { type: 'dateTimeField' })
    const b = new intl.DisplayNames('en-AU', { type: 'dateTimeField' })
    const c = new intl.DisplayNames(['en-AU'], { type: 'dateTimeField' })
    const region = new intl.DisplayNames('en-AU', { type: 'region' })
    expect(b).toBe(a)
    expect(c).not.toBe(a)
    expect(region).not.toBe(a)
    expect(built.count).toBe(3)
    expect(a).toBeInstanceOf(Intl.DisplayNames)
    const native = new Intl.DisplayNames('en-AU', { type: 'dateTimeField' })
    for (const field of ['era', 'year', 'month', 'day', 'hour', 'minute', 'second', 'dayPeriod', 'timeZoneName'] as const) {
      expect(a.of(field)).toBe(native.of(field))
    }
    expect(region.of('AU')).toBe('Australia')
    expect(intl.DisplayNames.supportedLocalesOf(['en-AU'])).toEqual(['en-AU'])
  })

  it('still throws where the native one throws, and is installed once', () => {
    const { intl, built } = countingIntl()
    shareDisplayNames(intl)
    const installed = intl.DisplayNames
    shareDisplayNames(intl)
    expect(intl.DisplayNames).toBe(installed)
    // A failure is not kept: each attempt asks the engine again (react-aria then uses its own strings).
    expect(() => new intl.DisplayNames('en-AU', { type: 'nonsense' as 'region' })).toThrow(RangeError)
    expect(() => new intl.DisplayNames('en-AU', { type: 'nonsense' as 'region' })).toThrow(RangeError)
    expect(() => (intl.DisplayNames as unknown as (l: string, o: object) => unknown)('en-AU', { type: 'region' })).toThrow(TypeError)
    expect(built.count).toBe(2)
  })
})
