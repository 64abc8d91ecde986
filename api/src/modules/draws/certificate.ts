/**
 * Draw certificates (issue 23): printed once per state of the record and stored (the storage
 * module, local or S3), not afresh on every request. The key is a fingerprint of everything the
 * certificate shows, so a change of the record (a run, a cancel, another draw of the promotion)
 * makes a new one, and the fingerprint is the ETag a browser or proxy revalidates with.
 */
import crypto from 'node:crypto'
import { DEFAULT_PRODUCT_NAME } from '@permitdesk/shared/site-content'
import type { AppDeps } from '../../deps'
import type { PdfPriority } from '../../pdf/pdf-service'
import { cmsSettingsOf } from '../../server/build'
import { renderCertificate, type PublicDrawView } from './draw-page'

/** Bump when the certificate's layout changes, so stored ones are printed again. */
const CERTIFICATE_LAYOUT = 2

export type Letterhead = { name: string; abn: string | null }

/** The provider's name and ABN from the CMS site settings (exported at start), for the letterhead. */
export function letterheadOf(dataDir: string): Letterhead {
  const settings = cmsSettingsOf(dataDir)
  return settings
    ? { name: settings.legalName || settings.productName || DEFAULT_PRODUCT_NAME, abn: settings.abn ?? null }
    : { name: DEFAULT_PRODUCT_NAME, abn: null }
}

export function certificateFingerprint(view: PublicDrawView, letterhead: Letterhead, publicUrl: string): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([CERTIFICATE_LAYOUT, view, letterhead, publicUrl]))
    .digest('hex')
    .slice(0, 32)
}

export const certificateKey = (publicId: string, fingerprint: string) => `draws/certificates/${publicId}/${fingerprint}.pdf`

type CertDeps = Pick<AppDeps, 'storage' | 'config' | 'pdf'>

/** One print per key at a time in this process: 60 requests for a new certificate wait for one render. */
const printing = new Map<string, Promise<void>>()

/**
 * The stored certificate of this state of the record (printed now if it is not stored yet), as
 * its key and ETag. `priority` orders the print in the PDF pool (anonymous requests wait last).
 */
export async function ensureCertificate(deps: CertDeps, view: PublicDrawView, priority: PdfPriority): Promise<{ key: string; etag: string }> {
  const letterhead = letterheadOf(deps.config.DATA_DIR)
  const fingerprint = certificateFingerprint(view, letterhead, deps.config.PUBLIC_URL)
  const key = certificateKey(view.publicId, fingerprint)
  const etag = `"${fingerprint}"`
  if (await deps.storage.exists(key)) return { key, etag }
  let job = printing.get(key)
  if (!job) {
    job = (async () => {
      const pdf = await deps.pdf().render(renderCertificate(view, { letterhead, publicUrl: deps.config.PUBLIC_URL }), { priority })
      await deps.storage.put(key, pdf)
    })().finally(() => printing.delete(key))
    printing.set(key, job)
  }
  await job
  return { key, etag }
}
