import { startTransition, useEffect, useState } from 'react'

/**
 * The application's rules (./validity.ts) loaded just after the editor's first paint (issue 25):
 * zod, the schemas and the section checks cost a long task on a phone-like CPU, and nothing on the
 * first screen waits for them (marks and messages follow in a transition).
 */
export type Rules = typeof import('./validity')

/** The rules' module once it has arrived (kept across visits of the editor). */
let rules: Rules | null = null
export const loadRules = () => import('./validity').then((module) => (rules = module))

/** The rules, or null until they have arrived; `start`: from when (a screen that has drawn its content). */
export function useRules(start = true): Rules | null {
  const [loaded, setLoaded] = useState<Rules | null>(rules)
  useEffect(() => {
    if (loaded || !start) return
    let live = true
    const load = () => void loadRules().then((module) => live && startTransition(() => setLoaded(module)))
    // After the browser has painted: a frame callback runs just before the paint, a task queued from it after.
    let handle: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => (handle = setTimeout(load, 0)))
    return () => {
      live = false
      cancelAnimationFrame(frame)
      clearTimeout(handle)
    }
  }, [loaded, start])
  return loaded
}
