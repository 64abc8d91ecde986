import type { AppDeps } from '../../deps'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
import { asPdfFailure } from '../../pdf/pdf-failure'
import { getInvoicePdf } from './get-invoice-pdf'

/** /download/invoice/{invoiceNumber} (001 §7): the tax invoice PDF, for its owner and staff. */
export function invoiceDownloadRoutes(deps: AppDeps): SurfaceSpec[] {
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/download/invoice/:invoiceNumber',
      summary: 'The tax invoice PDF (its owner and staff).',
      tag: 'payments',
      access: 'user',
      params: idParams('invoiceNumber'),
      contentTypes: ['application/pdf'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const invoicePdfDeps = { db: deps.database.db, pdf: deps.pdf, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR }
        const pdf = await getInvoicePdf(invoicePdfDeps, owner, params.invoiceNumber).catch((error: unknown) => {
          throw asPdfFailure(error)
        })
        return { body: pdf, filename: `tax-invoice-${params.invoiceNumber}.pdf`, inline: true }
      },
    }),
  ]
}
