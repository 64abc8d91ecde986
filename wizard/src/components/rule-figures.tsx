import { formatDate, formatFigureValue, type Figure, type FigureDifference } from '@permitdesk/shared'
import './rule-figures.css'

/** Where a figure comes from: the source linked, when it was read, and whether it is verified. */
export function FigureSourceLine({ source }: { source: Figure['source'] }) {
  if (!source) return <span className="rule-source">No source</span>
  return (
    <span className="rule-source">
      <a href={source.url} rel="noreferrer">
        {source.title}
      </a>
      , read {formatDate(source.dateRead)}
      {source.verified ? (
        ''
      ) : (
        <>
          {' '}
          · <strong>not yet verified</strong>
        </>
      )}
      {source.note && <span className="rule-source__note"> {source.note}</span>}
    </span>
  )
}

/** A rule set's figures with their values and sources (the rules page and the staff console). */
export function RuleFiguresTable({ figures, caption }: { figures: readonly Figure[]; caption: string }) {
  return (
    <table className="rule-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">Figure</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {figures.map((f) => (
          <tr key={f.key} data-key={f.key}>
            <th scope="row">{f.state ? f.label.replace(/^[A-Z]+: /, '').replace(/^./, (c) => c.toUpperCase()) : f.label}</th>
            <td className="rule-table__value">{formatFigureValue(f)}</td>
            <td>
              <FigureSourceLine source={f.source} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What a set changes from the one before it. */
export function RuleChangesTable({ changes, caption }: { changes: readonly FigureDifference[]; caption: string }) {
  return (
    <table className="rule-table rule-table--changes">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">Before</th>
          <th scope="col">Now</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.key} data-key={c.key}>
            <th scope="row">{c.label}</th>
            <td className="rule-table__value">{formatFigureValue({ ...c, value: c.before })}</td>
            <td className="rule-table__value">{formatFigureValue({ ...c, value: c.after })}</td>
            <td>
              <FigureSourceLine source={c.source} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
