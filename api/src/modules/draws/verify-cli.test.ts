/**
 * The command-line verifier (scripts/verify-draw.mjs) is a second, independent implementation of
 * DESIGN.md §5a: it must reproduce every shared vector, entries root and proof included.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import vectors from '../../../../shared/src/draws/draw-vectors.json'

const script = path.resolve(__dirname, '../../../../scripts/verify-draw.mjs')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cli-'))

describe('scripts/verify-draw.mjs reproduces the vectors', () => {
  for (const [n, v] of vectors.vectors.entries()) {
    it(v.name, () => {
      const file = path.join(dir, `v${n}.csv`)
      fs.writeFileSync(file, v.csv)
      const out = execFileSync(process.execPath, [script, file, v.seed, String(v.winners), String(v.reserves)], { encoding: 'utf8' })
      expect(out).toContain(`entriesHash  ${v.entriesHash}`)
      expect(out).toContain(`entriesRoot  ${v.entriesRoot}`)
      expect(out).toContain(`seedHash     ${v.seedHash}`)
      expect([...out.matchAll(/index (\d+)/g)].map((m) => Number(m[1]))).toEqual(v.selectedIndexes)

      const proofFile = path.join(dir, `p${n}.json`)
      fs.writeFileSync(proofFile, JSON.stringify(v.proofExample))
      const ok = spawnSync(process.execPath, [script, '--proof', v.entriesRoot, v.proofExample.row, proofFile], { encoding: 'utf8' })
      expect(ok.stdout.trim()).toBe('proof OK')
      expect(ok.status).toBe(0)
      // Another row, or another root, is refused.
      const bent = spawnSync(process.execPath, [script, '--proof', v.entriesRoot, `${v.proofExample.row}x`, proofFile], { encoding: 'utf8' })
      expect(bent.status).toBe(1)
      const otherRoot = spawnSync(process.execPath, [script, '--proof', v.entriesHash, v.proofExample.row, proofFile], { encoding: 'utf8' })
      expect(otherRoot.status).toBe(1)
    })
  }
})
