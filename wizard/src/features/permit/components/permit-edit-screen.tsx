/**
 * /permit/edit/{id}/{section}/ (001 §2 "Permit application wizard"): the six steps (fewer for
 * skill and self-submitted promotions), each with its sections, the save status indicator,
 * next/previous with a save, back with a forced save, a silent save when leaving, the working
 * PDF, reuse with undo, compliance and FAQ panels and the spec's modals.
 */
import {
  customerStatusName,
  displayPrizeValue,
  findStepByRoute,
  formatAusStates,
  getVisibleSections,
  getWizardSteps,
  isEditableStatus,
  MSG_OWNER_EDITING,
  MSG_STAFF_EDITING,
  promotionTitle,
  SECTION_NAMES,
  TIMINGS,
  type ApplicationValidity,
  type StepKey,
  type WizardStep,
} from '@permitdesk/shared'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { AfterFirstPaint } from '../../../components/after-first-paint'
import { AppLayout } from '../../../components/layouts/app-layout'
import { useSession } from '../../../lib/session'
import { LazyModal, NativeButton } from '../../../components/ui'
import { promotionPaths } from '../../../config/paths'
import { SUPPORT_EMAIL } from '../../../config/settings'
import { useReportActivity } from '../../../lib/report-activity'
import { usePermitEditor, type Draft, type SaveStatus } from '../hooks/use-permit-editor'
import { useRules } from '../lib/rules'
import { EditorProvider } from './editor-context'
import { Section } from './fields'
import { LockedApplication } from './locked-application'
import { SECTION_COMPONENTS } from './sections'
import '../permit.css'

/** Compliance notes and FAQs beside the form: drawn after it, so their code comes after it too. */
const SidePanel = lazy(() => import('./side-panel').then((module) => ({ default: module.SidePanel })))

/** Until the rules have arrived: nothing marked, nothing to show (as a step nobody has left yet). */
const NOT_YET_CHECKED: ApplicationValidity = { issues: {}, sections: {}, steps: {} }

/** Every section's rules once per change of the draft: the step list, the section marks and the fields' messages (once the rules' code is in, ../lib/rules.ts). */
function useApplicationValidity(draft: Draft | null): ApplicationValidity {
  const rules = useRules(draft !== null)
  return useMemo(() => (draft && rules ? rules.getApplicationValidity(draft, { now: new Date() }) : NOT_YET_CHECKED), [draft, rules])
}

const STATUS_TEXT: Record<SaveStatus, string> = { default: '', saving: 'Saving…', saved: 'Saved', error: 'Not saved' }

function wizardContextOf(draft: Draft) {
  return {
    managedSubmission: draft.managedSubmission,
    skillsBasedTC: draft.skillsBasedTC,
    termsAndConditions: draft.termsAndConditions,
    ausStates: draft.ausStates,
  }
}

export function permitEditPath(id: number, routeKey?: string) {
  return `${promotionPaths.permitEdit(id)}${routeKey ? `${routeKey}/` : ''}`
}

