import { describe, expect, it } from 'vitest'
import { ausStatesOf, hasAnyState, isNational, isOnlyState, normalizeAusStates, selectedStates, setNational, STATE_KEYS } from './states'

describe('AusStates', () => {
  it('national only when all eight are set', () => {
    expect(isNational(ausStatesOf(...STATE_KEYS))).toBe(true)
    expect(isNational(ausStatesOf('nsw', 'act', 'sa', 'vic', 'nt', 'wa', 'qld'))).toBe(false)
    expect(isNational(null)).toBe(false)
  })
  it('the national toggle selects all eight', () => {
    expect(selectedStates({ all: true })).toEqual([...STATE_KEYS])
    expect(normalizeAusStates({ all: true })).toEqual(setNational(true))
    expect(normalizeAusStates(ausStatesOf(...STATE_KEYS)).all).toBe(true)
    expect(setNational(false)).toEqual(ausStatesOf())
  })
  it('selection helpers', () => {
    expect(hasAnyState({})).toBe(false)
    expect(hasAnyState({ tas: true })).toBe(true)
    expect(isOnlyState({ act: true }, 'act')).toBe(true)
    expect(isOnlyState({ act: true, nsw: true }, 'act')).toBe(false)
    expect(selectedStates({ sa: true, act: true })).toEqual(['act', 'sa'])
  })
})
