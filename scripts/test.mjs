// The one command that runs every test: `npm test`. It installs what it needs, then runs the
// type-check, the linter, the build, and every test (units, properties, build and size checks),
// and ends with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ensureInstall, root } from './ensure-install.mjs'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensurePostgres } from './ensure-postgres.mjs'

ensureInstall()
ensureChromium()
// Before the two test workers start: two tests installing it at once would meet apt's lock.
ensurePostgres()

const bin = (name) => join(root, 'node_modules', '.bin', name)
const steps = [
  ['type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', process.execPath, ['scripts/lint.mjs']],
  ['build', process.execPath, ['esbuild.config.mjs']],
]

for (const [name, command, args] of steps) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`)
    console.log('0 passed, 1 failed')
    process.exit(1)
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

const reportDir = join(root, 'test-results')
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })
const report = join(reportDir, 'vitest.json')
console.log('\n▶ tests')
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
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(tests.status === 0 && failed === 0 && passed > 0 ? 0 : 1)
