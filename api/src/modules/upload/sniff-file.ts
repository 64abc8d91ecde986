import { Transform } from 'node:stream'
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

const NOT_ACCEPTED = 'This file is not one we accept. Please upload a PDF, an image, an Office document, a CSV or a text file.'

/** How many leading bytes a streamed upload is judged by (signatures, and the zip directory of Office files). */
export const SNIFF_HEAD_BYTES = 256 * 1024

/**
 * Decides by the bytes, not the name: a renamed executable is refused whatever it is called.
 * Files with no signature (CSV, text) must be valid UTF-8 text with no control bytes.
 */
export async function sniffFile(data: Buffer, originalName: string): Promise<SniffResult> {
  const head = await sniffHead(data, originalName)
  if (!head.ok || !head.text) return head.ok ? { ok: true, extension: head.extension, mime: head.mime } : head
  return data.length > 0 && isPlainText(data) ? { ok: true, extension: head.extension, mime: head.mime } : { ok: false, reason: NOT_ACCEPTED }
}

/**
 * The decision on the first bytes of a streamed file. `text: true` means it has no signature and
 * is accepted only if the whole of it is text: pipe it through `textGuard()` while storing it.
 */
export async function sniffHead(
  head: Buffer,
  originalName: string,
): Promise<{ ok: true; extension: string; mime: string; text: boolean } | { ok: false; reason: string }> {
  const claimed = extensionOf(originalName)
  const detected = await fileTypeFromBuffer(head)
  if (detected) {
    if (ALLOWED_BY_CONTENT.has(detected.mime)) return { ok: true, extension: ALLOWED_BY_CONTENT.get(detected.mime)!, mime: detected.mime, text: false }
    if (detected.ext === 'cfb' && LEGACY_OFFICE.has(claimed)) return { ok: true, extension: claimed, mime: 'application/x-cfb', text: false }
    return {
      ok: false,
      reason: `Files of this kind (${detected.ext}) cannot be uploaded. Please upload a PDF, an image, an Office document, a CSV or a text file.`,
    }
  }
  if (TEXT_EXTENSIONS.has(claimed)) return { ok: true, extension: claimed, mime: claimed === 'csv' ? 'text/csv' : 'text/plain', text: true }
  return { ok: false, reason: NOT_ACCEPTED }
}

/** Checks a text file as it streams (UTF-8, no control bytes, not empty); fails the stream with `error()` otherwise. */
export function textGuard(error: () => Error): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let bytes = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length
      try {
        decoder.decode(chunk, { stream: true })
      } catch {
        return callback(error())
      }
      if (!controlFree(chunk)) return callback(error())
      callback(null, chunk)
    },
    flush(callback) {
      try {
        decoder.decode()
      } catch {
        return callback(error())
      }
      callback(bytes === 0 ? error() : null)
    },
  })
}

export const notAcceptedReason = NOT_ACCEPTED

function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    return false
  }
  return controlFree(data)
}

/** Control characters other than tab, newline, carriage return and form feed (and NUL) mean binary. */
function controlFree(data: Buffer): boolean {
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
