/**
 * The app's components (issue 17), styled by ui.css from the shared tokens: react-aria-components
 * for widgets the browser lacks, native elements (native.tsx, native-table.tsx) where the browser's
 * own are accessible and a screen's first render matters.
 */
export { Button, LinkButton } from './button'
export type { ButtonVariant } from './button-class'
export { TextField } from './text-field'
export { NumberField, MoneyField } from './number-field'
export { Select, type SelectOption } from './select'
export { Checkbox, CheckboxGroup, RadioGroup } from './choice'
export { DatePicker, TimeField } from './date-fields'
export { LocaleProvider, APP_LOCALE } from './locale'
export { Modal } from './dialog'
export { Menu, type MenuEntry } from './menu'
export { HelpTip, Tooltip } from './tooltip'
export { DataTable } from './table'
export { SortableTable, Pager, type TableColumn, type TableSort, type SortDirection } from './native-table'
export { useTableSort, sortRows, sortStateText, sortAnnouncement } from './native-table'
export { NativeButton, NativeLinkButton, NativeTextField } from './native'
export { LazyModal } from './lazy-modal'
export { Badge, StatusBadge } from './badge'
export { Alert, type AlertTone } from './alert'
export { Tabs, type TabItem } from './tabs'
export { Progress } from './progress'
export { CopyButton } from './copy-button'
