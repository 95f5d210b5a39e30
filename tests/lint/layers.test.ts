/**
 * The layer table of docs/architecture.md "The layers" is enforced by `npm run lint` (dependency-cruiser
 * with .dependency-cruiser.cjs, and ESLint's namespace-branching rule). These tests prove the
 * rules bite: a small tree in a temporary folder, shaped like ours, with one forbidden import or
 * cycle at a time, must fail; the same tree without it must pass.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = join(__dirname, '..', '..')

/** Write a tree of files (path → source) with our config into a new folder under `parent`. */
function writeTree(parent: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(parent, 'tree-'))
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true } }),
  )
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), source)
  }
  return dir
}

/**
 * Cruise each tree with our config, as `depcruise src --config .dependency-cruiser.cjs --output-type err`
 * does in it, all in one Node process (tests/lint/cruiseTrees.mjs); each tree's exit status and output.
 */
function cruiseAll(trees: readonly Record<string, string>[]): { status: number | null; output: string }[] {
  const parent = mkdtempSync(join(tmpdir(), 'airlock-layers-'))
  try {
    const dirs = trees.map((files) => writeTree(parent, files))
    const result = spawnSync(process.execPath, [join(root, 'tests', 'lint', 'cruiseTrees.mjs'), ...dirs], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    if (result.status !== 0) throw new Error(`cruiseTrees.mjs failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
    return JSON.parse(result.stdout) as { status: number | null; output: string }[]
  } finally {
    rmSync(parent, { recursive: true, force: true })
  }
}

const base = {
  'src/kernel/kernel.ts': 'export const kernel = 1\n',
  'src/events/catalogue.ts': "import { kernel } from '../kernel/kernel'\nexport const events = kernel\n",
  'src/core/account/selectors.ts': "import { events } from '../../events/catalogue'\nexport const selectAccount = events\n",
  'src/core/account/reducer.ts': "import { events } from '../../events/catalogue'\nexport const reduceAccount = events\n",
  'src/connectors/connect.ts': "import { selectAccount } from '../core/account/selectors'\nexport const connect = selectAccount\n",
  // The embedded wallet's plugins import the SDK and its feature folder (issue 26 §3), which stands on the layers.
  'src/embedded/events.ts': "import { events } from '../events/catalogue'\nexport const embeddedEvents = events\n",
  'src/plugins/email/index.ts':
    "import { selectAccount } from '../../plugin'\nimport { embeddedEvents } from '../../embedded/events'\nexport const email = [selectAccount, embeddedEvents]\n",
  'src/ui/view.ts': "import { selectAccount } from '../core/account/selectors'\nexport const view = selectAccount\n",
  'src/ui/connectView.ts': "import { selectEntries } from '../core/connect/entrySelectors'\nexport const connectView = selectEntries\n",
  'src/core/connect/entrySelectors.ts': "import { events } from '../../events/catalogue'\nexport const selectEntries = events\n",
  'src/version.ts': "export const VERSION = '0.1.0'\n",
  'src/remote/sdk.ts': "import { VERSION } from '../version'\nexport const sdk = VERSION\n",
  'src/airlock/createAirlock.ts':
    "import { connect } from '../connectors/connect'\nimport { view } from '../ui/view'\nimport { swap } from '../plugins/swap/index'\nexport const createAirlock = [connect, view, swap]\n",
  'src/index.ts': "export { createAirlock } from './airlock/createAirlock'\n",
  // The plugin SDK, and a plugin that imports it alone (SDK_ONLY_PLUGINS in .dependency-cruiser.cjs).
  'src/plugin.ts': "export { selectAccount } from './core/account/selectors'\n",
  'src/plugins/swap/index.ts': "import { selectAccount } from '../../plugin'\nexport const swap = selectAccount\n",
  'src/plugins/receive/index.ts':
    "import { selectAccount } from '../../plugin'\nimport { label } from './label'\nexport const receive = [selectAccount, label]\n",
  'src/plugins/receive/label.ts': "export const label = 'Receive'\n",
}

describe('layer rules (dependency-cruiser)', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['a plugin importing another plugin', { 'src/plugins/email/index.ts': "import { swap } from '../swap/index'\nexport const email = swap\n" }, /plugins/],
    [
      'a plugin importing a connector',
      { 'src/plugins/email/index.ts': "import { connect } from '../../connectors/connect'\nexport const email = connect\n" },
      /plugins/,
    ],
    [
      'a plugin on the SDK alone importing a core selector past it',
      { 'src/plugins/receive/label.ts': "import { selectAccount } from '../../core/account/selectors'\nexport const label = selectAccount\n" },
      /plugins-sdk-only/,
    ],
    [
      'a plugin on the SDK alone importing the kernel',
      { 'src/plugins/receive/label.ts': "import { kernel } from '../../kernel/kernel'\nexport const label = kernel\n" },
      /plugins-sdk-only/,
    ],
    [
      'a migrated plugin (swap) importing a core selector past the SDK',
      { 'src/plugins/swap/index.ts': "import { selectAccount } from '../../core/account/selectors'\nexport const swap = selectAccount\n" },
      /plugins-sdk-only/,
    ],
    [
      'an embedded-wallet plugin (email) importing the kernel past the SDK',
      { 'src/plugins/email/index.ts': "import { kernel } from '../../kernel/kernel'\nexport const email = kernel\n" },
      /plugins-sdk-only/,
    ],
    [
      "another plugin (swap) importing the embedded wallet's feature folder",
      { 'src/plugins/swap/index.ts': "import { embeddedEvents } from '../../embedded/events'\nexport const swap = embeddedEvents\n" },
      /embedded-feature/,
    ],
    [
      "core importing the embedded wallet's feature folder",
      { 'src/core/account/reducer.ts': "import { embeddedEvents } from '../../embedded/events'\nexport const reduceAccount = embeddedEvents\n" },
      /embedded-feature/,
    ],
    [
      'a connector importing a core reducer',
      { 'src/connectors/connect.ts': "import { reduceAccount } from '../core/account/reducer'\nexport const connect = reduceAccount\n" },
      /connectors/,
    ],
    ['the UI importing a connector', { 'src/ui/view.ts': "import { connect } from '../connectors/connect'\nexport const view = connect\n" }, /ui/],
    [
      'the kernel importing the events',
      { 'src/kernel/kernel.ts': "import { events } from '../events/catalogue'\nexport const kernel = events\n" },
      /kernel|no-cycles/,
    ],
    [
      'core importing the UI',
      { 'src/core/account/selectors.ts': "import { view } from '../../ui/view'\nexport const selectAccount = view\n" },
      /core|no-cycles/,
    ],
    [
      'the UI importing a core reducer',
      { 'src/ui/view.ts': "import { reduceAccount } from '../core/account/reducer'\nexport const view = reduceAccount\n" },
      /ui/,
    ],
    [
      'core importing the composition root',
      { 'src/core/account/selectors.ts': "import { createAirlock } from '../../airlock/createAirlock'\nexport const selectAccount = createAirlock\n" },
      /composition-root|core|no-cycles/,
    ],
    [
      'an import cycle',
      {
        'src/core/account/a.ts': "import { b } from './b'\nexport const a = () => b\n",
        'src/core/account/b.ts': "import { a } from './a'\nexport const b = () => a\n",
      },
      /no-cycles/,
    ],
  ]
  // Every tree cruised at once: the one that keeps the table first, then each case's.
  let results: { status: number | null; output: string }[] = []
  beforeAll(() => {
    results = cruiseAll([base, ...cases.map(([, change]) => ({ ...base, ...change }))])
  })

  it('a tree that keeps the table passes', () => {
    const { status, output } = results[0]!
    expect(output).not.toMatch(/error/)
    expect(status).toBe(0)
  })
  cases.forEach(([name, , rule], index) => {
    it(`fails on ${name}`, () => {
      const { status, output } = results[index + 1]!
      expect(status).not.toBe(0)
      expect(output).toMatch(rule)
    })
  })
})

describe('no branching on a namespace outside src/chains (ESLint)', () => {
  const lintAs = async (filePath: string, code: string) => {
    const { ESLint } = await import('eslint')
    const eslint = new ESLint({ cwd: root })
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
    return (result?.messages ?? []).filter((m) => /namespace outside src\/chains/.test(m.message)).length
  }
  const branching =
    "export const f = (ns: string) => (ns === 'solana' ? 1 : 2)\nexport const g = (ns: string) => { switch (ns) { case 'bip122': return 1 } return 0 }\n"

  it('fails in core, connectors, UI and plugins', async () => {
    for (const path of ['src/core/x.ts', 'src/connectors/x.ts', 'src/ui/x.tsx', 'src/plugins/send/x.ts']) expect(await lintAs(path, branching)).toBe(2)
  })
  it('fails on picking a namespace by name: property access and literal arguments (issue 26 §3)', async () => {
    const picking =
      "export const a = (s: any) => s.accounts.eip155\nexport const b = (s: any) => s.byNamespace['solana']\nexport const c = (f: (ns: string) => unknown) => f('eip155')\n"
    for (const path of ['src/core/x.ts', 'src/embedded/x.ts', 'src/plugins/email/x.ts']) expect(await lintAs(path, picking)).toBe(3)
    expect(await lintAs('src/chains/eip155/x.ts', picking)).toBe(0)
  })
  it('is allowed in a chain adapter and for naming a namespace in data', async () => {
    expect(await lintAs('src/chains/solana/x.ts', branching)).toBe(0)
    expect(await lintAs('src/core/x.ts', "export const order = ['eip155', 'solana'] as const\n")).toBe(0)
  })
})
