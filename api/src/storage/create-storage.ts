import type { Config } from '../env'
import { S3FileStorage } from './s3-storage'
import { LocalFileStorage, type FileStorage } from './storage'

/** The storage STORAGE names: DATA_DIR on this host (`local`), or a bucket every process shares (`s3`). */
export function createStorage(config: Config): FileStorage {
  if (config.STORAGE === 's3') {
    return new S3FileStorage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    })
  }
  return new LocalFileStorage(config.DATA_DIR)
}
