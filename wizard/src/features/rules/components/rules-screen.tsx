import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { formatDate, isValidIsoDate, STATE_KEYS, STATE_NAMES, type RuleSetView } from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { RuleChangesTable, RuleFiguresTable } from '../../../components/rule-figures'
import { currentRulesKey, getCurrentRules, getRuleSet, ruleSetKey } from '../api'

/**
 * /rules/ (issue #30): the rule set in force, per state, with the source of every figure, and what
 * changed when it started. `?date=YYYY-MM-DD` shows the set in force on another day, `?set=` one set by id.
 */
export function RulesScreen() {
  const [search] = useSearchParams()
  const asked = search.get('date')
  const date = asked && isValidIsoDate(asked) ? asked : null
  // ?set= shows one set by id (staff look at a set not in force yet).
  const setId = search.get('set')
  const rules = useQuery<RuleSetView>({
    queryKey: setId ? ruleSetKey(setId) : currentRulesKey(date),
    queryFn: () => (setId ? getRuleSet(setId) : getCurrentRules(date)),
  })
  const set = rules.data

  return (
    <AppLayout title="Trade promotion rules">
      <h1>Trade promotion rules</h1>
      {rules.isPending && <p role="status">Loading…</p>}
      {rules.isError && (
        <p className="form-error" role="alert">
          {rules.error.message}
        </p>
      )}
      {set && (
        <>
          <p className="rules-intro" id={set.id}>
            The figures we quote fees and deadlines with, and where each comes from. Rule set <strong>{set.id}</strong>, in force from{' '}
            <strong>{formatDate(set.effectiveFrom)}</strong>
            {date ? ` (as on ${formatDate(date)})` : ''}
            {set.inForce ? '' : ' (not in force: staff have not published it)'}. {set.description}
          </p>
          <p className="rules-intro">
            A figure marked <strong>not yet verified</strong> comes from research notes or an earlier schedule and has not been matched to the regulator’s own
            page. Every figure links to its source.
          </p>

          <section aria-labelledby="rules-changes">
            <h2 id="rules-changes">What changed on {formatDate(set.effectiveFrom)}</h2>
            {set.previous === null ? (
              <p>This is the first rule set: nothing came before it.</p>
            ) : set.changes.length === 0 ? (
              <p>No figure changed from the set in force before ({set.previous.id}).</p>
            ) : (
              <RuleChangesTable changes={set.changes} caption={`Changes from ${set.previous.id} (in force from ${formatDate(set.previous.effectiveFrom)})`} />
            )}
          </section>

          <section aria-labelledby="rules-general">
            <h2 id="rules-general">Fees and prices</h2>
            <RuleFiguresTable figures={set.figures.filter((f) => f.state === null)} caption="Our prices, GST and the card surcharge" />
          </section>

          {STATE_KEYS.map((state) => {
            const figures = set.figures.filter((f) => f.state === state)
            const stated = figures.filter((f) => f.value !== null)
            const silent = figures.filter((f) => f.value === null)
            return (
              <section key={state} aria-labelledby={`rules-${state}`}>
                <h2 id={`rules-${state}`}>{STATE_NAMES[state]}</h2>
                <RuleFiguresTable figures={stated} caption={`${STATE_NAMES[state]}: thresholds, fees and duties`} />
                {/* The rules the sources do not state, in one line rather than a row each. */}
                {silent.length > 0 && (
                  <p className="rules-silent">
                    Not stated in our sources for {STATE_NAMES[state]}: {silent.map((f) => f.label.replace(/^[A-Z]+: /, '')).join('; ')}.
                  </p>
                )}
              </section>
            )
          })}

          <section aria-labelledby="default-set" id="default-set">
            <h2>The default set</h2>
            <p>
              Our specification’s figures (rule set au-2020-01) are the default: they stay in force until our staff publish a newer set with the date it takes
              effect. A promotion keeps the set it was submitted under, so a change on 1 July never alters an application already lodged.
            </p>
          </section>
        </>
      )}
    </AppLayout>
  )
}
