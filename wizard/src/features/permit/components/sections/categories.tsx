/** Prize categories (001 §2 step Prizes, §3 prizeCategories); what it requires: shared section-validity `categories`. */
import { hasFlag, PRIZE_CATEGORIES, PRIZE_CATEGORY_FLAGS } from '@permitdesk/shared'
import { PRIZE_CATEGORY_LABELS } from '@permitdesk/shared/permits/option-labels'
import { useEditor } from '../editor-context'
import { FlagGroupField, TextField } from '../fields'

export function CategoriesSection() {
  const { draft } = useEditor()
  return (
    <>
      <FlagGroupField
        path="prizeCategoriesValue"
        label="What kinds of prizes are offered?"
        hint="Choose all that apply."
        options={PRIZE_CATEGORIES}
        flags={PRIZE_CATEGORY_FLAGS}
        labels={PRIZE_CATEGORY_LABELS}
      />
      {hasFlag(draft.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, 'other') && (
        <TextField path="prizeCategoriesOther" label="Other kind of prize" maxLength={500} />
      )}
    </>
  )
}
