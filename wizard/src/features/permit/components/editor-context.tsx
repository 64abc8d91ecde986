import type { Promotion } from '@permitdesk/shared'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { PermitEditor } from '../hooks/use-permit-editor'
import { getIn, type Path } from '../lib/paths'

type EditorContextValue = {
  editor: PermitEditor
  draft: Promotion
  /** Open issues of the whole application, by field path (the shared section-validity rules). */
  issues: Record<string, string[]>
  /** Whether the current step's issues are shown yet (after the user tried to leave it). */
  revealed: boolean
  /** Field paths staff flagged as needing action (001 §2 highlighting). */
  actionFields: string[]
  readOnly: boolean
}

const EditorContext = createContext<EditorContextValue | null>(null)

/** `issues`: the screen's (getApplicationValidity; the rules' code is loaded after the first paint, so not imported here). */
export function EditorProvider({
  editor,
  draft,
  revealed,
  readOnly,
  issues,
  children,
}: {
  editor: PermitEditor
  draft: Promotion
  revealed: boolean
  readOnly: boolean
  issues: Record<string, string[]>
  children: ReactNode
}) {
  const value = useMemo(
    () => ({ editor, draft, issues, revealed, readOnly, actionFields: draft.incompleteActionFields ?? [] }),
    [editor, draft, issues, revealed, readOnly],
  )
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>
}

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext)
  if (!value) throw new Error('useEditor needs <EditorProvider>')
  return value
}

/** One field's value, setter and messages (server format errors always; rule issues once revealed). */
export function useField<T = unknown>(path: Path) {
  const { editor, draft, issues, revealed, actionFields, readOnly } = useEditor()
  const server = editor.serverErrors[path] ?? []
  const own = revealed ? (issues[path] ?? []) : []
  return {
    value: getIn(draft, path) as T | undefined,
    set: (value: T) => editor.update(path, value),
    errors: [...new Set([...server, ...own])],
    actionRequired: actionFields.includes(path),
    readOnly,
  }
}
