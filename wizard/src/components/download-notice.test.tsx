import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MSG_DOWNLOAD_STARTING, TIMINGS } from '@permitdesk/shared'
import { DownloadNotice } from './download-notice'
import { Notifications } from './notifications'

afterEach(() => vi.useRealTimers())

describe('"Download starting..." (000 §7, §8)', () => {
  it('is announced on a download click and leaves when the download flag resets, after 5 s', () => {
    vi.useFakeTimers()
    render(
      <>
        <Notifications />
        <DownloadNotice />
        <a href="/promotions/downloadworkingpdf/7" onClick={(e) => e.preventDefault()}>
          Working PDF
        </a>
      </>,
    )
    act(() => screen.getByText('Working PDF').click())
    expect(screen.getByTestId('notifications').textContent).toContain(MSG_DOWNLOAD_STARTING)
    act(() => vi.advanceTimersByTime(TIMINGS.downloadFlagResetMs - 1))
    expect(screen.getByTestId('notifications').textContent).toContain(MSG_DOWNLOAD_STARTING)
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByTestId('notifications').textContent).not.toContain(MSG_DOWNLOAD_STARTING)
    expect(TIMINGS.downloadFlagResetMs).toBe(5000)
  })
})
