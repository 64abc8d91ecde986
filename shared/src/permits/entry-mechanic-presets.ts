/**
 * Ready-made wordings for the entry mechanic of the permit application (001 §3 "Entry mechanic
 * presets: three texts (website entry; purchase and upload proof; marked product with a code).
 * Their wording is not shown"): the wording below is ours. The wizard offers them as buttons that
 * fill the entry mechanic text, which the promoter then adapts to the promotion.
 */

export const ENTRY_MECHANIC_PRESET_KEYS = ['website', 'purchaseUpload', 'codedProduct'] as const
export type EntryMechanicPresetKey = (typeof ENTRY_MECHANIC_PRESET_KEYS)[number]

export interface EntryMechanicPreset {
  key: EntryMechanicPresetKey
  /** What the button says. */
  label: string
  /** The text put into the entry mechanic field. */
  text: string
}

export const ENTRY_MECHANIC_PRESETS: readonly EntryMechanicPreset[] = [
  {
    key: 'website',
    label: 'Website entry',
    text:
      'To enter, entrants must visit the promotion website during the promotional period, complete the online entry form ' +
      'with their full name, email address, phone number and postcode, and submit the form. Entries are deemed received ' +
      'at the time they are recorded by the promoter’s database.',
  },
  {
    key: 'purchaseUpload',
    label: 'Purchase and upload proof',
    text:
      'To enter, entrants must purchase a participating product from a participating store during the promotional period, ' +
      'then visit the promotion website, complete the online entry form with their full name, email address, phone number ' +
      'and postcode, and upload a clear photo of their receipt showing the qualifying purchase. Entrants must keep their ' +
      'original receipt as proof of purchase.',
  },
  {
    key: 'codedProduct',
    label: 'Marked product with a code',
    text:
      'To enter, entrants must purchase a specially marked participating product during the promotional period, find the ' +
      'unique code printed inside or on the pack, then visit the promotion website and enter the code together with their ' +
      'full name, email address, phone number and postcode. Each code may be used once only. Entrants must keep the pack ' +
      'showing the code as proof of purchase.',
  },
]