export function PermitEditScreen() {
  const params = useParams()
  const id = Number(params.id)
  const { user } = useSession()
  const editor = usePermitEditor(id, user)
  // Each side is told when the other works on the same application (issues 13 and 26).
  const otherEditor = useReportActivity(id, !!user)
  const navigate = useNavigate()
  const [revealed, setRevealed] = useState<Set<StepKey>>(new Set())
  const [modal, setModal] = useState<'modifyOnly' | null>(null)
  const editorRef = useRef(editor)
  editorRef.current = editor

  // 001 §2: leaving the permit edit screen triggers a silent save (also when the page is closed).
  useEffect(() => {
    const onPageHide = () => void editorRef.current.save({ silent: true, keepalive: true })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      void editorRef.current.save({ silent: true, keepalive: true })
    }
  }, [])

  const draft = editor.draft
  const validity = useApplicationValidity(draft)
  const context = draft ? wizardContextOf(draft) : null
  const steps = context ? getWizardSteps(context) : []
  const step = context ? findStepByRoute(params.section, context) : undefined
  const stepIndex = step ? steps.findIndex((s) => s.key === step.key) : -1

  // 001 §4: the entry/draw and comments steps are flagged as visited.
  useEffect(() => {
    if (!draft || !step || !isEditableStatus(draft.permitStatus.id)) return
    if (step.key === 'entryDraw' && !draft.permit.visitedEntryDraw) editor.update('permit.visitedEntryDraw', true)
    if (step.key === 'comments' && !draft.permit.visitedComments) editor.update('permit.visitedComments', true)
  }, [draft, step, editor])

  // 001 §2: a section in the route scrolls into view (after 200 ms, and again after 500 ms once the step has laid out).
  useEffect(() => {
    const section = params.section?.toLowerCase()
    if (!section || !draft) return
    const timers = TIMINGS.sectionScrollDelaysMs.map((delay) =>
      setTimeout(() => document.getElementById(`section-${section}`)?.scrollIntoView({ block: 'start' }), delay),
    )
    return () => timers.forEach(clearTimeout)
    // Only when the route changes, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.section, draft === null])

  const goTo = useCallback(
    async (target: WizardStep | 'dashboard') => {
      if (step) setRevealed((previous) => new Set(previous).add(step.key))
      const saved = await editor.save()
      if (!saved) return
      if (target === 'dashboard') navigate(promotionPaths.dashboard(id))
      else {
        navigate(permitEditPath(id, target.routeKey))
        window.scrollTo({ top: 0 })
      }
    },
    [editor, id, navigate, step],
  )

  if (editor.loadError) {
    return (
      <AppLayout title="Permit application">
        <p className="form-error" role="alert">
          {editor.loadError.status === 404 ? 'We could not find this promotion.' : editor.loadError.message}
        </p>
        <Link to={promotionPaths.list}>My Promotions</Link>
      </AppLayout>
    )
  }
  if (!draft || !context)
    return (
      <AppLayout title="Permit application">
        <p role="status">Loading…</p>
      </AppLayout>
    )
  if (!step) return <Navigate to={permitEditPath(id)} replace />

  const readOnly = !isEditableStatus(draft.permitStatus.id)
  const title = promotionTitle(draft.name)
  const previous = steps[stepIndex - 1]
  const next = steps[stepIndex + 1]
  const sections = getVisibleSections(step, context)
  const complete = editor.promotion?.permit.applicationComplete === true && !editor.isDirty()

  return (
    <AppLayout title={`${title} · Permit application`}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={promotionPaths.list}>My Promotions</Link> › <Link to={promotionPaths.dashboard(id)}>{title}</Link>
      </nav>
      <header className="permit-header">
        <div>
          <h1>{title}</h1>
          <p className="permit-summary">
            <span data-testid="permit-status" className="status status-info">
              {customerStatusName(draft.permitStatus.id)}
            </span>{' '}
            {formatAusStates(draft.ausStates, { includeNz: draft.includeNz })} · {displayPrizeValue(draft)}{' '}
            {!readOnly && (
              <NativeButton variant="link" onClick={() => setModal('modifyOnly')}>
                Change states or prize value
              </NativeButton>
            )}
          </p>
        </div>
        <div className="permit-tools">
          {/* A locked application saves nothing: no status box (it stood empty beside Back on a phone). */}
          {!readOnly && (
            <span className={`save-status save-${editor.saveStatus}`} role="status" aria-live="polite" data-testid="save-status">
              {STATUS_TEXT[editor.saveStatus]}
            </span>
          )}
          {!readOnly && (
            <NativeButton variant="secondary" onClick={() => void editor.save({ force: true })} disabled={editor.saveStatus === 'saving'}>
              Save
            </NativeButton>
          )}
          {/* 001 §2 "back with forced save": leave only once the application is saved. */}
          <NativeButton variant="secondary" onClick={() => void goTo('dashboard')}>
            Back
          </NativeButton>
          <a
            href={`/promotions/downloadworkingpdf/${id}`}
            download
            onClick={() => {
              // "Download starting..." is announced by the app-wide DownloadNotice.
              void editor.save({ silent: true })
            }}
          >
            Download working PDF
          </a>
        </div>
      </header>

      {readOnly && <LockedApplication promotionId={id} statusId={draft.permitStatus.id} skill={draft.skillsBasedTC === true} />}
      {/* A locked application says its status and next step above; "complete" would repeat it. */}
      {complete && !readOnly && (
        <p className="notice success" role="status" data-testid="application-complete">
          Your application is complete. Status: {editor.promotion ? customerStatusName(editor.promotion.permitStatus.id) : ''}.
        </p>
      )}
      {otherEditor && (
        <p className="notice warning" role="status" data-testid="other-editor">
          {otherEditor === 'owner' ? MSG_OWNER_EDITING : MSG_STAFF_EDITING}
        </p>
      )}
      <ActionRequiredNotice draft={draft} />

      <div className="permit-layout">
        <nav aria-label="Application steps" className="permit-steps">
          <ol>
            {steps.map((s, index) => {
              const stepValidity = validity.steps[s.key] ?? 'neutral'
              return (
                <li key={s.key} className={`step validity-${stepValidity}${s.key === step.key ? ' current' : ''}`}>
                  <a
                    href={permitEditPath(id, s.routeKey)}
                    aria-current={s.key === step.key ? 'step' : undefined}
                    onClick={(event) => {
                      event.preventDefault()
                      void goTo(s)
                    }}
                  >
                    <span className="step-number">{index + 1}</span> {s.name}
                    <span className="step-validity">{stepValidity === 'valid' ? ' ✓' : stepValidity === 'invalid' ? ' !' : ''}</span>
                    <span className="visually-hidden">{stepValidity === 'valid' ? ' (complete)' : stepValidity === 'invalid' ? ' (needs attention)' : ''}</span>
                  </a>
                </li>
              )
            })}
          </ol>
        </nav>

        <EditorProvider editor={editor} draft={draft} issues={validity.issues} revealed={revealed.has(step.key)} readOnly={readOnly}>
          <form
            className="permit-form"
            id={`section-${step.routeKey}`}
            aria-labelledby="permit-step-title"
            onSubmit={(event) => {
              event.preventDefault()
              void goTo(next ?? 'dashboard')
            }}
          >
            <h2 id="permit-step-title" className="step-title">
              Step {stepIndex + 1} of {steps.length}: {step.name}
            </h2>
            {/* A later step's section loads when first opened: its fields and the step buttons appear together. */}
            <Suspense fallback={null}>
              {sections.map((key, index) => {
                const Component = SECTION_COMPONENTS[key]
                const section = (
                  <Section
                    key={key}
                    sectionKey={key}
                    title={SECTION_NAMES[key]}
                    validity={validity.sections[key] ?? 'neutral'}
                    actionRequired={draft.incompleteActionFields?.includes(key)}
                  >
                    <Component />
                  </Section>
                )
                // The step's first section at once, the others in the frames after it (first render).
                return index === 0 ? section : <AfterFirstPaint key={key}>{section}</AfterFirstPaint>
              })}
              {/* Not before the rest of the first step (drawn after its first paint), so nothing above pushes the buttons down. */}
              {/* Locked (issue 25): no Previous/Next that reads as editing, and no second way back beside the header's "Back"; the steps list still opens each step to read. */}
              {!readOnly && (
                <AfterFirstPaint>
                  <div className="step-actions">
                    {previous ? (
                      <NativeButton variant="secondary" onClick={() => void goTo(previous)}>
                        Previous: {previous.name}
                      </NativeButton>
                    ) : (
                      <NativeButton variant="secondary" onClick={() => void goTo('dashboard')}>
                        Back to the promotion
                      </NativeButton>
                    )}
                    <NativeButton type="submit">{next ? `Next: ${next.name}` : 'Save and finish'}</NativeButton>
                  </div>
                </AfterFirstPaint>
              )}
            </Suspense>
          </form>
          {/* With the step's content (below it on a phone), so it is never pushed down. */}
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <SidePanel stepKey={step.key} />
            </Suspense>
          </AfterFirstPaint>
        </EditorProvider>
      </div>

      <LazyModal
        isOpen={editor.saveError !== null}
        title="Your application could not be saved"
        onClose={editor.dismissSaveError}
        actions={
          <>
            <a className="button" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Permit application ${id}`)}`}>
              Contact us
            </a>
            <NativeButton onClick={() => window.location.assign(permitEditPath(id, step.routeKey))}>Refresh</NativeButton>
          </>
        }
      >
        <p>{editor.saveError}</p>
        <p>Refresh to load the latest copy of your application, or contact us at {SUPPORT_EMAIL} if this keeps happening.</p>
      </LazyModal>
      <LazyModal
        isOpen={modal === 'modifyOnly'}
        title="Only editable in modify promotion"
        onClose={() => setModal(null)}
        actions={
          <>
            <NativeButton variant="secondary" onClick={() => setModal(null)}>
              Cancel
            </NativeButton>
            <NativeButton
              onClick={async () => {
                setModal(null)
                if (await editor.save()) navigate(draft.skillsBasedTC ? promotionPaths.modifySkillsBased(id) : promotionPaths.modify(id))
              }}
            >
              Modify promotion
            </NativeButton>
          </>
        }
      >
        <p>
          The states, the total prize value and the services are changed on the modify promotion screen, where the permits needed and the fees are worked out
          again. Your application is saved first.
        </p>
      </LazyModal>
    </AppLayout>
  )
}

/** 001 §2: action-required items staff flagged, with their comments. */
function ActionRequiredNotice({ draft }: { draft: Draft }) {
  const fields = (draft.actionEntry?.actionFields ?? []).filter((f) => f.checked)
  if (fields.length === 0 && !draft.isActionRequired) return null
  return (
    <div className="notice warning" role="note" data-testid="action-required">
      <strong>Action required.</strong> Our team has asked you to check the highlighted items.
      {fields.length > 0 && (
        <ul>
          {fields.map((f) => (
            <li key={f.actionFieldSlug}>
              {SECTION_NAMES[f.actionFieldSlug as keyof typeof SECTION_NAMES] ?? f.actionFieldSlug}
              {f.comment ? `: ${f.comment}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
