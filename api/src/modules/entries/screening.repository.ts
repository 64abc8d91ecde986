/**
 * SQL of entry screening and decisions (issue 27). The screening passes read through server-side
 * cursors (a batch at a time, in the order the pure screens need), so a million entries are never
 * in memory at once; only the flagged entries are written back.
 */
import type pg from 'pg'
import { sql } from 'drizzle-orm'
import type { EntryFlag } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'

const BATCH = 10_000

/** Rows of a query through a cursor in a read-only transaction of its own, a batch at a time. */
export async function* cursorRows<T>(pool: pg.Pool, text: string, values: unknown[], batch = BATCH): AsyncGenerator<T[]> {
  const client = await pool.connect()
  let done = false
  try {
    await client.query('begin read only')
    await client.query(`declare screening_cursor no scroll cursor for ${text}`, values)
    for (;;) {
      const { rows } = await client.query(`fetch ${batch} from screening_cursor`)
      if (rows.length === 0) break
      yield rows as T[]
    }
    await client.query('commit')
    done = true
  } finally {
    // Left early (a consumer's error or break) or failed: end the transaction before the client is reused.
    if (!done) await client.query('rollback').catch(() => {})
    client.release()
  }
}

/** The key columns screening reads; never a caller's text in SQL. */
const DUPLICATE_COLUMN = { 'duplicate-email': 'email_norm', 'duplicate-phone': 'phone_norm', 'duplicate-name-postcode': 'name_postcode_norm' } as const
const BURST_COLUMN = { 'burst-address': 'ip_hash', 'burst-device': 'device_hash' } as const

/** Keys shared by two or more entries, each with its entry numbers in order (PostgreSQL groups them). */
export function duplicateGroups(pool: pg.Pool, promotionId: number, kind: keyof typeof DUPLICATE_COLUMN) {
  const column = DUPLICATE_COLUMN[kind]
  return cursorRows<{ key: string; ids: string[] }>(
    pool,
    `select ${column} as key, array_agg(id order by id)::text[] as ids from app.entries
      where promotion_id = $1 and ${column} is not null
      group by ${column} having count(*) > 1 order by min(id)`,
    [promotionId],
    1_000,
  )
}

/** Entries of the addresses (or devices) with at least `minCount` entries, by hash then time. */
export function burstCandidates(pool: pg.Pool, promotionId: number, kind: keyof typeof BURST_COLUMN, minCount: number) {
  const column = BURST_COLUMN[kind]
  return cursorRows<{ id: string; key: string; at: number }>(
    pool,
    `select e.id::text as id, e.${column} as key, (extract(epoch from e.received_at) * 1000)::float8 as at
       from app.entries e
      where e.promotion_id = $1 and e.${column} in (
        select ${column} from app.entries where promotion_id = $1 and ${column} is not null group by ${column} having count(*) >= $2)
      order by e.${column}, e.received_at, e.id`,
    [promotionId, minCount],
  )
}

/** The e-mail domains of a promotion's entries, each once. */
export async function emailDomains(db: Db, promotionId: number): Promise<string[]> {
  const { rows } = await db.execute<{ domain: string }>(
    sql`select distinct split_part(email_norm, '@', 2) as domain from app.entries where promotion_id = ${promotionId} and email_norm is not null`,
  )
  return rows.map((r) => r.domain).filter(Boolean)
}

/** Entries whose e-mail is at one of `domains`. */
export function entriesAtDomains(pool: pg.Pool, promotionId: number, domains: string[]) {
  return cursorRows<{ id: string; email: string }>(
    pool,
    `select id::text as id, email_norm as email from app.entries where promotion_id = $1 and split_part(email_norm, '@', 2) = any($2::text[]) order by app.entries.id`,
    [promotionId, domains],
  )
}

/**
 * Replaces every flag of the promotion's entries with `flags` (entries not in it have none), in one
 * transaction, and notes when screening ran. Decisions already made stay.
 */
