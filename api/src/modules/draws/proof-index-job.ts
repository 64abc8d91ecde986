/**
 * The proof index of an entries file (proof-index.ts: the block roots and the value table), built
 * in two worker threads while the canonical bytes pass (issue 23). The upload feeds it as it
 * stores the file, so the commit finds the work done; a commit of entries without it feeds it the
 * stored file. The main thread keeps the I/O; both workers split the rows (the WebAssembly module
 * of api/wasm/merkle-blocks.ts, thousands of rows per call); one hashes them into block roots, the
 * other keys their values and hashes the whole file (the entries hash), collects the value table's
 * records in buckets (spilled to a temporary file) and writes the sorted table part by part to a
 * file of the job, which the main thread streams into storage. The workers live as long as the
 * process (ProofWorkerPool) and run one job at a time.
 * The workers run `proofIndexWorker` from its source text (`eval`), so they start the same from
 * the sources (tsx), the server bundle and the tests, with no file path to find: that function may
 * use only its arguments and globals.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { MERKLE_BLOCKS_WASM } from './merkle-blocks-wasm'
import { ROW_INDEX_EVERY } from './row-index'

/** Rows per stored block root (PROOF_BLOCK of proof-index.ts; the wasm module's BLOCK). */
const BLOCK = ROW_INDEX_EVERY
/**
 * Bytes of the ring through which the main thread hands chunks to the workers: memory all threads
 * see, reused, so a big upload allocates nothing per chunk (a copy per chunk handed over left
 * hundreds of MB waiting for the worker's garbage collector at 10M rows). `add` waits when it is full.
 */
const RING = 1 << 20
/** Bytes copied into the ring before the workers are told (one message each). */
const SEND_AT = 128 * 1024
/**
 * Bytes of the ring through which addLeaves hands leaves to the roots worker (32,768 rows): shared
 * memory as for the bytes; a buffer moved to the worker per batch left tens of MB of them for the
 * worker's rare garbage collections (peak RSS 433 MB at a million entries).
 */
const LEAF_RING = 1 << 20
/**
 * Bytes of each of the value table's 256 bucket buffers (2730 records) in the module's memory: a
 * spill to the bucket's file is one write of this size (16 KB buffers took twice the writes).
 */
const BUCKET_BYTES = 32_760

/** What a worker keeps for its life: `role` 'roots' hashes the rows into block roots, 'values' builds the value table (two workers, one core each). */
type WorkerBoot = {
  wasm: string
  block: number
  batchRows: number
  ring: SharedArrayBuffer
  /** The ring through which a `leaves` job's leaves reach the roots worker (as `ring` for the bytes). */
  leafRing: SharedArrayBuffer
  role: 'roots' | 'values'
}
/**
 * What one job gives its worker (the `start` message): the spill and table files' descriptors,
 * opened by the main thread; `leaves`: the roots worker is handed the rows' leaves (`{ leaves }`
 * messages) instead of the rows, and hashes only the levels above them (ProofIndexJob.start).
 */
type JobSettings = { bucketBytes: number; spill: number; table: number; leaves: boolean }
/** A range of the table's file the values worker has written (the main thread stores it). */
type TablePart = { at: number; length: number }
type Port = {
  on(
    event: 'message',
    listener: (message: { at: number; length: number } | { leavesAt: number; length: number } | { start: JobSettings } | 'end' | 'next' | 'reset') => void,
  ): void
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void
}
/** The block roots, the rows counted, the bytes' SHA-256, and the value table as parts to store in order (each read once). */
export type ProofIndexFiles = {
  blockRoots: Buffer
  rows: number
  /** Lowercase hex SHA-256 of every byte handed to the job (the entries hash of DESIGN.md §5a). */
  entriesHash: string
  table: AsyncIterable<Uint8Array>
}

