/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderDocument } from './document-shell'

const FIELDS: Array<[string, string[]]> = [
  ['Promoter', ['Legal name', 'ABN or ACN', 'Trading name', 'Business address', 'Postal address', 'Contact person and position', 'Phone', 'E-mail']],
  [
    'Promotion',
    [
      'Name of the promotion',
      'Start date and time',
      'End date and time',
      'How people enter',
      'Who may enter (age and residency)',
      'Products or services promoted',
    ],
  ],
  ['Prizes', ['Description of each prize', 'Value of each prize (including GST)', 'Total prize value', 'Number of prizes']],
  [
    'Draw',
    [
      'Draw date and time',
      'Draw address',
      'How the winners are drawn (manual, computer, other)',
      'Unclaimed prize draw date and address',
      'How and when winners are told',
      'Where the results are published',
    ],
  ],
]

/**
 * A printable form of the details a Northern Territory trade promotion lottery application asks
 * for (001 §2: the NT application download). Our own layout for the promoter to gather the
 * answers; the notice in the fee estimate says when the Territory needs it.
 */
export function renderNtApplicationForm(productName: string): string {
  return renderDocument(
    'Northern Territory trade promotion lottery: application details',
    <>
      <h1>Northern Territory trade promotion lottery</h1>
      <p className="muted">Application details form · prepared by {productName}</p>
      <p className="banner">
        Promotions run in the Northern Territory with a total prize value over $5,000, where no NSW, ACT or SA permit is required, need the Territory's approval
        before they start. Gather these details, then lodge them with the Territory's licensing office or ask us to do it for you as part of a managed
        submission.
      </p>
      {FIELDS.map(([heading, rows]) => (
        <section key={heading}>
          <h2>{heading}</h2>
          <table>
            <tbody>
              {rows.map((row) => (
                <tr key={row}>
                  <th scope="row">{row}</th>
                  <td style={{ height: '11mm' }} />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <h2>Declaration</h2>
      <p>I declare that the details above are true and that the promotion will be run in accordance with its terms and conditions.</p>
      <table>
        <tbody>
          <tr>
            <th scope="row">Name</th>
            <td style={{ height: '11mm' }} />
          </tr>
          <tr>
            <th scope="row">Signature</th>
            <td style={{ height: '16mm' }} />
          </tr>
          <tr>
            <th scope="row">Date</th>
            <td style={{ height: '11mm' }} />
          </tr>
        </tbody>
      </table>
    </>,
  )
}
