// The one command that runs every test: `npm test`. It installs what it needs, then runs the build
// and every test (units, properties, build and size checks), with the type-check and the linter beside them,
// and ends with the run's duration (each step's and the whole's) and a plain "N passed, N failed" line.
import { spawn } from 'node:child_process'
import { readFileSync, rmSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { availableParallelism, loadavg } from 'node:os'
import { ensureInstall, root } from './ensure-install.mjs'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensurePostgres } from './ensure-postgres.mjs'
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

ensureInstall()
ensureChromium()
// Before the two test workers start: two tests installing it at once would meet apt's lock.
ensurePostgres()
took.push(['install', seconds(began)])

const bin = (name) => join(root, 'node_modules', '.bin', name)
// The stage's key (scripts/packStage.mjs) as the build starts: the build's dist/ is kept as the stage
// only when nothing it is made of changed while it built.
const stage = stageKey()
/**
 * The checks, and what the tests wait for. The tests need only the build (dist/) and the stage (the
 * build's dist/ kept as the packed package the tests install, .cache/pack, tests/package/stage.ts; it
 * waits for the build, and its failure fails nothing: a test then builds its own stage). The
 * type-check and the linter check the tree and make nothing the tests use: they start with the build
 * and run beside the tests at a low CPU priority (`nice -n 10`), so they take mostly the CPU the tests
 * leave idle (the browser files, most of the tests' time, wait on chains, servers, timers and
 * Chromium: under one core busy of two for about 1,000 s in CI) and little of the tests' own, and the
 * tests start as soon as the build and the stage are done. Before: build then type-check in one lane,
 * lint then the stage in the other, the tests after both (the longest lane 58.7 + 74.1 s in the last
 * clean-clone run). A check that fails fails the run (its output printed at once); the others'
 * output is printed after the tests'.
 */
// Not on a machine already busy with other work as the run starts (over 2 per core): there the checks
// would get almost no CPU until the machine quiets (tsc 9 s of CPU in 14 min at load 30-45, niced),
// so they run at the tests' priority, as they did before.
const NICE = process.platform === 'win32' || Number(loadAtStart) / availableParallelism() > 2 ? [] : ['nice', '-n', '10']
const niced = (command, args) => (NICE.length ? [NICE[0], [...NICE.slice(1), command, ...args]] : [command, args])
const ahead = [
  ['build', process.execPath, ['esbuild.config.mjs']],
  ['stage', process.execPath, ['scripts/packStage.mjs', stage], { optional: true }],
]
const beside = [
  ['type-check', ...niced(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])],
  ['lint', ...niced(process.execPath, ['scripts/lint.mjs'])],
]

/** Output of the checks that passed beside the tests, printed after the tests' own. */
const later = []

/** Run one step, its output kept; resolves with whether it passed (an optional step always passes). */
async function runStep([name, command, args, { optional = false, deferOutput = false } = {}]) {
  const started = Date.now()
  const passed = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    const end = (ok) => {
      took.push([name, seconds(started)])
      const print = () => {
        console.log(`\n▶ ${name}`)
        process.stdout.write(Buffer.concat(output))
        if (ok) console.log(`✔ ${name} (${took.find(([step]) => step === name)[1]} s)`)
        else if (optional) console.error(`✖ ${name} failed (not needed: the tests do without it)`)
        else console.error(`✖ ${name} failed`)
      }
      if (ok && deferOutput) later.push(print)
      else print()
      resolve(ok)
    }
    child.once('error', (error) => (output.push(Buffer.from(`${error.message}\n`)), end(false)))
    child.once('close', (code) => end(code === 0))
  })
  return passed || optional
}

const checks = Promise.all(beside.map((step) => runStep([...step, { deferOutput: true }])))
let ready = true
for (const step of ahead) {
  ready = await runStep(step)
  if (!ready) break
}
if (!ready) {
  await checks
  for (const print of later.splice(0)) print()
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
// Spawned, not run synchronously: the checks beside it keep writing to their pipes.
const tests = await new Promise((resolve) => {
  const child = spawn(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  })
  child.once('error', () => resolve({ status: 1 }))
  child.once('close', (code) => resolve({ status: code ?? 1 }))
})
took.push(['tests', seconds(testsBegan)])
const checked = await checks
for (const print of later.splice(0)) print()

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
// A check that failed (type-check, lint) is one failure more.
failed += checked.filter((ok) => !ok).length
printDuration()
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(tests.status === 0 && failed === 0 && passed > 0 ? 0 : 1)