/**
 * The worker's whole program (see the file's comment: only arguments and globals). The worker
 * lives as long as the process (the pool below) and runs one job at a time. Messages in:
 * `{ start }` begins a job (fresh state and a fresh instance of the module, so nothing of the
 * job before survives), `{ at, length }` of the ring for each chunk of canonical bytes in order,
 * then 'end', then 'next' for each part of the table; 'reset' drops the job (finished or cancelled
 * half-way) and is answered `{ reset: true }`: messages are taken in order, so after that answer
 * the worker holds nothing of the job and touches none of its files. Messages out: `{ took }`
 * bytes as each chunk is taken in (its ring space is free again), `{ done }` with the block roots
 * and the rows counted, `{ part }` (null after the last), or `{ error }`.
 */
function proofIndexWorker(boot: WorkerBoot, port: Port, nodeFs: typeof fs, nodeCrypto: typeof crypto) {
  const module = new WebAssembly.Module(Buffer.from(boot.wasm, 'base64'))
  let job: ((message: { at: number; length: number } | { leavesAt: number; length: number } | 'end' | 'next') => void) | undefined
  port.on('message', (message) => {
    if (message === 'reset') {
      job = undefined
      port.postMessage({ reset: true })
      return
    }
    try {
      if (typeof message === 'object' && 'start' in message) job = startJob({ ...boot, ...message.start })
      else if (job) job(message)
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    }
  })

  function startJob(settings: WorkerBoot & JobSettings) {
    const { block: BLOCK, batchRows: BATCH_ROWS } = settings
    const ring = new Uint8Array(settings.ring)
    // --- block roots: rows gathered in the module's memory, hashed BATCH_ROWS (whole blocks) per call
    const wasm = new WebAssembly.Instance(module).exports as unknown as {
      memory: WebAssembly.Memory
      scratchStart(): number
      blockRoots(data: number, starts: number, count: number, out: number): void
      leafBlockRoots(leaves: number, count: number, out: number): void
      valueRecords(data: number, starts: number, first: number, count: number, rowBase: number, out: number, capacity: number): number
      recordCount(): number
      splitRows(data: number, from: number, end: number, quotes: number, starts: number, rows: number, most: number): number
      scanAt(): number
      quoteParity(): number
      distribute(records: number, first: number, count: number, buckets: number, capacity: number, fills: number, slotCounts: number): number
      fullBucket(): number
      sortBucket(input: number, size: number, output: number, bucket: number, slotCounts: number, next: number): void
    }
    // --- the value table: 12-byte records (two FNV-1a hashes of a field's value, the row) in 256
    // buckets, kept in the module's memory and spilled to files; the module distributes them.
    const BUCKETS = 256
    const SLOTS = 65_536
    const RECORD = 12
    const BUCKET_BUFFER = settings.bucketBytes
    /** The least a part of the table holds (whole buckets; a bucket larger than this is a part of its own). */
    const PART_BYTES = 1 << 20
    // The module's memory: row starts, block roots out, the buckets, their fills, the slot counts,
    // a sort's cursors, then the rows held (which grow).
    const startsAt = wasm.scratchStart()
    const outAt = startsAt + (BATCH_ROWS + 1) * 4
    const bucketsAt = (outAt + (BATCH_ROWS / BLOCK) * 32 + 15) & ~15
    const fillsAt = bucketsAt + BUCKETS * BUCKET_BUFFER
    const slotCountsAt = fillsAt + BUCKETS * 4
    const nextAt = slotCountsAt + SLOTS * 4
    const dataAt = nextAt + 256 * 4
    let bytes = new Uint8Array(0)
    let fills = new Uint32Array(0)
    let slotCounts = new Uint32Array(0)
    const reserve = (size: number) => {
      const need = dataAt + size
      if (need > wasm.memory.buffer.byteLength) wasm.memory.grow(Math.ceil((need - wasm.memory.buffer.byteLength) / 65_536))
      bytes = new Uint8Array(wasm.memory.buffer)
      fills = new Uint32Array(wasm.memory.buffer, fillsAt, BUCKETS)
      slotCounts = new Uint32Array(wasm.memory.buffer, slotCountsAt, SLOTS)
    }
    reserve(1 << 20)
    /** Bytes held at dataAt: whole rows from starts[0] = 0 to starts[rows], then an unfinished row. */
    let used = 0
    let rows = 0
    /** Where the scan for the next row's end goes on, and the quote parity there (1: inside a field). */
    let scan = 0
    let quotes = 0
    let rowIndex = 0
    let roots = Buffer.allocUnsafe(32 * 1024)
    let rootBytes = 0

    /**
     * Spilled records go to one file (its descriptor opened and closed by the thread that started
     * the job): each bucket's spills are segments of it, [offset, length] pairs in order. (A file
     * per bucket took 256 opens per upload, about 60 ms under load.)
     */
    const segments = Array.from({ length: BUCKETS }, () => [] as number[])
    const sizes = new Array<number>(BUCKETS).fill(0)
    let spilled = 0
    const flushBucket = (bucket: number) => {
      const held = fills[bucket]!
      if (held === 0) return
      for (let done = 0; done < held; ) done += nodeFs.writeSync(settings.spill, bytes, bucketsAt + bucket * BUCKET_BUFFER + done, held - done, spilled + done)
      segments[bucket]!.push(spilled, held)
      spilled += held
      sizes[bucket]! += held
      fills[bucket] = 0
    }
    /**
     * The records of the rows held, from the module (valueRecords: FNV-1a hashes of each non-empty
     * field's value, as valueKey computes them), appended to their buckets by the module.
     */
    const indexValues = () => {
      // The records go after the rows held: n non-empty fields take at least 2n - 1 bytes of a row,
      // so (bytes / 2 + rows) records always fit.
      const recordsAt = (dataAt + used + 15) & ~15
      const capacity = Math.floor(used / 2) + rows + 1
      reserve(recordsAt - dataAt + capacity * 12)
      const next = wasm.valueRecords(dataAt, startsAt, 0, rows, rowIndex, recordsAt, capacity)
      if (next !== rows) throw new Error(`value records stopped at row ${rowIndex + next}`)
      const count = wasm.recordCount()
      for (let record = 0; record < count; ) {
        record = wasm.distribute(recordsAt, record, count, bucketsAt, BUCKET_BUFFER, fillsAt, slotCountsAt)
        const full = wasm.fullBucket()
        if (full >= 0) flushBucket(full)
      }
    }

    /** Hashes and indexes the `rows` whole rows held, then moves the unfinished row to the front. */
    const takeRows = () => {
      if (rows === 0) return
      if (settings.role === 'roots') {
        wasm.blockRoots(dataAt, startsAt, rows, outAt)
        const size = Math.ceil(rows / BLOCK) * 32
        if (rootBytes + size > roots.length) {
          const grown = Buffer.allocUnsafe(roots.length * 2)
          roots.copy(grown, 0, 0, rootBytes)
          roots = grown
        }
        roots.set(bytes.subarray(outAt, outAt + size), rootBytes)
        rootBytes += size
      } else indexValues()
      rowIndex += rows
      const taken = new Uint32Array(wasm.memory.buffer, startsAt, rows + 1)[rows]!
      bytes.copyWithin(dataAt, dataAt + taken, dataAt + used)
      used -= taken
      scan -= taken
      rows = 0
    }

    /**
     * `leaves` jobs, roots worker: leaves held at dataAt (32 bytes each, `leafCount` of them);
     * whole batches of BATCH_ROWS (whole blocks) are reduced to their block roots by the module.
     */
    let leafCount = 0
    const takeLeaves = (leaves: Uint8Array | undefined, last: boolean) => {
      if (leaves) {
        if (dataAt + (leafCount * 32 + leaves.length) > bytes.length) reserve(Math.max(leafCount * 32 + leaves.length, 2 * (bytes.length - dataAt)))
        bytes.set(leaves, dataAt + leafCount * 32)
        leafCount += leaves.length / 32
      }
      let first = 0
      while (leafCount - first >= BATCH_ROWS || (last && leafCount > first)) {
        const count = Math.min(BATCH_ROWS, leafCount - first)
        wasm.leafBlockRoots(dataAt + first * 32, count, outAt)
        const size = Math.ceil(count / BLOCK) * 32
        if (rootBytes + size > roots.length) {
          const grown = Buffer.allocUnsafe(Math.max(roots.length * 2, rootBytes + size))
          roots.copy(grown, 0, 0, rootBytes)
          roots = grown
        }
        roots.set(bytes.subarray(outAt, outAt + size), rootBytes)
        rootBytes += size
        rowIndex += count
        first += count
      }
      if (first > 0) {
        bytes.copyWithin(dataAt, dataAt + first * 32, dataAt + leafCount * 32)
        leafCount -= first
      }
    }

    /** Appends a chunk to the rows held; the module finds the row ends (a `\n` outside quotes). */
    /**
     * The whole file's SHA-256 (entriesHash), in the values worker: node:crypto's OpenSSL uses the
     * CPU's SHA instructions (about 1 GB/s here), and this thread has the bytes anyway, so the
     * request's thread no longer spends a tenth of its upload time hashing (issue 23).
     */
    const fileHash = settings.role === 'values' ? nodeCrypto.createHash('sha256') : undefined
    const take = (chunk: Uint8Array) => {
      fileHash?.update(chunk)
      // 64 bytes to spare after the rows: the module's hashing reads up to 63 bytes past a row (and masks them off).
      if (dataAt + used + chunk.length + 64 > bytes.length) reserve(Math.max(used + chunk.length + 64, 2 * (bytes.length - dataAt)))
      bytes.set(chunk, dataAt + used)
      used += chunk.length
      for (;;) {
        rows = wasm.splitRows(dataAt, scan, used, quotes, startsAt, rows, BATCH_ROWS)
        scan = wasm.scanAt()
        quotes = wasm.quoteParity()
        if (rows < BATCH_ROWS) break
        takeRows()
      }
    }

    /**
     * The slotted table, one part per request ('next'): first its header, then each bucket file's
     * records sorted into slots (a counting sort by the key's second byte, in the module). The main
     * thread streams the parts into storage as they come, so sorting and storing overlap. Each part
     * is written from the module's memory straight to the job's table file and only its range is
     * handed over (issue 23): the main thread copied every part out of shared memory (48 MB at 1M
     * entries), and a new buffer per part handed over left tens of MB for its garbage collector
     * (RSS at 10M entries).
     */
    let tableBucket = -1
    /** Bytes of the table written to its file so far. */
    let tableBytes = 0
    /** Where a bucket is read and where it is sorted to, in the module's memory (the rows are done). */
    const inputAt = dataAt
    let outputAt = dataAt
    /** Writes `length` bytes of `source` from `at` to the table's file, after what is there. */
    const writeTable = (source: Uint8Array, at: number, length: number) => {
      for (let done = 0; done < length; ) done += nodeFs.writeSync(settings.table, source, at + done, length - done, tableBytes + done)
      tableBytes += length
    }
    const nextTablePart = (): TablePart | undefined => {
      const from = tableBytes
      if (tableBucket < 0) {
        tableBucket = 0
        let largest = 0
        for (let bucket = 0; bucket < BUCKETS; bucket++) largest = Math.max(largest, sizes[bucket]! + fills[bucket]!)
        outputAt = inputAt + ((largest + 15) & ~15)
        reserve(outputAt - dataAt + largest)
        const header = Buffer.allocUnsafe((SLOTS + 1) * 8)
        let offset = header.length
        for (let slot = 0; slot <= SLOTS; slot++) {
          header.writeDoubleLE(offset, slot * 8)
          offset += (slotCounts[slot] ?? 0) * RECORD
        }
        writeTable(header, 0, header.length)
        return { at: from, length: header.length }
      }
      // Whole buckets up to PART_BYTES a part: one part per bucket took a round trip between the
      // threads per bucket, which was most of the table's time at 1M entries.
      for (; tableBucket < BUCKETS && tableBytes - from < PART_BYTES; tableBucket++) {
        const bucket = tableBucket
        // The bucket's records: those in its file, then those still in its buffer.
        const written = sizes[bucket]!
        const held = fills[bucket]!
        const size = written + held
        if (!size) continue
        const spills = segments[bucket]!
        for (let k = 0, read = 0; k < spills.length; k += 2) {
          const [offset, length] = [spills[k]!, spills[k + 1]!]
          for (let got = 0; got < length; ) {
            const more = nodeFs.readSync(settings.spill, bytes, inputAt + read + got, length - got, offset + got)
            if (more === 0) throw new Error(`value table bucket ${bucket} is shorter than written`)
            got += more
          }
          read += length
        }
        bytes.copyWithin(inputAt + written, bucketsAt + bucket * BUCKET_BUFFER, bucketsAt + bucket * BUCKET_BUFFER + held)
        wasm.sortBucket(inputAt, size, outputAt, bucket, slotCountsAt, nextAt)
        // Straight from the module's memory to the file: no copy for another thread (issue 23).
        writeTable(bytes, outputAt, size)
      }
      return tableBytes > from ? { at: from, length: tableBytes - from } : undefined
    }

    let ahead: TablePart | undefined | false = false
    const leafRing = new Uint8Array(settings.leafRing)
    return (message: { at: number; length: number } | { leavesAt: number; length: number } | 'end' | 'next') => {
      if (message === 'end') {
        if (settings.leaves && settings.role === 'roots') takeLeaves(undefined, true)
        else takeRows()
        const blockRoots = new Uint8Array(roots.subarray(0, rootBytes))
        port.postMessage({ done: { blockRoots, rows: rowIndex, entriesHash: fileHash?.digest('hex') } }, [blockRoots.buffer])
        return
      }
      if (message === 'next') {
        // One part ahead: the next is sorted while the main thread stores this one.
        const part = ahead === false ? nextTablePart() : ahead
        port.postMessage({ part: part ?? null })
        ahead = part ? nextTablePart() : undefined
        return
      }
      if ('leavesAt' in message) {
        if (message.length % 32 !== 0) throw new Error(`leaves of ${message.length} bytes`)
        takeLeaves(leafRing.subarray(message.leavesAt, message.leavesAt + message.length), false)
        port.postMessage({ tookLeaves: message.length })
        return
      }
      take(ring.subarray(message.at, message.at + message.length))
      port.postMessage({ took: message.length })
    }
  }
}

