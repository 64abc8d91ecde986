import { parse } from 'csv-parse/sync'
import { AppError, EMAIL_PATTERN, MSG_LIST_CSV_INVALID, MSG_LIST_EMAILS_REQUIRED, MSG_LIST_NOT_FOUND, MSG_LIST_ROW_INVALID } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { DistributionListRow } from '../../db/schema/reminders'
import {
  deleteDistributionList,
  findDistributionList,
  insertDistributionList,
  listDistributionLists,
  updateDistributionListEmails,
} from './reminders.repository'

export type ListOwner = { userId: number }

export function distributionListView(row: DistributionListRow) {
  return { id: row.id, name: row.name, emails: row.emails }
}

/** One address as stored: trimmed and lower-cased, so de-duplication ignores case. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

export type RejectedRow = { line: number; value: string; message: string }

/**
 * Addresses from pasted text or a CSV file (csv-parse): one or more per row, separated by
 * commas, semicolons or new lines. In a CSV file, a header row (no "@") on line 1 is skipped; every other row
 * without a valid address is reported by its line.
 */
export function parseEmailRows(text: string, { csv = false } = {}): { emails: string[]; rejected: RejectedRow[] } {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text.replace(/;/g, ','), {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      bom: true,
    }) as unknown as typeof records
  } catch {
    throw new AppError('VALIDATION', MSG_LIST_CSV_INVALID, { modelState: { csv: [MSG_LIST_CSV_INVALID] } })
  }
  const emails: string[] = []
  const rejected: RejectedRow[] = []
  for (const { record, info } of records) {
    const cells = record.map((cell) => cell.trim()).filter(Boolean)
    if (cells.length === 0) continue
    if (csv && info.lines === 1 && !cells.some((cell) => cell.includes('@'))) continue
    const candidates = cells.filter((cell) => cell.includes('@'))
    if (candidates.length === 0) {
      rejected.push({ line: info.lines, value: cells.join(', '), message: MSG_LIST_ROW_INVALID(info.lines, cells.join(', ')) })
      continue
    }
    for (const cell of candidates) {
      if (EMAIL_PATTERN.test(cell)) emails.push(normaliseEmail(cell))
      else rejected.push({ line: info.lines, value: cell, message: MSG_LIST_ROW_INVALID(info.lines, cell) })
    }
  }
  return { emails, rejected }
}

export async function getDistributionLists(db: Db, owner: ListOwner) {
  return (await listDistributionLists(db, owner.userId)).map(distributionListView)
}

export async function createDistributionList(db: Db, owner: ListOwner, name: string) {
  return distributionListView(await insertDistributionList(db, owner.userId, name))
}

/**
 * Adds one address, or the addresses of pasted text / an uploaded CSV. Valid ones are added
 * (de-duplicated); rows that are not addresses are answered by line. Nothing valid at all: 400.
 */
export async function addDistributionListEmails(db: Db, owner: ListOwner, id: number, input: { email?: string; text?: string; csv?: boolean }) {
  const { emails, rejected } =
    input.text !== undefined ? parseEmailRows(input.text, { csv: input.csv }) : { emails: [normaliseEmail(input.email ?? '')], rejected: [] }
  if (emails.length === 0) {
    const messages = rejected.length > 0 ? rejected.map((row) => row.message) : [MSG_LIST_EMAILS_REQUIRED]
    throw new AppError('VALIDATION', messages[0], { modelState: { emails: messages } })
  }
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true })
    if (!list) throw new AppError('NOT_FOUND', MSG_LIST_NOT_FOUND)
    const merged = [...new Set([...list.emails, ...emails])]
    const added = merged.length - list.emails.length
    const row = await updateDistributionListEmails(tx, id, merged)
    return { ...distributionListView(row), added, rejected }
  })
}

export async function removeDistributionListEmail(db: Db, owner: ListOwner, id: number, email: string) {
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true })
    if (!list) throw new AppError('NOT_FOUND', MSG_LIST_NOT_FOUND)
    const target = normaliseEmail(email)
    return distributionListView(
      await updateDistributionListEmails(
        tx,
        id,
        list.emails.filter((e) => e !== target),
      ),
    )
  })
}

export async function removeDistributionList(db: Db, owner: ListOwner, id: number) {
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true })
    if (!list) throw new AppError('NOT_FOUND', MSG_LIST_NOT_FOUND)
    await deleteDistributionList(tx, id)
    return { id }
  })
}
