import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { RuleNotes, SourceLine } from './compliance-calendar'

const unverified = {
  title: 'Access Canberra trade promotion permits (research notes)',
  url: 'https://www.accesscanberra.act.gov.au/',
  dateRead: '2026-11-25',
  verified: false,
  note: 'From the 2025-26 research in issue #30; not yet matched to the regulator\u2019s own page.',
}

afterEach(cleanup)

describe('the calendar\u2019s sources, in the customer\u2019s words (issue 25)', () => {
  it('a source names its title and the day it was read, never "not yet verified" or a staff note', () => {
    render(<SourceLine source={unverified} />)
    const line = screen.getByTestId('rule-source')
    expect(line.textContent).toBe('Source: Access Canberra trade promotion permits, as at 25 Nov 2026.')
    expect(screen.getByRole('link', { name: 'Access Canberra trade promotion permits' }).getAttribute('href')).toBe(unverified.url)
  })

  it('the specification behind the default rules reads as our published rules, without section numbers', () => {
    render(
      <SourceLine source={{ title: 'PermitDesk product specification, 001 \u00a75', url: '/rules/#default-set', dateRead: '2026-11-01', verified: true }} />,
    )
    expect(screen.getByTestId('rule-source').textContent).toBe('Source: PermitDesk\u2019s published trade promotion rules, as at 1 Nov 2026.')
  })

  it('the rule notes under the calendar read the same way', () => {
    render(<RuleNotes notes={[{ code: 'act-prize', state: 'act', level: 'check', text: 'ACT: check the prize list.', ruleKey: 'x', source: unverified }]} />)
    const note = screen.getByTestId('rule-note-act-prize')
    expect(note.textContent).not.toMatch(/verified|research notes|issue #|au-\d{4}/)
    expect(note.textContent).toContain('as at 25 Nov 2026.')
  })
})
