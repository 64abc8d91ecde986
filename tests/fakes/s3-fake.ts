import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
// s3rver: a local server speaking S3's HTTP protocol; the real AWS SDK is pointed at it.
import S3rver from 's3rver'

export type S3Fake = {
  endpoint: string
  bucket: string
  directory: string
  /** The environment that points a PermitDesk server (STORAGE=s3) at this fake. */
  env: Record<string, string>
  close: () => Promise<void>
}

/** Starts s3rver on a free port with one empty bucket, its data in a temporary directory. */
export async function startS3Fake(): Promise<S3Fake> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const bucket = `permitdesk-${crypto.randomBytes(3).toString('hex')}`
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const address = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'ap-southeast-2',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
