import type { Browser, Page, PDFOptions } from 'puppeteer-core'
import { AppError, MSG_PDF_BUSY } from '@permitdesk/shared'
import { findChromium } from './find-chromium'
import { launchSandboxed, type SandboxMode } from './chromium-sandbox'

export type PdfServiceOptions = {
  chromiumPath?: string
  poolSize?: number
  /** Documents that may wait for a page; past this a render is refused at once (503) instead of queueing without end. */
  maxQueue?: number
  /** Told once which sandbox mode Chromium runs in. */
  logger?: { info: (message: string, fields?: Record<string, unknown>) => void; warn: (message: string, fields?: Record<string, unknown>) => void }
  /** Anonymous documents that may wait; past this an anonymous render is refused at once (503 + Retry-After). */
  maxAnonymousQueue?: number
}
/**
 * Who a document is for (issue 23): signed-in customers and staff are served before anonymous
 * requests, and anonymous ones never take the last page, so a customer never waits behind them.
 * `background` (issue 31) is work nobody is waiting on (mail attachments, lodgement packs): it is
 * served last, never takes the last page and is never refused (its job simply waits its turn), so
 * a burst of it can neither fill the customers' queue nor make a customer's request get the 503.
 */
export type PdfPriority = 'customer' | 'anonymous' | 'background'
export type RenderOptions = Pick<PDFOptions, 'landscape' | 'margin' | 'displayHeaderFooter' | 'headerTemplate' | 'footerTemplate'> & { priority?: PdfPriority }

/** What an anonymous caller refused for overload is told to wait, in seconds. */
export const PDF_RETRY_AFTER_SECONDS = 5

/**
 * Prints HTML to PDF with one warm Chromium and a small pool of reusable pages (DESIGN.md section
 * 5). The browser starts on first use and again if it ever dies; callers past the pool size wait
 * their turn rather than opening more tabs than two cores can print.
 */
export class PdfService {
  private browser: Promise<Browser> | undefined
  private idle: Page[] = []
  private busy = 0
  private anonymousBusy = 0
  private backgroundBusy = 0
  private waiting: Array<() => void> = []
  private waitingAnonymous: Array<() => void> = []
  private waitingBackground: Array<() => void> = []
  private readonly poolSize: number
  private readonly maxQueue: number
  private readonly maxAnonymousQueue: number
  private readonly executablePath: string
  private readonly logger: PdfServiceOptions['logger']
  private sandbox: SandboxMode | undefined
  private sandboxLogged = false

  constructor(options: PdfServiceOptions = {}) {
    // Resolved now so a missing browser is reported when the service is built, not mid-request.
    this.executablePath = findChromium(options.chromiumPath)
    this.poolSize = options.poolSize ?? 4
    this.maxQueue = options.maxQueue ?? 32
    this.logger = options.logger
    this.maxAnonymousQueue = options.maxAnonymousQueue ?? 8
  }

  /** How the running browser is sandboxed (undefined before the first launch). */
  get sandboxMode(): SandboxMode | undefined {
    return this.sandbox
  }

