/** SQL of freezing a promotion's entries into its draw (issue 27). */
import type pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { to as copyTo } from 'pg-copy-streams'
import type { FreezeRow } from './canonical-entry'

/**
 * Marks the promotion's entry form frozen (no entry, decision or form change after this) and
 * answers its status before, or undefined when there is no form or it was frozen already.
 */
export async function beginFreeze(db: Db, promotionId: number): Promise<{ previous: string } | undefined> {
  const { rows } = await db.execute<{ previous: string }>(sql`update app.entry_forms f set status = 'frozen', frozen_at = now(), updated_at = now()
      from (select id, status from app.entry_forms where promotion_id = ${promotionId} for update) p
     where f.id = p.id and p.status <> 'frozen'
     returning p.status as previous`)
  return rows[0]
}

/** Undoes beginFreeze when the freeze failed, so the promoter can decide and try again. */
export async function abandonFreeze(db: Db, promotionId: number, previous: string): Promise<void> {
  await db.execute(
    sql`update app.entry_forms set status = ${previous}, frozen_at = null, updated_at = now() where promotion_id = ${promotionId} and frozen_draw_id is null`,
  )
}

/** Records the draw the entries went into, and the changelog entry. */
export async function finishFreeze(
  db: Db,
  promotionId: number,
  drawId: number,
  userId: number | null,
  summary: { entryCount: number; excluded: number; entriesHash: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update app.entry_forms set frozen_draw_id = ${drawId}, updated_at = now() where promotion_id = ${promotionId}`)
    await insertChange(tx, {
      promotionId,
      userId,
      entity: 'entries',
      action: 'freeze',
      changes: {
        drawId: { from: null, to: drawId },
        entryCount: { from: null, to: summary.entryCount },
        excluded: { from: null, to: summary.excluded },
        entriesHash: { from: null, to: summary.entriesHash },
      },
    })
  })
}

export type { FreezeRow }

/** Entries of the promotion whose canonical row is not stored (rows from before 0043), after `afterId` in id order, a batch at a time. */
export async function entriesWithoutCanonical(db: Db, promotionId: number, afterId: string, limit: number): Promise<FreezeRow[]> {
  // Keyset on the partial index (promotion_id, id) where canonical is null: each batch starts where the last ended.
  // `app.entries.id`, not `id`: the output column `id` is text, and would order '10000' before '9999'.
  const { rows } = await db.execute<FreezeRow>(sql`select id::text as id, fields->>'name' as name, fields->>'email' as email, fields->>'phone' as phone,
           fields->>'state' as state, fields->>'postcode' as postcode
      from app.entries where promotion_id = ${promotionId} and canonical is null and id > ${afterId}::bigint order by app.entries.id limit ${limit}`)
  return rows
}

/** Stores the canonical rows written for entries that had none. */
export async function storeCanonical(db: Db, rows: { id: string; canonical: string }[]): Promise<void> {
  if (rows.length === 0) return
  await db.execute(sql`update app.entries e set canonical = v.canonical
      from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[], ${textArray(rows.map((r) => r.canonical))}::text[]) as v(id, canonical)
     where e.id = v.id and e.canonical is null`)
}

/** A PostgreSQL text[] literal (every element quoted, `\` and `"` escaped). */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`

/** COPY's binary format: the signature, then flags and header extension length (int32 each). */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

/**
 * The canonical rows of the entries that go into the draw (every one not excluded), in entry
 * number order, as the bytes of the canonical file, about 64 KB at a time: `id || canonical`
 * streamed out of PostgreSQL by one `COPY … TO STDOUT (FORMAT binary)`, whose framing (a field
 * count and a length before each row) is dropped; nothing is unescaped or parsed. Entries with no
 * stored row must be filled first (entriesWithoutCanonical): a null row is an error, not a gap.
 */
export async function* canonicalRowsToFreeze(pool: pg.Pool, promotionId: number): AsyncGenerator<Buffer> {
  // COPY takes no parameters: the id is written into the statement, so it must be an integer.
  if (!Number.isSafeInteger(promotionId)) throw new Error(`not a promotion id: ${promotionId}`)
  const client = await pool.connect()
  let done = false
  try {
    const stream = client.query(
      copyTo(`copy (select id::text || canonical from app.entries
                     where promotion_id = ${promotionId} and decision is distinct from 'exclude' order by id) to stdout (format binary)`),
    )
    yield* rowsOfBinaryCopy(stream as AsyncIterable<Buffer>)
    done = true
  } finally {
    // Left early (a consumer's error or break): the connection is mid-COPY, so it is closed, not reused.
    client.release(done ? undefined : true)
  }
}

const BATCH = 65_536

/** The one text column of each tuple of a binary COPY stream, concatenated, in batches of about 64 KB. */
export async function* rowsOfBinaryCopy(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let out = Buffer.allocUnsafe(BATCH)
  let used = 0
  let carry: Buffer | null = null
  let headerDone = false
  /** Bytes of the current row still to copy (a row may span chunks). */
  let rowLeft = 0
  let ended = false
  for await (const piece of chunks) {
    const chunk: Buffer = carry ? Buffer.concat([carry, piece]) : piece
    carry = null
    let pos = 0
    if (!headerDone) {
      if (chunk.length < 19 || chunk.length < 19 + chunk.readInt32BE(15)) {
        carry = chunk
        continue
      }
      if (!chunk.subarray(0, 11).equals(COPY_SIGNATURE)) throw new Error('COPY: not a binary copy stream')
      pos = 19 + chunk.readInt32BE(15)
      headerDone = true
    }
    while (pos < chunk.length) {
      if (rowLeft > 0) {
        const take = Math.min(rowLeft, chunk.length - pos)
        if (used + take > out.length) {
          if (used > 0) {
            yield out.subarray(0, used)
            out = Buffer.allocUnsafe(Math.max(BATCH, take))
            used = 0
          } else out = Buffer.allocUnsafe(take)
        }
        chunk.copy(out, used, pos, pos + take)
        used += take
        pos += take
        rowLeft -= take
        continue
      }
      if (ended) throw new Error('COPY: data after the trailer')
      if (chunk.length - pos < 2) {
        carry = chunk.subarray(pos)
        break
      }
      const fields = chunk.readInt16BE(pos)
      if (fields === -1) {
        ended = true
        pos += 2
        continue
      }
      if (chunk.length - pos < 6) {
        carry = chunk.subarray(pos)
        break
      }
      const length = chunk.readInt32BE(pos + 2)
      if (fields !== 1 || length < 0) throw new Error('COPY: an entry without its canonical row')
      pos += 6
      rowLeft = length
      if (used >= BATCH) {
        yield out.subarray(0, used)
        out = Buffer.allocUnsafe(BATCH)
        used = 0
      }
    }
  }
  if (!ended || rowLeft > 0 || carry) throw new Error('COPY: the stream ended early')
  if (used > 0) yield out.subarray(0, used)
}

/** Whether any entry of the promotion is not excluded (the first one found in the index ends the scan). */
export async function hasEntriesToFreeze(db: Db, promotionId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from app.entries where promotion_id = ${promotionId} and decision is distinct from 'exclude') as found`,
  )
  return rows[0]!.found
}

/** The excluded entries counted by the kind of their first flag and the clause their decision cites. */
export async function exclusionCounts(db: Db, promotionId: number): Promise<{ kind: string | null; clause: string | null; count: number }[]> {
  const { rows } = await db.execute<{
    kind: string | null
    clause: string | null
    count: number
  }>(sql`select flags->0->>'kind' as kind, decision_clause as clause, count(*)::int as count
      from app.entries where promotion_id = ${promotionId} and decision = 'exclude' group by 1, 2`)
  return rows
}

/** The lines the draw's public record shows; only while the draw is not committed. */
export async function setExclusionLines(db: Db, drawId: number, lines: string[]): Promise<void> {
  await db.execute(
    sql`update app.draws set exclusion_lines = ${`{${lines.map((l) => `"${l.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`}::text[] where id = ${drawId} and committed_at is null`,
  )
}

export type FormToClose = { promotionId: number; userId: number; permit: Record<string, unknown> | null }

/** Entry forms not frozen yet that hold entries, with their promotion's owner and application (the close job reads their period). */
export async function formsNotFrozen(db: Db): Promise<FormToClose[]> {
  const { rows } = await db.execute<{
    promotion_id: number
    user_id: number
    permit: Record<string, unknown> | null
  }>(sql`select f.promotion_id, p.user_id, p.permit
      from app.entry_forms f join app.promotions p on p.id = f.promotion_id
     where f.status <> 'frozen' and not p.deleted and exists (select 1 from app.entries e where e.promotion_id = f.promotion_id)`)
  return rows.map((r) => ({ promotionId: r.promotion_id, userId: r.user_id, permit: r.permit }))
}
