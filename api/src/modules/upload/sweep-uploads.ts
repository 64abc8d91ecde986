import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { FileStorage } from '../../storage/storage'
import { deleteUnattachedUploads } from './upload.repository'

/** An upload nothing refers to after this long is removed (issue 18). */
export const UNATTACHED_UPLOAD_HOURS = 24

/**
 * Removes uploads never attached to anything, older than 24 hours: their rows (atomically, in
 * batches) and then their files. A file whose removal fails is logged and stays as an orphan
 * object: harmless, and never again downloadable (no row names it).
 */
export async function sweepUploads(deps: { db: Db; storage: FileStorage; logger: Logger }, now: Date = new Date()): Promise<{ removed: number }> {
  const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_HOURS * 3600_000)
  let removed = 0
  for (;;) {
    const names = await deleteUnattachedUploads(deps.db, cutoff)
    for (const name of names) {
      await deps.storage
        .delete(`uploads/${name}`)
        .catch((error: unknown) => deps.logger.warn('could not remove a swept upload file', { name, error: String(error) }))
    }
    removed += names.length
    if (names.length < 1000) break
  }
  return { removed }
}
