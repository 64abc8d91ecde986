import { z } from 'zod'

/** The CMS runtime's configuration; the gateway passes DATABASE_URL (embedded or external) and PAYLOAD_SECRET. */
const CmsEnvSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  PAYLOAD_SECRET: z.string().min(32, 'must be at least 32 characters'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  /** Where uploaded images live; the gateway sets DATA_DIR/media. */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
})

export type CmsEnv = z.infer<typeof CmsEnvSchema>

export function readCmsEnv(env: NodeJS.ProcessEnv = process.env): CmsEnv {
  const result = CmsEnvSchema.safeParse(env)
  if (!result.success) {
    throw new Error(result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`).join('; '))
  }
  return result.data
}
