/**
 * The receipt file of an entry (issue 27): checked by its bytes (file-type's magic numbers, never
 * the name), its size and the promoter's upload quota; stored through the storage port under
 * entry-files/{promotion}/ and linked to the entry; downloaded by the promotion's owner only.
 */
import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AppError,
  MSG_ENTRY_RECEIPT_FILE_QUOTA,
  MSG_ENTRY_RECEIPT_FILE_TYPE,
  RECEIPT_FILE_LIMIT_BYTES,
  RECEIPT_FILE_LIMIT_MB,
  RECEIPT_FILE_TYPES,
  entryFilesPrefix,
  isReceiptFileInput,
  msgEntryReceiptFileTooLarge,
} from '@permitdesk/shared'
import { fileTypeFromBuffer } from 'file-type'
import type { AppDeps } from '../../deps'
import type { PromotionRow } from '../../db/schema/promotions'
import { fitsQuota } from '../upload/upload-limits'
import { sanitiseFileName } from '../upload/sniff-file'
import * as files from './entry-files.repository'

type Deps = Pick<AppDeps, 'database' | 'storage'>
export type StoredReceiptFile = { storageKey: string; fileName: string; mimeType: string; sizeBytes: number }

const refuse = (message: string) => new AppError('VALIDATION', message, { modelState: { receiptFile: [message] } })
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * Checks the submitted file and puts it in storage (before the entry's insert, so an accepted
 * entry never lacks its file); null when none was sent. The caller links it to the entry, or
 * removes it when the entry is refused after all.
 */
export async function storeReceiptFile(deps: Deps, promotion: PromotionRow, value: unknown): Promise<StoredReceiptFile | null> {
  if (value === undefined || value === null || value === '') return null
  if (!isReceiptFileInput(value)) throw refuse(MSG_ENTRY_RECEIPT_FILE_TYPE)
  // A data: URL prefix is what a browser's FileReader gives; the bytes decide the type either way.
  const base64 = value.data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
  // Refused before decoding more than the limit allows.
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) > RECEIPT_FILE_LIMIT_BYTES)
    throw refuse(msgEntryReceiptFileTooLarge(RECEIPT_FILE_LIMIT_MB))
  if (!BASE64.test(base64)) throw refuse(MSG_ENTRY_RECEIPT_FILE_TYPE)
  const data = Buffer.from(base64, 'base64')
  const detected = data.length > 0 ? await fileTypeFromBuffer(data) : undefined
  const extension = detected ? RECEIPT_FILE_TYPES[detected.mime] : undefined
  if (!detected || !extension) throw refuse(MSG_ENTRY_RECEIPT_FILE_TYPE)
  if (!(await fitsQuota(deps.database.db, promotion.userId, data.length)))
    throw new AppError('PAYLOAD_TOO_LARGE', MSG_ENTRY_RECEIPT_FILE_QUOTA, { modelState: { receiptFile: [MSG_ENTRY_RECEIPT_FILE_QUOTA] } })
  const storageKey = `${entryFilesPrefix(promotion.id)}${crypto.randomUUID()}.${extension}`
  await deps.storage.put(storageKey, data)
  const name = sanitiseFileName(value.name || `receipt.${extension}`)
  return { storageKey, fileName: name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`, mimeType: detected.mime, sizeBytes: data.length }
}

/** Links a stored file to its accepted entry. */
export async function linkReceiptFile(deps: Deps, promotion: PromotionRow, entryId: number, file: StoredReceiptFile): Promise<void> {
  await files.insertEntryFile(deps.database.db, { entryId, promotionId: promotion.id, userId: promotion.userId, ...file })
}

/** A file stored for an entry that was refused after all (daily limit, closed meanwhile). */
export async function discardReceiptFile(deps: Deps, file: StoredReceiptFile | null): Promise<void> {
  if (file) await deps.storage.delete(file.storageKey).catch(() => {})
}

/** The entry's receipt file for its promotion's owner (staff: any); anyone else: not found. */
export async function getReceiptFile(
  deps: Deps,
  owner: { userId: number; isStaff: boolean },
  entryId: number,
): Promise<{ stream: Readable; fileName: string; mimeType: string; sizeBytes: number }> {
  const file = await files.findEntryFileFor(deps.database.db, owner, entryId)
  const stream = file ? await deps.storage.get(file.storageKey) : undefined
  if (!file || !stream) throw new AppError('NOT_FOUND')
  return { stream, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.sizeBytes }
}
