import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paymentKeys } from '../api/payment-reads'
import { useSkillOption } from './use-skill-option'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The server's answer to /api/terms/get, held until the test releases it (a loaded machine). */
function holdTermsAnswer() {
  let release: (option: string | null) => void = () => {}
  const answer = new Promise<string | null>((resolve) => (release = resolve))
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url))
      const option = await answer
      return new Response(JSON.stringify({ skillsBasedTCPaymentOption: option }), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  return { release: (option: string | null) => act(async () => release(option)), asked }
}

function Probe({ enabled = true }: { enabled?: boolean }) {
  const [option, choose] = useSkillOption(7, enabled)
  return (
    <>
      <output data-testid="option">{option}</output>
      <button type="button" onClick={() => choose('250')}>
        Choose $250
      </button>
    </>
  )
}

let client: QueryClient
const show = (enabled?: boolean) => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <Probe enabled={enabled} />
    </QueryClientProvider>,
  )
}
/** The stored option's answer has been read into the cache (what a late answer could act on). */
async function answered() {
  await vi.waitFor(() => expect(client.getQueryState(paymentKeys.skillOption(7))?.status).toBe('success'))
  // And rendered: the screen has had its chance to act on it.
  await act(async () => {})
}

describe('the skill-based T&C option on the payment screen (issue 25: no late answer overrides a choice)', () => {
  it('starts at the list price and takes the option stored at an earlier attempt when it arrives', async () => {
    const terms = holdTermsAnswer()
    show()
    expect(screen.getByTestId('option').textContent).toBe('150')
    await terms.release('1000')
    await vi.waitFor(() => expect(screen.getByTestId('option').textContent).toBe('1000'))
    expect(terms.asked.some((url) => url.includes('/api/terms/get') && url.includes('promotionId=7'))).toBe(true)
  })

  it('keeps the customer’s choice when the stored option arrives after it', async () => {
    const terms = holdTermsAnswer()
    show()
    fireEvent.click(screen.getByRole('button', { name: 'Choose $250' }))
    expect(screen.getByTestId('option').textContent).toBe('250')
    await terms.release('150')
    await answered()
    expect(client.getQueryData(paymentKeys.skillOption(7))).toBe('150')
    expect(screen.getByTestId('option').textContent).toBe('250')
  })

  it('ignores a stored value that is not one of the options, and asks nothing for a promotion without skill T&Cs', async () => {
    const terms = holdTermsAnswer()
    show()
    await terms.release('999')
    await answered()
    expect(screen.getByTestId('option').textContent).toBe('150')
    cleanup()
    const none = holdTermsAnswer()
    show(false)
    await act(async () => {})
    expect(none.asked).toEqual([])
    expect(screen.getByTestId('option').textContent).toBe('150')
  })
})
