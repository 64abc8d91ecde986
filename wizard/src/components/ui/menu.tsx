import type { ReactNode } from 'react'
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components'

export type MenuEntry = { id: string; label: ReactNode; href?: string; onAction?: () => void; separatorBefore?: boolean; textValue?: string }

/**
 * A button opening a menu of links and actions (arrow keys, typeahead, Escape). `defaultOpen`:
 * open from the start (a press that arrived while the menu's code was loading); `autoFocus`: take
 * the focus its stand-in had.
 */
export function Menu({
  label,
  buttonLabel,
  entries,
  className,
  defaultOpen,
  autoFocus,
}: {
  label: string
  buttonLabel: ReactNode
  entries: readonly MenuEntry[]
  className?: string
  defaultOpen?: boolean
  autoFocus?: boolean
}) {
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button
        autoFocus={autoFocus}
        className={`ui-menu__button${className ? ` ${className}` : ''}`}
        aria-label={typeof buttonLabel === 'string' ? undefined : label}
      >
        {buttonLabel}
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="ui-popover" placement="bottom end">
        <AriaMenu className="ui-menu" aria-label={label} onAction={(key) => entries.find((entry) => entry.id === key)?.onAction?.()}>
          {entries.flatMap((entry) => [
            ...(entry.separatorBefore ? [<Separator key={`${entry.id}-sep`} className="ui-menu__separator" />] : []),
            <MenuItem
              key={entry.id}
              id={entry.id}
              href={entry.href}
              className="ui-menu__item"
              textValue={entry.textValue ?? (typeof entry.label === 'string' ? entry.label : entry.id)}
            >
              {entry.label}
            </MenuItem>,
          ])}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  )
}
