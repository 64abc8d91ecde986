/**
 * The winner publication service on the dashboard (issue 25, decision record 020): what was
 * ordered, and once a draw has run, when each state's winners go on the hosted winners page.
 */
import { formatDateTime, MSG_WINNER_PUBLICATION_AFTER_DRAW } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { drawPublicationsKey, getDrawPublications } from '../api/winner-publication'

export function WinnerPublicationPanel({ promotionId, randomDraw }: { promotionId: number; randomDraw: boolean }) {
  // Only a promotion with our draw service has draws to publish from.
  const draws = useQuery({ queryKey: drawPublicationsKey(promotionId), queryFn: () => getDrawPublications(promotionId), enabled: randomDraw })
  const scheduled = (draws.data ?? []).filter((d) => !d.cancelledAt && d.winnerPublications.length > 0)
  return (
    <section className="winner-publication" aria-labelledby="winner-publication-title" data-testid="winner-publication">
      <h2 id="winner-publication-title">Winner publication</h2>
      {scheduled.length === 0 ? (
        <p>{MSG_WINNER_PUBLICATION_AFTER_DRAW}</p>
      ) : (
        <ul>
          {scheduled.flatMap((draw) =>
            draw.winnerPublications.map((p) => (
              <li key={`${draw.id}-${p.state}`} data-testid={`winner-publication-${p.state}`}>
                <strong>{p.state}</strong> {draw.title}:{' '}
                {p.publishedAt ? `published ${formatDateTime(p.publishedAt)}` : `to be published ${formatDateTime(p.publishAt)}`}
                {draw.winnersUrl && (
                  <>
                    {' '}
                    · <a href={draw.winnersUrl}>Winners page</a>
                  </>
                )}
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  )
}
