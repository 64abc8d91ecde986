/**
 * Issue 27, screening + freeze: a promoter screens the entries the product collected, decides the
 * flagged groups (another customer cannot see or touch them), freezes the rest into the draw, and
 * anyone can check that the frozen draw is exactly an upload of the equivalent CSV.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MSG_FREEZE_DRAW_COMMITTED,
  MSG_FREEZE_NO_ENTRIES,
  MSG_SCREENING_DECISION_REASON_REQUIRED,
  MSG_SCREENING_FROZEN,
  MSG_SCREENING_GROUP_NOT_FOUND,
  MSG_SCREENING_TARGET_REQUIRED,
  canonicalRow,
  maskDigits,
  maskEmail,
  maskText,
  merkleLeaf,
  merkleRootOf,
  toHex,
  msgFlagBurst,
  msgFlagDisposable,
  msgFlagDuplicate,
  msgFlagDuplicateOriginal,
} from '@permitdesk/shared'
import { deleteEntrantData } from '../../api/src/modules/entries/screening.repository'
import { insertEntryWithinLimit } from '../../api/src/modules/entries/entries.repository'
import { freezeClosedEntries } from '../../api/src/modules/entries/freeze-entries'
import { createMailer } from '../../api/src/mail/create-mailer'
import { createStorage } from '../../api/src/storage/create-storage'
import { silentLogger } from '../../api/src/logger'
import { waivePayment } from '../factories/payments'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Customer
let promotionId: number
let otherPromotionId: number

const T0 = new Date('2026-11-20T01:00:00Z')

type Seed = { name?: string; email?: string; phone?: string; postcode?: string; state?: string; ip?: string; device?: string; at?: Date }

/** Entries as the collection channels store them (the submit path is the other half of issue 27). */
async function insertEntries(promotion: number, seeds: Seed[]): Promise<number[]> {
  const ids: number[] = []
  for (const s of seeds) {
    const at = s.at ?? T0
    const email = s.email?.toLowerCase() ?? null
    const { rows } = await api.database.db.execute<{ id: string }>(sql`insert into app.entries
      (promotion_id, channel, received_at, sydney_day, fields, email_norm, phone_norm, name_postcode_norm, person_key, ip_hash, device_hash)
      values (${promotion}, 'form', ${at.toISOString()}, '2026-11-20',
        ${JSON.stringify({ name: s.name ?? 'Sam Entrant', email: s.email ?? '', phone: s.phone ?? '', postcode: s.postcode ?? '2000', state: s.state ?? 'NSW' })}::jsonb,
        ${email}, ${s.phone ? s.phone.replace(/\D/g, '') : null}, ${s.name && s.postcode ? `${s.name.toLowerCase()}|${s.postcode}` : null}, ${email ? `e:${email}` : null},
        ${s.ip ?? null}, ${s.device ?? null})
      returning id::text as id`)
    ids.push(Number(rows[0]!.id))
  }
  return ids
}

/** Entries through the collection channels' own insert (which stores each one's canonical row). */
async function submitEntries(promotion: number, seeds: Seed[]): Promise<number[]> {
  const ids: number[] = []
  for (const s of seeds) {
    const fields = { name: s.name ?? 'Sam Entrant', email: s.email ?? '', phone: s.phone ?? '', postcode: s.postcode ?? '2000', state: s.state ?? 'NSW' }
    const stored = await insertEntryWithinLimit(
      api.database,
      { promotionId: promotion, channel: 'form', receivedAt: s.at ?? T0, sydneyDay: '2026-11-20', fields },
      null,
      false,
    )
    if (!stored || typeof stored === 'string') throw new Error(`entry not stored: ${stored}`)
    ids.push(stored.id)
  }
  return ids
}

async function openForm(promotion: number) {
  await api.database.db.execute(
    sql`insert into app.entry_forms (promotion_id, code, status, opened_at) values (${promotion}, ${crypto.randomBytes(6).toString('hex')}, 'open', now())`,
  )
}

let ids: Record<string, number[]> = {}

beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
  promotionId = await createPromotion(alice.client, { randomDraw: true })
  otherPromotionId = await createPromotion(bob.client, { randomDraw: true })
  await waivePayment(staff.client, promotionId)
  await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' - 'unclaimedDraw' where id = ${promotionId}`)
  await openForm(promotionId)
  await openForm(otherPromotionId)
  ids = {
    clean: await insertEntries(
      promotionId,
      Array.from({ length: 20 }, (_, i) => ({
        name: `Person Number${i}`,
        email: `person${i}@example.com`,
        phone: `04000000${String(i).padStart(2, '0')}`,
        postcode: String(2000 + i),
        ip: `ip-${i}`,
      })),
    ),
    sameEmail: await insertEntries(promotionId, [
      { name: 'Jo Citizen', email: 'jo@gmail.com', postcode: '2010' },
      { name: 'Joanne Citizen', email: 'jo@gmail.com', postcode: '2011' },
      { name: 'J Citizen', email: 'jo@gmail.com', postcode: '2012' },
    ]),
    samePhone: await insertEntries(promotionId, [
      { name: 'Al One', email: 'al1@example.net', phone: '0499 111 222', postcode: '3001' },
      { name: 'Al Two', email: 'al2@example.net', phone: '0499111222', postcode: '3002' },
    ]),
    // 10 entries from one address within 45 seconds: the default rule is 10 within 60 s.
    burst: await insertEntries(
      promotionId,
      Array.from({ length: 10 }, (_, i) => ({
        name: `Bot ${i}`,
        email: `bot${i}@example.org`,
        postcode: '4000',
        ip: 'ip-burst',
        at: new Date(T0.getTime() + i * 5000),
      })),
    ),
    disposable: await insertEntries(promotionId, [{ name: 'Throw Away', email: 'someone@mailinator.com', postcode: '5000' }]),
  }
  ids.bobs = await insertEntries(otherPromotionId, [{ email: 'x@gmail.com' }, { email: 'x@gmail.com' }])
})
afterAll(async () => api?.close())

