import fs from 'node:fs'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/snap/bin/chromium']

export class ChromiumNotFoundError extends Error {
  constructor(tried: string[]) {
    super(`No Chromium was found to print PDFs (looked at ${tried.join(', ')}). Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`)
    this.name = 'ChromiumNotFoundError'
  }
}

/** CHROMIUM_PATH when set (it must exist), else the first system browser found. */
export function findChromium(configured?: string): string {
  if (configured) {
    if (!fs.existsSync(configured)) throw new ChromiumNotFoundError([configured])
    return configured
  }
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate))
  if (!found) throw new ChromiumNotFoundError(CANDIDATES)
  return found
}
