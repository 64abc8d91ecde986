/**
 * The permit application's state (001 §2, §4): the draft being edited, the last answer of the
 * server, the save status indicator, and one queue for every write so saves never overlap and
 * each carries the version it is based on (a stale one is refused by the server: 409).
 */
import { applyDependentDefaults, isFirstTimeApplication, prefillApplication, TIMINGS, type PrefillAccount, type Promotion } from '@permitdesk/shared'
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, type ModelState } from '../../../lib/api-client'
import { getLatestApplicant, getPromotion, savePromotion } from '../api/permit-api'
import { setIn, type Path } from '../lib/paths'

export type Draft = Promotion
export type SaveStatus = 'default' | 'saving' | 'saved' | 'error'
export type SaveOptions = {
  /** 001 §8: a silent save (leaving the screen) shows no error modal. */
  silent?: boolean
  /** Sent even while the page unloads. */
  keepalive?: boolean
  /** Save even when nothing changed (the step's visited flag, a forced save). */
  force?: boolean
}

const clock = () => ({ now: new Date() })

export function usePermitEditor(id: number, account: PrefillAccount | null) {
  const [promotion, setPromotion] = useState<Promotion | null>(null)
  const [draft, setDraftState] = useState<Draft | null>(null)
  const [loadError, setLoadError] = useState<ApiError | null>(null)
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('default')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<ModelState>({})
  const draftRef = useRef<Draft | null>(null)
  const versionRef = useRef(0)
  const dirtyRef = useRef(false)
  const queueRef = useRef<Promise<unknown>>(Promise.resolve())
  const fadeRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next
    setDraftState(next)
  }, [])

  useEffect(() => {
    let cancelled = false
    ;(async () => {
      try {
        const loaded = await getPromotion(id)
        let initial: Draft = loaded
        const firstTime = isFirstTimeApplication(loaded)
        const reuseLatest = firstTime && account !== null && !account.authorisedAgent
        if (firstTime) {
          // Drawn at once, prefilled from the account: the latest applicant (step 2) follows below
          // instead of holding the first render for a second round trip (issue 25).
          initial = prefillApplication(loaded, { account, latestApplicant: null, clock: clock() }) as Draft
          dirtyRef.current = true
        }
        if (cancelled) return
        versionRef.current = loaded.versionNumber
        // The whole form renders now: as a transition, in slices (no long task blocking input).
        startTransition(() => {
          setPromotion(loaded)
          setDraft(initial)
        })
        const latest = reuseLatest ? await getLatestApplicant(loaded.managedSubmission).catch(() => null) : null
        if (!latest || cancelled) return
        const withLatest = prefillApplication(loaded, { account, latestApplicant: latest, clock: clock() }) as Draft
        const current = draftRef.current
        // Only while the applicant is still the prefilled one: never over what was typed or reused meanwhile.
        if (current && current.permit.applicant === initial.permit.applicant) {
          startTransition(() => setDraft({ ...current, permit: { ...current.permit, applicant: withLatest.permit.applicant } }))
        }
      } catch (error) {
        if (!cancelled) setLoadError(error instanceof ApiError ? error : new ApiError(0, undefined))
      }
    })()
    return () => {
      cancelled = true
    }
    // The account only matters for the first load's prefill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, setDraft])

  useEffect(() => () => clearTimeout(fadeRef.current), [])

  const showStatus = useCallback((status: SaveStatus) => {
    clearTimeout(fadeRef.current)
    setSaveStatus(status)
    if (status === 'saved') fadeRef.current = setTimeout(() => setSaveStatus('default'), TIMINGS.saveStatusSavedFadeMs)
    if (status === 'error') fadeRef.current = setTimeout(() => setSaveStatus('default'), TIMINGS.saveStatusErrorFadeMs)
  }, [])

  /** Changes one field; dates that default from it follow (001 §5). */
  const update = useCallback(
    (path: Path, value: unknown) => {
      const current = draftRef.current
      if (!current) return
      setDraft(applyDependentDefaults(current, setIn(current, path, value), clock()) as Draft)
      dirtyRef.current = true
    },
    [setDraft],
  )

  /** Replaces the draft (reuse, undo). */
  const replace = useCallback(
    (next: Draft) => {
      setDraft(next)
      dirtyRef.current = true
    },
    [setDraft],
  )

  /** Takes a server answer: new version and status; the draft keeps edits made while it was on its way. */
  const accept = useCallback(
    (answer: Promotion, sent: Draft | null, mergeIntoDraft: (draft: Draft, answer: Promotion) => Draft) => {
      versionRef.current = answer.versionNumber
      setPromotion(answer)
      const current = draftRef.current
      if (current && current === sent) {
        setDraft(answer)
        dirtyRef.current = false
      } else if (current) {
        setDraft(mergeIntoDraft(current, answer))
      }
    },
    [setDraft],
  )

  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = queueRef.current.then(task, task)
    queueRef.current = run.catch(() => undefined)
    return run
  }, [])

  const fail = useCallback(
    (error: unknown, silent: boolean | undefined) => {
      showStatus('error')
      if (error instanceof ApiError && error.status === 400 && error.modelState) setServerErrors(error.modelState)
      if (!silent) setSaveError(error instanceof ApiError ? error.message : String(error))
    },
    [showStatus],
  )

  /** POST /api/promotion/save with the whole draft. Resolves true when saved (or nothing to save). */
  const save = useCallback(
    (options: SaveOptions = {}): Promise<boolean> =>
      enqueue(async () => {
        const sent = draftRef.current
        if (!sent || (!dirtyRef.current && !options.force)) return true
        if (!options.silent) showStatus('saving')
        try {
          const answer = await savePromotion({ ...sent, versionNumber: versionRef.current }, { keepalive: options.keepalive })
          setServerErrors({})
          accept(answer, sent, (draft, a) => ({ ...draft, versionNumber: a.versionNumber, permitStatus: a.permitStatus, attachments: a.attachments }))
          if (!options.silent) showStatus('saved')
          return true
        } catch (error) {
          fail(error, options.silent)
          return false
        }
      }),
    [accept, enqueue, fail, showStatus],
  )

  /**
   * A focused write (saveAttachments, saveNswAuthority) after any pending save, with the current
   * version; `pick` says which parts of the answer the draft takes.
   */
  const write = useCallback(
    (call: (versionNumber: number) => Promise<Promotion>, pick: (draft: Draft, answer: Promotion) => Draft): Promise<Promotion | null> =>
      save().then((saved) =>
        !saved
          ? null
          : enqueue(async () => {
              showStatus('saving')
              try {
                const answer = await call(versionRef.current)
                accept(answer, null, pick)
                showStatus('saved')
                return answer
              } catch (error) {
                showStatus('error')
                throw error
              }
            }),
      ),
    [accept, enqueue, save, showStatus],
  )

  return {
    promotion,
    draft,
    loadError,
    saveStatus,
    saveError,
    dismissSaveError: () => setSaveError(null),
    serverErrors,
    update,
    replace,
    save,
    write,
    isDirty: () => dirtyRef.current,
  }
}

export type PermitEditor = ReturnType<typeof usePermitEditor>