type Message = {
  took?: number
  tookLeaves?: number
  done?: { blockRoots: Uint8Array; rows: number; entriesHash?: string }
  part?: TablePart | null
  error?: string
  reset?: boolean
}

/** A worker of the pool, and who hears its messages now (the job it runs, or the pool resetting it). */
type PoolWorker = { worker: Worker; listener: ((message: Message) => void) | undefined; failed: ((error: Error) => void) | undefined }
/** The two workers a job uses (roots, values) and the ring both read: they stay together for life. */
type WorkerPair = { roots: PoolWorker; values: PoolWorker; ring: SharedArrayBuffer; leafRing: SharedArrayBuffer; dead: boolean }

/**
 * The proof index workers, started once per process (the first upload starts a pair) and reused by
 * every upload after it: starting two workers per upload (their isolates, the module's compile)
 * was part of every upload's time. A job takes an idle pair or starts one (uploads at once each
 * get a pair); a pair comes back only after both workers answered 'reset' (so nothing of a
 * cancelled job is left in them), at most MAX_IDLE pairs wait, and a worker that failed or
 * stopped is never reused. Idle workers are unref'd: they do not keep a process alive.
 */
export class ProofWorkerPool {
  private readonly idle: WorkerPair[] = []
  private started = 0
  private busy = 0

