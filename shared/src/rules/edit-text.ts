/**
 * A figure's value as staff type it in the console ("472.50", "255; over 5000: 373", "10%",
 * "tobacco, weapons"), to and from its wire value. Parsing only reads the shape: the API's
 * fromWireValue still decides whether the value fits the figure.
 */
import type { FigureKind, FigureValue, WireTiers } from './figures'

const num = (text: string): number | null => {
  const cleaned = text.replace(/[$,\s]/g, '')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  return Number(cleaned)
}

export function figureEditText(kind: FigureKind, value: FigureValue | unknown): string {
  if (value === null || value === undefined) return ''
  switch (kind) {
    case 'money-list':
      return (value as number[]).join(' / ')
    case 'tiers': {
      const t = value as WireTiers
      return [String(t.base), ...t.steps.map((s) => `over ${s.above}: ${s.fee}`)].join('; ')
    }
    case 'rate': {
      const r = value as { numerator: number; denominator: number }
      return `${(r.numerator * 100) / r.denominator}%`
    }
    case 'list':
      return (value as string[]).join(', ')
    default:
      return String(value)
  }
}

/** The wire value of what staff typed; `undefined` when it cannot be read; `null` for an empty entry ("not stated"). */
export function parseFigureEditText(kind: FigureKind, text: string): FigureValue | undefined {
  const t = text.trim()
  if (t === '') return kind === 'money' || kind === 'count' || kind === 'list' ? null : undefined
  switch (kind) {
    case 'money':
      return num(t) ?? undefined
    case 'count': {
      const n = num(t)
      return n !== null && Number.isInteger(n) ? n : undefined
    }
    case 'money-list': {
      const parts = t.split('/').map(num)
      return parts.some((p) => p === null) ? undefined : (parts as number[])
    }
    case 'tiers': {
      const [baseText, ...stepTexts] = t.split(';')
      const base = num(baseText ?? '')
      const steps = stepTexts.map((s) => {
        const match = /^\s*over\s+([\d.,$\s]+):\s*([\d.,$\s]+)$/i.exec(s)
        return match ? { above: num(match[1]), fee: num(match[2]) } : { above: null, fee: null }
      })
      if (base === null || steps.some((s) => s.above === null || s.fee === null)) return undefined
      return { base, steps: steps as { above: number; fee: number }[] }
    }
    case 'rate': {
      const match = /^(\d+(\.\d{1,3})?)\s*%$/.exec(t)
      if (!match) return undefined
      const decimals = match[2] ? match[2].length - 1 : 0
      const denominator = 100 * 10 ** decimals
      return { numerator: Math.round(Number(match[1]) * 10 ** decimals), denominator }
    }
    case 'list':
      return t
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    case 'text':
      return t
  }
}
