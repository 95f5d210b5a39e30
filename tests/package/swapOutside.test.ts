/**
 * A built-in plugin built and tested outside this repository, as a plugin published on its own
 * would be (issue 26 §1 "swap builds and passes from the packed package outside the repo"). The
 * package is packed, installed into a fresh project beside the packages the plugin imports (at our
 * lockfile's versions) and its tools (TypeScript, esbuild, vitest); src/plugins/swap is copied in
 * whole, its tests too. There, with nothing that points back here (no `paths` in its tsconfig, no
 * import out of the folder), the project's own tsc type-checks the plugin and its tests against the
 * package's declarations, its esbuild builds the plugin as a package would publish it (the SDK and
 * the other packages left to the site), a page that imports that build bundles against the
 * installed package's code, and its vitest runs the plugin's own tests, which pass.
 *
 * The project lives in .cache/swap-outside between runs: its node_modules make the next install
 * take seconds, its tsbuildinfo the next type-check. tests/lint/swapImports.test.ts checks the
 * folder's imports on every run, fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { printed, root, run, stageAndPack } from './stage'
import { installedCopies, prepareConsumerSite, siteTsconfig, type ConsumerSite } from '../support/consumerSite'
import { sourceFiles, strayImports } from '../support/outsideImports'
import { idleMs } from '../support/until'

const app = join(root, '.cache', 'swap-outside')
const bin = (name: string) => join(app, 'node_modules', '.bin', name)

/** A page of a site that installs the published plugin: it imports the plugin's build, which imports the SDK. */
const page = `
import { createAirlock, ethereum } from 'airlock'
import { swapPlugin } from '../lib/manifest.js'

export const create = () => createAirlock({ projectId: 'swap-outside', networks: [ethereum], plugins: [swapPlugin] })
`

/** The plugin's project: what its code and tests import, its tools, and the folder as it is here. */
const SWAP_PROJECT: ConsumerSite = {
  name: 'swap-outside',
  dependencies: ['react', 'react-dom', 'io-ts', 'fp-ts', 'rxjs', 'immer'],
  devDependencies: ['typescript', '@types/react', 'esbuild', 'vitest'],
  files: {
    // The repository's strictness, as the plugin's own project would keep it.
    'tsconfig.json': siteTsconfig({
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      verbatimModuleSyntax: true,
      isolatedModules: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      tsBuildInfoFile: '.cache/tsbuildinfo',
    }),
    'vitest.config.mjs': "export default { test: { include: ['src/**/*.test.ts'] } }\n",
    'www/page.ts': page,
  },
  copies: { 'src/swap': 'src/plugins/swap' },
  withTests: true,
}

let stage = ''
let installed = 0

beforeAll(async () => {
  const started = Date.now()
  stage = mkdtempSync(join(tmpdir(), 'airlock-swap-outside-'))
  const { tarball } = await stageAndPack(stage)
  prepareConsumerSite(app, tarball, SWAP_PROJECT, { timeout: 400_000 })
  installed = Date.now() - started
}, idleMs(900_000))

afterAll(() => {
  if (stage) rmSync(stage, { recursive: true, force: true })
})