  constructor(private readonly maxIdle = 1) {}

  /** Workers started so far, pairs idle and in use (tests: a cancelled job leaves the pool clean). */
  stats() {
    return { workersStarted: this.started, idlePairs: this.idle.length, busyPairs: this.busy }
  }

  /** Starts an idle pair now if none waits (a draw was created: its upload comes next). */
  warm(): void {
    if (this.idle.some((pair) => !pair.dead)) return
    const pair = this.startPair()
    for (const side of [pair.roots, pair.values]) side.worker.unref()
    this.idle.push(pair)
  }

  take(): WorkerPair {
    let pair = this.idle.pop()
    while (pair?.dead) pair = this.idle.pop()
    pair ??= this.startPair()
    for (const side of [pair.roots, pair.values]) side.worker.ref()
    this.busy += 1
    return pair
  }

  /**
   * Gives a pair back after its job: both workers are told to drop the job and the pair is idle
   * again once both have answered; a dead pair, or one that does not answer, is stopped.
   */
  async giveBack(pair: WorkerPair): Promise<void> {
    this.busy -= 1
    if (!pair.dead) {
      const answered = await Promise.all([pair.roots, pair.values].map((side) => this.reset(side)))
      if (answered.every(Boolean) && !pair.dead && this.idle.length < this.maxIdle) {
        for (const side of [pair.roots, pair.values]) side.worker.unref()
        this.idle.push(pair)
        return
      }
    }
    pair.dead = true
    await Promise.all([pair.roots.worker.terminate(), pair.values.worker.terminate()])
  }

