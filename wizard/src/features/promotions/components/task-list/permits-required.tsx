import { formatCurrency, getPermitLineState, type PermitSummary } from '@permitdesk/shared'
import { uploadDownloadPath } from '../../../../config/paths'

type Issued = { state: string; number: string; documentFileName?: string | null }

/**
 * "Permits required and why" (issue 25): per state, the rule that decides it and the licence fee,
 * and where that state's permit stands (getPermitLineState): issued with its number and document,
 * approved with the number still to come from us, with the regulator, or needed. After approval
 * with only the NSW number recorded, ACT read "Permit needed" as if something were outstanding.
 */
export function PermitsRequired({
  summary,
  statusId,
  managedSubmission,
  issued = [],
}: {
  summary: PermitSummary
  statusId: number
  managedSubmission: boolean
  issued?: readonly Issued[]
}) {
  const issuedOf = (code: string) => issued.find((n) => n.state.toUpperCase() === code.toUpperCase())
  return (
    <div className="permits-required" data-testid="permits-required">
      <h3 id="permits-required-title">Permits required</h3>
      <p data-testid="permits-headline">{summary.headline}</p>
      {summary.lines.length > 0 && (
        <dl className="permits-required__list">
          {summary.lines.map((line) => {
            const permit = line.outcome === 'required' ? issuedOf(line.code) : undefined
            const where = getPermitLineState({ outcome: line.outcome, statusId, managedSubmission, permitNumber: permit?.number })
            const tone = where.state === 'needed' ? 'required' : where.state
            return (
              <div key={line.state} className={`permits-required__row permits-required__row--${tone}`} data-testid={`permit-${line.code}`}>
                <dt>
                  <strong>{line.code}</strong>{' '}
                  <span className="permits-required__outcome" data-testid={`permit-outcome-${line.code}`}>
                    {/* The number on one line ('TP 26/00042' broke after 'TP'). */}
                    {permit && where.text.endsWith(permit.number) ? (
                      <>
                        {where.text.slice(0, -permit.number.length)}
                        <span className="permits-required__number">{permit.number}</span>
                      </>
                    ) : (
                      where.text
                    )}
                  </span>
                </dt>
                <dd>
                  {line.reason}
                  {permit?.documentFileName && (
                    <>
                      {' '}
                      <a href={uploadDownloadPath(permit.documentFileName)} data-testid={`permit-row-document-${line.code}`}>
                        Download the {line.code} permit
                      </a>
                    </>
                  )}
                </dd>
              </div>
            )
          })}
        </dl>
      )}
      {summary.governmentFeesCents > 0 && (
        <p className="muted" data-testid="permits-licence-fees">
          {/* Self submission: the customer pays the regulators, never "through us" (issue 25). */}
          {managedSubmission
            ? `Licence fees, paid to the regulators through us (no GST): ${formatCurrency(summary.governmentFeesCents)}.`
            : `Licence fees, paid by you to the regulators when you lodge the forms (no GST): ${formatCurrency(summary.governmentFeesCents)}.`}
        </p>
      )}
    </div>
  )
}
