/**
 * The CSV import of offline entries (issue 27, channel `import`): paper or in-store entries the
 * promoter keys in. Streamed (busboy → csv-parse), each row through the same checks and rules as
 * the other channels; a `received` column (Sydney `YYYY-MM-DD HH:MM`) gives the time the entry
 * arrived, so the entry period and the daily limit are judged at that time.
 */
import type { Request } from 'express'
import busboy from 'busboy'
import { parse } from 'csv-parse'
import {
  AppError,
  ENTRY_FIELD_LABELS,
  ENTRY_PERSON_FIELDS,
  ENTRY_REFUSAL_LABELS,
  MSG_ENTRY_IMPORT_BAD_CSV,
  MSG_ENTRY_IMPORT_FILE_REQUIRED,
  MSG_ENTRY_IMPORT_RECEIVED_INVALID,
  drawInstant,
  msgEntryImportTooLarge,
  type EntryRefusalReason,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import * as repo from './entries.repository'
import { EntryRefused, submitEntry } from './submit-entry'

type Owner = { userId: number; isStaff: boolean }
type Deps = Pick<AppDeps, 'database' | 'config'>

export const IMPORT_LIMIT_MB = 20
/** Rows whose problems are listed back (the counts cover them all). */
const LISTED_PROBLEMS = 100

const fileRequired = () => new AppError('VALIDATION', MSG_ENTRY_IMPORT_FILE_REQUIRED, { modelState: { file: [MSG_ENTRY_IMPORT_FILE_REQUIRED] } })

/** A header cell to a field name: the field's own name or its label, any case ("Email address", "email"). */
function fieldOf(header: string): string {
  const h = header.trim().toLowerCase()
  for (const field of [...ENTRY_PERSON_FIELDS, 'answer'] as const) {
    if (field.toLowerCase() === h || ENTRY_FIELD_LABELS[field].toLowerCase() === h) return field
  }
  if (h === 'e-mail' || h === 'email') return 'email'
  if (h === 'received' || h === 'received at') return 'received'
  if (h.startsWith('consent:')) return `consent:${h.slice(8).trim()}`
  return h
}

/** `YYYY-MM-DD HH:MM[:SS]` in Sydney, not after `now`. */
function receivedAt(text: string, now: Date): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/.exec(text.trim())
  if (!match) return null
  const at = drawInstant(match[1], match[2])
  if (!at) return null
  const instant = new Date(at.getTime() + Number(match[3] ?? 0) * 1000)
  return instant.getTime() <= now.getTime() ? instant : null
}

export type ImportResult = {
  rows: number
  accepted: number
  refused: { reason: EntryRefusalReason; label: string; count: number }[]
  invalid: number
  problems: { line: number; message: string }[]
}

export async function importEntries(deps: Deps, owner: Owner, req: Request): Promise<ImportResult> {
  const promotionId = Number(req.query.promotionId)
  if (!Number.isSafeInteger(promotionId) || promotionId < 1) throw new AppError('NOT_FOUND')
  const found = await repo.findFormWithPromotion(deps.database.db, { promotionId })
  if (!found || found.promotion.deleted || (!owner.isStaff && found.promotion.userId !== owner.userId)) throw new AppError('NOT_FOUND')
  const limitBytes = IMPORT_LIMIT_MB * 1024 * 1024
  const result: ImportResult = { rows: 0, accepted: 0, refused: [], invalid: 0, problems: [] }
  const refused = new Map<EntryRefusalReason, number>()
  const problem = (line: number, message: string) => {
    if (result.problems.length < LISTED_PROBLEMS) result.problems.push({ line, message })
  }
  const now = new Date()
  let work: Promise<void> | undefined

  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 5, fileSize: limitBytes } })
    } catch {
      reject(fileRequired())
      return
    }
    parser.on('file', (name, file) => {
      if (name !== 'file' || work) return void file.resume()
      const csv = file.pipe(
        parse({ bom: true, columns: (header: string[]) => header.map(fieldOf), skip_empty_lines: true, trim: true, relax_column_count: false, info: true }),
      )
      let tooLarge = false
      file.on('limit', () => {
        tooLarge = true
        csv.destroy()
      })
      work = (async () => {
        try {
          for await (const { record, info } of csv as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
            result.rows += 1
            const line = info.lines
            const input: Record<string, unknown> = { consents: {} }
            for (const [key, value] of Object.entries(record)) {
              if (key.startsWith('consent:')) (input.consents as Record<string, boolean>)[key.slice(8)] = /^(y|yes|true|1|x)$/i.test(value)
              else input[key] = value
            }
            let at = now
            if (record.received) {
              const parsed = receivedAt(record.received, now)
              if (!parsed) {
                result.invalid += 1
                problem(line, MSG_ENTRY_IMPORT_RECEIVED_INVALID)
                continue
              }
              at = parsed
            }
            try {
              await submitEntry(deps, found, { channel: 'import', input, now: at })
              result.accepted += 1
            } catch (error) {
              if (error instanceof EntryRefused) refused.set(error.reason, (refused.get(error.reason) ?? 0) + 1)
              else if (error instanceof AppError && error.httpStatus < 500) result.invalid += 1
              else throw error
              problem(line, error.message)
            }
          }
        } catch (error) {
          if (tooLarge)
            throw new AppError('PAYLOAD_TOO_LARGE', msgEntryImportTooLarge(IMPORT_LIMIT_MB), {
              modelState: { file: [msgEntryImportTooLarge(IMPORT_LIMIT_MB)] },
            })
          if (error instanceof AppError) throw error
          throw new AppError('VALIDATION', MSG_ENTRY_IMPORT_BAD_CSV, { modelState: { file: [MSG_ENTRY_IMPORT_BAD_CSV] } })
        }
        if (tooLarge)
          throw new AppError('PAYLOAD_TOO_LARGE', msgEntryImportTooLarge(IMPORT_LIMIT_MB), { modelState: { file: [msgEntryImportTooLarge(IMPORT_LIMIT_MB)] } })
      })()
      work.catch(() => file.resume())
    })
    parser.on('close', () => resolve())
    parser.on('error', () => reject(fileRequired()))
    req.pipe(parser)
  })
  if (!work) throw fileRequired()
  await work
  result.refused = [...refused].map(([reason, count]) => ({ reason, label: ENTRY_REFUSAL_LABELS[reason], count }))
  return result
}
