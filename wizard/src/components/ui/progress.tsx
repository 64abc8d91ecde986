import { Label, ProgressBar } from 'react-aria-components'

/** A progress bar; leave `value` out for "busy, no idea how long". */
export function Progress({ label, value, showValue = true }: { label: string; value?: number; showValue?: boolean }) {
  return (
    <ProgressBar className="ui-progress" value={value} isIndeterminate={value === undefined}>
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className="ui-progress__label">
            <Label>{label}</Label>
            {showValue && !isIndeterminate ? <span>{valueText}</span> : null}
          </div>
          <div className="ui-progress__track">
            <div
              className={`ui-progress__fill${isIndeterminate ? ' ui-progress__fill--busy' : ''}`}
              style={isIndeterminate ? undefined : { width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  )
}
