/**
 * Prints the authorisation policy table of docs/security.md from the one the authorisation
 * matrix test uses (tests/security/policy.ts):
 *   node --import tsx scripts/security-policy.ts > /tmp/policy.md
 * then paste it between the POLICY markers of docs/security.md (the test of the docs checks it).
 */
import { API_POLICY, DOWNLOAD_POLICY, type Policy } from '../tests/security/policy'

const WHO: Record<Policy['access'], string> = {
  public: 'anyone',
  user: 'signed in (session or API key)',
  session: 'signed in by session cookie',
  staff: 'staff administrator (session only)',
}

export function policyTable(): string {
  const rows = (entries: Record<string, Policy>, prefix: string) =>
    Object.entries(entries)
      .sort(([a], [b]) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b))
      .map(([key, policy]) => {
        const [method, path] = key.split(' ')
        return `| ${method} | \`${prefix}${path}\` | ${WHO[policy.access]} | ${policy.owned ? 'own records; another customer gets 404' : ''} | ${policy.note ?? ''} |`
      })
  return ['| method | path | who may call | records | note |', '|---|---|---|---|---|', ...rows(API_POLICY, '/api'), ...rows(DOWNLOAD_POLICY, '')].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${policyTable()}\n`)