  /** Pages anonymous documents may hold at once: all but one, so a customer's document starts at once. */
  private get anonymousLimit() {
    return Math.max(1, this.poolSize - 1)
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // puppeteer is loaded with the first document, not at every server start (issue 29).
      const launch = async (args: string[]) =>
        (await import('puppeteer-core')).default.launch({
          executablePath: this.executablePath,
          headless: true,
          // The server's own shutdown closes the browser; puppeteer's handlers would exit the process early.
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
          args,
        })
      const args = [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
        '--no-first-run',
        '--font-render-hinting=none',
      ]
      // The sandbox where the kernel allows it (chromium-sandbox.ts); said once per process.
      this.browser = launchSandboxed(launch, args, { uid: process.getuid?.(), log: this.sandboxLogged ? undefined : this.logger })
        .then(({ browser, mode }) => {
          this.sandbox = mode
          this.sandboxLogged = true
          return browser
        })
        .then((browser) => {
          browser.on('disconnected', () => {
            this.browser = undefined
            this.idle = []
          })
          return browser
        })
        .catch((error) => {
          this.browser = undefined
          throw error
        })
    }
    return this.browser
  }

  /** Starts the browser ahead of the first document, so that one is fast too. */
  async warm(): Promise<void> {
    await this.release(await this.acquire())
  }

  private async acquire(priority: PdfPriority = 'customer'): Promise<Page> {
    if (priority === 'background') {
      const full = () => this.busy >= this.poolSize || this.backgroundBusy >= this.anonymousLimit
      while (full()) await new Promise<void>((resolve) => this.waitingBackground.push(resolve))
      this.backgroundBusy++
    } else if (priority === 'anonymous') {
      const full = () => this.busy >= this.poolSize || this.anonymousBusy >= this.anonymousLimit
      if (full() && this.waitingAnonymous.length >= this.maxAnonymousQueue)
        throw new AppError('UNAVAILABLE', MSG_PDF_BUSY, { retryAfterSeconds: PDF_RETRY_AFTER_SECONDS })
      while (full()) await new Promise<void>((resolve) => this.waitingAnonymous.push(resolve))
      this.anonymousBusy++
    } else {
      if (this.busy >= this.poolSize && this.waiting.length >= this.maxQueue)
        throw new AppError('UNAVAILABLE', MSG_PDF_BUSY, { retryAfterSeconds: PDF_RETRY_AFTER_SECONDS })
      while (this.busy >= this.poolSize) await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
    this.busy++
    try {
      const page = this.idle.pop()
      if (page && !page.isClosed()) return page
      const browser = await this.launch()
      const fresh = await browser.newPage()
      // Documents are self-contained HTML: no script runs (so no WebSocket or fetch can start), no
      // WebSocket is allowed even so, and nothing may be fetched from the network while printing.
      await fresh.setJavaScriptEnabled(false)
      const cdp = await fresh.createCDPSession()
      await cdp.send('Network.enable')
      await cdp.send('Network.setBlockedURLs', { urls: ['ws://*', 'wss://*', 'http://*', 'https://*'] })
      await fresh.setRequestInterception(true)
      fresh.on('request', (request) => (request.url().startsWith('data:') || request.url() === 'about:blank' ? request.continue() : request.abort()))
      return fresh
    } catch (error) {
      this.busy--
      this.releaseClass(priority)
      this.wakeNext()
      throw error
    }
  }

  private releaseClass(priority: PdfPriority) {
    if (priority === 'anonymous') this.anonymousBusy--
    if (priority === 'background') this.backgroundBusy--
  }

  /**
   * A page is free: a waiting customer first, else an anonymous caller, else background work
   * (each re-checks its limit and waits again if it may not take the page).
   */
  private wakeNext() {
    if (this.busy >= this.poolSize) return
    // Skipping a class at its limit, so a free page never idles while someone could take it.
    const next =
      this.waiting.shift() ??
      (this.anonymousBusy < this.anonymousLimit ? this.waitingAnonymous.shift() : undefined) ??
      (this.backgroundBusy < this.anonymousLimit ? this.waitingBackground.shift() : undefined)
    next?.()
  }

  private async release(page: Page, priority: PdfPriority = 'customer') {
    this.busy--
    this.releaseClass(priority)
    if (!page.isClosed() && this.idle.length < this.poolSize) this.idle.push(page)
    this.wakeNext()
  }

  /** A4 PDF of a complete HTML document. */
  async render(html: string, { priority = 'customer', ...options }: RenderOptions = {}): Promise<Buffer> {
    const page = await this.acquire(priority)
    let healthy = true
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: 20_000 })
      const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' }, ...options })
      return Buffer.from(pdf)
    } catch (error) {
      healthy = false
      await page.close().catch(() => {})
      throw error
    } finally {
      if (healthy) await page.goto('about:blank').catch(() => {})
      await this.release(page, priority)
    }
  }

  async close(): Promise<void> {
    const browser = this.browser
    this.browser = undefined
    this.idle = []
    if (browser) await (await browser).close().catch(() => {})
  }
}