  /** Stops the idle workers (tests, shutdown). */
  async close(): Promise<void> {
    const pairs = this.idle.splice(0)
    await Promise.all(pairs.flatMap((pair) => ((pair.dead = true), [pair.roots.worker.terminate(), pair.values.worker.terminate()])))
  }

  /** True once the worker has answered 'reset' (every message of the job before it is taken). */
  private reset(side: PoolWorker): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      // A job's last message may still be queued behind a long sort: the answer has a generous bound.
      const timer = setTimeout(() => resolve(false), 30_000)
      timer.unref()
      side.failed = () => {
        clearTimeout(timer)
        resolve(false)
      }
      side.listener = (message) => {
        if (!message.reset) return // the dropped job's last answers
        clearTimeout(timer)
        side.listener = undefined
        side.failed = undefined
        resolve(true)
      }
      side.worker.postMessage('reset')
    })
  }

  private startPair(): WorkerPair {
    const ring = new SharedArrayBuffer(RING)
    const leafRing = new SharedArrayBuffer(LEAF_RING)
    // `__name`: a no-op for the helper esbuild (tsx, the bundle) may put around named functions.
    const source = `const __name = (f) => f; const { workerData, parentPort } = require('node:worker_threads');
(${proofIndexWorker.toString()})(workerData, parentPort, require('node:fs'), require('node:crypto'))`
    const pair: WorkerPair = { ring, leafRing, dead: false } as WorkerPair
    // A small young generation: the workers' garbage is small objects, and their heaps count in the server's RSS.
    const start = (role: WorkerBoot['role']): PoolWorker => {
      const boot: WorkerBoot = { wasm: MERKLE_BLOCKS_WASM, block: BLOCK, batchRows: 16 * BLOCK, ring, leafRing, role }
      const worker = new Worker(source, { eval: true, workerData: boot, resourceLimits: { maxYoungGenerationSizeMb: 2 } })
      this.started += 1
      const side: PoolWorker = { worker, listener: undefined, failed: undefined }
      worker.on('message', (message: Message) => side.listener?.(message))
      const stop = (error: Error) => {
        pair.dead = true
        side.failed?.(error)
      }
      worker.on('error', stop)
      worker.on('exit', (code) => stop(new Error(`proof index worker stopped (${code})`)))
      return side
    }
    pair.roots = start('roots')
    pair.values = start('values')
    return pair
  }
}

