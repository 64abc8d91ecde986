import { useLayoutEffect } from 'react'

/**
 * index.html paints a static header bar (`#boot-shell`) with the first CSS, before any script
 * runs; the first screen that renders its own shell removes it in the same frame (no flash, no
 * layout shift).
 */
export function useRemoveBootShell() {
  useLayoutEffect(() => {
    document.getElementById('boot-shell')?.remove()
  }, [])
}
