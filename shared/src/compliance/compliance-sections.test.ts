import { describe, expect, it } from 'vitest'
import { complianceSections } from './compliance-sections'

const note = (id: number, categorySlug: string, text: string) => ({ id, categorySlug, text })

describe('complianceSections', () => {
  it('shows no empty titles: general requirements without text are left out', () => {
    expect(complianceSections(['RB', 'RF', 'RH'], [])).toEqual([])
  })

  it('puts the notes of RB, RF and RH under one "General requirements" title', () => {
    const sections = complianceSections(['RB', 'RF', 'RH'], [note(1, 'RB', 'Keep records for 3 years.'), note(2, 'RH', 'Publish winners.')])
    expect(sections).toEqual([
      { topic: 'General requirements', codes: ['RB', 'RH'], notes: [note(1, 'RB', 'Keep records for 3 years.'), note(2, 'RH', 'Publish winners.')] },
    ])
  })

  it('gives each topic its own title, in rule order, only for relevant rules', () => {
    const sections = complianceSections(['TA', 'RB'], [note(3, 'RB', 'General.'), note(4, 'TA', 'Registration costs.'), note(5, 'TB', 'Not relevant.')])
    expect(sections.map((s) => [s.topic, s.notes.map((n) => n.text)])).toEqual([
      ['Motor vehicle prize', ['Registration costs.']],
      ['General requirements', ['General.']],
    ])
  })

  it('ignores blank note text', () => {
    expect(complianceSections(['RG'], [note(6, 'RG', '   ')])).toEqual([])
  })
})
