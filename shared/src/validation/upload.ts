import { UPLOAD_LIMIT_BYTES } from '../constants'
import { MSG_UPLOAD_ERROR } from '../messages'

/** 000 §9, 001 §5: upload limit 10MB. */
export function isUploadTooLarge(sizeBytes: number): boolean {
  return sizeBytes > UPLOAD_LIMIT_BYTES
}

/** The upload error message for a file, or null when it may be uploaded (001 §8). */
export function uploadError(file: { size: number }): string | null {
  return isUploadTooLarge(file.size) ? MSG_UPLOAD_ERROR : null
}

/** 001 §7 upload response. */
export interface UploadResponse {
  serverFileName: string
  headerFileName: string
  fileExtension: string
  date: string
}
