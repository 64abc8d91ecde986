import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { ChromiumNotFoundError, findChromium } from './find-chromium'
import { PdfService } from './pdf-service'

const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')

describe('findChromium', () => {
  it('refuses a CHROMIUM_PATH that does not exist, with a clear message', () => {
    expect(() => findChromium('/nowhere/chromium')).toThrow(ChromiumNotFoundError)
    expect(() => findChromium('/nowhere/chromium')).toThrow(/set CHROMIUM_PATH/)
  })
})

describe.runIf(hasChromium)('PdfService (real Chromium)', () => {
  const service = new PdfService({ poolSize: 2 })
  afterAll(() => service.close())

  it('prints HTML to a PDF', async () => {
    const pdf = await service.render('<!doctype html><html><body><h1>Permit application</h1><p>NSW, ACT</p></body></html>')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.length).toBeGreaterThan(1000)
    // Issue 24: no --no-sandbox unless running as root or the sandbox could not start.
    if (process.getuid?.() === 0) expect(service.sandboxMode).toBe('no-sandbox: running as root')
    else expect(service.sandboxMode).toMatch(/^(sandbox|no-sandbox: the sandbox could not start)$/)
  })

  it('prints more documents at once than it has pages, each one whole', async () => {
    const pdfs = await Promise.all(Array.from({ length: 5 }, (_, i) => service.render(`<!doctype html><h1>Document ${i}</h1>`)))
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('fetches nothing from the network while printing', async () => {
    const pdf = await service.render('<!doctype html><img src="http://tracker.example.invalid/pixel.png"><p>ok</p>')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('runs no script and opens no WebSocket or request while printing (issue 18)', async () => {
    const hits: string[] = []
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '')
      res.end('x')
    })
    server.on('upgrade', (req, socket) => {
      hits.push(`upgrade ${req.url}`)
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const port = (server.address() as AddressInfo).port
    try {
      const pdf = await service.render(
        `<!doctype html><p>ok</p><script>new WebSocket('ws://127.0.0.1:${port}/ws'); fetch('http://127.0.0.1:${port}/fetch'); document.title = 'ran'</script><img src="http://127.0.0.1:${port}/img">`,
      )
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      // No fixed wait: the document was printed after its load event, so whatever it fetched had
      // been answered (and recorded) by then. A request of ours, answered after everything the
      // server received before it, closes the window for a late arrival.
      await fetch(`http://127.0.0.1:${port}/sentinel`).then((response) => response.text())
      expect(hits).toEqual(['/sentinel'])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('refuses documents past its queue at once (503) instead of queueing without end', async () => {
    const small = new PdfService({ poolSize: 1, maxQueue: 1 })
    try {
      const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => small.render(`<!doctype html><h1>Queued ${i}</h1>`)))
      const refused = results.filter((r) => r.status === 'rejected')
      expect(results.filter((r) => r.status === 'fulfilled').length).toBe(2)
      expect(refused.length).toBe(2)
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'UNAVAILABLE' })
    } finally {
      await small.close()
    }
  })
})

describe.runIf(hasChromium)('PdfService priority (issue 23)', () => {
  const service = new PdfService({ poolSize: 2, maxAnonymousQueue: 3 })
  afterAll(() => service.close())

  it('refuses anonymous overload at once with a retry time, and prints a customer document meanwhile', async () => {
    await service.warm()
    const order: string[] = []
    // A page that takes a while (a long document) keeps the anonymous page busy.
    const long = `<!doctype html>${'<p>Certificate of electronic draw</p>'.repeat(4000)}`
    const anonymous = Array.from({ length: 10 }, (_, i) =>
      service.render(long, { priority: 'anonymous' }).then(
        () => {
          order.push(`anonymous ${i}`)
          return 'printed'
        },
        (error: { code?: string; retryAfterSeconds?: number }) => `${error.code} ${error.retryAfterSeconds}`,
      ),
    )
    const customer = service.render('<!doctype html><h1>Terms</h1>', { priority: 'customer' }).then(() => order.push('customer'))
    const outcomes = await Promise.all(anonymous)
    await customer
    // One page for anonymous at a time, three may wait: the other six are refused at once.
    expect(outcomes.filter((o) => o === 'printed')).toHaveLength(4)
    expect(outcomes.filter((o) => o === 'UNAVAILABLE 5')).toHaveLength(6)
    // The customer's document did not wait for the anonymous queue.
    expect(order.indexOf('customer')).toBeLessThanOrEqual(1)
  }, 60_000)
})

describe.runIf(hasChromium)('PdfService background priority (issue 31)', () => {
  it('serves a waiting customer, then anonymous callers, before background work, and never refuses either for it', async () => {
    // One page and room for one waiting customer: background work must not use that room.
    const service = new PdfService({ poolSize: 1, maxQueue: 1, maxAnonymousQueue: 1 })
    try {
      await service.warm()
      const order: string[] = []
      const print = (name: string, priority: 'customer' | 'anonymous' | 'background') =>
        service.render(`<!doctype html><h1>${name}</h1>`, { priority }).then(() => order.push(name))
      const background = Array.from({ length: 5 }, (_, i) => print(`background ${i}`, 'background'))
      const anonymous = print('anonymous', 'anonymous')
      const customer = print('customer', 'customer')
      await Promise.all([...background, anonymous, customer])
      // The first background document had the page; everyone who came later and waits for a person goes first.
      expect(order).toEqual(['background 0', 'customer', 'anonymous', 'background 1', 'background 2', 'background 3', 'background 4'])
    } finally {
      await service.close()
    }
  }, 60_000)

  it('leaves a page free for a customer while background work is queued', async () => {
    const service = new PdfService({ poolSize: 2 })
    try {
      await service.warm()
      const order: string[] = []
      const long = `<!doctype html>${'<p>Lodgement pack</p>'.repeat(4000)}`
      const background = Array.from({ length: 4 }, (_, i) => service.render(long, { priority: 'background' }).then(() => order.push(`background ${i}`)))
      const customer = service.render('<!doctype html><h1>Invoice</h1>', { priority: 'customer' }).then(() => order.push('customer'))
      await Promise.all([...background, customer])
      // Background holds one page at most, so the customer's document started at once on the other.
      expect(order.indexOf('customer')).toBeLessThanOrEqual(1)
    } finally {
      await service.close()
    }
  }, 60_000)
})
