/** SQL of freezing a promotion's entries into its draw (issue 27). */
import type pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { to as copyTo } from 'pg-copy-streams'

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

export type FreezeRow = { id: string; name: string | null; email: string | null; phone: string | null; state: string | null; postcode: string | null }

/** COPY's text format escapes (PostgreSQL writes only these for data): `\\`, `\t`, `\n`, `\r`, `\b`, `\f`, `\v`. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' }
const copyField = (text: string): string | null =>
  text === '\\N' ? null : text.includes('\\') ? text.replace(/\\(.)/g, (_, c: string) => COPY_ESCAPES[c] ?? c) : text

/**
 * The entries that go into the draw (every one not excluded), in entry number order, in batches:
 * streamed out of PostgreSQL by one `COPY … TO STDOUT` (text format: no cursor round trips, no
 * row objects from the driver), read as lines of tab-separated fields.
 */
export async function* entriesToFreeze(pool: pg.Pool, promotionId: number): AsyncGenerator<FreezeRow[]> {
  // COPY takes no parameters: the id is written into the statement, so it must be an integer.
  if (!Number.isSafeInteger(promotionId)) throw new Error(`not a promotion id: ${promotionId}`)
  const client = await pool.connect()
  let done = false
  try {
    const stream = client.query(
      copyTo(`copy (select id, fields->>'name', fields->>'email', fields->>'phone', fields->>'state', fields->>'postcode'
                      from app.entries where promotion_id = ${promotionId} and decision is distinct from 'exclude' order by id) to stdout`),
    )
    const decoder = new TextDecoder()
    let carry = ''
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = carry + decoder.decode(chunk, { stream: true })
      const end = text.lastIndexOf('\n')
      carry = text.slice(end + 1)
      if (end < 0) continue
      const rows: FreezeRow[] = []
      let start = 0
      while (start < end) {
        const nl = text.indexOf('\n', start)
        const [id, name, email, phone, state, postcode] = text.slice(start, nl).split('\t') as [string, string, string, string, string, string]
        rows.push({ id, name: copyField(name), email: copyField(email), phone: copyField(phone), state: copyField(state), postcode: copyField(postcode) })
        start = nl + 1
      }
      yield rows
    }
    done = true
  } finally {
    // Left early (a consumer's error or break): the connection is mid-COPY, so it is closed, not reused.
    client.release(done ? undefined : true)
  }
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
