import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LocalFileStorage } from '../../storage/storage'
import { loadRowIndex, RowIndexBuilder, rowIndexKey, ROW_INDEX_EVERY } from './row-index'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'row-index-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('row index', () => {
  it('keeps the offset of every 256th row, across its internal chunks, and reads it back', async () => {
    const builder = new RowIndexBuilder()
    const rows = 300_000 // more than one 4,096-entry chunk of offsets
    let offset = 0
    const expected: number[] = []
    for (let i = 0; i < rows; i++) {
      if (i % ROW_INDEX_EVERY === 0) expected.push(offset)
      builder.row(offset)
      offset += 10 + (i % 7) * 1_000_003 // offsets past 2^32 too
    }
    const storage = new LocalFileStorage(dir)
    await builder.save(storage, 'draws/entries/x.csv')
    expect(await storage.exists(rowIndexKey('draws/entries/x.csv'))).toBe(true)
    const offsets = await loadRowIndex(storage, 'draws/entries/x.csv')
    expect(offsets).toHaveLength(Math.ceil(rows / ROW_INDEX_EVERY))
    expect(offsets).toEqual(expected)
    expect(await loadRowIndex(storage, 'draws/entries/missing.csv')).toBeUndefined()
  })

  it('reads a byte range of a stored file when given an end', async () => {
    const storage = new LocalFileStorage(dir)
    await storage.put('draws/entries/r.csv', Buffer.from('a,1\nb,2\nc,3\n'))
    const chunks: Buffer[] = []
    for await (const chunk of (await storage.getFrom('draws/entries/r.csv', 4, 7))!) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('b,2\n')
  })
})
