import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  figureEditText,
  formatDate,
  formatFigureValue,
  MSG_RULE_SET_EFFECTIVE_PAST,
  MSG_RULE_SET_FIGURE_INVALID,
  MSG_RULE_SET_PUBLISHED,
  parseFigureEditText,
  sydneyDateOf,
  type Figure,
} from '@permitdesk/shared'
import { Badge, Button, Checkbox, DatePicker, Select, TextField } from '../../components/ui'
import { FigureSourceLine, RuleChangesTable } from '../../components/rule-figures'
import { ApiError } from '../../lib/api-client'
import {
  getRuleSet,
  getRuleSets,
  previewRuleSet,
  publishRuleSet,
  staffKeys,
  type RuleSetDraft,
  type RuleSetPreview,
  type RuleSetSummary,
} from '../api/staff-api'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import './rule-sets-screen.css'

type Summary = RuleSetSummary
type Preview = RuleSetPreview
type Change = { key: string; text: string; title: string; url: string; dateRead: string; verified: boolean; note: string }

function stateOf(s: Summary): { label: string; tone: 'success' | 'info' | 'default' } {
  if (s.current) return { label: 'Current', tone: 'success' }
  if (s.published && !s.inForce) return { label: 'Published', tone: 'info' }
  if (s.inForce) return { label: s.published ? 'Published, from its date' : 'Earlier', tone: 'info' }
  return { label: 'Not in force', tone: 'default' }
}

/**
 * rules/ (issue #30): the rule sets, and next year's set made from one of them: change figures with
 * their sources, preview the open promotions it would change, publish with an effective date.
 */
