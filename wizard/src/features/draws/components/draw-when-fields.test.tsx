import { cleanup, render, screen, within } from '@testing-library/react'
import { MSG_DRAW_RUN_AT_INVALID } from '@permitdesk/shared'
import { afterEach, describe, expect, it } from 'vitest'
import { LocaleProvider } from '../../../components/ui'
import { DrawWhenFields } from './draw-when-fields'

afterEach(cleanup)

const show = (date: string | null, time: string | null, errors: Record<string, string[]> = {}) =>
  render(
    <LocaleProvider>
      <DrawWhenFields date={date} time={time} onDate={() => {}} onTime={() => {}} errors={errors} />
    </LocaleProvider>,
  )

const segments = (name: string) =>
  within(screen.getByRole('group', { name }))
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)

describe('the draw date and time fields (issue 25)', () => {
  it('read en-AU (day first, 12-hour) and name the moment with the zone in force that day', () => {
    show('2026-07-01', '09:30')
    expect(segments('Draw date (Sydney)')).toEqual(['01', '07', '2026'])
    expect(segments('Draw time (Sydney)')).toEqual(['9', '30', 'am'])
    expect(screen.getByTestId('draw-run-from').textContent).toBe(
      'Without a final draw time in the application, this draw can run from 1 Jul 2026, 9:30 am AEST.',
    )
    cleanup()
    show('2026-12-24', '19:05')
    expect(screen.getByTestId('draw-run-from').textContent).toContain('24 Dec 2026, 7:05 pm AEDT')
  })

  it('reads a date without a time as its midnight, as the server does, and says nothing without a date', () => {
    show('2027-03-03', null)
    expect(screen.getByTestId('draw-run-from').textContent).toContain('3 Mar 2027, 12:00 am AEDT')
    cleanup()
    show(null, '15:00')
    expect(screen.queryByTestId('draw-run-from')).toBeNull()
  })

  it('shows the server’s message for a refused date beside the field', () => {
    show('2027-03-03', null, { runDate: [MSG_DRAW_RUN_AT_INVALID] })
    expect(screen.getByText(MSG_DRAW_RUN_AT_INVALID)).toBeTruthy()
  })
})
