import {
  formatCurrency,
  getPermitRequirements,
  MSG_SA_ELECTRONIC_ONLY_MANAGED,
  MSG_SA_ELECTRONIC_ONLY_SELF,
  selectRuleSet,
  STATE_CODES,
  type StateKey,
} from '@permitdesk/shared'
import type { Promotion } from '../api/promotions'
import { NT_APPLICATION_FORM_URL, PRODUCT_NAME } from '../config'

/** The stored fee breakdown of a promotion (computed by the API) with its warnings and notices. */
export function FeeBreakdownTable({ promotion: p }: { promotion: Promotion }) {
  const f = p.permit
  const notices = selectRuleSet(p.startDate).notices
  const lines: [string, number][] = (
    [
      ['NSW permit licence fee', f.feeDue_NSW],
      ['ACT permit licence fee', f.feeDue_ACT],
      ['SA permit licence fee', f.feeDue_SA],
      [`${PRODUCT_NAME} permit management fee`, f.feeDue_Service],
      ['Random draw', f.feeDue_RandomDraw],
      ['Terms and conditions (game of chance)', f.feeDue_TermsAndConditions],
      ['Terms and conditions (game of skill)', f.feeDue_SkillsBasedTC],
      ['Abridged terms and conditions', f.feeDue_AbridgedTC],
      ['Hosted terms and conditions', f.feeDue_HostedTC],
      ['Winner publication', f.feeDue_WinnerPublication ?? 0],
    ] as [string, number][]
  ).filter(([, cents]) => cents > 0)
  const notRequired = (['nsw', 'act', 'sa'] as StateKey[]).filter((key) => f[`is${STATE_CODES[key]}IncludedButNotRequired` as 'isNSWIncludedButNotRequired'])
  const requirements = getPermitRequirements({
    ausStates: p.ausStates,
    includeNz: p.includeNz,
    totalPrizeValue: p.postSubmissionTotalPrizeValue ?? p.totalPrizeValue,
    hasNswAuthority: p.hasNswAuthority,
    hasInstantWinPrizes: p.hasInstantWinPrizes,
    winnersDrawnElectronically: p.winnersDrawnElectronically,
    skillsBasedTC: p.skillsBasedTC,
    startDate: p.startDate,
  })
  return (
    <section aria-labelledby="fees-title">
      <h2 id="fees-title">Fees</h2>
      <table className="fee-table" data-testid="dashboard-fees">
        <tbody>
          {lines.map(([label, cents]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatCurrency(cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">GST</th>
            <td>{formatCurrency(f.feeDue_GST)}</td>
          </tr>
          <tr className="total">
            <th scope="row">Total</th>
            <td data-testid="dashboard-total">{formatCurrency(f.feeDue_Total + f.feeDue_GST)}</td>
          </tr>
        </tbody>
      </table>
      {notRequired.map((key) => (
        <p key={key} className="notice warning">
          {STATE_CODES[key]} is included but a permit is not required for this prize value.
        </p>
      ))}
      {requirements.ntNotice && (
        <p className="notice info" data-testid="nt-notice">
          {notices.nt.text}{' '}
          <a href={NT_APPLICATION_FORM_URL} download>
            NT application form (PDF)
          </a>
        </p>
      )}
      {requirements.waNotice && (
        <p className="notice info" data-testid="wa-notice">
          {notices.wa.text}
        </p>
      )}
      {f.isSAElectronicSubmissionOnly && (
        <p className="notice info" data-testid="sa-online-only">
          {p.managedSubmission ? MSG_SA_ELECTRONIC_ONLY_MANAGED : MSG_SA_ELECTRONIC_ONLY_SELF}
        </p>
      )}
    </section>
  )
}
