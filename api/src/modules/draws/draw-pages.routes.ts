import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Router } from 'express'
import { AppError, canonicalRow, csvSafeRow, DrawPublicQuerySchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { parseInput } from '../../http/route'
import { asPdfFailure } from '../../pdf/pdf-failure'
import { getPublicDraw, getWinnersPage, requireDraw } from './draw-service'
import { writeSafeRows } from './canonical-file'
import { ensureCertificate } from './certificate'
import { repoRoot } from '../../server/paths'
import { verifyPanelScript } from './verify-panel-bundle'
import { ALGORITHM_PATH, renderDrawPage, renderWinnersNotFound, renderWinnersPage, renderWinnersPending, VERIFIER_PATH } from './draw-page'

/**
 * Public draw pages (issue 15): `/draws/{publicId}/` (HTML record with the verify panel),
 * `/draws/{publicId}/certificate.pdf`, `/draws/verify.js`; and the owner's entries file at
 * `/download/draw/{id}/entries.csv`.
 */
export function drawPageRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  // Bundled at build time (server/build.ts), never when a page is asked for (issue 31).
  router.get('/draws/verify.js', async (_req, res) => {
    const script = await verifyPanelScript()
    res.set('Content-Type', 'text/javascript; charset=utf-8')
    res.set('Cache-Control', 'public, max-age=300')
    res.send(script)
  })
  // The algorithm and the verifier, linked from every record: anyone can read and run them.
  router.get(ALGORITHM_PATH, async (_req, res) => {
    res.set('Content-Type', 'text/markdown; charset=utf-8')
    res.set('Cache-Control', 'public, max-age=300')
    res.send(await readFile(path.join(repoRoot, 'docs/draw-algorithm.md'), 'utf8'))
  })
  router.get(VERIFIER_PATH, async (_req, res) => {
    res.set('Content-Type', 'text/javascript; charset=utf-8')
    res.set('Content-Disposition', 'attachment; filename="verify-draw.mjs"')
    res.set('Cache-Control', 'public, max-age=300')
    res.send(await readFile(path.join(repoRoot, 'scripts/verify-draw.mjs'), 'utf8'))
  })
  router.get('/draws/:publicId', async (req, res) => {
    // Express matches with and without the trailing slash: the record's address has one.
    if (!req.path.endsWith('/')) return res.redirect(301, `/draws/${encodeURIComponent(req.params.publicId)}/`)
    const { publicId } = parseInput(DrawPublicQuerySchema, { publicId: req.params.publicId })
    const view = await getPublicDraw(deps, publicId)
    res.set('Content-Type', 'text/html; charset=utf-8')
    res.set('Cache-Control', 'no-cache')
    res.send(renderDrawPage(view))
  })
  router.get('/draws/:publicId/certificate.pdf', async (req, res) => {
    const { publicId } = parseInput(DrawPublicQuerySchema, { publicId: req.params.publicId })
    const view = await getPublicDraw(deps, publicId)
    // Stored once per state of the record; signed-in people print before anonymous requests.
    let stored: { key: string; etag: string }
    try {
      stored = await ensureCertificate(deps, view, res.locals.user ? 'customer' : 'anonymous')
    } catch (error) {
      throw asPdfFailure(error)
    }
    res.set('ETag', stored.etag)
    // Short and revalidated: a cancel or a new draw of the promotion changes the record.
    res.set('Cache-Control', 'public, max-age=300, must-revalidate')
    if (req.headers['if-none-match'] === stored.etag) return res.status(304).end()
    const file = await deps.storage.get(stored.key)
    if (!file) throw new AppError('NOT_FOUND')
    res.set('Content-Type', 'application/pdf')
    res.set('Content-Disposition', `inline; filename="draw-certificate-${view.publicId}.pdf"`)
    file.pipe(res)
  })
  router.get('/winners/:publicId', async (req, res) => {
    if (!req.path.endsWith('/')) return res.redirect(301, `/winners/${encodeURIComponent(req.params.publicId)}/`)
    const { publicId } = parseInput(DrawPublicQuerySchema, { publicId: req.params.publicId })
    res.set('Content-Type', 'text/html; charset=utf-8')
    res.set('Cache-Control', 'no-cache')
    const page = await getWinnersPage(deps, publicId, new Date()).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined
      throw error
    })
    if (!page) return res.status(404).send(renderWinnersNotFound())
    res.send(page.kind === 'pending' ? renderWinnersPending(page) : renderWinnersPage(page))
  })
  router.get('/download/draw/:id/entries.csv', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const id = Number(req.params.id)
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND')
    const draw = await requireDraw(deps, { userId: user.id, isStaff: user.isStaff }, id)
    const stream = draw.entriesKey ? await deps.storage.get(draw.entriesKey) : undefined
    if (!stream) throw new AppError('NOT_FOUND')
    res.set('Content-Type', 'text/csv; charset=utf-8')
    res.set('Content-Disposition', `attachment; filename="draw-${draw.id}-entries.csv"`)
    res.set('Cache-Control', 'private, no-store')
    // The canonical entries, with the header row put back so the file opens as a CSV; cells that
    // a spreadsheet would run as formulas are neutralised (issue 23).
    if (draw.header?.length) res.write(`${csvSafeRow(canonicalRow(draw.header))}\n`)
    await writeSafeRows(stream, res)
    res.end()
  })
  return router
}
