// `npm run test:loaded`: tests with the CPU deliberately loaded (issue 27 §5: the suite must pass on
// a busy machine, not only an idle one). It starts busy processes (`node -e "for(;;);"`, two by
// default: one per core of the 2-core CI machine), runs vitest beside them, stops them by their ids,
// and prints the run's duration with the load average at its start and end.
//
//   npm run test:loaded                        the Node test files that start a stack (anvil, the
//                                              account services, the demo chains), browser files aside
//   npm run test:loaded -- --project 'browser*' the Chromium tests
//   npm run test:loaded -- --busy 3 <files>    three busy processes, these files
//
// The time-outs stretch with the load average (tests/support/until.ts), which lags a load that has
// just begun (its 1-minute average): the run starts at once, so its first minute meets limits that
// have not stretched yet, the harder case.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { BROWSER_DIRS, BROWSER_FILES, root, testFiles } from './testTiers.mjs'

/** What starts a chain or the services a stack-starting Node test needs. */
const STARTS_STACK = /\bstart(DemoStack|AccountServices|DemoChains|Anvil)\s*\(/

/** The Node test files (not the browser project's) that start a chain or a stack themselves. */
function stackTestFiles(files = testFiles()) {
  return files.filter(
    (file) =>
      !BROWSER_DIRS.some((dir) => file.startsWith(dir)) &&
      !BROWSER_FILES.includes(file) &&
      !file.startsWith('tests/lint/') &&
      STARTS_STACK.test(readFileSync(join(root, file), 'utf8')),
  )
}

const args = process.argv.slice(2)
let busy = 2
const at = args.indexOf('--busy')
if (at !== -1) {
  busy = Number(args[at + 1])
  args.splice(at, 2)
  if (!Number.isInteger(busy) || busy < 0) throw new Error('--busy takes a whole number of processes')
}
const vitestArgs = args.length > 0 ? args : stackTestFiles()

const spinners = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'for(;;);'], { stdio: 'ignore' }))
const stopSpinners = () => {
  for (const spinner of spinners) if (spinner.exitCode === null && spinner.signalCode === null) spinner.kill('SIGKILL')
}
process.once('exit', stopSpinners)
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => (stopSpinners(), process.exit(130)))

const began = Date.now()
const loadAtStart = loadavg()[0].toFixed(1)
console.log(
  `test:loaded: ${busy} busy processes (${spinners.map((s) => s.pid).join(', ')}) beside vitest on ${availableParallelism()} cores; vitest run ${vitestArgs.join(' ')}`,
)
const tests = spawn(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...vitestArgs], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
})
const code = await new Promise((resolve) => tests.once('close', (status) => resolve(status ?? 1)))
const loadAtEnd = loadavg()[0].toFixed(1)
stopSpinners()
console.log(
  `\ntest:loaded: ${((Date.now() - began) / 1000).toFixed(1)} s with ${busy} busy processes (load ${loadAtStart} → ${loadAtEnd}): ${code === 0 ? 'passed' : 'failed'}`,
)
process.exit(code)
