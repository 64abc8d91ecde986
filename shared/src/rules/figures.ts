/**
 * A rule set as a flat list of figures: what the API answers, the rules page and the staff
 * editor show, the "what changed" comparison diffs and docs/rules.md tabulates. Each figure has a
 * stable key (its path in the RuleSet), a label, its state (or null), a kind that says how its
 * value reads on the wire (money in dollars, as everywhere on the wire), and its source.
 */
import { centsToDollars, wireDollarsToCents, type Rate } from '../money'
import { STATE_KEYS, STATE_CODES, type StateKey } from '../states'
import type { RuleSet, TieredFee } from './rule-sets'
import type { FigureSource } from './sources'
import { PERMIT_MODELS, PRIZE_RESTRICTIONS, type StateRuleKey } from './state-rules'

export type FigureKind = 'money' | 'money-list' | 'tiers' | 'count' | 'rate' | 'text' | 'list'

export interface FigureDef {
  key: string
  label: string
  state: StateKey | null
  kind: FigureKind
  /** For counts: what is counted. */
  unit?: 'business days' | 'days' | 'months'
  /** For text and list figures: the allowed values. */
  options?: readonly string[]
}

/** Wire form of a tier table (dollars). */
export interface WireTiers {
  base: number
  steps: { above: number; fee: number }[]
}
export type FigureValue = number | number[] | WireTiers | Rate | string | string[] | null

export interface Figure extends FigureDef {
  value: FigureValue
  source: FigureSource | null
}

const TOP: FigureDef[] = [
  { key: 'thresholds.nswPermitAboveCents', label: 'NSW: authority needed when the prize pool is over', state: 'nsw', kind: 'money' },
  { key: 'thresholds.actPermitAboveCents', label: 'ACT: permit needed when the prize pool is over', state: 'act', kind: 'money' },
  { key: 'thresholds.saPermitAboveCents', label: 'SA: permit needed when the prize pool is over (or for instant-win prizes)', state: 'sa', kind: 'money' },
  { key: 'thresholds.ntNoticeAboveCents', label: 'NT: permit needed (when no other state issued one) when the prize pool is over', state: 'nt', kind: 'money' },
  { key: 'thresholds.nswScrutineerAboveCents', label: 'NSW: scrutineer addendum when the prize pool is over', state: 'nsw', kind: 'money' },
  { key: 'thresholds.saScrutineerFromCents', label: 'SA: scrutineer for draws of at least', state: 'sa', kind: 'money' },
  { key: 'fees.government.nswCents', label: 'NSW: government fee without an authority', state: 'nsw', kind: 'money' },
  { key: 'fees.government.nswWithAuthorityCents', label: 'NSW: government fee with an authority', state: 'nsw', kind: 'money' },
  { key: 'fees.government.act', label: 'ACT: permit fee by total prize value', state: 'act', kind: 'tiers' },
  { key: 'fees.government.sa', label: 'SA: licence fee by total prize value', state: 'sa', kind: 'tiers' },
  { key: 'fees.government.saPremiumCents', label: 'SA: premium licence fee (at least)', state: 'sa', kind: 'money' },
  {
    key: 'fees.provider.permitManagementByCountCents',
    label: 'Permit management by number of permits (none, one, two, three)',
    state: null,
    kind: 'money-list',
  },
  { key: 'fees.provider.randomDrawCents', label: 'Random draw service', state: null, kind: 'money' },
  { key: 'fees.provider.termsChanceCents', label: 'Terms and conditions (game of chance)', state: null, kind: 'money' },
  { key: 'fees.provider.termsSkillCents', label: 'Terms and conditions (game of skill)', state: null, kind: 'money' },
  { key: 'fees.provider.abridgedTermsCents', label: 'Abridged terms and conditions', state: null, kind: 'money' },
  { key: 'fees.provider.hostedTermsCents', label: 'Hosted terms and conditions', state: null, kind: 'money' },
  { key: 'fees.provider.winnerPublicationCents', label: 'Winner publication (ACT and SA winners on our hosted page)', state: null, kind: 'money' },
  { key: 'fees.gstRate', label: 'GST on our fees', state: null, kind: 'rate' },
  { key: 'fees.cardSurchargeRate', label: 'Card surcharge', state: null, kind: 'rate' },
]

