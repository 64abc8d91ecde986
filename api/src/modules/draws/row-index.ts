/**
 * The row index of a canonical entries file: the byte offset of every ROW_INDEX_EVERY-th row,
 * stored beside the entries as `<entriesKey>.rows` (float64 little-endian, 8 bytes a row group).
 * A run reads the index (about 300 KB at 10 million entries) and then only the few KB holding
 * each selected row, instead of whole 64K-row blocks.
 */
import type { FileStorage } from '../../storage/storage'
import { streamToBuffer } from '../../storage/storage'

/** Rows per index entry. */
export const ROW_INDEX_EVERY = 256

export const rowIndexKey = (entriesKey: string) => `${entriesKey}.rows`

/** Collects offsets while the canonical rows are written: call `row(offset)` before each row, in order. */
export class RowIndexBuilder {
  private chunks: Buffer[] = []
  private current = Buffer.alloc(8 * 4096)
  private used = 0
  private rows = 0

  /** `offset`: the byte offset where the next row starts. */
  row(offset: number) {
    if (this.rows++ % ROW_INDEX_EVERY !== 0) return
    if (this.used === this.current.length) {
      this.chunks.push(this.current)
      this.current = Buffer.alloc(this.current.length)
      this.used = 0
    }
    this.current.writeDoubleLE(offset, this.used)
    this.used += 8
  }

  bytes(): Buffer {
    return Buffer.concat([...this.chunks, this.current.subarray(0, this.used)])
  }

  async save(storage: FileStorage, entriesKey: string) {
    await storage.put(rowIndexKey(entriesKey), this.bytes())
  }
}

/** The offsets of a stored index, or undefined when it is missing. */
export async function loadRowIndex(storage: FileStorage, entriesKey: string): Promise<number[] | undefined> {
  const stream = await storage.get(rowIndexKey(entriesKey))
  if (!stream) return undefined
  const bytes = await streamToBuffer(stream)
  const offsets = new Array<number>(Math.floor(bytes.length / 8))
  for (let i = 0; i < offsets.length; i++) offsets[i] = bytes.readDoubleLE(i * 8)
  return offsets
}
