/** The permit numbers with their documents (issue 25): staff upload each permit with its number; the customer downloads it here. */
import { formatDate, type Promotion } from '@permitdesk/shared'
import { uploadDownloadPath } from '../../../../config/paths'

export function PermitDocuments({ permitNumbers }: { permitNumbers: NonNullable<Promotion['permitNumbers']> }) {
  return (
    <ul className="permit-documents" data-testid="permit-numbers">
      {permitNumbers.map((n) => (
        <li key={n.state} data-testid={`permit-number-${n.state}`}>
          <strong>{n.state}</strong> {n.number}
          <span className="muted">
            {' '}
            (approved {formatDate(n.approvalDate)}
            {n.expiryDate ? `, expires ${formatDate(n.expiryDate)}` : ''})
          </span>
          {n.documentFileName && (
            <>
              {' '}
              ·{' '}
              <a href={uploadDownloadPath(n.documentFileName)} data-testid={`permit-document-${n.state}`}>
                Download the {n.state} permit
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
