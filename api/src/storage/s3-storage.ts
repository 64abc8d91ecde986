import { Readable, Transform } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertSafeKey, type FileStorage } from './storage'

export type S3StorageOptions = {
  bucket: string
  region?: string
  /** Another S3-compatible service (MinIO, R2, the tests' s3rver). */
  endpoint?: string
  /** `bucket` in the path instead of the host name (most S3-compatible services want this). */
  forcePathStyle?: boolean
  /** Only when both are configured; otherwise the SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** A prefix for every key, so one bucket can hold several installations. */
  prefix?: string
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404)

/**
 * STORAGE=s3 (issue 18): the same FileStorage as the local directory, on S3 or any S3-compatible
 * service. Streams go up as multipart uploads (lib-storage's Upload, 5 MB parts, never the whole
 * file in memory) and come down as the response body stream; `getFrom` is a ranged GET.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client
  private readonly bucket: string
  private readonly prefix: string

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket
    this.prefix = options.prefix ?? ''
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only when the operation needs one: S3-compatible services vary in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private keyOf(key: string) {
    assertSafeKey(key)
    return `${this.prefix}${key}`
  }

  async put(key: string, data: Buffer) {
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.keyOf(key), Body: data } }).done()
  }

  async putStream(key: string, data: Readable) {
    let bytes = 0
    const counted = data.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length
          callback(null, chunk)
        },
      }),
    )
    data.once('error', (error) => counted.destroy(error))
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: counted },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
    })
    try {
      await upload.done()
    } catch (error) {
      // A source that failed (too large, wrong type) aborts the multipart upload: nothing is left behind.
      await upload.abort().catch(() => {})
      throw error
    }
    return bytes
  }

  async get(key: string) {
    return this.read(key)
  }

  async getFrom(key: string, start: number) {
    return this.read(key, `bytes=${start}-`)
  }

  private async read(key: string, range?: string): Promise<Readable | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Range: range }))
      return answer.Body as Readable
    } catch (error) {
      if (missing(error)) return undefined
      // A range past the end of the object (an empty tail) reads as nothing.
      if (range && error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 416) return Readable.from([])
      throw error
    }
  }

  async exists(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }))
      return true
    } catch (error) {
      if (missing(error)) return false
      throw error
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }))
  }

  async list(prefix: string) {
    assertSafeKey(prefix)
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyOf(prefix), ContinuationToken: token }))
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(this.prefix.length))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys
  }
}
