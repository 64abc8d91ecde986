/**
 * The eight Australian states and territories and the `ausStates` flag object
 * (spec 000 §3 and 001 §3 "AusStates").
 */
/** State keys in the spec's flag order (act, nsw, sa, vic, nt, wa, qld, tas). */
export const STATE_KEYS = ['act', 'nsw', 'sa', 'vic', 'nt', 'wa', 'qld', 'tas'] as const
export type StateKey = (typeof STATE_KEYS)[number]

/** Upper-case code used for display and in per-state field names (prizeValueNSW, feeDue_NSW…). */
export type StateCode = Uppercase<StateKey>
export const STATE_CODES: Record<StateKey, StateCode> = {
  act: 'ACT',
  nsw: 'NSW',
  sa: 'SA',
  vic: 'VIC',
  nt: 'NT',
  wa: 'WA',
  qld: 'QLD',
  tas: 'TAS',
}

export const STATE_NAMES: Record<StateKey, string> = {
  act: 'Australian Capital Territory',
  nsw: 'New South Wales',
  sa: 'South Australia',
  vic: 'Victoria',
  nt: 'Northern Territory',
  wa: 'Western Australia',
  qld: 'Queensland',
  tas: 'Tasmania',
}

/** The three states whose permits the product applies for (001 §3 permit numbers). */
export const PERMIT_STATE_KEYS = ['nsw', 'act', 'sa'] as const satisfies readonly StateKey[]
export type PermitStateKey = (typeof PERMIT_STATE_KEYS)[number]

/** Flags for the eight states plus `all` (the national toggle); `AusStatesSchema` (states-schema.ts) parses them, a missing flag meaning false. */
export type AusStates = Record<StateKey | 'all', boolean>
/** Input form: any subset of flags. */
export type AusStatesInput = Partial<AusStates>

/** An AusStates with nothing selected. */
export function emptyAusStates(): AusStates {
  return { act: false, nsw: false, sa: false, vic: false, nt: false, wa: false, qld: false, tas: false, all: false }
}

/** True when all eight states are set (000 §3: "national when all eight are set"). */
export function isNational(states: AusStatesInput | null | undefined): boolean {
  if (!states) return false
  return STATE_KEYS.every((key) => states[key] === true)
}

/** Selected state keys in flag order. `all` alone counts as all eight. */
export function selectedStates(states: AusStatesInput | null | undefined): StateKey[] {
  if (!states) return []
  if (states.all) return [...STATE_KEYS]
  return STATE_KEYS.filter((key) => states[key] === true)
}

/** At least one state chosen. */
export function hasAnyState(states: AusStatesInput | null | undefined): boolean {
  return selectedStates(states).length > 0
}

/** Whether a state is selected (the national flag selects all). */
export function isStateSelected(states: AusStatesInput | null | undefined, key: StateKey): boolean {
  return !!states && (states.all === true || states[key] === true)
}

/** Only the given state is selected (e.g. "ACT-only" hides the entry section, 001 §2). */
export function isOnlyState(states: AusStatesInput | null | undefined, key: StateKey): boolean {
  const selected = selectedStates(states)
  return selected.length === 1 && selected[0] === key
}

/**
 * Canonical flags: the national toggle sets all eight; all eight set turns `all` on;
 * any missing flag becomes false.
 */
export function normalizeAusStates(states: AusStatesInput | null | undefined): AusStates {
  const result = emptyAusStates()
  for (const key of selectedStates(states)) result[key] = true
  result.all = isNational(result)
  return result
}

/** AusStates with the national toggle switched on or off (001 §2 "national toggle"). */
export function setNational(on: boolean): AusStates {
  if (!on) return emptyAusStates()
  const result = emptyAusStates()
  for (const key of STATE_KEYS) result[key] = true
  result.all = true
  return result
}

/** AusStates from a list of keys. */
export function ausStatesOf(...keys: StateKey[]): AusStates {
  const result = emptyAusStates()
  for (const key of keys) result[key] = true
  result.all = isNational(result)
  return result
}
