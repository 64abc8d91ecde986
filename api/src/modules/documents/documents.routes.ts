import type { AppDeps } from '../../deps'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
import { renderWorkingPdf } from './render-working-pdf'

/** /promotions/downloadworkingpdf/{id} (001 §7): a download link outside /api, for the owner and staff. */
export function documentRoutes(deps: AppDeps): SurfaceSpec[] {
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/promotions/downloadworkingpdf/:id',
      summary: 'The working application PDF of a promotion (its owner and staff).',
      tag: 'promotion',
      access: 'user',
      params: idParams('id'),
      contentTypes: ['application/pdf'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const { id, pdf } = await renderWorkingPdf(deps, owner, params.id)
        return { body: pdf, filename: `working-application-${id}.pdf` }
      },
    }),
  ]
}
