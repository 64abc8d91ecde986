import type { Promotion } from '@permitdesk/shared'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocaleProvider } from '../../../components/ui/locale'
import type { PermitEditor } from '../hooks/use-permit-editor'
import { EditorProvider } from './editor-context'
import { DateField, loadDateFields, TimeField } from './fields'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const draft = {
  id: 1,
  name: 'Win a car',
  ausStates: { nsw: true },
  incompleteActionFields: [],
  permit: { startDate: '2031-03-01', startTime: '21:05', endDate: null, endTime: null },
} as unknown as Promotion

function renderFields() {
  const editor = { serverErrors: {}, update: vi.fn() } as unknown as PermitEditor
  render(
    <LocaleProvider>
      <EditorProvider editor={editor} draft={draft} revealed={false} readOnly={false}>
        <DateField path="permit.startDate" label="Start date" />
        <TimeField path="permit.startTime" label="Start time" />
        <DateField path="permit.endDate" label="End date" />
        <TimeField path="permit.endTime" label="End time" />
      </EditorProvider>
    </LocaleProvider>,
  )
}

/** The fields drawn as react-aria pickers so far, by label, in page order. */
const pickers = () => screen.queryAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && group.textContent && labelOf(group))
const labelOf = (group: HTMLElement) => document.getElementById(group.getAttribute('aria-labelledby')!.split(' ')[0]!)?.textContent
const boxes = () => document.querySelectorAll('[data-pending-date-field]')

/** Runs the queued tasks one at a time, noting the pickers drawn after each. */
async function taskByTask() {
  const after: number[] = []
  for (let i = 0; i < 20 && boxes().length > 0; i++) {
    await act(() => vi.advanceTimersToNextTimerAsync())
    after.push(pickers().length)
  }
  // The queue's last task (it finds nothing left), so the next test starts with an idle queue.
  await act(() => vi.runAllTimersAsync())
  return after
}

// react-aria's first render takes seconds in jsdom on a loaded machine: a bound well above that.
describe('date fields mount one per task (issue 25: no long task)', { timeout: 30_000 }, () => {
  it('stand as boxes showing their values, then become pickers one task after another, in page order', async () => {
    await loadDateFields()
    vi.useFakeTimers()
    renderFields()
    expect(boxes()).toHaveLength(4)
    expect(pickers()).toHaveLength(0)
    // react-aria's text for 9:05 pm: the time isolated left to right, then this engine's en-AU space and the day period.
    const parts = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(new Date(2031, 0, 1, 21, 5))
    const timeText = `\u20669:05\u2069${parts[parts.findIndex((p) => p.type === 'dayPeriod') - 1]!.value}pm`
    expect(boxes()[0]!.textContent).toBe('Start date01/03/2031')
    expect(boxes()[1]!.textContent).toBe(screen.getByText('Start time').textContent + timeText)
    expect(boxes()[2]!.textContent).toBe('End datedd/mm/yyyy')

    const after = await taskByTask()
    // Never two in one task; all four in the end.
    expect(after.map((count, i) => count - (after[i - 1] ?? 0)).every((added) => added <= 1)).toBe(true)
    expect(after.at(-1)).toBe(4)
    expect(pickers()).toEqual(['Start date', 'Start time', 'End date', 'End time'])
    // The box showed the picker's own text.
    expect(screen.getByRole('group', { name: 'Start time' }).textContent).toBe(timeText)
  })

  it('draws a pressed box first and focuses it', async () => {
    await loadDateFields()
    vi.useFakeTimers()
    renderFields()
    fireEvent.pointerDown(boxes()[3]!)
    await act(() => vi.advanceTimersToNextTimerAsync())
    while (pickers().length === 0) await act(() => vi.advanceTimersToNextTimerAsync())
    expect(pickers()).toEqual(['End time'])
    expect(screen.getByRole('group', { name: 'End time' }).contains(document.activeElement)).toBe(true)
    await taskByTask()
    expect(pickers()).toEqual(['Start date', 'Start time', 'End date', 'End time'])
  })
})
