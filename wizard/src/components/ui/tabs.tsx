import type { Key, ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components'

export type TabItem = { id: string; label: ReactNode; content: ReactNode }

/** Tabs (arrow keys between tabs, the panel follows). */
export function Tabs({
  label,
  tabs,
  selected,
  onSelectionChange,
}: {
  label: string
  tabs: readonly TabItem[]
  selected?: string
  onSelectionChange?: (id: string) => void
}) {
  return (
    <AriaTabs className="ui-tabs" selectedKey={selected} onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}>
      <TabList aria-label={label} className="ui-tabs__list">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className="ui-tabs__tab">
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className="ui-tabs__panel">
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  )
}
