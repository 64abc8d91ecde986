import crypto from 'node:crypto'

/** AES-256-GCM of the 32 seed bytes: base64url of iv (12 bytes) | tag (16 bytes) | ciphertext. */
export function encryptSeed(key: Buffer, seed: Buffer, drawId: number): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  // The draw id is authenticated data: a seed copied onto another draw fails to decrypt.
  cipher.setAAD(Buffer.from(`draw:${drawId}`))
  const ciphertext = Buffer.concat([cipher.update(seed), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')
}

export function decryptSeed(key: Buffer, sealed: string, drawId: number): Buffer {
  const bytes = Buffer.from(sealed, 'base64url')
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
  decipher.setAAD(Buffer.from(`draw:${drawId}`))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()])
}
