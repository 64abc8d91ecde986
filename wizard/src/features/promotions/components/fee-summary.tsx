import { calculateFees, formatCurrency, getPermitSummary, MSG_NO_PERMIT_BASE_FEE, selectRuleSet, STATE_CODES, type FeeInput } from '@permitdesk/shared'
import { NT_APPLICATION_FORM_URL, PRODUCT_NAME } from '../config'
import { Button } from '../../../components/ui'

type Props = { input: FeeInput; onExplainNotRequired: () => void }

/**
 * The estimated fee summary (001 §2, §9): every required permit with its licence fee, the
 * provider's fee, the services, GST and the total, with the included-but-not-required warnings
 * and the NT and WA notices. Computed by the shared `calculateFees` as the user types.
 */
export function FeeSummary({ input, onExplainNotRequired }: Props) {
  const fees = calculateFees(input)
  const r = fees.requirements
  const notices = selectRuleSet(input.startDate).notices
  const skill = input.skillsBasedTC === true
  const managed = input.managedSubmission !== false
  const permitLines = r.requiredStates.map((key) => ({
    key,
    label: `${STATE_CODES[key]} permit licence fee`,
    cents: managed ? fees[`feeDue_${STATE_CODES[key]}` as 'feeDue_NSW'] : fees.governmentFeesPayableDirect[key],
  }))
  const lines: { label: string; cents: number }[] = [
    ...(!skill && managed ? [{ label: `${PRODUCT_NAME} permit management fee`, cents: fees.feeDue_Service }] : []),
    ...(fees.feeDue_RandomDraw ? [{ label: 'Random draw', cents: fees.feeDue_RandomDraw }] : []),
    ...(fees.feeDue_TermsAndConditions ? [{ label: 'Terms and conditions (game of chance)', cents: fees.feeDue_TermsAndConditions }] : []),
    ...(fees.feeDue_SkillsBasedTC ? [{ label: 'Terms and conditions (game of skill)', cents: fees.feeDue_SkillsBasedTC }] : []),
    ...(fees.feeDue_AbridgedTC ? [{ label: 'Abridged terms and conditions', cents: fees.feeDue_AbridgedTC }] : []),
    ...(fees.feeDue_HostedTC ? [{ label: 'Hosted terms and conditions', cents: fees.feeDue_HostedTC }] : []),
    ...(fees.feeDue_WinnerPublication ? [{ label: 'Winner publication', cents: fees.feeDue_WinnerPublication }] : []),
  ]
  const notRequired = (['nsw', 'act', 'sa'] as const).filter((key) => r[key].includedButNotRequired)

  return (
    <section className="fee-summary" aria-labelledby="fee-summary-title">
      <h2 id="fee-summary-title">Estimated fees</h2>
      <div aria-live="polite" data-testid="fee-summary">
        {!skill && (
          <>
            <h3>Permits required</h3>
            {permitLines.length === 0 ? (
              // Before any state is chosen nothing is known yet; after, say why none is needed and that the base fee stays.
              <p data-testid="no-permits">
                {getPermitSummary(input).headline}
                {r.states.length > 0 && managed && fees.feeDue_Service > 0 ? ` ${MSG_NO_PERMIT_BASE_FEE}` : ''}
              </p>
            ) : (
              <table className="fee-table">
                <tbody>
                  {permitLines.map((line) => (
                    <tr key={line.key} data-testid={`permit-${line.key}`}>
                      <th scope="row">
                        {line.label}
                        {managed ? '' : ' (paid by you to the regulator)'}
                      </th>
                      <td>{formatCurrency(line.cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
        {notRequired.map((key) => (
          <p key={key} className="notice warning" data-testid={`not-required-${key}`}>
            {STATE_CODES[key]} is included but a permit is not required for this prize value.{' '}
            <Button variant="link" onPress={onExplainNotRequired}>
              Why?
            </Button>
          </p>
        ))}
        {r.ntNotice && (
          <p className="notice info" data-testid="nt-notice">
            {notices.nt.text}{' '}
            <a href={NT_APPLICATION_FORM_URL} download>
              NT application form (PDF)
            </a>
          </p>
        )}
        {r.waNotice && (
          <p className="notice info" data-testid="wa-notice">
            {notices.wa.text}
          </p>
        )}
        <h3>Services</h3>
        <table className="fee-table">
          <tbody>
            {lines.map((line) => (
              <tr key={line.label}>
                <th scope="row">{line.label}</th>
                <td>{formatCurrency(line.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* Licence fees go to the regulators: not a service of ours, so they sit with the total (issue 25). */}
        <h3>Total</h3>
        <table className="fee-table">
          <tbody>
            {managed && !skill && permitLines.length > 0 && (
              <tr>
                <th scope="row">Government licence fees (no GST)</th>
                <td data-testid="fee-government">{formatCurrency(fees.governmentSubtotal)}</td>
              </tr>
            )}
            <tr>
              <th scope="row">GST</th>
              <td data-testid="fee-gst">{formatCurrency(fees.feeDue_GST)}</td>
            </tr>
            <tr className="total">
              <th scope="row">Estimated total</th>
              <td data-testid="fee-total">{formatCurrency(fees.feeDue_Total + fees.feeDue_GST)}</td>
            </tr>
          </tbody>
        </table>
        <p className="muted">
          Card payments add a {formatCurrency(fees.feeDue_CCSurcharge)} surcharge (1.5%).
          {!managed && fees.governmentFeesPayableDirect.total > 0
            ? ` You pay ${formatCurrency(fees.governmentFeesPayableDirect.total)} in licence fees to the regulators yourself.`
            : ''}
        </p>
      </div>
    </section>
  )
}
