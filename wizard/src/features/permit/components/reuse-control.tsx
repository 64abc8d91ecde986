/**
 * Reuse with undo (001 §2): pick a previous promotion or applicant, its details fill the form,
 * and "Undo" puts back what was there, for as long as this part of the form stays open.
 */
import { useId, useState } from 'react'
import type { Draft } from '../hooks/use-permit-editor'
import { useEditor } from './editor-context'
import { NativeButton } from '../../../components/ui'

type Option = { id: number; label: string }

export function ReuseControl({
  summary,
  choose,
  load,
  apply,
  testId,
}: {
  summary: string
  choose: string
  load: () => Promise<Option[]>
  apply: (id: number, draft: Draft) => Promise<Draft>
  testId: string
}) {
  const { editor, draft } = useEditor()
  const selectId = useId()
  const [options, setOptions] = useState<Option[] | null>(null)
  const [selected, setSelected] = useState('')
  const [undo, setUndo] = useState<{ before: Draft; label: string } | null>(null)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)

  return (
    <details
      className="reuse"
      data-testid={testId}
      onToggle={(event) => {
        if ((event.target as HTMLDetailsElement).open && options === null) load().then(setOptions, () => setOptions([]))
      }}
    >
      <summary>{summary}</summary>
      {options === null ? (
        <p role="status">Loading…</p>
      ) : options.length === 0 ? (
        <p>There is nothing to reuse yet.</p>
      ) : (
        <div className="row">
          <label htmlFor={selectId}>{choose}</label>
          <select id={selectId} value={selected} onChange={(event) => setSelected(event.target.value)}>
            <option value="">Please choose</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <NativeButton
            variant="secondary"
            disabled={!selected || busy}
            onClick={async () => {
              setBusy(true)
              try {
                const before = draft
                editor.replace(await apply(Number(selected), before))
                const label = options.find((o) => o.id === Number(selected))?.label ?? ''
                setUndo({ before, label })
                setMessage(`Details reused from ${label}.`)
              } catch (error) {
                setMessage(error instanceof Error ? error.message : 'Those details could not be loaded.')
              } finally {
                setBusy(false)
              }
            }}
          >
            Reuse
          </NativeButton>
        </div>
      )}
      <p role="status" aria-live="polite">
        {message}{' '}
        {undo && (
          <NativeButton
            variant="link"
            onClick={() => {
              editor.replace(undo.before)
              setUndo(null)
              setMessage('Reuse undone.')
            }}
          >
            Undo
          </NativeButton>
        )}
      </p>
    </details>
  )
}