/** The process's pool. */
export const proofWorkerPool = new ProofWorkerPool()

/** One worker of a job, and what the ring holds that it has not taken yet. */
type Side = { worker: PoolWorker; inFlight: number }

/**
 * One proof index being built: `add` each chunk of canonical bytes in order (it waits while the
 * ring is full), then `finish` for the block roots and the value table's parts; `dispose` always.
 * Two workers read the same ring: one hashes the block roots, the other builds the value table
 * (why: one worker doing both was the upload's slowest thread, while this one waited for it).
 */
export class ProofIndexJob {
  private waiting: (() => void) | undefined
  /** addLeaves waiting for the roots worker (apart from add's wait: the two may wait at once). */
  private waitingLeaves: (() => void) | undefined
  private failure: Error | undefined
  private readonly result: Promise<ProofIndexFiles>
  private readonly roots: Side
  private readonly values: Side
  private readonly ring: Uint8Array
  private readonly leafRing: Uint8Array

  private constructor(
    private readonly pool: ProofWorkerPool,
    private readonly pair: WorkerPair,
    readonly dir: string,
    private readonly spill: number,
    private readonly table: number,
    bucketBytes: number,
    /** The rows' leaves come by addLeaves: the roots worker is not sent the rows. */
    private readonly leaves: boolean,
  ) {
    this.ring = new Uint8Array(pair.ring)
    this.leafRing = new Uint8Array(pair.leafRing)
    this.roots = { worker: pair.roots, inFlight: 0 }
    this.values = { worker: pair.values, inFlight: 0 }
    const fail = (error: Error) => {
      this.failure ??= error
      this.release()
      this.waitingFailure?.(error)
    }
    const done = (side: Side) =>
      new Promise<{ blockRoots: Uint8Array; rows: number; entriesHash?: string }>((resolve, reject) => {
        const stop = (error: Error) => {
          fail(error)
          reject(error)
        }
        side.worker.listener = (message: Message) => {
          if (message.took !== undefined) {
            side.inFlight -= message.took
            this.release()
          } else if (message.tookLeaves !== undefined) {
            this.leavesInFlight -= message.tookLeaves
            this.release()
          } else if (message.done) resolve(message.done)
          else if (message.part !== undefined) this.onPart?.(message.part ?? undefined)
          else if (message.error !== undefined) stop(new Error(`proof index worker: ${message.error}`))
        }
        side.worker.failed = stop
        side.worker.worker.postMessage({ start: { bucketBytes, spill, table, leaves } satisfies JobSettings })
      })
    const roots = done(this.roots)
    const values = done(this.values)
    this.result = Promise.all([roots, values]).then(([{ blockRoots, rows }, counted]) => {
      if (counted.rows !== rows) throw new Error(`proof index workers counted ${rows} and ${counted.rows} rows`)
      return {
        blockRoots: Buffer.from(blockRoots.buffer, blockRoots.byteOffset, blockRoots.byteLength),
        rows,
        entriesHash: counted.entriesHash!,
        table: this.tableParts(),
      }
    })
    // Nobody may be waiting on the result yet (an upload refused half-way): no unhandled rejection.
    this.result.catch(() => {})
    roots.catch(() => {})
    values.catch(() => {})
  }

