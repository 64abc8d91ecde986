import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Request, Response } from 'express'
import {
  CMS_BUILD_STEPS,
  LABEL_CMS_BUILD_PROGRESS,
  LABEL_CMS_PREPARING_APP_LINK,
  LABEL_CMS_PREPARING_SITE_LINK,
  MSG_CMS_BUILD_FAILED,
  MSG_CMS_BUILD_FAILED_DETAIL,
  MSG_CMS_PREPARING,
  MSG_CMS_PREPARING_DETAIL,
  MSG_CMS_PREPARING_MEANWHILE,
  MSG_CMS_PREPARING_REFRESH,
  MSG_CMS_PREPARING_RETRY,
  msgCmsBuildProgress,
  type CmsAdminState,
  type CmsBuildStep,
} from '@permitdesk/shared'
import type { NextHandler } from './gateway'
import { parts } from './paths'

/** How far into the build each step begins and ends, in percent (the bar moves by time within a step). */
const STEP_RANGE: Record<CmsBuildStep, [number, number]> = {
  waiting: [0, 95],
  importmap: [0, 5],
  compiling: [5, 60],
  checking: [60, 75],
  pages: [75, 92],
  finishing: [92, 98],
  starting: [98, 100],
}
const NUMBERED = CMS_BUILD_STEPS.filter((step) => step.key !== 'waiting')
/** A first build's length when no earlier one was timed (a cold `next build` here: 80-180 s). */
const DEFAULT_BUILD_SECONDS = 120
const RETRY_AFTER_SECONDS = 5

export type CmsProgress = { step: CmsBuildStep; text: string; percent: number }

/**
 * The CMS admin behind the gateway (issue 29): while its build runs in a child process, every
 * `/cms/`, `/cms-api/` and `/_next/` request gets a 503 (a page that follows the build for a
 * person, JSON with Retry-After for a program); once Next is prepared it takes over, without a restart.
 */
export class CmsAdmin {
  private current: CmsAdminState
  private step: CmsBuildStep = 'importmap'
  private readonly startedAt: number
  private next?: NextHandler

  constructor(private readonly options: { expectedSeconds?: number; now?: () => number; ready?: NextHandler } = {}) {
    this.startedAt = this.now()
    this.next = options.ready
    this.current = options.ready ? 'ready' : 'building'
  }

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  get state(): CmsAdminState {
    return this.current
  }

  setStep(step: CmsBuildStep) {
    this.step = step
  }

  ready(handler: NextHandler) {
    this.next = handler
    this.current = 'ready'
  }

  fail() {
    this.current = 'failed'
  }

  progress(): CmsProgress {
    const [from, to] = STEP_RANGE[this.step]
    const elapsed = (this.now() - this.startedAt) / 1000
    const byTime = (elapsed / (this.options.expectedSeconds ?? DEFAULT_BUILD_SECONDS)) * 100
    const percent = Math.round(Math.min(Math.max(byTime, from), Math.max(from, to - 1)))
    const index = NUMBERED.findIndex((step) => step.key === this.step)
    const label = CMS_BUILD_STEPS.find((step) => step.key === this.step)!.label
    return { step: this.step, text: index === -1 ? `${label}.` : msgCmsBuildProgress(index + 1, NUMBERED.length, label), percent }
  }

  handle: NextHandler = async (req, res) => {
    if (this.next) return this.next(req, res)
    answerNotReady(req, res, this.current, this.progress())
  }
}

