import type { Db } from '../../db/client'
import type { Config } from '../../env'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/create-mailer'

/** What the account use cases need, passed explicitly. */
export type AccountDeps = {
  db: Db
  mailer: Mailer
  logger: Logger
  config: Pick<Config, 'PUBLIC_URL' | 'DATA_DIR' | 'MAIL_FROM' | 'STAFF_PATH' | 'isProduction'>
}

/** 7 days to confirm an address; 1 hour to use a password reset link. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000
export const RESET_TOKEN_TTL_MS = 60 * 60_000