describe('the swap plugin in a project of its own, on the packed package', () => {
  it('stands on the installed package alone: no paths in its tsconfig, no import out of its folder, the package a copy in the project', () => {
    const tsconfig = JSON.parse(readFileSync(join(app, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> }
    expect(tsconfig.compilerOptions).not.toHaveProperty('paths')
    expect(tsconfig.compilerOptions).not.toHaveProperty('baseUrl')
    const files = sourceFiles(join(app, 'src', 'swap')).map((file) => relative(app, file))
    expect(files).toContain('src/swap/swap.test.ts')
    expect(files).toContain('src/swap/views/Swap.tsx')
    expect(files).toContain('src/swap/manifest.ts')
    // Every import (`../../` past the folder, the repository's test support) is refused here.
    expect(strayImports(join(app, 'src', 'swap'))).toEqual([])
    expect(files.filter((file) => /from '\.\.\/\.\.\//.test(readFileSync(join(app, file), 'utf8')))).toEqual([])
    expect(installedCopies(app, 'airlock')).toEqual(['node_modules/airlock'])
    expect(relative(app, realpathSync(join(app, 'node_modules', 'airlock')))).toBe(join('node_modules', 'airlock'))
    expect(existsSync(join(app, 'node_modules', 'airlock', 'src'))).toBe(false)
    // One copy of the packages the package shares with the plugin: the plugin's rxjs and io-ts are the package's.
    for (const name of ['rxjs', 'io-ts', 'react']) expect(installedCopies(app, name), name).toEqual([`node_modules/${name}`])
    console.info(`swap-outside: stage and install ${installed} ms`)
  })

  it(
    "type-checks the plugin and its tests with the project's tsc against the package's declarations",
    () => {
      const started = Date.now()
      const result = run(bin('tsc'), ['-p', 'tsconfig.json'], app, 240_000)
      expect(result.status, printed(result)).toBe(0)
      console.info(`swap-outside: tsc ${Date.now() - started} ms`)
    },
    idleMs(300_000),
  )

  it("builds with the project's esbuild as a package publishes it: its own code only, the SDK and the packages left to the site, views and effects lazy", () => {
    const result = run(
      bin('esbuild'),
      [
        'src/swap/manifest.ts',
        '--bundle',
        '--splitting',
        '--format=esm',
        '--platform=browser',
        '--target=es2022',
        '--jsx=automatic',
        '--packages=external',
        '--outdir=lib',
        '--chunk-names=chunks/[name]-[hash]',
        '--metafile=lib/meta.json',
        '--log-level=error',
      ],
      app,
    )
    expect(result.status, printed(result)).toBe(0)
    const meta = JSON.parse(readFileSync(join(app, 'lib', 'meta.json'), 'utf8')) as {
      inputs: Record<string, unknown>
      outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; entryPoint?: string; inputs: Record<string, unknown> }>
    }
    const inputs = Object.keys(meta.inputs)
    expect(inputs.filter((path) => !path.startsWith('src/swap/'))).toEqual([])
    expect(inputs).toContain('src/swap/views/Swap.tsx')
    expect(inputs).toContain('src/swap/effects.ts')
    const external = new Set(Object.values(meta.outputs).flatMap((out) => out.imports.filter((i) => i.external).map((i) => i.path)))
    expect([...external].sort()).toEqual(['airlock/plugin', 'io-ts', 'react', 'react/jsx-runtime', 'rxjs'])
    // The manifest is tiny: the module, its effects and the view are chunks it imports dynamically.
    const manifest = meta.outputs['lib/manifest.js']
    expect(manifest?.imports.filter((i) => !i.external).map((i) => i.kind)).toEqual(['dynamic-import'])
    const chunkOf = (input: string) => Object.keys(meta.outputs).find((path) => input in (meta.outputs[path]?.inputs ?? {}))
    expect(
      new Set([chunkOf('src/swap/manifest.ts'), chunkOf('src/swap/index.ts'), chunkOf('src/swap/effects.ts'), chunkOf('src/swap/views/Swap.tsx')]).size,
    ).toBe(4)
  })

  it("a site's page that imports the build bundles against the installed package's code (every name the plugin imports exists there)", () => {
    const result = run(
      bin('esbuild'),
      [
        'www/page.ts',
        '--bundle',
        '--splitting',
        '--format=esm',
        '--platform=browser',
        '--target=es2022',
        '--outdir=www/dist',
        '--metafile=www/meta.json',
        '--log-level=warning',
      ],
      app,
    )
    expect(result.status, printed(result)).toBe(0)
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/No matching export|Could not resolve/)
    const inputs = Object.keys((JSON.parse(readFileSync(join(app, 'www', 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> }).inputs)
    expect(inputs).toContain('lib/manifest.js')
    expect(inputs).toContain('node_modules/airlock/dist/lib/plugin.js')
    expect(inputs.filter((path) => path.startsWith('..'))).toEqual([])
  })

  it(
    "runs the plugin's own tests with the project's vitest, on the installed package: every one passes",
    () => {
      const started = Date.now()
      const report = join(app, '.cache', 'vitest.json')
      rmSync(report, { force: true })
      const result = run(bin('vitest'), ['run', '--reporter=json', `--outputFile=${report}`], app, 300_000)
      expect(result.status, printed(result)).toBe(0)
      const { numTotalTests, numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
        numTotalTests: number
        numPassedTests: number
        numFailedTests: number
        testResults: { name: string }[]
      }
      // As many as this repository's vitest lists in the folder (tests made in loops too), all passed,
      // from the copy's test files, which are the folder's.
      const listed = join(app, '.cache', 'vitest-list.json')
      const list = run(join(root, 'node_modules', '.bin', 'vitest'), ['list', 'src/plugins/swap', `--json=${listed}`], root, 300_000)
      expect(list.status, printed(list)).toBe(0)
      const declared = (JSON.parse(readFileSync(listed, 'utf8')) as { file: string }[]).length
      expect(declared).toBeGreaterThan(10)
      expect({ numTotalTests, numPassedTests, numFailedTests }).toEqual({ numTotalTests: declared, numPassedTests: declared, numFailedTests: 0 })
      const folderTests = sourceFiles(join(root, 'src', 'plugins', 'swap'))
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => `src/swap/${relative(join(root, 'src', 'plugins', 'swap'), file)}`)
      expect(testResults.map((file) => relative(app, file.name)).sort()).toEqual(folderTests.sort())
      console.info(`swap-outside: vitest ${Date.now() - started} ms`)
    },
    idleMs(360_000),
  )
})
