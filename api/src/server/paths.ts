import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where each part of the monorepo lives, from this file's place in it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const parts = {
  shared: path.join(repoRoot, 'shared'),
  api: path.join(repoRoot, 'api'),
  wizard: path.join(repoRoot, 'wizard'),
  cms: path.join(repoRoot, 'cms'),
  site: path.join(repoRoot, 'site'),
}
export const nodeBin = process.execPath
export const binDir = path.join(repoRoot, 'node_modules', '.bin')