export async function writeFlags(db: Db, promotionId: number, flags: Map<number, EntryFlag[]>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update app.entries set flags = '[]'::jsonb where promotion_id = ${promotionId} and flags <> '[]'::jsonb`)
    const ids: string[] = []
    const values: string[] = []
    const flush = async () => {
      if (ids.length === 0) return
      await tx.execute(sql`update app.entries e set flags = v.flags
        from unnest(${`{${ids.join(',')}}`}::bigint[], ${toPgArray(values)}::jsonb[]) as v(id, flags)
        where e.id = v.id and e.promotion_id = ${promotionId}`)
      ids.length = 0
      values.length = 0
    }
    for (const [id, list] of flags) {
      ids.push(String(id))
      values.push(JSON.stringify(list))
      if (ids.length >= 5_000) await flush()
    }
    await flush()
    await tx.execute(sql`update app.entry_forms set screened_at = now() where promotion_id = ${promotionId}`)
  })
}

/** A PostgreSQL array literal of texts (each quoted and escaped), for one parameter instead of thousands. */
function toPgArray(texts: string[]): string {
  return `{${texts.map((t) => `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

export type ScreeningCounts = { total: number; flagged: number; excluded: number; kept: number; undecided: number; groups: number }

export async function screeningCounts(db: DbOrTx, promotionId: number): Promise<ScreeningCounts> {
  const { rows } = await db.execute<Omit<ScreeningCounts, 'groups'>>(sql`select
      count(*)::int as total,
      count(*) filter (where flags <> '[]'::jsonb)::int as flagged,
      count(*) filter (where decision = 'exclude')::int as excluded,
      count(*) filter (where decision = 'keep')::int as kept,
      count(*) filter (where flags <> '[]'::jsonb and decision is null)::int as undecided
    from app.entries where promotion_id = ${promotionId}`)
  const groups = await db.execute<{ n: number }>(sql`select count(distinct f->>'group')::int as n
    from app.entries e cross join lateral jsonb_array_elements(e.flags) f
    where e.promotion_id = ${promotionId} and e.flags <> '[]'::jsonb`)
  return { ...rows[0]!, groups: groups.rows[0]!.n }
}

export type GroupSummary = { group: string; kind: string; size: number; first: number; excluded: number; kept: number; undecided: number }
export type GroupMember = {
  group: string
  id: number
  receivedAt: Date
  channel: string
  fields: Record<string, string | boolean>
  flag: EntryFlag
  decision: 'keep' | 'exclude' | null
  decisionReason: string | null
  decisionClause: string | null
  decidedAt: Date | null
}

/** One page of the flagged groups (first entry order), optionally of one kind or only those with undecided entries. */
export async function flaggedGroups(
  db: Db,
  promotionId: number,
  { kind, undecidedOnly, offset, limit }: { kind?: string | undefined; undecidedOnly?: boolean; offset: number; limit: number },
) {
  const kindFilter = kind ? sql`and f->>'kind' = ${kind}` : sql``
  const having = undecidedOnly ? sql`having count(*) filter (where e.decision is null) > 0` : sql``
  const base = sql`select f->>'group' as "group", min(f->>'kind') as kind, count(*)::int as size, min(e.id)::float8 as first,
        count(*) filter (where e.decision = 'exclude')::int as excluded,
        count(*) filter (where e.decision = 'keep')::int as kept,
        count(*) filter (where e.decision is null)::int as undecided
      from app.entries e cross join lateral jsonb_array_elements(e.flags) f
      where e.promotion_id = ${promotionId} and e.flags <> '[]'::jsonb ${kindFilter}
      group by f->>'group' ${having}`
  const { rows } = await db.execute<GroupSummary & { total: number }>(
    sql`select g.*, count(*) over ()::int as total from (${base}) g order by g.first, g."group" limit ${limit} offset ${offset}`,
  )
  return { groups: rows.map(({ total: _total, ...g }) => g), total: rows[0]?.total ?? (offset > 0 ? await countGroups(db, base) : 0) }
}

async function countGroups(db: Db, base: ReturnType<typeof sql>) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${base}) g`)
  return rows[0]!.n
}

/** The first `perGroup` entries of each group (entry number order). */
export async function groupMembers(db: Db, promotionId: number, groups: string[], perGroup: number): Promise<GroupMember[]> {
  if (groups.length === 0) return []
  const { rows } = await db.execute<{
    group: string
    id: number
    received_at: Date | string
    channel: string
    fields: Record<string, string | boolean>
    flag: EntryFlag
    decision: 'keep' | 'exclude' | null
    decision_reason: string | null
    decision_clause: string | null
    decided_at: Date | string | null
  }>(sql`select * from (
      select f->>'group' as "group", e.id::float8 as id, e.received_at, e.channel, e.fields, f as flag, e.decision, e.decision_reason, e.decision_clause, e.decided_at,
             row_number() over (partition by f->>'group' order by e.id) as n
        from app.entries e cross join lateral jsonb_array_elements(e.flags) f
       where e.promotion_id = ${promotionId} and e.flags <> '[]'::jsonb and f->>'group' = any(${toPgArray(groups)}::text[])
    ) m where m.n <= ${perGroup} order by m."group", m.id`)
  return rows.map((r) => ({
    group: r.group,
    id: Number(r.id),
    receivedAt: new Date(r.received_at),
    channel: r.channel,
    fields: r.fields,
    flag: r.flag,
    decision: r.decision,
    decisionReason: r.decision_reason,
    decisionClause: r.decision_clause,
    decidedAt: r.decided_at ? new Date(r.decided_at) : null,
  }))
}

export type Decision = { decision: 'keep' | 'exclude'; reason: string; clause: string | null; userId: number }

/**
 * Records a decision on entries of the promotion, by entry number or by group (a group's exclusion
 * leaves its original in; keeping keeps every member), with the changelog entry, in one
 * transaction. Answers the entry numbers decided.
 */
export async function decideEntries(db: Db, promotionId: number, target: { entryNumbers: number[] } | { group: string }, d: Decision): Promise<number[]> {
  return db.transaction(async (tx) => {
    const set = sql`decision = ${d.decision}, decided_by = ${d.userId}, decided_at = now(), decision_reason = ${d.reason}, decision_clause = ${d.clause}`
    let where
    if ('group' in target) {
      const member = JSON.stringify([{ group: target.group }])
      const original = JSON.stringify([{ group: target.group, original: true }])
      where = sql`promotion_id = ${promotionId} and flags @> ${member}::jsonb ${d.decision === 'exclude' ? sql`and not flags @> ${original}::jsonb` : sql``}`
    } else {
      where = sql`promotion_id = ${promotionId} and id = any(${`{${target.entryNumbers.join(',')}}`}::bigint[])`
    }
    const { rows } = await tx.execute<{ id: string }>(sql`update app.entries set ${set} where ${where} returning id::text as id`)
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b)
    if (ids.length > 0) {
      await insertChange(tx, {
        promotionId,
        userId: d.userId,
        entity: 'entries',
        action: `screening-${d.decision}`,
        changes: {
          decision: { from: null, to: d.decision },
          entries: { from: null, to: 'group' in target ? { group: target.group, count: ids.length, first: ids[0] } : ids },
          reason: { from: null, to: d.reason },
          ...(d.clause ? { clause: { from: null, to: d.clause } } : {}),
        },
      })
    }
    return ids
  })
}

/** Whether the group has any member in the promotion (a stale group id is a 404 of its own). */
export async function groupExists(db: Db, promotionId: number, group: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from app.entries where promotion_id = ${promotionId} and flags @> ${JSON.stringify([{ group }])}::jsonb limit 1`,
  )
  return rows.length > 0
}

/** The entry form's state (frozen forms take no decisions), or undefined for a promotion without one. */
export async function formStatusOf(
  db: DbOrTx,
  promotionId: number,
): Promise<{ status: string; frozenDrawId: number | null; screenedAt: Date | null } | undefined> {
  const { rows } = await db.execute<{ status: string; frozen_draw_id: number | null; screened_at: Date | string | null }>(
    sql`select status, frozen_draw_id, screened_at from app.entry_forms where promotion_id = ${promotionId}`,
  )
  const row = rows[0]
  return row ? { status: row.status, frozenDrawId: row.frozen_draw_id, screenedAt: row.screened_at ? new Date(row.screened_at) : null } : undefined
}

/**
 * Retention (issue 27, for the rules issue's retention job): every personal field of the
 * promotion's entries is replaced by the hex SHA-256 of its text, and the screening keys by theirs,
 * so entries stay countable and duplicates stay comparable but nobody can be read back. Booleans
 * (consents) stay; the stored canonical row (masked, yet initials, domain and postcode) is cleared:
 * a draw frozen earlier keeps its own copy in storage, which the draws' retention removes.
 * Answers how many entries changed; a second call changes none.
 */
export async function deleteEntrantData(db: DbOrTx, promotionId: number): Promise<number> {
  const hash = (column: string) => sql.raw(`case when ${column} is null then null else encode(sha256(convert_to(${column}, 'UTF8')), 'hex') end`)
  const { rows } = await db.execute<{ n: number }>(sql`with changed as (
      update app.entries set
        fields = coalesce((select jsonb_object_agg(key, case when jsonb_typeof(value) = 'string'
                   then to_jsonb('sha256:' || encode(sha256(convert_to(value #>> '{}', 'UTF8')), 'hex')) else value end)
                 from jsonb_each(fields)), '{}'::jsonb),
        email_norm = ${hash('email_norm')},
        phone_norm = ${hash('phone_norm')},
        name_postcode_norm = ${hash('name_postcode_norm')},
        person_key = ${hash('person_key')},
        -- The stored canonical row is masked but still personal (initials, e-mail domain, phone's last digits, postcode).
        canonical = null,
        personal_data_deleted_at = now()
      where promotion_id = ${promotionId} and personal_data_deleted_at is null
      returning 1)
    select count(*)::int as n from changed`)
  // The receipt files go with the personal data: no row names them; their bytes are removed after the commit.
  await db.execute(sql`delete from app.entry_files where promotion_id = ${promotionId}`)
  return rows[0]!.n
}
