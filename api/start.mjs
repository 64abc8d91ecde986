/**
 * `npm start`: the server (api/src/main.ts) run from one bundled ES module of the api and shared
 * sources (issue 29: a later start in under 5 seconds). Loading several hundred TypeScript files
 * through tsx costs a start about twice the CPU of loading one bundle; the packages stay outside
 * the bundle and load from node_modules as before. The bundle is rebuilt (esbuild, well under a
 * second) whenever a source it is made of changes, keyed by a hash of their contents; when it
 * cannot be built the server starts from the sources through tsx, as `npm run dev` does.
 * The bundle sits at api/.build/server/, as deep as api/src/server/, so paths the server works out
 * from its own location (api/src/server/paths.ts) are the same either way.
 *   node api/start.mjs                 the server (what `npm start` runs)
 *   node api/start.mjs --bundle-only   only (re)builds the bundle (the Docker image does, so it starts at once)
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const apiDir = import.meta.dirname
const root = path.dirname(apiDir)
const outDir = path.join(apiDir, '.build', 'server')
const bundleFile = path.join(outDir, 'main.mjs')
const stampFile = path.join(outDir, 'stamp.json')
const SOURCES = ['api/src', 'shared/src', 'api/package.json', 'shared/package.json', 'api/tsconfig.json', 'shared/tsconfig.json', 'package-lock.json']

/** A hash of the sources' paths and contents (tests and browser-only files are not in the server). */
function fingerprint() {
  const hash = crypto.createHash('sha256')
  const walk = (entry) => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) if (name !== 'node_modules' && !/\.test\.tsx?$/.test(name)) walk(path.join(entry, name))
    } else {
      hash.update(`${path.relative(root, entry)}:${stat.size}\n`).update(fs.readFileSync(entry))
    }
  }
  for (const source of SOURCES) walk(path.join(root, source))
  return hash.digest('hex')
}

async function bundle(stamp) {
  const esbuild = await import('esbuild')
  fs.mkdirSync(outDir, { recursive: true })
  // A name of its own, renamed into place: two servers starting together never read half a file.
  const temporary = path.join(outDir, `main.${process.pid}.${crypto.randomBytes(4).toString('hex')}.mjs`)
  await esbuild.build({
    entryPoints: [path.join(apiDir, 'src', 'main.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'error',
    // Packages load from node_modules as they would without the bundle; only our workspaces are inlined.
    plugins: [
      {
        name: 'packages-outside',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@permitdesk/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  fs.renameSync(`${temporary}.map`, `${bundleFile}.map`)
  // The map's name inside the bundle is the temporary one: point it at the final name.
  const code = fs.readFileSync(temporary, 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${path.basename(bundleFile)}.map\n`)
  fs.writeFileSync(temporary, code)
  fs.renameSync(temporary, bundleFile)
  fs.writeFileSync(stampFile, JSON.stringify({ fingerprint: stamp, builtAt: new Date().toISOString() }))
}

function currentStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8')).fingerprint
  } catch {
    return undefined
  }
}

let entry
try {
  const stamp = fingerprint()
  if (currentStamp() !== stamp || !fs.existsSync(bundleFile)) await bundle(stamp)
  entry = bundleFile
} catch (error) {
  process.stderr.write(`  (the server could not be bundled, so it starts from its sources: ${error instanceof Error ? error.message.split('\n')[0] : error})\n`)
}
if (process.argv.includes('--bundle-only')) process.exit(entry ? 0 : 1)
if (entry) await import(pathToFileURL(entry).href)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(pathToFileURL(path.join(apiDir, 'src', 'main.ts')).href)
}