const STATE_FIGURES: { field: StateRuleKey; label: string; kind: FigureKind; unit?: FigureDef['unit']; options?: readonly string[] }[] = [
  { field: 'permitModel', label: 'How the state licenses a promotion', kind: 'text', options: PERMIT_MODELS },
  { field: 'lodgeBusinessDays', label: 'Lodge at least this long before the start', kind: 'count', unit: 'business days' },
  { field: 'lodgeCalendarDays', label: 'Allow this long for processing', kind: 'count', unit: 'days' },
  { field: 'premiumWithinBusinessDays', label: 'Premium fee when needed within', kind: 'count', unit: 'business days' },
  { field: 'notificationAboveCents', label: 'Notify each promotion with a prize pool over', kind: 'money' },
  { field: 'notifyBusinessDays', label: 'Notify at least this long before the start', kind: 'count', unit: 'business days' },
  { field: 'authority1YearCents', label: 'Authority for 1 year (online)', kind: 'money' },
  { field: 'authority3YearCents', label: 'Authority for 3 years (online)', kind: 'money' },
  { field: 'authority5YearCents', label: 'Authority for 5 years (online)', kind: 'money' },
  { field: 'notifyWinnersWithinDays', label: 'Notify winners in writing within', kind: 'count', unit: 'days' },
  { field: 'publishWinnersFromPrizeCents', label: 'Publish winners of prizes of at least', kind: 'money' },
  { field: 'publishWinnersWithinDays', label: 'Publish winners within', kind: 'count', unit: 'days' },
  { field: 'publishWinnersForDays', label: 'Keep winners published for at least', kind: 'count', unit: 'days' },
  { field: 'deliverPrizesWithinDays', label: 'Deliver prizes within', kind: 'count', unit: 'days' },
  { field: 'drawWithinMonths', label: 'Draw within this long of the start', kind: 'count', unit: 'months' },
  { field: 'recordMonths', label: 'Keep records for', kind: 'count', unit: 'months' },
  { field: 'entryCostCapCents', label: 'Most an entry may cost', kind: 'money' },
  { field: 'entryCostCapMobileCents', label: 'Most an entry by mobile phone may cost', kind: 'money' },
  { field: 'restrictedPrizes', label: 'Banned or limited prizes', kind: 'list', options: PRIZE_RESTRICTIONS },
]

