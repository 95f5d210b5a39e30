/**
 * The fast tier (`npm run test:fast`) is read from what each test file does (scripts/testTiers.mjs),
 * so it cannot go stale. This holds the rule to an oracle written independently of it: the helpers
 * that start a server, a chain, a browser, a build or a command are found by name (every exported
 * `start*`, `serve*`, `launch*`, `build*` and `runCommand` of services/, server/, tests/support,
 * src/testing and scripts/), and no fast file may call one; each file vitest.config.ts runs is in
 * one tier; and the rule bites on a direct import, a chain of imports, a dynamic import and a server
 * of the file's own, not on a type import or a comment.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import config from '../../vitest.config'
import fastConfig from '../../vitest.fast.config'
import { BROWSER_DIRS, BROWSER_FILES, TEST_DIRS, fastTestFiles, root, slowReasons, testFiles } from '../../scripts/testTiers.mjs'

const HELPER_DIRS = ['services', 'server', 'tests/support', 'src/testing', 'scripts']
const HELPER = /export\s+(?:async\s+)?function\s+((?:start|serve|launch|build)[A-Z]\w*|runCommand)\b/g

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(m?js|tsx?)$/.test(entry.name) && !/\.(test|d)\.m?tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
}

const helpers = [...new Set(HELPER_DIRS.flatMap(sources).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(HELPER)].map((match) => match[1]!)))]
const all = testFiles()
const fast = fastTestFiles(all)

describe('the fast test tier', () => {
  it('calls none of the helpers that start a server, a chain, a browser, a build or a command', () => {
    expect(helpers).toEqual(
      expect.arrayContaining([
        'startAnvil',
        'startDemoStack',
        'launchLoopbackChromium',
        'serveBlockchainApi',
        'startPostgres',
        'buildStandalone',
        'runCommand',
      ]),
    )
    const calls = new RegExp(`\\b(${helpers.join('|')})\\s*\\(`)
    const offenders = fast.filter((file) => calls.test(readFileSync(join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('holds every file vitest.config.ts runs but the browser project and the slow ones, each slow one with its reason', () => {
    const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[] } }[]
    const include = projects.flatMap((project) => project.test.include)
    // Every directory vitest.config.ts looks in is one testTiers.mjs walks.
    expect([...new Set(include.map((glob) => glob.split('/')[0]))].sort()).toEqual([...TEST_DIRS].sort())
    expect(fastConfig.test?.include).toEqual(fast)
    expect(fast.length).toBeGreaterThan(100)
    const browser = all.filter((file) => BROWSER_DIRS.some((dir) => file.startsWith(dir)) || BROWSER_FILES.includes(file))
    expect(browser.length).toBeGreaterThan(20)
    for (const file of browser) expect(fast).not.toContain(file)
    for (const file of all.filter((file) => !fast.includes(file))) expect(slowReasons(file).length, file).toBeGreaterThan(0)
    // Known members of each side.
    expect(fast).toEqual(expect.arrayContaining(['src/kernel/kernel.test.ts', 'tests/unit/createAirlock.test.ts', 'tests/lint/testTiers.test.ts']))
    expect(slowReasons('tests/unit/relayConnection.test.ts').join('\n')).toMatch(/child process: .*services\/chain\/anvil\.mjs/)
    expect(slowReasons('tests/build/chunks.test.ts').join('\n')).toMatch(/child process/)
    expect(slowReasons('src/plugins/identity/identity.test.ts').join('\n')).toMatch(/server/)
  })

  describe('bites', () => {
    const dir = mkdtempSync(join(root, (mkdirSync(join(root, '.tmp'), { recursive: true }), '.tmp/testTiers-')))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const up = relative(dir, root)
    // The fixtures' starting calls are spelt in pieces, so this file's own text starts nothing.
    const [serve, listen, childProcess, esbuild] = ['createSer' + 'ver(', '.lis' + 'ten(', 'node:child' + '_process', 'es' + 'build']
    const file = (name: string, source: string) => {
      writeFileSync(join(dir, name), source)
      return relative(root, join(dir, name))
    }

    it('on a direct import, a chain of imports, a dynamic import and a server or command of its own', () => {
      expect(slowReasons(file('anvil.test.ts', `import { startAnvil } from '${up}/services/chain/anvil.mjs'\n`))).toEqual([
        expect.stringMatching(/^child process: .*anvil\.test\.ts → services\/chain\/anvil\.mjs$/),
        expect.stringMatching(/^server: /),
      ])
      file('helper.ts', `export { startDemoStack } from '${up}/services/demoStack.mjs'\n`)
      expect(slowReasons(file('chain.test.ts', `import { startDemoStack } from './helper'\n`)).join('\n')).toMatch(
        /chain\.test\.ts → .*helper\.ts → services\/demoStack\.mjs/,
      )
      expect(slowReasons(file('dynamic.test.ts', `const page = await import('${up}/tests/support/loopbackChromium')\n`)).join('\n')).toMatch(/browser: /)
      expect(slowReasons(file('own.test.ts', `import { createServer } from 'node:http'\n${serve})${listen}0)\n`))).toEqual([expect.stringMatching(/^server: /)])
      expect(slowReasons(file('exec.test.ts', `import { execFileSync } from '${childProcess}'\n`))).toEqual([expect.stringMatching(/^child process: /)])
      expect(slowReasons(file('build.test.ts', `import { build } from '${esbuild}'\n`))).toEqual([expect.stringMatching(/^child process \(esbuild\): /)])
    })

    it('not on a type import, a comment or a pure module', () => {
      const typeOnly = `import type { Anvil } from '${up}/services/chain/anvil.mjs'\n// startAnvil and server${listen}) are not called here\n/* spawn('anvil') */\nimport { createKernel } from '${up}/src/kernel/kernel'\n`
      expect(slowReasons(file('pure.test.ts', typeOnly))).toEqual([])
    })
  })
})
