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

/** Canonical bytes and the Merkle leaves of the next rows, in order (the draws module's RowsWithLeaves). */
export type RowsAndLeaves = { bytes: Buffer; leaves: Buffer }

/**
 * The canonical rows of the entries that go into the draw (every one not excluded), in entry
 * number order, as the bytes of the canonical file, about 64 KB at a time, with each row's Merkle
 * leaf (app.entries.leaf, hashed by PostgreSQL when the row was written, 0048): `id || canonical,
 * leaf` streamed out of PostgreSQL by one `COPY … TO STDOUT (FORMAT binary)`, whose framing (a
 * field count and a length before each field) is dropped; nothing is unescaped, parsed or hashed.
 * Binary, not text: text COPY escapes a bytea as `\\x` and hex (65 bytes a leaf, decoded again
 * here) and the row's tabs and backslashes. Entries with no stored row must be filled first
 * (entriesWithoutCanonical): a null row is an error, not a gap.
 */
export async function* canonicalRowsToFreeze(pool: pg.Pool, promotionId: number): AsyncGenerator<RowsAndLeaves> {
  // COPY takes no parameters: the id is written into the statement, so it must be an integer.
  if (!Number.isSafeInteger(promotionId)) throw new Error(`not a promotion id: ${promotionId}`)
  const client = await pool.connect()
  let done = false
  try {
    const stream = client.query(copyTo(`copy (${freezeRowsQuery(promotionId)}) to stdout (format binary)`))
    yield* rowsAndLeavesOfBinaryCopy(stream as AsyncIterable<Buffer>, { leaves: true })
    done = true
  } finally {
    // Left early (a consumer's error or break): the connection is mid-COPY, so it is closed, not reused.
    client.release(done ? undefined : true)
  }
}

/** The freeze's rows and leaves (an index-only scan of entries_promotion_id_idx once the visibility map is set; the bench prints its plan). */
export const freezeRowsQuery = (promotionId: number) =>
  `select id::text || canonical, leaf from app.entries where promotion_id = ${promotionId} and decision is distinct from 'exclude' order by id`

const BATCH = 65_536
/** Leaves per batch at most (128 KB): a batch of short rows holds many. */
const LEAF_BATCH = 4096 * 32
/**
 * Batches' leaves are cut from slabs of this size (a new 128 KB buffer per batch of about 1,300
 * leaves was most of the freeze's garbage); the consumer copies them (ProofIndexJob.addLeaves).
 */
const LEAF_SLAB = 16 * LEAF_BATCH
const NO_LEAVES = Buffer.alloc(0)

/** The one text column of each tuple of a binary COPY stream, concatenated, in batches of about 64 KB. */
export async function* rowsOfBinaryCopy(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const { bytes } of rowsAndLeavesOfBinaryCopy(chunks, { leaves: false })) yield bytes
}

/**
 * A binary COPY stream of tuples (row text) or, with `leaves`, (row text, 32-byte leaf): the rows
 * concatenated in batches of about 64 KB, each with the leaves of the rows it holds or finishes
 * (a row longer than what is left of a batch is cut between batches; the leaves keep their order).
 */
export async function* rowsAndLeavesOfBinaryCopy(chunks: AsyncIterable<Buffer>, { leaves }: { leaves: boolean }): AsyncGenerator<RowsAndLeaves> {
  const fieldsPerRow = leaves ? 2 : 1
  let out = Buffer.allocUnsafe(BATCH)
  let used = 0
  /** The current batch's leaves: leafOut from leafStart to leafUsed (leafOut is a slab). */
  let leafOut = leaves ? Buffer.allocUnsafe(LEAF_SLAB) : NO_LEAVES
  let leafStart = 0
  let leafUsed = 0
  const flush = (): RowsAndLeaves => {
    const batch = { bytes: out.subarray(0, used), leaves: leafOut.subarray(leafStart, leafUsed) }
    out = Buffer.allocUnsafe(BATCH)
    used = 0
    if (leaves && leafOut.length - leafUsed < LEAF_BATCH) {
      leafOut = Buffer.allocUnsafe(LEAF_SLAB)
      leafUsed = 0
    }
    leafStart = leafUsed
    return batch
  }
  let carry: Buffer | null = null
  let headerDone = false
  /** What the next bytes are: a tuple's field count, or the length of field `next` of the tuple. */
  let next: 'tuple' | number = 'tuple'
  /** The field whose bytes are being copied, and how many of them are still to come (a field may span chunks). */
  let field = 0
  let left = 0
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
      if (left > 0) {
        const take = Math.min(left, chunk.length - pos)
        if (field === 0) {
          if (used + take > out.length) {
            if (used > 0) yield flush()
            if (take > out.length) out = Buffer.allocUnsafe(take)
          }
          chunk.copy(out, used, pos, pos + take)
          used += take
        } else {
          chunk.copy(leafOut, leafUsed, pos, pos + take)
          leafUsed += take
        }
        pos += take
        left -= take
        continue
      }
      if (next === 'tuple') {
        if (ended) throw new Error('COPY: data after the trailer')
        if (chunk.length - pos < 2) {
          carry = chunk.subarray(pos)
          break
        }
        const fields = chunk.readInt16BE(pos)
        pos += 2
        if (fields === -1) {
          ended = true
          continue
        }
        if (fields !== fieldsPerRow) throw new Error(`COPY: ${fields} fields in a tuple, not ${fieldsPerRow}`)
        next = 0
        if (used >= BATCH || leafUsed + 32 > leafStart + LEAF_BATCH) yield flush()
        continue
      }
      if (chunk.length - pos < 4) {
        carry = chunk.subarray(pos)
        break
      }
      const length = chunk.readInt32BE(pos)
      pos += 4
      if (next === 0 && length < 0) throw new Error('COPY: an entry without its canonical row')
      if (next === 1 && length !== 32) throw new Error('COPY: an entry without its leaf')
      field = next
      left = length
      next = next + 1 === fieldsPerRow ? 'tuple' : next + 1
    }
  }
  if (!ended || left > 0 || carry || next !== 'tuple') throw new Error('COPY: the stream ended early')
  if (used > 0 || leafUsed > leafStart) yield flush()
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
