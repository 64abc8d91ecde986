import { AppError } from '@permitdesk/shared'
import { Router } from 'express'
import type { AppDeps } from '../../deps'
import { asPdfFailure } from '../../pdf/pdf-failure'
import { getInvoicePdf } from './get-invoice-pdf'

/** /download/invoice/{invoiceNumber} (001 §7): the tax invoice PDF, for its owner and staff. */
export function invoiceDownloadRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.get('/download/invoice/:invoiceNumber', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const invoiceNumber = Number(req.params.invoiceNumber)
    if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber <= 0) throw new AppError('NOT_FOUND')
    let pdf: Buffer
    try {
      pdf = await getInvoicePdf(
        { db: deps.database.db, pdf: deps.pdf, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR },
        { userId: user.id, isStaff: user.isStaff },
        invoiceNumber,
      )
    } catch (error) {
      throw asPdfFailure(error)
    }
    res.set('Content-Type', 'application/pdf')
    res.set('Content-Disposition', `inline; filename="tax-invoice-${invoiceNumber}.pdf"`)
    res.set('Cache-Control', 'private, no-store')
    res.send(pdf)
  })
  return router
}
