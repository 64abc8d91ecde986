import { fileTypeFromBuffer } from 'file-type'

/** What an upload may be (spec 001 section 3 attachments): PDF, images, Office documents, CSV, text. */
const ALLOWED_BY_CONTENT = new Map<string, string>([
  ['application/pdf', 'pdf'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/tiff', 'tiff'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
  ['application/rtf', 'rtf'],
])
/** Legacy Word/Excel files are OLE compound files; their extension says which. */
const LEGACY_OFFICE = new Set(['doc', 'xls', 'ppt'])
const TEXT_EXTENSIONS = new Set(['txt', 'csv'])

export type SniffResult = { ok: true; extension: string; mime: string } | { ok: false; reason: string }

/**
 * Decides by the bytes, not the name: a renamed executable is refused whatever it is called.
 * Files with no signature (CSV, text) must be valid UTF-8 text with no control bytes.
 */
export async function sniffFile(data: Buffer, originalName: string): Promise<SniffResult> {
  const claimed = extensionOf(originalName)
  const detected = await fileTypeFromBuffer(data)
  if (detected) {
    if (ALLOWED_BY_CONTENT.has(detected.mime)) return { ok: true, extension: ALLOWED_BY_CONTENT.get(detected.mime)!, mime: detected.mime }
    if (detected.ext === 'cfb' && LEGACY_OFFICE.has(claimed)) return { ok: true, extension: claimed, mime: 'application/x-cfb' }
    return { ok: false, reason: `Files of this kind (${detected.ext}) cannot be uploaded. Please upload a PDF, an image, an Office document, a CSV or a text file.` }
  }
  if (TEXT_EXTENSIONS.has(claimed) && isPlainText(data)) return { ok: true, extension: claimed, mime: claimed === 'csv' ? 'text/csv' : 'text/plain' }
  return { ok: false, reason: 'This file is not one we accept. Please upload a PDF, an image, an Office document, a CSV or a text file.' }
}

function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false
  if (data.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    return false
  }
  // Control characters other than tab, newline, carriage return and form feed mean binary.
  for (const byte of data) if (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) return false
  return true
}

export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name)
  return match ? match[1]!.toLowerCase() : ''
}

/** A display name safe to store and to send back in Content-Disposition: no paths, no control characters. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  return (cleaned || 'file').slice(0, 120)
}
