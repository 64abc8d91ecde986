import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'

/**
 * Static files served from memory, compressed once (issue 18): each file is read, hashed (ETag)
 * and compressed with brotli and gzip the first time it is asked for, then answered from memory
 * until it changes on disk (a site rebuild). Clients get the best encoding they accept, 304 when
 * their ETag matches, and `Vary: Accept-Encoding`.
 */
type Entry = { mtimeMs: number; size: number; type: string; etag: string; raw: Buffer; br?: Buffer; gzip?: Buffer }

/** A file held in memory: its bytes, ETag, and brotli/gzip forms when worth compressing. */
export type MemoryFile = Omit<Entry, 'mtimeMs' | 'size'>

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|map|webmanifest|ico)$/i
const MIN_COMPRESS_BYTES = 512

export type MemoryStaticOptions = {
  /** Serve `index.html` for a path ending in `/` (and redirect a directory without its slash). */
  index?: boolean
  /** Headers per file (cache lifetimes, CSP), as express.static's setHeaders (with the file's mtime). */
  setHeaders?: (res: Response, filePath: string, mtimeMs: number) => void
  /** Answer 404 here for a missing file instead of passing on. */
  fallthrough?: boolean
}

export function memoryStatic(root: string, options: MemoryStaticOptions = {}): RequestHandler {
  const cache = new Map<string, Entry>()
  const base = path.resolve(root)
  const load = (filePath: string, stat: fs.Stats): Entry => {
    const cached = cache.get(filePath)
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached
    const entry: Entry = { mtimeMs: stat.mtimeMs, size: stat.size, ...memoryFile(filePath, fs.readFileSync(filePath)) }
    cache.set(filePath, entry)
    return entry
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let pathname: string
    try {
      pathname = decodeURIComponent(req.path)
    } catch {
      return next()
    }
    if (pathname.includes('\0')) return next()
    let filePath = path.join(base, path.normalize(pathname))
    if (filePath !== base && !filePath.startsWith(`${base}${path.sep}`)) return next()
    // A page address (`/`, `/about/`): its index.html, in one stat.
    const indexFile = options.index && pathname.endsWith('/') ? path.join(filePath, 'index.html') : undefined
    let stat = fs.statSync(indexFile ?? filePath, { throwIfNoEntry: false })
    if (indexFile) {
      if (stat?.isFile()) filePath = indexFile
      else stat = fs.statSync(filePath, { throwIfNoEntry: false })
    }
    if (stat?.isDirectory()) {
      if (!options.index) return next()
      if (!pathname.endsWith('/')) {
        const query = req.originalUrl.slice(req.originalUrl.indexOf('?') === -1 ? req.originalUrl.length : req.originalUrl.indexOf('?'))
        // `/${…}` with leading slashes collapsed: never a protocol-relative `//host` redirect.
        return res.redirect(301, `/${req.originalUrl.split('?')[0]!.replace(/^[/\\]+/, '')}/${query}`)
      }
      filePath = path.join(filePath, 'index.html')
      stat = fs.statSync(filePath, { throwIfNoEntry: false })
    }
    if (!stat?.isFile()) {
      if (options.fallthrough === false) return void res.status(404).type('text').send('Not found')
      return next()
    }
    sendMemoryFile(req, res, load(filePath, stat), (response) => options.setHeaders?.(response, filePath, stat.mtimeMs))
  }
}

/** Holds a file's bytes with its ETag, compressed (brotli 11, gzip 9) once when worth it. */
export function memoryFile(name: string, raw: Buffer, encoded?: EncodedForms): MemoryFile {
  const file: MemoryFile = { type: path.extname(name), etag: `"${crypto.createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`, raw }
  const forms = encoded ?? encodedForms(name, raw)
  if (forms) Object.assign(file, forms)
  return file
}

/** A file's brotli and gzip forms, made once (a published site release stores them beside the file). */
export type EncodedForms = { br: Buffer; gzip: Buffer }

/** Brotli (quality 11) and gzip (level 9) of a file worth compressing; undefined for the others. */
export function encodedForms(name: string, raw: Buffer): EncodedForms | undefined {
  if (!COMPRESSIBLE.test(name) || raw.length < MIN_COMPRESS_BYTES) return undefined
  return {
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
  }
}

/** Answers with a file held in memory: the best encoding the client accepts, 304 on a matching ETag. */
export function sendMemoryFile(req: Request, res: Response, entry: MemoryFile, setHeaders?: (res: Response) => void) {
  res.type(entry.type)
  res.set('ETag', entry.etag)
  res.set('Vary', 'Accept-Encoding')
  setHeaders?.(res)
  if (!res.get('Cache-Control')) res.set('Cache-Control', 'public, max-age=0, must-revalidate')
  const match = req.headers['if-none-match']
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) return void res.status(304).end()
  const accepts = String(req.headers['accept-encoding'] ?? '')
  const body = entry.br && /\bbr\b/.test(accepts) ? entry.br : entry.gzip && /\bgzip\b/.test(accepts) ? entry.gzip : entry.raw
  if (body !== entry.raw) res.set('Content-Encoding', body === entry.br ? 'br' : 'gzip')
  res.set('Content-Length', String(body.length))
  if (req.method === 'HEAD') return void res.end()
  res.end(body)
}
