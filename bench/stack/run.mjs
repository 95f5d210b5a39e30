// The demo stack's start-up (services/demoStack.mjs startDemoStack, as every browser test file
// starts it in beforeAll): each round starts and stops it in a fresh process (bench/stack/once.mjs)
// and reads the whole start, each step's time and the CPU used. With `--base <dir>` (another
// checkout, e.g. a git worktree of the commit before a change) the rounds alternate between that
// tree and this one, so both meet the same load; medians (min–max) per tree.
//
//   node bench/stack/run.mjs [--rounds 5] [--base /work/wt-before] [--options '{"embedded":false}'] [--write]
//
// `--write` replaces the `stack` section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median, writeResultsSection } from '../shared.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const rounds = Number(arg('rounds', '5'))
const base = arg('base')
const options = arg('options', '{}')
const trees = base
  ? [
      { name: 'before', dir: base },
      { name: 'after', dir: ROOT },
    ]
  : [{ name: 'this tree', dir: ROOT }]

const results = Object.fromEntries(trees.map((t) => [t.name, []]))
const failures = {}
for (let round = 0; round < rounds; round++) {
  // Alternate which tree goes first, so neither always meets the other's leftovers.
  const order = round % 2 ? [...trees].reverse() : trees
  for (const tree of order) {
    const run = spawnSync(process.execPath, [fileURLToPath(new URL('./once.mjs', import.meta.url)), tree.dir, options], {
      cwd: tree.dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    // A start that fails (on a loaded machine, a time-out) is counted and said, not the end of the run.
    if (run.status !== 0) {
      failures[tree.name] = (failures[tree.name] ?? 0) + 1
      console.log(`${tree.name} round ${round + 1}: the start failed (exit ${run.status})`)
      continue
    }
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1))
    results[tree.name].push(result)
    console.log(`${tree.name} round ${round + 1}: start ${(result.startMs / 1000).toFixed(2)} s, load ${result.load.toFixed(1)}`)
  }
}

const s = (ms) => (ms / 1000).toFixed(2)
const stat = (xs) => (xs.length ? `${s(median(xs))} (${s(Math.min(...xs))}–${s(Math.max(...xs))})` : '–')
const steps = [...new Set(trees.flatMap((t) => results[t.name].flatMap((r) => r.times.map((x) => x.step))))]
const header = `| | ${trees.map((t) => t.name).join(' | ')} |\n|---|${trees.map(() => '---|').join('')}`
const row = (label, pick) => `| ${label} | ${trees.map((t) => stat(results[t.name].map(pick).filter((x) => x !== undefined))).join(' | ')} |`
const lines = [
  header,
  row('**start, wall**', (r) => r.startMs),
  row('start, CPU of the test process', (r) => r.startCpuMs),
  row('CPU of the anvils (start to stop)', (r) => r.childrenCpuMs),
  row('import of services/demoStack.mjs', (r) => r.importMs),
  row('stop', (r) => r.stopMs),
  ...steps.map((step) => row(step, (r) => r.times.find((x) => x.step === step)?.ms)),
  row('load average at the start', (r) => r.load * 1000),
  `| starts that failed | ${trees.map((t) => failures[t.name] ?? 0).join(' | ')} |`,
]
const table = lines.join('\n')
console.log(`\n${table}`)

if (args.includes('--write')) {
  const section = `<!-- stack:start -->
Command: \`node bench/stack/run.mjs --rounds ${rounds}${base ? ' --base <worktree of the commit before>' : ''}${options !== '{}' ? ` --options '${options}'` : ''}\` (${new Date().toISOString().slice(0, 10)}): \`startDemoStack(${options === '{}' ? '' : options})\` started and stopped in a fresh Node process per round${base ? ', the two trees alternating' : ''}; seconds, median (min–max) of ${rounds}. Steps are the start's own parts (nested ones, "account: …" and "embedded: …", are inside "account" and "embedded"; steps started together overlap).

${table}
<!-- stack:end -->`
  writeResultsSection(ROOT, 'stack', section)
}
