/** SQL of freezing a promotion's entries into its draw (issue 27). */
import type pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { cursorRows } from './screening.repository'

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

/** The entries that go into the draw (every one not excluded), in entry number order. */
export function entriesToFreeze(pool: pg.Pool, promotionId: number) {
  return cursorRows<FreezeRow>(
    pool,
    `select id::text as id, fields->>'name' as name, fields->>'email' as email, fields->>'phone' as phone, fields->>'state' as state, fields->>'postcode' as postcode
       from app.entries where promotion_id = $1 and decision is distinct from 'exclude' order by id`,
    [promotionId],
  )
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