  /**
   * `bucketBytes`: each value table bucket's buffer before it spills to its file (a multiple of 12;
   * small in tests). `leaves`: the caller hands over every row's Merkle leaf (SHA-256(0x00 ‖ row),
   * addLeaves, in row order) beside the bytes (add): the roots worker then hashes only the levels
   * above the leaves, and the block roots are the same as from the rows (the property tests hold
   * them equal). The entries freeze's leaves were hashed by PostgreSQL as each entry arrived.
   */
  static start({
    bucketBytes = BUCKET_BYTES,
    pool = proofWorkerPool,
    leaves = false,
  }: {
    bucketBytes?: number
    pool?: ProofWorkerPool
    leaves?: boolean
  } = {}): ProofIndexJob {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-proof-'))
    // Opened here and closed in dispose, once the workers have dropped the job: a job stopped
    // half-way leaks no descriptor, and no worker writes to a descriptor number reused since.
    const spill = fs.openSync(path.join(dir, 'spill'), 'w+')
    // The value table, as the values worker writes it (read back here part by part into storage).
    const table = fs.openSync(path.join(dir, 'table'), 'w+')
    return new ProofIndexJob(pool, pool.take(), dir, spill, table, bucketBytes, leaves)
  }
  /** Who waits for the next part of the table. */
  private onPart: ((part: TablePart | undefined) => void) | undefined

  /** The table's parts (from the values worker), each asked for when the one before is taken: it runs one part ahead at most. */
  private async *tableParts(): AsyncGenerator<Uint8Array> {
    for (;;) {
      if (this.failure) throw this.failure
      const part = await new Promise<TablePart | undefined>((resolve, reject) => {
        this.onPart = resolve
        this.waitingFailure = reject
        this.values.worker.worker.postMessage('next')
      })
      this.onPart = undefined
      this.waitingFailure = undefined
      if (!part) return
      // Read back from the file the worker wrote (by libuv's threads: this thread copies nothing), in
      // pieces that die young; the worker sorts the next part meanwhile.
      yield* fs.createReadStream('', { fd: this.table, autoClose: false, start: part.at, end: part.at + part.length - 1, highWaterMark: 65_536 })
    }
  }

