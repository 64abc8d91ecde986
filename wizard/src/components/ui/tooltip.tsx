import type { ReactNode } from 'react'
import { Button, OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components'

/** A short explanation on hover or keyboard focus of a small "?" button. */
export function HelpTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TooltipTrigger delay={300}>
      <Button className="ui-helptip" aria-label={label}>
        ?
      </Button>
      <AriaTooltip className="ui-tooltip" placement="top">
        <OverlayArrow>
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {children}
      </AriaTooltip>
    </TooltipTrigger>
  )
}

/** A tooltip on any focusable react-aria element (a Button, a Link). */
export function Tooltip({ children, content }: { children: ReactNode; content: ReactNode }) {
  return (
    <TooltipTrigger delay={300}>
      {children}
      <AriaTooltip className="ui-tooltip" placement="top">
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  )
}
