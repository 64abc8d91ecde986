import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { deleteComplianceNote as deleteNoteRow } from './compliance-notes.repository'

/** POST /api/ComplianceNote/delete (001 §7), staff only (the route checks): 404 when there is no such note. */
export async function deleteComplianceNote(db: Db, id: number): Promise<{ id: number }> {
  if (!(await deleteNoteRow(db, id))) throw new AppError('NOT_FOUND')
  return { id }
}
