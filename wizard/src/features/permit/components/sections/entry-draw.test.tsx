import {
  DRAW_METHOD_FLAGS,
  ENTRY_MECHANIC_PRESETS,
  ENTRY_METHOD_FLAGS,
  MSG_FINAL_DRAW_AFTER_END,
  type Promotion,
  getApplicationIssues,
} from '@permitdesk/shared'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense, type ComponentType } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PermitEditor } from '../../hooks/use-permit-editor'
import { EditorProvider } from '../editor-context'
import { loadDateFields } from '../fields'
import { EntrySection } from './entry'
import { FinalDrawSection } from './final-draw'
import { UnclaimedDrawSection } from './unclaimed-draw'

afterEach(cleanup)

type DraftOverrides = Omit<Partial<Promotion>, 'permit'> & { permit?: Partial<Promotion['permit']> }

/** A promotion as GET /api/promotion/get answers it, with only the fields these sections read. */
function createDraft({ permit, ...overrides }: DraftOverrides = {}): Promotion {
  return {
    id: 1,
    name: 'Win a car',
    ausStates: { act: false, nsw: true, sa: false, vic: false, nt: false, wa: false, qld: false, tas: false, all: false },
    totalPrizeValue: 500_000,
    managedSubmission: true,
    skillsBasedTC: false,
    termsAndConditions: false,
    attachments: [],
    incompleteActionFields: [],
    ...overrides,
    permit: { startDate: '2031-03-01', endDate: '2031-03-31', ...permit },
  } as unknown as Promotion
}

/** The section as the editor draws it: inside its Suspense boundary, once the date fields' code has arrived (the editor fetches it after its first paint). */
async function renderSection(Section: ComponentType, draft: Promotion) {
  await loadDateFields()
  const update = vi.fn()
  const editor = { serverErrors: {}, update } as unknown as PermitEditor
  render(
    <EditorProvider editor={editor} draft={draft} issues={getApplicationIssues(draft, { now: new Date() })} revealed={false} readOnly={false}>
      <Suspense fallback={<p>Loading the section</p>}>
        <Section />
      </Suspense>
    </EditorProvider>,
  )
  await waitFor(() => expect(screen.queryByText('Loading the section')).toBeNull())
  return { update }
}

describe('EntrySection', () => {
  it('asks for the entry website only when internet entry is chosen', async () => {
    await renderSection(EntrySection, createDraft({ permit: { entryMethodsValue: ENTRY_METHOD_FLAGS.mail } }))
    expect(screen.queryByLabelText('Entry website')).toBeNull()
    cleanup()

    await renderSection(EntrySection, createDraft({ permit: { entryMethodsValue: ENTRY_METHOD_FLAGS.internet } }))
    expect(screen.getByLabelText('Entry website')).toBeTruthy()
  })

  it('asks a game of skill for its judging criteria and judges (for its T&Cs)', async () => {
    await renderSection(EntrySection, createDraft())
    expect(screen.queryByLabelText('Judging criteria')).toBeNull()
    cleanup()

    const { update } = await renderSection(EntrySection, createDraft({ skillsBasedTC: true }))
    fireEvent.change(screen.getByLabelText('Judging criteria'), { target: { value: 'Originality' } })
    expect(update).toHaveBeenCalledWith('permit.judgingCriteria', 'Originality')
    expect(screen.getByLabelText('Judges')).toBeTruthy()
  })

  it('adds a ticked entry method to the flags', async () => {
    const { update } = await renderSection(EntrySection, createDraft({ permit: { entryMethodsValue: ENTRY_METHOD_FLAGS.internet } }))
    const methods = screen.getByRole('group', { name: /How can people enter/ })
    fireEvent.click(within(methods).getByLabelText('Mail'))
    expect(update).toHaveBeenCalledWith('permit.entryMethodsValue', ENTRY_METHOD_FLAGS.internet | ENTRY_METHOD_FLAGS.mail)
  })

  it('fills the entry mechanic from a preset', async () => {
    const { update } = await renderSection(EntrySection, createDraft())
    const preset = ENTRY_MECHANIC_PRESETS[0]!
    fireEvent.click(screen.getByRole('button', { name: `Use wording: ${preset.label}` }))
    expect(update).toHaveBeenCalledWith('permit.entryMechanic', preset.text)
  })
})

describe('FinalDrawSection', () => {
  const nsw20000 = { totalPrizeValue: 2_000_000 }

  it('asks the scrutineer question for an NSW promotion of $20,000 with a drawn method', async () => {
    await renderSection(FinalDrawSection, createDraft({ ...nsw20000, permit: { drawMethodsValue: DRAW_METHOD_FLAGS.singleAll } }))
    expect(screen.getByRole('group', { name: /Will a scrutineer oversee the draw/ })).toBeTruthy()
  })

  it('does not ask it when winners are not drawn', async () => {
    await renderSection(FinalDrawSection, createDraft({ ...nsw20000, permit: { drawMethodsValue: DRAW_METHOD_FLAGS.instantElectronic } }))
    expect(screen.queryByRole('group', { name: /scrutineer/ })).toBeNull()
    expect(screen.queryByLabelText('Final draw date')).toBeNull()
  })

  it('resets the machine-approved flag when the draw is not by machine', async () => {
    const { update } = await renderSection(
      FinalDrawSection,
      createDraft({ permit: { drawMethodsValue: DRAW_METHOD_FLAGS.singleAll, isComputerDraw: true, randomDrawMachineApproved: true } }),
    )
    expect(screen.getByRole('group', { name: /machine approved/ })).toBeTruthy()
    fireEvent.click(within(screen.getByRole('group', { name: /drawn by computer/ })).getByLabelText('No'))
    expect(update).toHaveBeenCalledWith('permit.isComputerDraw', false)
    expect(update).toHaveBeenCalledWith('permit.randomDrawMachineApproved', false)
  })

  it('notes, without blocking or alarming, when the final draw is after the end (the usual case)', async () => {
    await renderSection(FinalDrawSection, createDraft({ permit: { drawMethodsValue: DRAW_METHOD_FLAGS.singleAll, finalDraw: { date: '2031-04-02' } } }))
    expect(screen.getByRole('status').textContent).toBe(MSG_FINAL_DRAW_AFTER_END)
    expect(screen.getByRole('status').querySelector('.notice.info')).not.toBeNull()
  })
})

describe('UnclaimedDrawSection', () => {
  it('copies the final draw location', async () => {
    const address = { lineOne: '1 George St', lineTwo: null, suburb: 'Sydney', state: 'NSW', postcode: '2000' }
    const { update } = await renderSection(
      UnclaimedDrawSection,
      createDraft({ permit: { drawMethodsValue: DRAW_METHOD_FLAGS.singleAll, finalDraw: { locationOrganisation: 'Acme', locationAddress: address } } }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Same as final draw' }))
    expect(update).toHaveBeenCalledWith('permit.unclaimedDraw', expect.objectContaining({ locationOrganisation: 'Acme', locationAddress: address }))
  })

  it('says no unclaimed draw is needed for instant wins', async () => {
    await renderSection(UnclaimedDrawSection, createDraft({ permit: { drawMethodsValue: DRAW_METHOD_FLAGS.instantNonElectronic } }))
    expect(screen.getByText(/No unclaimed prize draw is needed/)).toBeTruthy()
  })
})
