/**
 * Builds api/src/modules/draws/merkle-blocks-wasm.ts (the block roots of DESIGN.md §5a in
 * WebAssembly, issue 23) from its AssemblyScript source api/wasm/merkle-blocks.ts. The compiler is
 * only needed when the source changes, so it is not a dependency of the repository: it is fetched
 * at the exact version below. The built module is checked in as base64 (the server runs from one
 * bundle, so a module beside it would need a path of its own); the unit tests check its results
 * against shared's reference tree and the test vectors.
 *   node scripts/build-merkle-wasm.mjs
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ASSEMBLYSCRIPT = 'assemblyscript@0.28.20'
const root = path.dirname(import.meta.dirname)
const source = path.join(root, 'api/wasm/merkle-blocks.ts')
const target = path.join(root, 'api/src/modules/draws/merkle-blocks-wasm.ts')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'merkle-wasm-'))
try {
  const out = path.join(tmp, 'merkle-blocks.wasm')
  execFileSync(
    'npm',
    ['exec', '--yes', `--package=${ASSEMBLYSCRIPT}`, '--', 'asc', source, '-O3', '--runtime', 'stub', '--noAssert', '--enable', 'simd', '--outFile', out],
    {
      stdio: 'inherit',
    },
  )
  const base64 = fs.readFileSync(out).toString('base64')
  fs.writeFileSync(
    target,
    `// Built by scripts/build-merkle-wasm.mjs from api/wasm/merkle-blocks.ts (${ASSEMBLYSCRIPT}); do not edit.\nexport const MERKLE_BLOCKS_WASM = '${base64}'\n`,
  )
  console.log(`wrote ${path.relative(root, target)} (${fs.statSync(out).size} bytes of WebAssembly)`)
} finally {
  fs.rmSync(tmp, { recursive: true, force: true })
}
