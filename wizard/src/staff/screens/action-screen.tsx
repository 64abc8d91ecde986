import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { NativeButton } from '../../components/ui'
import { createActionEntry, getActionFields, getAdminPromotion, staffKeys, type ActionEntryInput } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'

type Entry = {
  actionFields?: { actionFieldSlug: string; checked?: boolean | null; comment?: string | null }[]
  actionQuestions?: { question: string; answer?: string | null }[]
} | null

/** action/{id}/: the current action entry of a promotion and the customer's answers. */
export function ActionScreen() {
  const id = Number(useParams().id)
  const promotion = useQuery({ queryKey: staffKeys.promotion(id), queryFn: () => getAdminPromotion(id) })
  const fields = useQuery({ queryKey: staffKeys.actionFields, queryFn: getActionFields })
  const entry = promotion.data?.actionEntry as Entry
  const nameOf = (slug: string) => fields.data?.find((f) => f.slug === slug)?.name ?? slug
  return (
    <StaffLayout title="Actions">
      <h1>Actions for {promotion.data?.name || `promotion ${id}`}</h1>
      <p className="staff-actions">
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
        <Link to={staffPaths.actionCreate(id)}>Create an action entry</Link>
      </p>
      {!entry || ((entry.actionFields ?? []).length === 0 && (entry.actionQuestions ?? []).length === 0) ? (
        <p>No action entry.</p>
      ) : (
        <>
          <h2>Flagged fields</h2>
          <ul>
            {(entry.actionFields ?? [])
              .filter((f) => f.checked)
              .map((f) => (
                <li key={f.actionFieldSlug}>
                  {nameOf(f.actionFieldSlug)}
                  {f.comment ? `: ${f.comment}` : ''}
                </li>
              ))}
          </ul>
          <h2>Questions</h2>
          <dl className="staff-dl">
            {(entry.actionQuestions ?? []).map((q, i) => (
              <div key={i} style={{ display: 'contents' }}>
                <dt>{q.question}</dt>
                <dd>{q.answer?.trim() ? q.answer : <em>Not answered yet</em>}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </StaffLayout>
  )
}

/** action/{id}/create/: flag fields with comments and add questions; the customer is e-mailed. */
export function ActionCreateScreen() {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const fields = useQuery({ queryKey: staffKeys.actionFields, queryFn: getActionFields })
  const [flags, setFlags] = useState<Record<string, { checked: boolean; comment: string }>>({})
  const [questions, setQuestions] = useState<string[]>([''])

  const create = useStaffAction(
    () =>
      createActionEntry({
        promotionId: id,
        actionFields: Object.entries(flags)
          .filter(([, f]) => f.checked)
          .map(([slug, f]) => ({
            actionFieldSlug: slug as NonNullable<ActionEntryInput['actionFields']>[number]['actionFieldSlug'],
            comment: f.comment || null,
          })),
        actionQuestions: questions.filter((q) => q.trim()).map((question) => ({ question })),
      }),
    { done: 'Action entry created; the customer has been e-mailed.', onSuccess: () => navigate(staffPaths.detail(id)) },
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate(undefined)
  }

  return (
    <StaffLayout title="Create action entry">
      <h1>Create an action entry</h1>
      <p>
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
      </p>
      <form onSubmit={submit}>
        <fieldset>
          <legend>Fields to check</legend>
          {fields.data?.map((f) => (
            <div key={f.slug} className="staff-filters">
              <label className="check">
                <input
                  type="checkbox"
                  checked={flags[f.slug]?.checked ?? false}
                  onChange={(e) => setFlags({ ...flags, [f.slug]: { comment: flags[f.slug]?.comment ?? '', checked: e.target.checked } })}
                />{' '}
                {f.name}
              </label>
              {flags[f.slug]?.checked && (
                <label>
                  Comment on {f.name}
                  <input
                    value={flags[f.slug]?.comment ?? ''}
                    onChange={(e) => setFlags({ ...flags, [f.slug]: { checked: true, comment: e.target.value } })}
                    size={50}
                  />
                </label>
              )}
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Questions for the customer</legend>
          {questions.map((q, i) => (
            <label key={i}>
              Question {i + 1}
              <input value={q} onChange={(e) => setQuestions(questions.map((x, j) => (j === i ? e.target.value : x)))} size={60} />
            </label>
          ))}
          <NativeButton variant="secondary" onClick={() => setQuestions([...questions, ''])}>
            Add a question
          </NativeButton>
        </fieldset>
        <NativeButton type="submit" disabled={create.isPending}>
          Create action entry
        </NativeButton>
      </form>
    </StaffLayout>
  )
}
