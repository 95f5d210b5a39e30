// The one command that runs every test: `npm test`. It installs what it needs, then runs the
// type-check, the linter, the build, and every test (units, properties, build and size checks),
// and ends with the run's duration (each step's and the whole's) and a plain "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, rmSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { loadavg } from 'node:os'
import { ensureInstallAside, root } from './ensure-install.mjs'
import { chromiumMissing, ensureChromium } from './ensure-chromium.mjs'
import { ensurePostgres, postgresMissing } from './ensure-postgres.mjs'
import { aptInstallAside } from './aptInstall.mjs'
import { stageKey } from './packStage.mjs'

const began = Date.now()
const loadAtStart = loadavg()[0].toFixed(1)
/** Each step's seconds, printed at the end with the whole run's. */
const took = []
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1)
/**
 * The run's duration, the line before the last, with the 1-minute load average at its start and end
 * (how busy the machine was): `npm test: 512.3 s (install 2.1 s, type-check 61.0 s, …; load 0.4 → 3.9)`.
 */
const printDuration = () =>
  console.log(`\nnpm test: ${seconds(began)} s (${took.map(([name, s]) => `${name} ${s} s`).join(', ')}; load ${loadAtStart} → ${loadavg()[0].toFixed(1)})`)

/**
 * The install: npm's packages and Debian's side by side, since CI starts without either. Debian's
 * are Chromium (the browser tests) and PostgreSQL's server (server/db's tests against a real one),
 * in one `apt-get update` and one install; PostgreSQL before the test workers start, since two tests
 * installing it at once would meet apt's lock. Then each is checked where the tests will look.
 */
const debian = [...chromiumMissing(), ...(postgresMissing() ? ['postgresql'] : [])]
// Both run to their end before a failure of either is thrown (no apt left running behind the exit).
for (const result of await Promise.allSettled([ensureInstallAside(), debian.length > 0 ? aptInstallAside(debian) : undefined])) {
  if (result.status === 'rejected') throw result.reason
}
ensureChromium()
ensurePostgres()
took.push(['install', seconds(began)])

const bin = (name) => join(root, 'node_modules', '.bin', name)
// The stage's key (scripts/packStage.mjs) as the build starts: the build's dist/ is kept as the stage
// only when nothing it is made of changed while it built.
const stage = stageKey()
/**
 * The checks before the tests, in two lanes side by side (the machine has two cores, and each of
 * these uses one): the build then the type-check in one, the linter then the stage in the other
 * (the longest lane: build 38 s + type-check 76 s, against lint 86 s then build 38 s before, in the
 * last clean-clone run). The stage keeps the build's dist/ as the packed package the tests install
 * (.cache/pack, tests/package/stage.ts), which they otherwise built again: a Rollup build of the
 * library, one of the standalone bundle and a TypeScript program for the declarations. It waits for
 * the build, and its failure fails nothing (a test then builds its own stage, as before). Each
 * step's output is printed whole when it ends, under its name.
 */
const lanes = [
  [
    ['build', process.execPath, ['esbuild.config.mjs']],
    ['type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ],
  [
    ['lint', process.execPath, ['scripts/lint.mjs']],
    ['stage', process.execPath, ['scripts/packStage.mjs', stage], { after: 'build', optional: true }],
  ],
]

/** Each step's end (whether it passed), by name, for a step that waits for another. */
const ended = new Map()
const endOf = (name) => {
  if (!ended.has(name)) {
    let resolve
    ended.set(name, Object.assign(new Promise((r) => (resolve = r)), { resolve }))
  }
  return ended.get(name)
}

/** Run one step, its output kept; resolves with whether it passed (an optional step always passes). */
async function runStep([name, command, args, { after, optional = false } = {}]) {
  if (after && !(await endOf(after))) {
    console.log(`\n▶ ${name}: skipped (${after} failed)`)
    endOf(name).resolve(optional)
    return optional
  }
  const started = Date.now()
  const passed = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    const end = (ok) => {
      took.push([name, seconds(started)])
      console.log(`\n▶ ${name}`)
      process.stdout.write(Buffer.concat(output))
      if (ok) console.log(`✔ ${name} (${took.at(-1)[1]} s)`)
      else if (optional) console.error(`✖ ${name} failed (not needed: the tests do without it)`)
      else console.error(`✖ ${name} failed`)
      resolve(ok)
    }
    child.once('error', (error) => (output.push(Buffer.from(`${error.message}\n`)), end(false)))
    child.once('close', (code) => end(code === 0))
  })
  endOf(name).resolve(passed)
  return passed || optional
}

const checked = await Promise.all(
  lanes.map(async (lane) => {
    for (const step of lane) if (!(await runStep(step))) return false
    return true
  }),
)
if (checked.includes(false)) {
  printDuration()
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const reportDir = join(root, 'test-results')
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })
const report = join(reportDir, 'vitest.json')
console.log('\n▶ tests')
const testsBegan = Date.now()
const tests = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
})

let passed = 0
let failed = 0
try {
  const summary = JSON.parse(readFileSync(report, 'utf8'))
  passed = summary.numPassedTests
  // A file whose hook failed reports its tests as skipped, not failed: it counts as one failure.
  const failedFiles = summary.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
  failed = summary.numFailedTests + failedFiles.length + (summary.numRuntimeErrorTestSuites ?? 0)
} catch {
  failed = Math.max(1, failed)
}
if (tests.status !== 0 && failed === 0) failed = 1
took.push(['tests', seconds(testsBegan)])
printDuration()
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(tests.status === 0 && failed === 0 && passed > 0 ? 0 : 1)
