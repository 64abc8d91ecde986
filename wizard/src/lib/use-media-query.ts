import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now, kept current as the window changes (`fallback` where
 * matchMedia is missing, as in jsdom). Lets a screen skip rendering what its CSS would hide
 * anyway at this size (issue 17, first render: the header's account menu on a phone, where the
 * same entries are plain links).
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  )
}