export function RuleSetsScreen() {
  const sets = useQuery({ queryKey: staffKeys.ruleSets, queryFn: getRuleSets })
  const [baseId, setBaseId] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  return (
    <StaffLayout title="Rule sets">
      <h1>Rule sets</h1>
      <p>Thresholds, fees and deadlines by the date they take effect, each figure with its source. Start next year’s set from the current one.</p>
      {notice && (
        <p className="notice success" role="status">
          {notice}
        </p>
      )}
      {sets.isError && <p role="alert">{sets.error.message}</p>}
      {sets.data && (
        <table className="rule-sets-table">
          <caption className="visually-hidden">Rule sets</caption>
          <thead>
            <tr>
              <th scope="col">Set</th>
              <th scope="col">Effective from</th>
              <th scope="col">State</th>
              <th scope="col">What it is</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sets.data.map((s) => {
              const state = stateOf(s)
              return (
                <tr key={s.id} data-testid={`rule-set-${s.id}`}>
                  <th scope="row" className="rule-sets-table__id">
                    <a href={`/rules/?set=${encodeURIComponent(s.id)}`}>{s.id}</a>
                  </th>
                  <td data-label="Effective from">{formatDate(s.effectiveFrom)}</td>
                  <td data-label="State">
                    <Badge tone={state.tone}>{state.label}</Badge>
                  </td>
                  <td>{s.description}</td>
                  <td>
                    <Button variant="secondary" onPress={() => (setBaseId(s.id), setNotice(''))}>
                      Start a new set from {s.id}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {baseId && <RuleSetEditor key={baseId} baseId={baseId} onPublished={(id) => (setBaseId(null), setNotice(`${MSG_RULE_SET_PUBLISHED} (${id})`))} />}
    </StaffLayout>
  )
}

function RuleSetEditor({ baseId, onPublished }: { baseId: string; onPublished: (id: string) => void }) {
  const queryClient = useQueryClient()
  const base = useQuery({ queryKey: staffKeys.ruleSet(baseId), queryFn: () => getRuleSet(baseId) })
  const [id, setId] = useState('')
  const [effectiveFrom, setEffectiveFrom] = useState('')
  const [description, setDescription] = useState('')
  const [changes, setChanges] = useState<Change[]>([])
  const [adding, setAdding] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [preview, setPreview] = useState<Preview | null>(null)
  const today = sydneyDateOf(new Date())

  const figures = base.data?.figures ?? []
  const figureOf = (key: string) => figures.find((f) => f.key === key) as Figure
  const draft = () => {
    const local: Record<string, string[]> = {}
    const list = changes.map((c, i) => {
      const value = parseFigureEditText(figureOf(c.key).kind, c.text)
      if (value === undefined) local[`changes.${i}.value`] = [MSG_RULE_SET_FIGURE_INVALID]
      return { key: c.key, value, source: { title: c.title, url: c.url, dateRead: c.dateRead, verified: c.verified, ...(c.note ? { note: c.note } : {}) } }
    })
    return { local, body: { baseId, id, effectiveFrom, description, changes: list } }
  }
  const run =
    <R,>(send: (body: RuleSetDraft) => Promise<R>) =>
    async () => {
      const { local, body } = draft()
      if (Object.keys(local).length > 0) throw new ApiError(400, { message: MSG_RULE_SET_FIGURE_INVALID, modelState: local })
      return send(body)
    }
  const onError = (e: Error) => setErrors(e instanceof ApiError && e.modelState ? e.modelState : { '': [e.message] })
  const previewing = useMutation<RuleSetPreview, Error>({ mutationFn: run(previewRuleSet), onSuccess: (p) => (setErrors({}), setPreview(p)), onError })
  const publishing = useMutation({
    mutationFn: run(publishRuleSet),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.ruleSets })
      onPublished(id)
    },
    onError,
  })
  const update = (index: number, patch: Partial<Change>) => (setChanges(changes.map((c, i) => (i === index ? { ...c, ...patch } : c))), setPreview(null))
  const err = (key: string) => errors[key]?.[0]
  const summary = Object.values(errors).flat()

  if (base.isPending) return <p role="status">Loading…</p>
  if (base.isError) return <p role="alert">{base.error.message}</p>
  const available = figures.filter((f) => !changes.some((c) => c.key === f.key))

  return (
    <section className="rule-set-editor" aria-labelledby="rule-set-editor-title">
      <h2 id="rule-set-editor-title">New set from {baseId}</h2>
      {summary.length > 0 && (
        <div className="error-summary" role="alert">
          <p>
            <strong>Please check the set:</strong>
          </p>
          <ul>
            {summary.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {/* noValidate: the fields show the API's messages; the browser's own would block the preview. */}
      <form className="rule-set-form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), previewing.mutate())}>
        <div className="rule-set-form__row rule-set-form__row--top">
          <TextField
            label="Name of the new set"
            description="For example au-2026-07"
            value={id}
            onChange={(v) => (setId(v), setPreview(null))}
            errorMessage={err('id')}
            isRequired
          />
          <DatePicker
            label="Effective from"
            value={effectiveFrom || null}
            onChange={(v) => (setEffectiveFrom(v ?? ''), setPreview(null))}
            minValue={today}
            // The server's words for a past date, said here as soon as one is typed: react-aria's own range text never reaches a person.
            errorMessage={err('effectiveFrom') ?? (effectiveFrom && effectiveFrom < today ? MSG_RULE_SET_EFFECTIVE_PAST : undefined)}
            isRequired
          />
        </div>
        <TextField
          label="What this set changes"
          value={description}
          onChange={(v) => (setDescription(v), setPreview(null))}
          errorMessage={err('description')}
          isRequired
        />

        <h3>Changed figures</h3>
        {changes.length === 0 && <p>No figure changed yet: the new set is a copy of {baseId}.</p>}
        <ol className="rule-changes">
          {changes.map((c, i) => {
            const f = figureOf(c.key)
            return (
              <li key={c.key} className="rule-change" data-testid={`change-${c.key}`}>
                <p className="rule-change__label">
                  <strong>{f.label}</strong>: now {formatFigureValue(f)}
                </p>
                <p className="rule-change__was">
                  <FigureSourceLine source={f.source} />
                </p>
                <TextField
                  label="New value"
                  description={
                    f.kind === 'tiers'
                      ? 'Base; over amount: fee; …'
                      : f.kind === 'list'
                        ? `Any of: ${(f.options ?? []).join(', ')}`
                        : f.kind === 'text'
                          ? `One of: ${(f.options ?? []).join(', ')}`
                          : (f.unit ?? 'Dollars')
                  }
                  value={c.text}
                  onChange={(v) => update(i, { text: v })}
                  errorMessage={err(`changes.${i}.value`)}
                />
                <div className="rule-set-form__row">
                  <TextField label="Source title" value={c.title} onChange={(v) => update(i, { title: v })} errorMessage={err(`changes.${i}.source.title`)} />
                  <TextField
                    label="Source address"
                    value={c.url}
                    onChange={(v) => update(i, { url: v })}
                    placeholder="https://"
                    errorMessage={err(`changes.${i}.source.url`)}
                  />
                </div>
                <div className="rule-set-form__row">
                  <DatePicker
                    label="Date read"
                    value={c.dateRead || null}
                    onChange={(v) => update(i, { dateRead: v ?? '' })}
                    errorMessage={err(`changes.${i}.source.dateRead`)}
                  />
                  <Checkbox isSelected={c.verified} onChange={(v) => update(i, { verified: v })}>
                    The source states this figure (verified)
                  </Checkbox>
                </div>
                <TextField
                  label="Note"
                  description="Why it is not verified, or anything to know"
                  value={c.note}
                  onChange={(v) => update(i, { note: v })}
                  errorMessage={err(`changes.${i}.source.note`)}
                />
                <Button variant="link" onPress={() => (setChanges(changes.filter((_, j) => j !== i)), setPreview(null), setErrors({}))}>
                  Remove this change
                </Button>
              </li>
            )
          })}
        </ol>
        <div className="rule-set-form__add">
          <Select
            label="Change a figure"
            options={available.map((f) => ({ id: f.key, label: f.label }))}
            value={adding}
            onChange={setAdding}
            placeholder="Choose a figure…"
          />
          <Button
            variant="secondary"
            isDisabled={!adding}
            onPress={() => {
              const f = figureOf(adding!)
              setChanges([
                ...changes,
                { key: f.key, text: figureEditText(f.kind, f.value), title: '', url: '', dateRead: sydneyDateOf(new Date()), verified: true, note: '' },
              ])
              setAdding(null)
              setPreview(null)
            }}
          >
            Add
          </Button>
        </div>

        <div className="actions">
          <Button variant="secondary" onPress={() => previewing.mutate()} isDisabled={previewing.isPending}>
            {previewing.isPending ? 'Checking…' : 'Preview'}
          </Button>
          <Button variant="primary" isDisabled={!preview || publishing.isPending} onPress={() => publishing.mutate()}>
            {publishing.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        </div>
      </form>

      {preview && (
        <section className="rule-set-preview" aria-labelledby="rule-set-preview-title" data-testid="rule-set-preview">
          <h3 id="rule-set-preview-title">
            Preview of {preview.ruleSet.id}, from {formatDate(preview.ruleSet.effectiveFrom)}
          </h3>
          {preview.ruleSet.changes.length > 0 ? (
            <RuleChangesTable changes={preview.ruleSet.changes} caption={`What changes from ${preview.ruleSet.previous?.id ?? 'the set before'}`} />
          ) : (
            <p>No figure differs from the set in force before it.</p>
          )}
          <h4>Open promotions whose fees it would change</h4>
          {preview.affected.length === 0 ? (
            <p>None of the open promotions’ fees change.</p>
          ) : (
            <table>
              <caption className="visually-hidden">Open promotions whose fees change</caption>
              <thead>
                <tr>
                  <th scope="col">Promotion</th>
                  <th scope="col">Starts</th>
                  <th scope="col">Fees before</th>
                  <th scope="col">Fees after</th>
                </tr>
              </thead>
              <tbody>
                {preview.affected.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      <a href={staffPaths.detail(a.id)}>{a.name || `Promotion ${a.id}`}</a>
                    </th>
                    <td>{a.startDate ? formatDate(a.startDate) : ''}</td>
                    <td>{formatFigureValue({ kind: 'money', value: a.feeDue_Total_before })}</td>
                    <td>{formatFigureValue({ kind: 'money', value: a.feeDue_Total_after })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>Publishing makes the set current from {formatDate(preview.ruleSet.effectiveFrom)}; promotions submitted before keep their figures.</p>
        </section>
      )}
    </section>
  )
}
