import { formatCurrency, type PermitSummary } from '@permitdesk/shared'

const OUTCOME_TEXT = { required: 'Permit needed', 'not-required': 'No permit needed', undecided: 'To be decided', notice: 'Notice', none: 'No permit' } as const

/**
 * "Permits required and why" (issue 25): per state, the rule that decides it and the licence fee.
 * A state whose permit staff have recorded reads "Permit issued" with its number: after approval
 * "Permit needed" read as if something were still outstanding.
 */
export function PermitsRequired({ summary, issued = [] }: { summary: PermitSummary; issued?: readonly { state: string; number: string }[] }) {
  const issuedOf = (code: string) => issued.find((n) => n.state.toUpperCase() === code.toUpperCase())
  return (
    <div className="permits-required" data-testid="permits-required">
      <h3 id="permits-required-title">Permits required</h3>
      <p data-testid="permits-headline">{summary.headline}</p>
      {summary.lines.length > 0 && (
        <dl className="permits-required__list">
          {summary.lines.map((line) => {
            const permit = line.outcome === 'required' ? issuedOf(line.code) : undefined
            return (
              <div
                key={line.state}
                className={`permits-required__row permits-required__row--${permit ? 'issued' : line.outcome}`}
                data-testid={`permit-${line.code}`}
              >
                <dt>
                  <strong>{line.code}</strong>{' '}
                  <span className="permits-required__outcome" data-testid={`permit-outcome-${line.code}`}>
                    {permit ? `Permit issued: ${permit.number}` : OUTCOME_TEXT[line.outcome]}
                  </span>
                </dt>
                <dd>{line.reason}</dd>
              </div>
            )
          })}
        </dl>
      )}
      {summary.governmentFeesCents > 0 && (
        <p className="muted">Licence fees, paid to the regulators through us (no GST): {formatCurrency(summary.governmentFeesCents)}.</p>
      )}
    </div>
  )
}