  private waitingFailure: ((error: Error) => void) | undefined

  private release() {
    const waiting = this.waiting
    const waitingLeaves = this.waitingLeaves
    this.waiting = undefined
    this.waitingLeaves = undefined
    waiting?.()
    waitingLeaves?.()
  }

  /** Where the next bytes go in the ring, and how many before it the workers have not been told of. */
  private head = 0
  private unsent = 0

  /** Tells both workers of the bytes copied into the ring since the last message. */
  private send() {
    if (this.unsent === 0) return
    const at = this.head - this.unsent
    for (const side of this.leaves ? [this.values] : [this.roots, this.values]) {
      side.worker.worker.postMessage({ at, length: this.unsent })
      side.inFlight += this.unsent
    }
    this.unsent = 0
    if (this.head === RING) this.head = 0
  }

  /**
   * Hands a chunk of canonical bytes to both workers through the ring (copied); waits while the
   * ring is full. The workers are told of SEND_AT bytes at a time (why: a message per chunk, two
   * workers, and the answers were a tenth of the request thread's time).
   */
  async add(chunk: Uint8Array): Promise<void> {
    for (let offset = 0; offset < chunk.length; ) {
      if (this.failure) throw this.failure
      // Ring space is free once both workers have taken it.
      const used = Math.max(this.roots.inFlight, this.values.inFlight) + this.unsent
      const length = Math.min(chunk.length - offset, RING - used, RING - this.head)
      if (length === 0) {
        if (this.unsent > 0) this.send()
        else await new Promise<void>((resolve) => (this.waiting = resolve))
        continue
      }
      this.ring.set(chunk.subarray(offset, offset + length), this.head)
      this.head += length
      this.unsent += length
      offset += length
      if (this.unsent >= SEND_AT || this.head === RING) this.send()
    }
    if (this.failure) throw this.failure
  }

  /** Bytes of leaves handed to the roots worker and not yet taken. */
  private leavesInFlight = 0

  /** Where the next leaves go in the leaf ring. */
  private leafHead = 0

  /**
   * A `leaves` job: hands the next rows' leaves (32 bytes each, in row order; any number of rows
   * at a time, not aligned with add's chunks) to the roots worker through its ring (copied); waits
   * while the ring is full. (LEAF_RING is a multiple of 32, so a leaf is never cut at its end.)
   */
  async addLeaves(leaves: Uint8Array): Promise<void> {
    if (!this.leaves) throw new Error('addLeaves: the job was not started with leaves')
    if (leaves.length % 32 !== 0) throw new Error(`addLeaves: ${leaves.length} bytes is not whole leaves`)
    for (let offset = 0; offset < leaves.length; ) {
      if (this.failure) throw this.failure
      const length = Math.min(leaves.length - offset, LEAF_RING - this.leavesInFlight, LEAF_RING - this.leafHead)
      if (length === 0) {
        await new Promise<void>((resolve) => (this.waitingLeaves = resolve))
        continue
      }
      this.leafRing.set(leaves.subarray(offset, offset + length), this.leafHead)
      this.roots.worker.worker.postMessage({ leavesAt: this.leafHead, length })
      this.leavesInFlight += length
      this.leafHead = (this.leafHead + length) % LEAF_RING
      offset += length
    }
    if (this.failure) throw this.failure
  }

  /** The block roots and the value table's parts (read them before dispose). */
  async finish(): Promise<ProofIndexFiles> {
    if (this.failure) throw this.failure
    this.send()
    this.roots.worker.worker.postMessage('end')
    this.values.worker.worker.postMessage('end')
    return this.result
  }

  /**
   * Gives the workers back to the pool (finished or not: they drop the job first), then closes
   * the spill file and removes the job's directory.
   */
  private disposed: Promise<void> | undefined
  dispose(): Promise<void> {
    this.disposed ??= (async () => {
      this.failure ??= new Error('proof index job disposed')
      this.release()
      await this.pool.giveBack(this.pair)
      fs.closeSync(this.spill)
      fs.closeSync(this.table)
      await fs.promises.rm(this.dir, { recursive: true, force: true })
    })()
    return this.disposed
  }
}
