/**
 * The application's rules (shared section-validity, with zod and its schemas) in a chunk of their
 * own: the editor's first paint does not need them (nothing is marked or shown before a person has
 * seen the step), so the screen loads them just after it (issue 25, permit editor speed; ./rules.ts).
 */
export { deriveApplicationState, getApplicationValidity } from '@permitdesk/shared'
