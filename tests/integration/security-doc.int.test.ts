/** docs/security.md prints the policy table the authorisation matrix uses (regenerate: scripts/security-policy.ts). */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { policyTable } from '../../scripts/security-policy'

describe('docs/security.md', () => {
  it('holds the current authorisation policy table', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/security.md'), 'utf8')
    const between = doc.split('<!-- POLICY:START -->\n')[1]?.split('\n<!-- POLICY:END -->')[0]
    expect(between).toBe(policyTable())
  })
})
