/** A rule set figure as people read it (rules page, staff console, docs): "$468", "14 business days", "not stated". */
import { formatCurrency } from '../format/currency'
import type { FigureKind, FigureValue, WireTiers } from './figures'
import { PRIZE_RESTRICTION_LABELS, type PrizeRestriction } from './state-rules'

const PERMIT_MODEL_LABELS: Record<string, string> = {
  permit: 'A permit per promotion',
  authority: 'An authority held by the promoter (1, 3 or 5 years), plus a notification per promotion',
  'permit-if-no-other': 'A permit only when no other state issued one',
  none: 'No permit',
}

const money = (dollars: number) => formatCurrency(Math.round(dollars * 100))

export function formatFigureValue(figure: { kind: FigureKind; unit?: string; value: FigureValue | unknown }): string {
  const v = figure.value as FigureValue
  if (v === null || v === undefined) return 'Not stated'
  switch (figure.kind) {
    case 'money':
      return money(v as number)
    case 'money-list':
      return (v as number[]).map(money).join(' / ')
    case 'tiers': {
      const t = v as WireTiers
      return [money(t.base), ...t.steps.map((s) => `over ${money(s.above)}: ${money(s.fee)}`)].join('; ')
    }
    case 'rate': {
      const r = v as { numerator: number; denominator: number }
      return `${(r.numerator * 100) / r.denominator}%`
    }
    case 'count':
      return `${v as number} ${(v as number) === 1 ? (figure.unit ?? '').replace(/s$/, '') : figure.unit}`
    case 'list':
      return (v as string[]).length === 0 ? 'None' : (v as string[]).map((x) => PRIZE_RESTRICTION_LABELS[x as PrizeRestriction] ?? x).join(', ')
    case 'text':
      return PERMIT_MODEL_LABELS[v as string] ?? String(v)
  }
}
