import { describe, expect, it } from 'vitest'
import { redact } from './logger'

describe('log redaction', () => {
  it('removes password hashes, query parameters of failed SQL, tokens, URL credentials and query strings', () => {
    const line = redact(
      'Failed query: update "app"."users" set "password_hash" = $1 where id = $2\nparams: $argon2id$v=19$m=65536,t=3,p=4$abc$def,7\n' +
        'GET /api/account/confirmEmail?token=abcdef smtp://mailer:hunter2@smtp.example:587 Authorization: Bearer pk_live_0123456789 ' +
        'cookie pd_session=AAAABBBBCCCC $argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g ' +
        'rD2p9Xk3s8ZrQ1nE7uYt5vWq0aLmN4bHcJgFiKoPz6yT',
    )
    expect(line).not.toMatch(/argon2id/)
    expect(line).not.toMatch(/hunter2/)
    expect(line).not.toMatch(/token=abcdef/)
    expect(line).not.toMatch(/pk_live_0123456789/)
    expect(line).not.toMatch(/AAAABBBBCCCC/)
    expect(line).not.toMatch(/rD2p9Xk3s8ZrQ1nE7uYt5vWq0aLmN4bHcJgFiKoPz6yT/)
    expect(line).toMatch(/Failed query: update "app"."users"/)
    expect(line).toMatch(/\/api\/account\/confirmEmail/)
  })
})
