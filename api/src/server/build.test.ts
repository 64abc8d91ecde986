import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildIfStale, cmsSettingsOf, contentFileFor, isBuilt, runStep } from './build'
import { fingerprint } from './fingerprint'
import { repoRoot } from './paths'

// Inside the repository (the hash names files from its root), in the ignored test data.
const dir = fs.mkdtempSync(path.join(repoRoot, '.test-data', 'build-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('a build is keyed by its sources', () => {
  it('keeps the hash when only file times change, and changes it with any edit', () => {
    const src = path.join(dir, 'keyed')
    fs.mkdirSync(src, { recursive: true })
    fs.writeFileSync(path.join(src, 'a.ts'), 'export const a = 1\n')
    const before = fingerprint([src])
    fs.utimesSync(path.join(src, 'a.ts'), new Date(2020, 0, 1), new Date(2020, 0, 1))
    expect(fingerprint([src])).toBe(before)
    fs.writeFileSync(path.join(src, 'a.ts'), 'export const a = 2\n')
    expect(fingerprint([src])).not.toBe(before)
  })

  it('builds once, reuses the build while the sources are unchanged, and builds again after an edit', async () => {
    const src = path.join(dir, 'part')
    fs.mkdirSync(src, { recursive: true })
    fs.writeFileSync(path.join(src, 'index.ts'), 'one')
    const output = path.join(dir, 'part-out', 'done')
    const target = { sources: [src], output, stampFile: path.join(dir, 'part-out', 'stamp.json') }
    let builds = 0
    const build = () =>
      buildIfStale({
        ...target,
        name: 'part',
        progress: () => {},
        build: async () => (fs.mkdirSync(path.dirname(output), { recursive: true }), fs.writeFileSync(output, 'x'), builds++),
      })
    expect(isBuilt(target)).toBe(false)
    expect(await build()).toBe(true)
    expect(isBuilt(target)).toBe(true)
    expect(await build()).toBe(false)
    fs.writeFileSync(path.join(src, 'index.ts'), 'two')
    expect(isBuilt(target)).toBe(false)
    expect(await build()).toBe(true)
    expect(builds).toBe(2)
    expect(JSON.parse(fs.readFileSync(target.stampFile, 'utf8')).seconds).toBeGreaterThanOrEqual(0)
  })
})

describe('a build step', () => {
  it('hands its output to onLine in whole lines, however the chunks fall', async () => {
    const lines: string[] = []
    const script = "process.stdout.write('Creating an opt'); setTimeout(() => process.stdout.write('imized build\\nCompiled\\n\\nlast'), 100)"
    await runStep(process.execPath, ['-e', script], { cwd: dir, label: 'lines', onLine: (line) => lines.push(line) })
    expect(lines).toEqual(['Creating an optimized build', 'Compiled'])
  })

  it('stops when aborted, with its label in the error', async () => {
    const abort = new AbortController()
    const step = runStep(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: dir, label: 'endless step', signal: abort.signal })
    abort.abort()
    await expect(step).rejects.toThrow('endless step was stopped')
  })
})

describe('the CMS site settings', () => {
  it('are parsed once per version of content.json: again after any export, null without one', () => {
    const dataDir = path.join(dir, 'cms-settings')
    expect(cmsSettingsOf(dataDir)).toBeNull()
    const file = contentFileFor(dataDir)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const minuteAgo = new Date(Date.now() - 60_000)
    const write = (notice: string, settle = true) => {
      fs.writeFileSync(file, JSON.stringify({ settings: { entryCollectionNotice: notice } }))
      if (settle) fs.utimesSync(file, minuteAgo, minuteAgo)
    }
    const readsOfFile = (reads: { mock: { calls: unknown[][] } }) => reads.mock.calls.filter(([name]) => name === file).length
    write('First notice')
    expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('First notice')
    const reads = vi.spyOn(fs, 'readFileSync')
    try {
      // Form views between exports: no read.
      for (let i = 0; i < 5; i++) expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('First notice')
      expect(readsOfFile(reads)).toBe(0)
      // An export of the same length, just written: read each time until it has settled (file times tick coarsely).
      write('Other notice', false)
      expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('Other notice')
      expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('Other notice')
      expect(readsOfFile(reads)).toBe(2)
      // Settled again (another export of the same length): read once, then remembered.
      write('Third notice')
      expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('Third notice')
      expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('Third notice')
      expect(readsOfFile(reads)).toBe(3)
      // An export that replaces the file (written beside it, renamed over it).
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ settings: { entryCollectionNotice: 'Replaced by a rename' } }))
      fs.utimesSync(`${file}.tmp`, minuteAgo, minuteAgo)
      fs.renameSync(`${file}.tmp`, file)
      expect(cmsSettingsOf(dataDir)?.entryCollectionNotice).toBe('Replaced by a rename')
      expect(readsOfFile(reads)).toBe(4)
    } finally {
      reads.mockRestore()
    }
    fs.rmSync(file)
    expect(cmsSettingsOf(dataDir)).toBeNull()
  })
})
