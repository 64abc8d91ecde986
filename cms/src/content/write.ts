import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { exportSiteContent } from './export'

/** Exports the published content to `file`, written aside then renamed so a reader never sees half a file. */
export async function writeSiteContent(payload: Payload, file: string) {
  const content = await exportSiteContent(payload)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(content))
  fs.renameSync(`${file}.tmp`, file)
}
