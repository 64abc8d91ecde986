import { describe, expect, it } from 'vitest'
import { SEED_TERMS_CLAUSES } from '@permitdesk/shared'
import { richText } from '../content/lexical'
import { validateBody, writeSnapshot } from './TermsClauses'

const run = (data: Record<string, unknown>) => (writeSnapshot as (args: unknown) => Record<string, unknown>)({ data, originalDoc: undefined })

describe('TermsClauses', () => {
  it('refuses an unknown placeholder on save, naming it', () => {
    expect(validateBody(richText('Promoted by {promoter.name}.'))).toBe(true)
    expect(validateBody(richText('Promoted by {promoter.name} at {promoter.shoeSize}.'))).toBe(
      'Unknown placeholder: {promoter.shoeSize}. Use only the placeholders listed in the help text.',
    )
    expect(() => run({ key: 'x', order: 1, title: 'X', kinds: ['chance'], body: richText('{nope}') })).toThrow(/Unknown placeholder: \{nope\}/)
  })

  it('keeps a snapshot equal to the shared clause, structured conditions included', () => {
    const seed = SEED_TERMS_CLAUSES.find((c) => c.key === 'prizes-251')!
    const result = run({
      key: seed.key,
      order: seed.order,
      title: seed.title,
      kinds: seed.kinds,
      complianceNote: 'TH',
      body: richText(...seed.paragraphs),
      conditions: { prizeTier: '251', states: ['act'] },
    })
    expect(result.snapshot).toMatchObject({
      key: 'prizes-251',
      paragraphs: seed.paragraphs,
      complianceNote: 'TH',
      conditions: { prizeTier: 251, states: ['act'], inducements: 'any' },
    })
  })
})
