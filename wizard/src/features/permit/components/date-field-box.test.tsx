import { getApplicationIssues } from '@permitdesk/shared'
import type { Promotion } from '@permitdesk/shared'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import fc from 'fast-check'
import { useMemo, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocaleProvider } from '../../../components/ui/locale'
import type { PermitEditor } from '../hooks/use-permit-editor'
import { EditorProvider } from './editor-context'
import { DateField, loadDateFields, TimeField } from './fields'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

type Dates = { startDate: string | null; startTime: string | null; endDate: string | null; endTime: string | null }

/** The first step's dates in an editor that keeps what is set (as the real one does). */
function Fields({ dates, errors = {} }: { dates: Dates; errors?: Record<string, string[]> }) {
  const [permit, setPermit] = useState(dates)
  const draft = useMemo(() => ({ id: 1, name: 'Win a car', ausStates: { nsw: true }, incompleteActionFields: [], permit }) as unknown as Promotion, [permit])
  const editor = useMemo(
    () =>
      ({
        serverErrors: errors,
        update: (path: string, value: string | null) => setPermit((p) => ({ ...p, [path.replace('permit.', '')]: value })),
      }) as unknown as PermitEditor,
    [errors],
  )
  return (
    <LocaleProvider>
      <EditorProvider editor={editor} draft={draft} issues={getApplicationIssues(draft, { now: new Date() })} revealed={false} readOnly={false}>
        <DateField path="permit.startDate" label="Start date" hint="The first day people can enter." />
        <TimeField path="permit.startTime" label="Start time" />
        <DateField path="permit.endDate" label="End date" />
        <TimeField path="permit.endTime" label="End time" />
        <input aria-label="After the dates" />
      </EditorProvider>
    </LocaleProvider>
  )
}

const saved: Dates = { startDate: '2031-03-01', startTime: '21:05', endDate: null, endTime: null }

const boxes = () => [...document.querySelectorAll('[data-pending-date-field]')]
/** The fields drawn as react-aria pickers (react-aria marks its elements data-rac), by label. */
const pickers = () => [...document.querySelectorAll('.ui-field[data-rac]')].map((field) => field.querySelector('.ui-field__label')?.textContent)
const group = (name: string) => screen.getByRole('group', { name })
const segment = (field: string, name: string) => within(group(field)).getByRole('spinbutton', { name: `${name}, ${field}` })
/** What a browser sends into a focused editable segment for each character typed. */
const typeInto = (element: Element, text: string) => {
  for (const data of text) fireEvent(element, new InputEvent('beforeinput', { inputType: 'insertText', data, bubbles: true, cancelable: true }))
}

