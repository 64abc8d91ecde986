import { formatCurrency, type PermitSummary } from '@permitdesk/shared'

const OUTCOME_TEXT = { required: 'Permit needed', 'not-required': 'No permit needed', undecided: 'To be decided', notice: 'Notice', none: 'No permit' } as const

/** "Permits required and why" (issue 25): per state, the rule that decides it and the licence fee. */
export function PermitsRequired({ summary }: { summary: PermitSummary }) {
  return (
    <div className="permits-required" data-testid="permits-required">
      <h3 id="permits-required-title">Permits required</h3>
      <p data-testid="permits-headline">{summary.headline}</p>
      {summary.lines.length > 0 && (
        <dl className="permits-required__list">
          {summary.lines.map((line) => (
            <div key={line.state} className={`permits-required__row permits-required__row--${line.outcome}`} data-testid={`permit-${line.code}`}>
              <dt>
                <strong>{line.code}</strong> <span className="permits-required__outcome">{OUTCOME_TEXT[line.outcome]}</span>
              </dt>
              <dd>{line.reason}</dd>
            </div>
          ))}
        </dl>
      )}
      {summary.governmentFeesCents > 0 && (
        <p className="muted">Licence fees, paid to the regulators through us (no GST): {formatCurrency(summary.governmentFeesCents)}.</p>
      )}
    </div>
  )
}
