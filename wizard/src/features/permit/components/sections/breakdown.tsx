/** Prize details (001 §2 step Prizes, §3 prize fields); what it requires: shared section-validity `breakdown`. */
import { formatCurrency, PRIZE_TIERS_CENTS, PRIZE_VALUE_FIELDS, selectedStates, STATE_CODES } from '@permitdesk/shared'
import { useEditor } from '../editor-context'
import { TextField } from '../fields'
import { IntegerField, MoneyField } from '../fields-aria'

const [TIER_1, TIER_2, TIER_3] = PRIZE_TIERS_CENTS.map(formatCurrency)
const MAX_PRIZE_HINT = `The most valuable single prize. Prizes of ${TIER_1}, ${TIER_2} or ${TIER_3} or more bring extra terms and conditions requirements.`

export function BreakdownSection() {
  const { draft } = useEditor()
  return (
    <>
      <IntegerField path="prizeQuantityTotal" label="Number of prizes" />
      <TextField path="prizeDescription" label="Description of the prizes" hint="List each prize with its value." multiline />
      <MoneyField path="maxPrizeValue" label="Value of the most valuable prize" hint={MAX_PRIZE_HINT} />
      {/* The total is set on the promotion form; shown here because each state's value is checked against it (001 §5). */}
      <p>
        Total prize value: <strong>{formatCurrency(draft.totalPrizeValue)}</strong>
      </p>
      {selectedStates(draft.ausStates).map((key) => (
        <MoneyField
          key={key}
          path={PRIZE_VALUE_FIELDS[key]}
          label={`Prize value for ${STATE_CODES[key]}`}
          hint="Prizes that can be won in this state; no more than the total."
        />
      ))}
    </>
  )
}