// react-aria's first render takes seconds in jsdom on a loaded machine: a bound well above that.
describe('a date field is its box until a person comes to it (issue 25: no picker drawn at load)', { timeout: 60_000 }, () => {
  // First in this file: the pickers' code has not been loaded yet.
  it('keeps what is typed into a box before the code arrives and replays it into the picker, focused where the box was', async () => {
    render(<Fields dates={saved} />)
    const day = segment('End date', 'day')
    day.focus()
    typeInto(day, '31122031')
    await waitFor(() => expect(pickers()).toEqual(['End date']), { timeout: 30_000 })
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input[name="permit.endDate"]')?.value).toBe('2031-12-31'))
    expect(group('End date').textContent).toBe('31/12/2031')
    expect(group('End date').contains(document.activeElement)).toBe(true)
  })

  it('stands as a labelled group of focusable segments with the values and names the picker gives them, and draws nothing by itself', async () => {
    await loadDateFields()
    vi.useFakeTimers()
    render(<Fields dates={saved} errors={{ 'permit.endDate': ['The end date is needed.'] }} />)
    await act(() => vi.runAllTimersAsync())
    expect(boxes()).toHaveLength(4)
    expect(pickers()).toEqual([])

    const day = segment('Start date', 'day')
    expect(day.tabIndex).toBe(0)
    expect(day.textContent).toBe('01')
    expect(segment('Start date', 'month').getAttribute('aria-valuetext')).toBe('03 – March')
    expect(segment('Start date', 'year').getAttribute('aria-valuenow')).toBe('2031')
    expect(day.getAttribute('aria-describedby')).toBe(screen.getByText('The first day people can enter.').closest('.ui-field__description')?.id)
    // Issue 25: the chosen date in the product's one format, in the field's description (the segments read 01/03/2031).
    expect(screen.getByText('The first day people can enter.').closest('.ui-field__description')?.textContent).toBe(
      'Saturday 1 Mar 2031The first day people can enter.',
    )
    expect(within(group('Start date').closest('.ui-field')!).getByTestId('chosen-date').textContent).toBe('Saturday 1 Mar 2031')
    expect(segment('Start time', 'hour').getAttribute('aria-valuetext')).toBe('9 pm')
    expect(segment('Start time', 'am/pm').textContent).toBe('pm')
    expect(within(group('Start date')).getByRole('button', { name: 'Open calendar Start date' })).toBeTruthy()
    expect(segment('End date', 'year').getAttribute('aria-valuetext')).toBe('Empty')
    expect(segment('End date', 'year').getAttribute('aria-invalid')).toBe('true')
    expect(segment('End date', 'year').getAttribute('aria-describedby')).toBe(screen.getByText('The end date is needed.').id)
    expect(document.querySelector<HTMLInputElement>('input[name="permit.startDate"]')?.value).toBe('2031-03-01')
    expect(document.querySelector<HTMLInputElement>('input[name="permit.startTime"]')?.value).toBe('21:05:00')
  })

  it('draws the picker of the box that takes the focus (a keyboard Tab), alone, with the focus on the same segment', async () => {
    await loadDateFields()
    render(<Fields dates={saved} />)
    segment('Start time', 'minute').focus()
    expect(pickers()).toEqual(['Start time'])
    expect(document.activeElement?.getAttribute('data-type')).toBe('minute')
    expect(document.activeElement?.hasAttribute('data-rac')).toBe(true)
    expect(boxes()).toHaveLength(3)
    // The label's click focuses the first segment, as react-aria's does.
    fireEvent.click(screen.getByText('End date'))
    expect(pickers()).toEqual(['Start time', 'End date'])
    expect(document.activeElement?.getAttribute('data-type')).toBe('day')
  })

  it('shows any date and time as its picker does: the same text, segments, names and values', async () => {
    await loadDateFields()
    const date = fc
      .date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    const described = (root: HTMLElement) =>
      within(root)
        .getAllByRole('spinbutton')
        .map((s) => [
          s.textContent,
          s.getAttribute('aria-label'),
          s.getAttribute('aria-valuetext'),
          s.getAttribute('aria-valuenow'),
          s.getAttribute('data-type'),
        ])
    await fc.assert(
      fc.asyncProperty(fc.option(date, { nil: null }), fc.option(time, { nil: null }), async (startDate, startTime) => {
        render(<Fields dates={{ ...saved, startDate, startTime }} />)
        try {
          const boxDate = { text: group('Start date').textContent, segments: described(group('Start date')) }
          const boxTime = { text: group('Start time').textContent, segments: described(group('Start time')) }
          segment('Start date', 'day').focus()
          segment('Start time', 'hour').focus()
          expect(pickers()).toEqual(['Start date', 'Start time'])
          expect({ text: group('Start date').textContent, segments: described(group('Start date')) }).toEqual(boxDate)
          expect({ text: group('Start time').textContent, segments: described(group('Start time')) }).toEqual(boxTime)
        } finally {
          cleanup()
        }
      }),
      { numRuns: 15 },
    )
    // Each run draws two react-aria pickers: several seconds apiece in jsdom on a loaded machine.
  }, 240_000)
})