/** Every figure a rule set holds, in display order: the general figures, then each state's. */
export const FIGURE_DEFS: readonly FigureDef[] = [
  ...TOP,
  ...STATE_KEYS.flatMap((state) =>
    STATE_FIGURES.map(({ field, label, kind, unit, options }) => ({
      key: `states.${state}.${field}`,
      label: `${STATE_CODES[state]}: ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
      state,
      kind,
      ...(unit ? { unit } : {}),
      ...(options ? { options } : {}),
    })),
  ),
]

const DEF_BY_KEY = new Map(FIGURE_DEFS.map((def) => [def.key, def]))

export function figureDef(key: string): FigureDef | undefined {
  return DEF_BY_KEY.get(key)
}

function getPath(root: unknown, key: string): unknown {
  let node = root
  for (const part of key.split('.')) node = (node as Record<string, unknown> | null)?.[part]
  return node
}

function setPath(root: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.')
  let node = root
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>
  node[parts[parts.length - 1]] = value
}

/** The internal value (cents) as the wire shows it (dollars). */
export function toWireValue(def: FigureDef, value: unknown): FigureValue {
  if (value === null || value === undefined) return null
  switch (def.kind) {
    case 'money':
      return centsToDollars(value as number)
    case 'money-list':
      return (value as number[]).map(centsToDollars)
    case 'tiers': {
      const t = value as TieredFee
      return { base: centsToDollars(t.baseCents), steps: t.steps.map((s) => ({ above: centsToDollars(s.aboveCents), fee: centsToDollars(s.feeCents) })) }
    }
    case 'rate':
      return { ...(value as Rate) }
    case 'list':
      return [...(value as string[])]
    default:
      return value as number | string
  }
}

/** A wire value back to the internal form, or an error message when it does not fit the figure. */
export function fromWireValue(def: FigureDef, value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (value === null) return def.kind === 'money-list' || def.kind === 'tiers' || def.kind === 'rate' ? { ok: false } : { ok: true, value: null }
  const cents = (v: unknown): number | null => (typeof v === 'number' ? wireDollarsToCents(v) : null)
  switch (def.kind) {
    case 'money': {
      const c = cents(value)
      return c === null ? { ok: false } : { ok: true, value: c }
    }
    case 'money-list': {
      if (!Array.isArray(value) || value.length !== 4) return { ok: false }
      const list = value.map(cents)
      return list.some((c) => c === null) ? { ok: false } : { ok: true, value: list }
    }
    case 'tiers': {
      const t = value as Partial<WireTiers>
      const base = cents(t?.base)
      if (base === null || !Array.isArray(t.steps)) return { ok: false }
      const steps = t.steps.map((s) => ({ aboveCents: cents(s?.above), feeCents: cents(s?.fee) }))
      if (steps.some((s) => s.aboveCents === null || s.feeCents === null)) return { ok: false }
      // Steps must rise, or tieredFee would pick the wrong one.
      for (let i = 1; i < steps.length; i += 1) if ((steps[i].aboveCents as number) <= (steps[i - 1].aboveCents as number)) return { ok: false }
      return { ok: true, value: { baseCents: base, steps } }
    }
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3650 ? { ok: true, value } : { ok: false }
    case 'rate': {
      const r = value as Partial<Rate>
      return Number.isInteger(r?.numerator) && Number.isInteger(r?.denominator) && (r.numerator as number) >= 0 && (r.denominator as number) > 0
        ? { ok: true, value: { numerator: r.numerator, denominator: r.denominator } }
        : { ok: false }
    }
    case 'text':
      return typeof value === 'string' && (def.options ?? []).includes(value) ? { ok: true, value } : { ok: false }
    case 'list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && (def.options ?? []).includes(v))
        ? { ok: true, value: [...new Set(value)] }
        : { ok: false }
  }
}

/** The figures of a set, with their wire values and sources. */
export function ruleSetFigures(set: RuleSet): Figure[] {
  return FIGURE_DEFS.map((def) => ({ ...def, value: toWireValue(def, getPath(set, def.key)), source: set.sources[def.key] ?? null }))
}

export interface FigureChange {
  key: string
  value: unknown
  source: FigureSource
}

/**
 * A new set from `base` with the given figures changed (each with its new source). Returns the
 * keys that do not fit (unknown key, or a value its kind refuses) instead of a half-made set.
 */
export function applyFigureChanges(
  base: RuleSet,
  next: { id: string; effectiveFrom: string; description: string },
  changes: readonly FigureChange[],
): { ok: true; ruleSet: RuleSet } | { ok: false; badKeys: string[] } {
  const copy = structuredClone(base) as unknown as Record<string, unknown>
  const badKeys: string[] = []
  for (const change of changes) {
    const def = figureDef(change.key)
    const parsed = def ? fromWireValue(def, change.value) : { ok: false as const }
    if (!def || !parsed.ok) {
      badKeys.push(change.key)
      continue
    }
    setPath(copy, change.key, parsed.value)
    ;(copy.sources as Record<string, FigureSource>)[change.key] = change.source
  }
  if (badKeys.length > 0) return { ok: false, badKeys }
  return { ok: true, ruleSet: { ...(copy as unknown as RuleSet), ...next } }
}

export interface FigureDifference {
  key: string
  label: string
  state: StateKey | null
  kind: FigureKind
  unit?: FigureDef['unit']
  before: FigureValue
  after: FigureValue
  source: FigureSource | null
}

/** The figures whose value differs between two sets ("what changed on 1 July"). */
export function compareRuleSets(previous: RuleSet, next: RuleSet): FigureDifference[] {
  const before = new Map(ruleSetFigures(previous).map((f) => [f.key, f]))
  return ruleSetFigures(next)
    .filter((f) => JSON.stringify(f.value) !== JSON.stringify(before.get(f.key)?.value ?? null))
    .map((f) => ({
      key: f.key,
      label: f.label,
      state: f.state,
      kind: f.kind,
      ...(f.unit ? { unit: f.unit } : {}),
      before: before.get(f.key)?.value ?? null,
      after: f.value,
      source: f.source,
    }))
}
