/**
 * docs/conformance.md: SPEC's checkable rules, each with its status, the code that applies it and
 * the tests that fail when it breaks. This test keeps the table honest: a row that says "tested"
 * names code files that exist and tests that exist (`file › text of its title`, several joined by
 * `<br>`), a row "n/a" says why, and the summary at the top counts what the rows say — so a
 * rule without a test shows there, in its status, rather than nowhere.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
const DOC = readFileSync(new URL('docs/conformance.md', ROOT), 'utf8')
const STATUSES = ['tested', 'untested', 'missing', 'contradicted', 'n/a'] as const
type Status = (typeof STATUSES)[number]

interface Row {
  readonly id: string
  readonly spec: string
  readonly rule: string
  readonly status: Status
  readonly code: string
  readonly tests: string
}

/** Cells of a table row, `|` inside backticks kept. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/\|(?=(?:[^`]*`[^`]*`)*[^`]*$)/)
    .map((cell) => cell.trim())
}

function rows(): Row[] {
  const out: Row[] = []
  let inTable = false
  for (const line of DOC.split('\n')) {
    if (line.startsWith('| # | SPEC | Rule | Status | Code | Tests |')) {
      inTable = true
      continue
    }
    if (!line.startsWith('|')) {
      inTable = false
      continue
    }
    if (!inTable || line.startsWith('|---')) continue
    const [id = '', spec = '', rule = '', status = '', code = '', tests = ''] = cells(line)
    out.push({ id, spec, rule, status: status as Status, code, tests })
  }
  return out
}

const ALL = rows()
const testSources = new Map<string, string>()
function testSource(path: string): string | undefined {
  if (!testSources.has(path)) testSources.set(path, existsSync(new URL(path, ROOT)) ? readFileSync(new URL(path, ROOT), 'utf8') : '')
  return testSources.get(path) || undefined
}

describe('the conformance table (docs/conformance.md)', () => {
  it('has rows, each with a unique number and a known status', () => {
    expect(ALL.length).toBeGreaterThan(50)
    expect(new Set(ALL.map((r) => r.id)).size).toBe(ALL.length)
    for (const row of ALL) expect(STATUSES, `${row.id}: status "${row.status}"`).toContain(row.status)
  })

  it('a tested rule names code that exists and tests that exist, by file and test title', () => {
    for (const row of ALL.filter((r) => r.status === 'tested')) {
      const code = row.code.split(',').map((p) => p.trim().split(' ')[0] ?? '')
      for (const path of code) expect(existsSync(new URL(path, ROOT)), `${row.id}: code ${path}`).toBe(true)
      const refs = row.tests.split('<br>').map((ref) => ref.trim().split(' › '))
      expect(refs.length, `${row.id}: no test`).toBeGreaterThan(0)
      for (const [path = '', title = ''] of refs) {
        const source = testSource(path)
        expect(source, `${row.id}: test file ${path}`).toBeDefined()
        expect(title.length, `${row.id}: a title to find in ${path}`).toBeGreaterThan(5)
        expect(source?.includes(title), `${row.id}: no test titled "${title}" in ${path}`).toBe(true)
      }
    }
  })

  it('a rule that does not apply says why', () => {
    for (const row of ALL.filter((r) => r.status === 'n/a')) expect(row.code.length, `${row.id}: the reason`).toBeGreaterThan(20)
  })

  it('the summary counts what the rows say', () => {
    const counts = Object.fromEntries(STATUSES.map((s) => [s, ALL.filter((r) => r.status === s).length]))
    const summary = /^Rules: (\d+) \(tested (\d+), untested (\d+), missing (\d+), contradicted (\d+), n\/a (\d+)\)/m.exec(DOC)
    expect(summary, 'the summary line').not.toBeNull()
    expect(summary?.slice(1).map(Number)).toEqual([ALL.length, counts.tested, counts.untested, counts.missing, counts.contradicted, counts['n/a']])
  })
})