describe('screening a promotion\u2019s entries', () => {
  it('is refused to the signed out (401) and to another customer (404), and changes nothing', async () => {
    expect((await api.client().post('/api/entries/screen', { promotionId })).status).toBe(401)
    expect((await bob.client.post('/api/entries/screen', { promotionId })).status).toBe(404)
    expect((await bob.client.get(`/api/entries/screening?promotionId=${promotionId}`)).status).toBe(404)
    const { rows } = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from app.entries where promotion_id = ${promotionId} and flags <> '[]'::jsonb`,
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('flags duplicates, the burst and the disposable address, each explained, and counts them', async () => {
    const screened = await alice.client.post('/api/entries/screen', { promotionId })
    expect(screened.status, screened.text).toBe(200)
    // 3 same e-mail + 2 same phone + 10 burst + 1 disposable
    expect(screened.body).toEqual({ total: 36, flagged: 16, excluded: 0, kept: 0, undecided: 16, groups: 4 })

    const list = await alice.client.get(`/api/entries/screening?promotionId=${promotionId}`)
    expect(list.status, list.text).toBe(200)
    expect(list.body.frozen).toBe(false)
    expect(list.body.groupCount).toBe(4)
    const byKind = Object.fromEntries(list.body.groups.map((g: { kind: string }) => [g.kind, g]))
    const email = byKind['duplicate-email']
    expect(email).toMatchObject({
      group: `duplicate-email:${ids.sameEmail![0]}`,
      label: 'Same e-mail address',
      size: 3,
      undecided: 3,
      explanation: msgFlagDuplicateOriginal('duplicate-email', 3),
    })
    expect(email.entries.map((e: { entryNumber: number; original: boolean }) => [e.entryNumber, e.original])).toEqual([
      [ids.sameEmail![0], true],
      [ids.sameEmail![1], false],
      [ids.sameEmail![2], false],
    ])
    expect(email.entries[1].explanation).toBe(msgFlagDuplicate('duplicate-email', ids.sameEmail![0]!))
    // Personal data is masked on the screen.
    expect(email.entries[0]).toMatchObject({ name: 'J. C.', email: 'j***@gmail.com', postcode: '2010' })
    expect(byKind['duplicate-phone'].size).toBe(2)
    expect(byKind['burst-address']).toMatchObject({ size: 10, explanation: msgFlagBurst('burst-address', 10, 45, 10, 60) })
    expect(byKind['disposable-email']).toMatchObject({ size: 1, explanation: msgFlagDisposable('mailinator.com') })
    // One kind only.
    const bursts = await alice.client.get(`/api/entries/screening?promotionId=${promotionId}&kind=burst-address`)
    expect(bursts.body.groups.map((g: { kind: string }) => g.kind)).toEqual(['burst-address'])
  })

  it('answers bad input with 400 and the field\u2019s message, and changes nothing', async () => {
    const noReason = await alice.client.post('/api/entries/decide', { promotionId, decision: 'exclude', entryNumbers: [ids.sameEmail![1]], reason: '  ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.modelState.reason).toEqual([MSG_SCREENING_DECISION_REASON_REQUIRED])
    const both = await alice.client.post('/api/entries/decide', { promotionId, decision: 'exclude', entryNumbers: [1], group: 'x', reason: 'r' })
    expect(both.status).toBe(400)
    expect(both.body.modelState.entryNumbers).toEqual([MSG_SCREENING_TARGET_REQUIRED])
    const stale = await alice.client.post('/api/entries/decide', { promotionId, decision: 'exclude', group: 'duplicate-email:1', reason: 'r' })
    expect(stale.status).toBe(400)
    expect(stale.body.message).toBe(MSG_SCREENING_GROUP_NOT_FOUND)
    const badPage = await alice.client.get(`/api/entries/screening?promotionId=${promotionId}&page=0`)
    expect(badPage.status).toBe(400)
    expect(JSON.stringify([noReason.body, both.body, badPage.body])).not.toMatch(/Invalid input|Too small|Expected/)
    const { rows } = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from app.entries where promotion_id = ${promotionId} and decision is not null`,
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('records decisions by group and by entry number; another customer\u2019s entry numbers change nothing', async () => {
    // Bob cannot decide on Alice's promotion, even by naming her group.
    const bobTries = await bob.client.post('/api/entries/decide', {
      promotionId,
      decision: 'keep',
      group: `duplicate-email:${ids.sameEmail![0]}`,
      reason: 'mine',
    })
    expect(bobTries.status).toBe(404)

    const group = await alice.client.post('/api/entries/decide', {
      promotionId,
      decision: 'exclude',
      group: `duplicate-email:${ids.sameEmail![0]}`,
      reason: 'One entry per person',
      clause: '7',
    })
    expect(group.status, group.text).toBe(200)
    // The original stays in; its two duplicates are excluded.
    expect(group.body.entryNumbers).toEqual(ids.sameEmail!.slice(1))
    const kept = await alice.client.post('/api/entries/decide', {
      promotionId,
      decision: 'keep',
      group: `burst-address:${ids.burst![0]}`,
      reason: 'An office entering together at a launch event',
    })
    expect(kept.body.decided).toBe(10)
    // Alice naming Bob's entries in her promotion: nothing is decided.
    const foreign = await alice.client.post('/api/entries/decide', { promotionId, decision: 'exclude', entryNumbers: ids.bobs, reason: 'not mine' })
    expect(foreign.status).toBe(200)
    expect(foreign.body.decided).toBe(0)
    // Staff decide too (the disposable address, by entry number).
    const byStaff = await staff.client.post('/api/entries/decide', {
      promotionId,
      decision: 'exclude',
      entryNumbers: ids.disposable,
      reason: 'Disposable address',
      clause: '7(c)',
    })
    expect(byStaff.body.decided).toBe(1)

    const { rows } = await api.database.db.execute<{
      id: string
      decision: string
      decision_reason: string
      decision_clause: string | null
      decided_by: number
    }>(sql`select id::text, decision, decision_reason, decision_clause, decided_by from app.entries where decision is not null order by id`)
    expect(rows.filter((r) => r.decision === 'exclude').map((r) => Number(r.id))).toEqual([...ids.sameEmail!.slice(1), ...ids.disposable!])
    expect(rows.find((r) => Number(r.id) === ids.disposable![0])).toMatchObject({
      decision_reason: 'Disposable address',
      decision_clause: '7(c)',
      decided_by: staff.id,
    })
    const changes = await api.database.db.execute<{ action: string; user_id: number }>(
      sql`select action, user_id from app.changelog where promotion_id = ${promotionId} and entity = 'entries' order by id`,
    )
    expect(changes.rows.map((c) => c.action)).toEqual(['screening-exclude', 'screening-keep', 'screening-exclude'])
    // Screening again keeps the decisions.
    const again = await alice.client.post('/api/entries/screen', { promotionId })
    expect(again.body).toMatchObject({ flagged: 16, excluded: 3, kept: 10, undecided: 3 })
  })
})

describe('freezing the entries into the draw', () => {
  let frozen: { drawId: number; publicId: string; entryCount: number; entriesHash: string; entriesRoot: string; exclusionLines: string[] }

  it('is refused to another customer', async () => {
    expect((await bob.client.post('/api/entries/freeze', { promotionId })).status).toBe(404)
  })

  it('commits every entry not excluded, in entry number order, and the record says why the others were left out', async () => {
    const draw = await alice.client.post('/api/draw/create', { promotionId, winners: 2, reserves: 1 })
    expect(draw.status, draw.text).toBe(200)
    const response = await alice.client.post('/api/entries/freeze', { promotionId })
    expect(response.status, response.text).toBe(200)
    frozen = response.body
    expect(frozen.drawId).toBe(draw.body.id)
    expect(frozen.entryCount).toBe(36 - 3)
    expect(frozen.exclusionLines).toEqual([
      '2 entries excluded as duplicates under clause 7 of the T&Cs',
      '1 entry excluded as entries from disposable e-mail addresses under clause 7(c) of the T&Cs',
    ])
    const record = await api.client().get(`/api/draw/public?publicId=${frozen.publicId}`)
    expect(record.body).toMatchObject({
      status: 'committed',
      entryCount: 33,
      entriesHash: frozen.entriesHash,
      entriesRoot: frozen.entriesRoot,
      exclusionLines: frozen.exclusionLines,
    })
    const page = await api.client().get(`/draws/${frozen.publicId}/`)
    expect(page.text).toContain('2 entries excluded as duplicates under clause 7 of the T&amp;Cs')
  })

  it('gives the same entriesHash and entriesRoot as an upload of the equivalent CSV, which the verifier checks', async () => {
    // The equivalent file written another way: every field quoted, CRLF line ends, a BOM.
    const { rows } = await api.database.db.execute<{ id: string; fields: Record<string, string> }>(
      sql`select id::text, fields from app.entries where promotion_id = ${promotionId} and decision is distinct from 'exclude' order by app.entries.id`,
    )
    const q = (v: string) => `"${v.replace(/"/g, '""')}"`
    const lines = rows.map((r) =>
      [r.id, maskText(r.fields.name!), maskEmail(r.fields.email!), r.fields.phone ? maskDigits(r.fields.phone) : '', r.fields.state!, r.fields.postcode!]
        .map(q)
        .join(','),
    )
    const csv = `\uFEFF"entry","name","email","phone","state","postcode"\r\n${lines.join('\r\n')}\r\n`
    const other = await alice.client.post('/api/draw/create', { promotionId, winners: 2, reserves: 1 })
    const data = new FormData()
    data.append('id', String(other.body.id))
    data.append('file', new Blob([csv]), 'entries.csv')
    const upload = await alice.client.upload('/api/draw/uploadEntries', data)
    expect(upload.status, upload.text).toBe(200)
    expect(upload.body).toEqual({ entryCount: 33, entriesHash: frozen.entriesHash })
    const commit = await alice.client.post('/api/draw/commit', { id: other.body.id })
    expect(commit.body.entriesRoot).toBe(frozen.entriesRoot)

    const run = await alice.client.post('/api/draw/run', { id: frozen.drawId })
    expect(run.status, run.text).toBe(200)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'frozen-')), 'entries.csv')
    fs.writeFileSync(file, csv)
    const out = execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/verify-draw.mjs'), file, run.body.seed, '2', '1'], { encoding: 'utf8' })
    expect(out).toContain(`entriesHash  ${frozen.entriesHash}`)
    expect(out).toContain(`entriesRoot  ${frozen.entriesRoot}`)
    expect([...out.matchAll(/index (\d+)/g)].map((m) => Number(m[1]))).toEqual(
      run.body.winners.concat(run.body.reserves).map((s: { entryIndex: number }) => s.entryIndex),
    )
  })

  it('holds the canonical rows with masked personal data only', async () => {
    const record = await alice.client.get(`/api/draw/get?id=${frozen.drawId}`)
    expect(record.body.header).toEqual(['entry', 'name', 'email', 'phone', 'state', 'postcode'])
    const file = await alice.client.get(record.body.entriesUrl)
    expect(file.status).toBe(200)
    const { rows } = await api.database.db.execute<{ fields: Record<string, string> }>(sql`select fields from app.entries where promotion_id = ${promotionId}`)
    for (const r of rows) {
      expect(file.text).not.toContain(r.fields.email!)
      expect(file.text).not.toContain(r.fields.name!)
      if (r.fields.phone) expect(file.text).not.toContain(r.fields.phone)
    }
    expect(file.text.split('\n')[1]).toBe(`${ids.clean![0]},P. N.,p***@example.com,*******000,NSW,2000`)
  })

  it('streams entries with quotes, commas, tabs, backslashes, line breaks, unicode and empty fields to the same bytes as the canonical CSV', async () => {
    const tricky = await createPromotion(alice.client, { randomDraw: true })
    await waivePayment(staff.client, tricky)
    await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' - 'unclaimedDraw' where id = ${tricky}`)
    await openForm(tricky)
    const seeds: Seed[] = [
      { name: 'Zo\u00eb "Ace" O\'Brien, Jr', email: 'zo\u00eb@ex\u00e4mple.com.au', phone: '', postcode: '2000', state: 'NSW' },
      { name: '\u00dfen\tback\\slash', email: '"quoted,local"@example.com', phone: '+61 (4) 12-345-678', postcode: '3000', state: 'VIC' },
      { name: '   ', email: '', phone: '', postcode: '', state: '' },
      { name: 'Line\nBreak \u00d1and\u00fa \u674e\u5c0f\u9f8d', email: 'x@back\\slash.example', phone: '0412 345 678', postcode: '0800', state: 'NT' },
      { name: '\u{1F600} smile', email: ' Spaced@Example.com ', phone: '04 12', postcode: ' 2600 ', state: 'ACT' },
    ]
    // The first three arrive through the channels' insert (their canonical row stored at arrival), the
    // last two as rows from before it was stored (null: the freeze fills them by the same rules).
    const entryIds = await submitEntries(tricky, seeds.slice(0, 3))
    entryIds.push(...(await insertEntries(tricky, seeds.slice(3))))
    const stored = await api.database.db.execute<{ id: string; canonical: string | null }>(
      sql`select id::text as id, canonical from app.entries where promotion_id = ${tricky} order by app.entries.id`,
    )
    expect(stored.rows.map((r) => r.canonical === null)).toEqual([false, false, false, true, true])
    expect(stored.rows[0]!.canonical).toBe(',"Z. "". O. J.",z***@ex\u00e4mple.com.au,,NSW,2000\n')
    await alice.client.post('/api/draw/create', { promotionId: tricky, winners: 1, reserves: 1 })
    const response = await alice.client.post('/api/entries/freeze', { promotionId: tricky })
    expect(response.status, response.text).toBe(200)
    const filled = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from app.entries where promotion_id = ${tricky} and canonical is null`,
    )
    expect(filled.rows[0]!.n).toBe(0)
    // The canonical rows written from the stored fields in JavaScript (the shared rules), in entry number order.
    const { rows } = await api.database.db.execute<{ id: string; fields: Record<string, string> }>(
      sql`select id::text as id, fields from app.entries where promotion_id = ${tricky} order by app.entries.id`,
    )
    expect(rows.map((r) => Number(r.id))).toEqual(entryIds)
    const masked = rows.map((r) => {
      const f = (k: string) => (r.fields[k] ?? '').trim()
      return [r.id, f('name') && maskText(f('name')), f('email') && maskEmail(f('email')), f('phone') && maskDigits(f('phone')), f('state'), f('postcode')]
    })
    // The canonical text is the data rows (DESIGN.md §5a: the header is kept apart, not hashed).
    const canonical = masked.map((m) => `${canonicalRow(m)}\n`).join('')
    expect(canonical).toContain('"Z. "". O. J."') // a quote needs quoting
    expect(canonical).toContain('x***@back\\slash.example')
    expect(response.body.entriesHash).toBe(crypto.createHash('sha256').update(canonical, 'utf8').digest('hex'))
    // Each entry's leaf, hashed by PostgreSQL as its row was written (0048: at arrival, or at the fill), is
    // the leaf JavaScript hashes from the row's bytes; the frozen root is the tree over them.
    const sha256 = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest())
    const leaves = masked.map((m) => toHex(merkleLeaf(canonicalRow(m), sha256)))
    const storedLeaves = await api.database.db.execute<{ leaf: string }>(
      sql`select encode(leaf, 'hex') as leaf from app.entries where promotion_id = ${tricky} order by app.entries.id`,
    )
    expect(storedLeaves.rows.map((r) => r.leaf)).toEqual(leaves)
    expect(response.body.entriesRoot).toBe(
      toHex(
        merkleRootOf(
          masked.map((m) => merkleLeaf(canonicalRow(m), sha256)),
          sha256,
        ),
      ),
    )
    // And an upload of the same entries written another way (every field quoted, CRLF, a BOM) gives the same hash.
    const q = (v: string) => `"${v.replace(/"/g, '""')}"`
    const csv = `\uFEFF${['entry', 'name', 'email', 'phone', 'state', 'postcode'].map(q).join(',')}\r\n${masked.map((m) => m.map(q).join(',')).join('\r\n')}\r\n`
    const other = await alice.client.post('/api/draw/create', { promotionId: tricky, winners: 1, reserves: 1 })
    const data = new FormData()
    data.append('id', String(other.body.id))
    data.append('file', new Blob([csv]), 'entries.csv')
    const upload = await alice.client.upload('/api/draw/uploadEntries', data)
    expect(upload.body).toEqual({ entryCount: 5, entriesHash: response.body.entriesHash })
  })

  it('after the freeze: no screening, decision or second freeze changes anything', async () => {
    const screen = await alice.client.post('/api/entries/screen', { promotionId })
    expect(screen.status).toBe(409)
    expect(screen.body.message).toBe(MSG_SCREENING_FROZEN)
    const decide = await alice.client.post('/api/entries/decide', { promotionId, decision: 'keep', entryNumbers: ids.disposable, reason: 'changed my mind' })
    expect(decide.status).toBe(409)
    expect(decide.body.message).toBe(MSG_SCREENING_FROZEN)
    const again = await alice.client.post('/api/entries/freeze', { promotionId, drawId: frozen.drawId })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(MSG_SCREENING_FROZEN)
    const { rows } = await api.database.db.execute<{ status: string; frozen_draw_id: number }>(
      sql`select status, frozen_draw_id from app.entry_forms where promotion_id = ${promotionId}`,
    )
    expect(rows[0]).toEqual({ status: 'frozen', frozen_draw_id: frozen.drawId })
  })

  it('a promotion without entries is refused with the reason, and no draw is made for it', async () => {
    const empty = await createPromotion(alice.client, { randomDraw: true })
    const draws = async () =>
      (await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.draws where promotion_id = ${empty}`)).rows[0]!.n
    const noForm = await alice.client.post('/api/entries/freeze', { promotionId: empty })
    expect(noForm.status).toBe(400)
    expect(noForm.body.message).toBe(MSG_FREEZE_NO_ENTRIES)
    await openForm(empty)
    const noEntries = await alice.client.post('/api/entries/freeze', { promotionId: empty })
    expect(noEntries.status).toBe(400)
    expect(noEntries.body.modelState.promotionId).toEqual([MSG_FREEZE_NO_ENTRIES])
    expect(await draws()).toBe(0)
  })

  it('fills rows from before their canonical row was stored, over several batches, between rows stored at arrival', async () => {
    const legacy = await createPromotion(alice.client, { randomDraw: true })
    await waivePayment(staff.client, legacy)
    await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' - 'unclaimedDraw' where id = ${legacy}`)
    await openForm(legacy)
    const before = await submitEntries(legacy, [{ name: 'First Arrival', email: 'first@example.com', phone: '0400 000 001' }])
    // 12,001 rows as they were before migration 0043 (no canonical row): more than two of the fill's batches.
    await api.database.db.execute(sql`insert into app.entries (promotion_id, channel, received_at, sydney_day, fields)
      select ${legacy}, 'import', ${T0.toISOString()}, '2026-11-20',
             jsonb_build_object('name', 'old entrant ' || i, 'email', 'old' || i || '@example.com', 'phone', '0411 ' || lpad(i::text, 6, '0'), 'postcode', '2000', 'state', 'NSW')
        from generate_series(1, 12001) as i`)
    const after = await submitEntries(legacy, [{ name: 'Last Arrival', email: 'last@example.com', phone: '0400 000 002' }])
    await alice.client.post('/api/draw/create', { promotionId: legacy, winners: 1, reserves: 1 })
    const response = await alice.client.post('/api/entries/freeze', { promotionId: legacy })
    expect(response.status, response.text).toBe(200)
    expect(response.body.entryCount).toBe(12_003)
    const { rows } = await api.database.db.execute<{ id: string; fields: Record<string, string> }>(
      sql`select id::text as id, fields from app.entries where promotion_id = ${legacy} order by app.entries.id`,
    )
    expect([Number(rows[0]!.id), Number(rows.at(-1)!.id)]).toEqual([before[0], after[0]])
    const f = (r: { fields: Record<string, string> }, k: string) => (r.fields[k] ?? '').trim()
    const canonical = rows
      .map((r) => `${canonicalRow([r.id, maskText(f(r, 'name')), maskEmail(f(r, 'email')), maskDigits(f(r, 'phone')), f(r, 'state'), f(r, 'postcode')])}\n`)
      .join('')
    expect(response.body.entriesHash).toBe(crypto.createHash('sha256').update(canonical, 'utf8').digest('hex'))
    const missing = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from app.entries where promotion_id = ${legacy} and canonical is null`,
    )
    expect(missing.rows[0]!.n).toBe(0)
  })

  it('stores the canonical row of an entry whose fields are at their 200-character limit in the widest characters', async () => {
    const wide = await createPromotion(alice.client, { randomDraw: true })
    await openForm(wide)
    // Varied 3-byte characters (nothing for the index to compress) and quotes, which the canonical row doubles.
    const cjk = (n: number, from: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((from + i * 7919) % 20000))).join('')
    const fields = { name: '" '.repeat(100).trim(), email: `a@${cjk(198, 1)}`, phone: `+61${cjk(197, 2)}`, postcode: '2000', state: 'NSW' }
    const [id] = await submitEntries(wide, [fields])
    const { rows } = await api.database.db.execute<{ bytes: number }>(sql`select octet_length(canonical) as bytes from app.entries where id = ${id}`)
    expect(rows[0]!.bytes).toBeGreaterThan(1_500)
  })

  it('a failed freeze (more winners than entries) leaves the form open to decide and try again', async () => {
    const small = await createPromotion(alice.client, { randomDraw: true })
    await openForm(small)
    await insertEntries(small, [{ email: 'one@example.com' }])
    const draw = await alice.client.post('/api/draw/create', { promotionId: small, winners: 3, reserves: 0 })
    expect(draw.status).toBe(200)
    const refused = await alice.client.post('/api/entries/freeze', { promotionId: small })
    expect(refused.status).toBe(400)
    // Naming a draw that is already committed (the frozen one of another promotion is not found; this one's own, committed by upload, is refused).
    expect((await alice.client.post('/api/entries/freeze', { promotionId: small, drawId: frozen.drawId })).status).toBe(404)
    const uploaded = await alice.client.post('/api/draw/create', { promotionId: small, winners: 1, reserves: 0 })
    const data = new FormData()
    data.append('id', String(uploaded.body.id))
    data.append('file', new Blob(['entry\nE1\n']), 'entries.csv')
    expect((await alice.client.upload('/api/draw/uploadEntries', data)).status).toBe(200)
    expect((await alice.client.post('/api/draw/commit', { id: uploaded.body.id })).status).toBe(200)
    const committed = await alice.client.post('/api/entries/freeze', { promotionId: small, drawId: uploaded.body.id })
    expect(committed.status).toBe(409)
    expect(committed.body.message).toBe(MSG_FREEZE_DRAW_COMMITTED)
    const { rows } = await api.database.db.execute<{ status: string }>(sql`select status from app.entry_forms where promotion_id = ${small}`)
    expect(rows[0]!.status).toBe('open')
  })
})

describe('the close of the entry period', () => {
  it('freezes the entries of a promotion whose period has ended, as the system, and only once', async () => {
    const closing = await createPromotion(alice.client, { randomDraw: true })
    await api.database.db.execute(
      sql`update app.promotions set permit = ${JSON.stringify({ startDate: '2026-11-01', startTime: '09:00', endDate: '2026-11-19', endTime: '17:00' })}::jsonb where id = ${closing}`,
    )
    const open = await createPromotion(alice.client, { randomDraw: true })
    await api.database.db.execute(
      sql`update app.promotions set permit = ${JSON.stringify({ startDate: '2026-11-01', endDate: '2026-12-31' })}::jsonb where id = ${open}`,
    )
    for (const p of [closing, open]) {
      await openForm(p)
      await insertEntries(p, [{ email: 'a@example.com' }, { email: 'b@example.com' }, { email: 'c@example.com' }])
    }
    const deps = {
      database: api.database,
      config: api.config,
      logger: silentLogger,
      mailer: createMailer(api.config, silentLogger),
      storage: createStorage(api.config),
    }
    // A second before the close (17:00 Sydney, AEDT = 06:00 UTC) nothing happens; at the close it is frozen.
    expect(await freezeClosedEntries(deps, new Date('2026-11-19T05:59:59Z'))).toMatchObject({ frozen: 0 })
    expect(await freezeClosedEntries(deps, new Date('2026-11-19T06:00:00Z'))).toEqual({ frozen: 1, failed: 0 })
    const { rows } = await api.database.db.execute<{ promotion_id: number; status: string; entry_count: number; committed: boolean }>(
      sql`select f.promotion_id, f.status, d.entry_count, d.committed_at is not null as committed from app.entry_forms f left join app.draws d on d.id = f.frozen_draw_id where f.promotion_id in (${closing}, ${open}) order by f.promotion_id`,
    )
    expect(rows).toEqual([
      { promotion_id: closing, status: 'frozen', entry_count: 3, committed: true },
      { promotion_id: open, status: 'open', entry_count: null, committed: false },
    ])
    const system = await api.database.db.execute<{ user_id: number | null }>(
      sql`select user_id from app.changelog where promotion_id = ${closing} and action = 'freeze'`,
    )
    expect(system.rows).toEqual([{ user_id: null }])
    // The next run finds nothing more to do.
    expect(await freezeClosedEntries(deps, new Date('2026-11-19T06:01:00Z'))).toEqual({ frozen: 0, failed: 0 })
  })
})

describe('deleting entrant data at retention (for the retention job)', () => {
  it('replaces every personal field and key with its hash, keeps the count, and a second run changes nothing', async () => {
    const before = await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.entries where promotion_id = ${otherPromotionId}`)
    expect(await deleteEntrantData(api.database.db, otherPromotionId)).toBe(2)
    const { rows } = await api.database.db.execute<{ fields: Record<string, string>; email_norm: string; deleted: boolean }>(
      sql`select fields, email_norm, personal_data_deleted_at is not null as deleted from app.entries where promotion_id = ${otherPromotionId} order by id`,
    )
    expect(rows).toHaveLength(before.rows[0]!.n)
    const sha = (v: string) => crypto.createHash('sha256').update(v).digest('hex')
    expect(rows[0]!.fields.email).toBe(`sha256:${sha('x@gmail.com')}`)
    expect(rows[0]!.email_norm).toBe(sha('x@gmail.com'))
    expect(JSON.stringify(rows)).not.toContain('gmail')
    expect(rows.every((r) => r.deleted)).toBe(true)
    // Duplicates stay comparable through their hashes.
    expect(rows[0]!.email_norm).toBe(rows[1]!.email_norm)
    expect(await deleteEntrantData(api.database.db, otherPromotionId)).toBe(0)
    // The canonical row stored at arrival is masked but still personal (initials, domain, postcode): it goes too.
    const submitted = await createPromotion(bob.client, { randomDraw: true })
    await openForm(submitted)
    await submitEntries(submitted, [{ name: 'Erin Entrant', email: 'erin@example.com', phone: '0412 345 678', postcode: '2600', state: 'ACT' }])
    const canonicalOf = async () =>
      (
        await api.database.db.execute<{ canonical: string | null; leaf: boolean }>(
          sql`select canonical, leaf is not null as leaf from app.entries where promotion_id = ${submitted}`,
        )
      ).rows
    expect(await canonicalOf()).toEqual([{ canonical: ',E. E.,e***@example.com,**** *** 678,ACT,2600\n', leaf: true }])
    expect(await deleteEntrantData(api.database.db, submitted)).toBe(1)
    // Its leaf (a hash of the masked row, 0048) is computed from the row, so it goes with it.
    expect(await canonicalOf()).toEqual([{ canonical: null, leaf: false }])
    // Alice's entries are untouched.
    const alices = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from app.entries where promotion_id = ${promotionId} and personal_data_deleted_at is not null`,
    )
    expect(alices.rows[0]!.n).toBe(0)
  })
})

describe('an entry arriving while the freeze begins (issue 27)', () => {
  it('waits for the freeze that holds the form, then is refused: no acknowledged entry is left out of the draw', async () => {
    const racing = await createPromotion(alice.client, { randomDraw: true })
    await openForm(racing)
    // The freeze's first step holds the form row (beginFreeze: select … for update), then marks it frozen.
    const freeze = await api.database.pool.connect()
    try {
      await freeze.query('begin')
      await freeze.query(`select status from app.entry_forms where promotion_id = $1 for update`, [racing])
      const insert = insertEntryWithinLimit(
        api.database,
        { promotionId: racing, channel: 'form', receivedAt: T0, sydneyDay: '2026-11-20', fields: { name: 'Late Larry' }, personKey: 'e:late@example.com' },
        null,
        false,
      )
      // The entry waits on the form's lock rather than reading it as still open.
      await expect
        .poll(
          async () =>
            (
              await api.database.pool.query(
                `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%entry_forms%for key share%'`,
              )
            ).rows[0].n,
          { timeout: 30_000, interval: 50 },
        )
        .toBe(1)
      await freeze.query(`update app.entry_forms set status = 'frozen' where promotion_id = $1`, [racing])
      await freeze.query('commit')
      expect(await insert).toBe('closed')
    } finally {
      freeze.release()
    }
    const { rows } = await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.entries where promotion_id = ${racing}`)
    expect(rows[0]!.n).toBe(0)
  })
})