function answerNotReady(req: Request, res: Response, state: CmsAdminState, progress: CmsProgress) {
  res.status(503)
  res.set('Cache-Control', 'no-store')
  if (state === 'building') res.set('Retry-After', String(RETRY_AFTER_SECONDS))
  const lower = req.path.toLowerCase()
  const page =
    (req.method === 'GET' || req.method === 'HEAD') &&
    lower !== '/cms-api' &&
    !lower.startsWith('/cms-api/') &&
    !lower.startsWith('/_next/') &&
    req.accepts(['json', 'html']) === 'html'
  if (!page) {
    res.json({
      message: state === 'failed' ? `${MSG_CMS_BUILD_FAILED}. ${MSG_CMS_BUILD_FAILED_DETAIL}` : MSG_CMS_PREPARING_RETRY,
      modelState: {},
      code: 'CMS_NOT_READY',
      state,
      progress,
    })
    return
  }
  res.set('Content-Security-Policy', PAGE_CSP)
  res.type('html').send(state === 'failed' ? failedPage() : preparingPage(progress))
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// The design tokens of the site and the app (colours, type, spacing), so this page looks like them.
const TOKENS = fs.readFileSync(path.join(parts.shared, 'src', 'ui', 'tokens.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
const STYLE = `${TOKENS}
body{margin:0;background:var(--pd-bg);color:var(--pd-ink);font-family:var(--pd-font);line-height:var(--pd-leading)}
main{max-width:36rem;margin:0 auto;padding:var(--pd-space-6) var(--pd-space-4)}
h1{font-size:var(--pd-text-2xl);line-height:1.2;margin:0 0 var(--pd-space-4)}
p{margin:0 0 var(--pd-space-4)}
progress{display:block;width:100%;height:.75rem;margin:0 0 var(--pd-space-5);accent-color:var(--pd-accent)}
a{color:var(--pd-accent-dark)}
a:focus-visible{outline:3px solid var(--pd-accent);outline-offset:2px}
ul{margin:0;padding-left:1.25rem}`

// Polls this same address as JSON (the 503 above carries the progress); anything but a 503 means
// the admin is ready (or failed), and a reload shows it. The status line changes only with the step.
const SCRIPT = `(function(){var s=document.getElementById('cms-step'),b=document.getElementById('cms-bar');function poll(){fetch(location.href,{headers:{accept:'application/json'},cache:'no-store'}).then(function(r){if(r.status!==503)return location.reload();return r.json().then(function(j){if(j.state!=='building')return location.reload();if(s.textContent!==j.progress.text)s.textContent=j.progress.text;b.value=j.progress.percent;b.textContent=j.progress.percent+'%';setTimeout(poll,3000)})}).catch(function(){setTimeout(poll,5000)})}setTimeout(poll,3000)})()`
const SCRIPT_HASH = crypto.createHash('sha256').update(SCRIPT).digest('base64')
const PAGE_CSP = `default-src 'none'; script-src 'sha256-${SCRIPT_HASH}'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`

const shell = (title: string, body: string) =>
  `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escape(title)} · PermitDesk</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`

const meanwhile = `<p>${escape(MSG_CMS_PREPARING_MEANWHILE)}</p><ul><li><a href="/">${escape(LABEL_CMS_PREPARING_SITE_LINK)}</a></li><li><a href="/account/login/">${escape(LABEL_CMS_PREPARING_APP_LINK)}</a></li></ul>`

export function preparingPage(progress: CmsProgress): string {
  return shell(
    MSG_CMS_PREPARING,
    `<h1>${escape(MSG_CMS_PREPARING)}</h1><p>${escape(MSG_CMS_PREPARING_DETAIL)}</p>` +
      `<p id="cms-step" role="status">${escape(progress.text)}</p>` +
      `<progress id="cms-bar" max="100" value="${progress.percent}" aria-label="${escape(LABEL_CMS_BUILD_PROGRESS)}">${progress.percent}%</progress>` +
      `<noscript><p>${escape(MSG_CMS_PREPARING_REFRESH)}</p></noscript>${meanwhile}<script>${SCRIPT}</script>`,
  )
}

export function failedPage(): string {
  return shell(MSG_CMS_BUILD_FAILED, `<h1>${escape(MSG_CMS_BUILD_FAILED)}</h1><p>${escape(MSG_CMS_BUILD_FAILED_DETAIL)}</p>${meanwhile}`)
}
