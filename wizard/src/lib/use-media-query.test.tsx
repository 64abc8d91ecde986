import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useMediaQuery } from './use-media-query'

afterEach(cleanup)

/** A stand-in for the browser's MediaQueryList (jsdom has none): one query whose answer the test sets. */
function installMatchMedia(initial: boolean) {
  let matches = initial
  const listeners = new Set<() => void>()
  const original = window.matchMedia
  window.matchMedia = ((media: string) => ({
    media,
    get matches() {
      return matches
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia
  return {
    set(next: boolean) {
      matches = next
      for (const listener of [...listeners]) listener()
    },
    listeners,
    restore: () => {
      window.matchMedia = original
    },
  }
}

function Probe() {
  return <p>{useMediaQuery('not all and (max-width: 760px)') ? 'wide' : 'narrow'}</p>
}

describe('useMediaQuery', () => {
  it('answers the query now and follows its changes', () => {
    const media = installMatchMedia(false)
    try {
      const { unmount } = render(<Probe />)
      expect(screen.getByText('narrow')).toBeTruthy()
      act(() => media.set(true))
      expect(screen.getByText('wide')).toBeTruthy()
      act(() => media.set(false))
      expect(screen.getByText('narrow')).toBeTruthy()
      unmount()
      expect(media.listeners.size).toBe(0)
    } finally {
      media.restore()
    }
  })

  it('renders as wide where the browser has no matchMedia', () => {
    const original = window.matchMedia
    // @ts-expect-error jsdom: the API is absent
    delete window.matchMedia
    try {
      render(<Probe />)
      expect(screen.getByText('wide')).toBeTruthy()
    } finally {
      window.matchMedia = original
    }
  })
})
