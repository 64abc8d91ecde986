import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { AppError, canonicalRow, csvSafeRow, DrawPublicQuerySchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { parseInput } from '../../http/route'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
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
export function drawPageRoutes(deps: AppDeps): SurfaceSpec[] {
  const publicIdParams = z.object({ publicId: z.string() })
  const publicIdOf = (params: { publicId: string }) => parseInput(DrawPublicQuerySchema, { publicId: params.publicId }).publicId
  return [
    // Bundled at build time (server/build.ts), never when a page is asked for (issue 31).
    surface({
      kind: 'file',
      method: 'get',
      path: '/draws/verify.js',
      summary: 'The verify panel script of the public draw records.',
      tag: 'draws',
      access: 'public',
      contentTypes: ['text/javascript; charset=utf-8'],
      cache: 'public, max-age=300',
      handler: async () => ({ body: await verifyPanelScript() }),
    }),
    // The algorithm and the verifier, linked from every record: anyone can read and run them.
    surface({
      kind: 'file',
      method: 'get',
      path: ALGORITHM_PATH,
      summary: 'The published draw algorithm (Markdown).',
      tag: 'draws',
      access: 'public',
      contentTypes: ['text/markdown; charset=utf-8'],
      cache: 'public, max-age=300',
      handler: async () => ({ body: await readFile(path.join(repoRoot, 'docs/draw-algorithm.md'), 'utf8') }),
    }),
    surface({
      kind: 'file',
      method: 'get',
      path: VERIFIER_PATH,
      summary: 'The standalone draw verifier (a Node script).',
      tag: 'draws',
      access: 'public',
      contentTypes: ['text/javascript; charset=utf-8'],
      cache: 'public, max-age=300',
      handler: async () => ({ body: await readFile(path.join(repoRoot, 'scripts/verify-draw.mjs'), 'utf8'), filename: 'verify-draw.mjs' }),
    }),
    surface({
      kind: 'html',
      method: 'get',
      path: '/draws/:publicId',
      summary: 'The public record of a draw, with the verify panel.',
      access: 'public',
      params: publicIdParams,
      trailingSlash: true,
      contentTypes: ['text/html; charset=utf-8'],
      cache: 'no-cache',
      handler: async ({ params }) => ({ body: renderDrawPage(await getPublicDraw(deps, publicIdOf(params))) }),
    }),
    surface({
      kind: 'file',
      method: 'get',
      path: '/draws/:publicId/certificate.pdf',
      summary: 'The certificate of a published draw (PDF; ETag, revalidated after 5 minutes).',
      tag: 'draws',
      access: 'public',
      params: publicIdParams,
      contentTypes: ['application/pdf'],
      // Short and revalidated: a cancel or a new draw of the promotion changes the record.
      cache: 'public, max-age=300, must-revalidate',
      handler: async ({ params, user }) => {
        const view = await getPublicDraw(deps, publicIdOf(params))
        // Stored once per state of the record; signed-in people print before anonymous requests.
        const stored = await ensureCertificate(deps, view, user ? 'customer' : 'anonymous').catch((error: unknown) => {
          throw asPdfFailure(error)
        })
        return {
          etag: stored.etag,
          filename: `draw-certificate-${view.publicId}.pdf`,
          inline: true,
          body: async () => {
            const file = await deps.storage.get(stored.key)
            if (!file) throw new AppError('NOT_FOUND')
            return file
          },
        }
      },
    }),
    surface({
      kind: 'html',
      method: 'get',
      path: '/winners/:publicId',
      summary: 'The published winners of a draw (or when they will be published).',
      access: 'public',
      params: publicIdParams,
      trailingSlash: true,
      contentTypes: ['text/html; charset=utf-8'],
      cache: 'no-cache',
      handler: async ({ params }) => {
        const page = await getWinnersPage(deps, publicIdOf(params), new Date()).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined
          throw error
        })
        if (!page) return { status: 404, body: renderWinnersNotFound() }
        return { body: page.kind === 'pending' ? renderWinnersPending(page) : renderWinnersPage(page) }
      },
    }),
    surface({
      kind: 'file',
      method: 'get',
      path: '/download/draw/:id/entries.csv',
      summary: 'The canonical entries file of a draw, with its header row (its owner and staff).',
      tag: 'draws',
      access: 'user',
      params: idParams('id'),
      contentTypes: ['text/csv; charset=utf-8'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const draw = await requireDraw(deps, owner, params.id)
        const stream = draw.entriesKey ? await deps.storage.get(draw.entriesKey) : undefined
        if (!stream) throw new AppError('NOT_FOUND')
        return {
          filename: `draw-${draw.id}-entries.csv`,
          // The canonical entries, with the header row put back so the file opens as a CSV; cells that
          // a spreadsheet would run as formulas are neutralised (issue 23).
          write: async (out) => {
            if (draw.header?.length) out.write(`${csvSafeRow(canonicalRow(draw.header))}\n`)
            await writeSafeRows(stream, out)
          },
        }
      },
    }),
  ]
}
