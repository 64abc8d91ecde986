/**
 * Issue 27: the receipt file an entrant attaches (a photo or PDF of the purchase). Sent as base64
 * inside the entry's JSON (`receiptFile: { name, data }`), so every channel takes it the same way.
 */
/** The largest receipt file: small enough that its base64 fits the API's 2 MB JSON body with room to spare. */
export const RECEIPT_FILE_LIMIT_BYTES = 1024 * 1024
export const RECEIPT_FILE_LIMIT_MB = 1
/** What the file may be, decided by its bytes (magic numbers), never its name. */
export const RECEIPT_FILE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
}
/** The file picker's hint (the server decides by the bytes). */
export const RECEIPT_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,application/pdf'

export type ReceiptFileInput = { name: string; data: string }

/** Whether a submitted value is a receipt file (a name and base64 data). */
export function isReceiptFileInput(value: unknown): value is ReceiptFileInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ReceiptFileInput).data === 'string' &&
    (value as ReceiptFileInput).data.length > 0 &&
    typeof (value as ReceiptFileInput).name === 'string'
  )
}

/** Where a promotion's receipt files are stored: retention deletes everything under it. */
export const entryFilesPrefix = (promotionId: number) => `entry-files/${promotionId}/`
