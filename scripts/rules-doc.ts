/**
 * The sources tables of docs/rules.md, generated from the rule set data (shared/src/rules):
 *   node --import tsx scripts/rules-doc.ts --write
 * rewrites the part between the SOURCES markers; the test of the docs checks it is current.
 */
import fs from 'node:fs'
import path from 'node:path'
import { formatFigureValue, RULE_SET_CATALOGUE, ruleSetFigures } from '@permitdesk/shared'

const DOC = path.resolve(import.meta.dirname, '../docs/rules.md')
const START = '<!-- SOURCES:START -->\n'
const END = '\n<!-- SOURCES:END -->'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function sourcesTables(): string {
  return RULE_SET_CATALOGUE.map((set) => {
    const rows = ruleSetFigures(set).map((f) => {
      const s = f.source
      const source = s ? `[${cell(s.title)}](${s.url})` : 'none'
      return `| ${cell(f.label)} | ${cell(formatFigureValue(f))} | ${source} | ${s?.dateRead ?? ''} | ${s?.verified ? 'yes' : 'no'} | ${cell(s?.note ?? '')} |`
    })
    return [
      `### \`${set.id}\`, effective from ${set.effectiveFrom}`,
      '',
      cell(set.description),
      '',
      '| figure | value | source | read | verified | note |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n')
  }).join('\n\n')
}

export function readSourcesSection(): string | undefined {
  return fs.readFileSync(DOC, 'utf8').split(START)[1]?.split(END)[0]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write')) {
    const doc = fs.readFileSync(DOC, 'utf8')
    const [before, rest] = doc.split(START) as [string, string]
    const after = rest.slice(rest.indexOf(END.trim()) + END.trim().length)
    fs.writeFileSync(DOC, `${before}${START}${sourcesTables()}${END}${after}`)
  } else process.stdout.write(`${sourcesTables()}\n`)
}
