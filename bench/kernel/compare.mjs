// Interleaved before/after for the kernel bench (issue 27 §1): `node bench/kernel/compare.mjs <tree>`
// bundles bench/kernel/bench.ts from <tree> (a git worktree of the base commit, say) and from this
// tree as production builds, loads both into one process and runs them in alternating rounds
// (PAIRS pairs, default 7; BENCH_EVENTS events each), so both see the same machine load. Prints
// each pair and the medians of events per CPU second and replay CPU ms, with after/before ratios,
// and writes them into bench/RESULTS.md between the kernel-compare markers (after the Kernel section).
import * as esbuild from 'esbuild'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { cpus, loadavg } from 'node:os'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const base = resolve(process.argv[2] ?? '')
if (!process.argv[2]) throw new Error('usage: node bench/kernel/compare.mjs <tree of the base commit>')
const PAIRS = Number(process.env.PAIRS ?? 7)
process.env.BENCH_ROUNDS = '1'
const out = join(root, '.cache')
mkdirSync(out, { recursive: true })
const bundle = async (tree, name) => {
  const outfile = join(out, `bench-kernel-${name}.mjs`)
  await esbuild.build({
    entryPoints: [join(tree, 'bench', 'kernel', 'bench.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  return import(pathToFileURL(outfile).href)
}
const before = await bundle(base, 'before')
const after = await bundle(root, 'after')
const rows = { before: [], after: [] }
const pairs = []
for (let pair = 0; pair < PAIRS; pair++) {
  // Alternate which goes first, so neither always runs on the other's garbage.
  const order = pair % 2 === 0 ? ['before', 'after'] : ['after', 'before']
  for (const name of order) {
    const r = await (name === 'before' ? before : after).run()
    rows[name].push({ eps: r.eventsPerCpuSecond.median, replay: r.replayCpuMs.median })
  }
  const b = rows.before.at(-1)
  const a = rows.after.at(-1)
  pairs.push(`${Math.round(b.eps).toLocaleString('en-US')} → ${Math.round(a.eps).toLocaleString('en-US')}`)
  console.log(
    `pair ${pair + 1}: before ${Math.round(b.eps)}/s ${b.replay.toFixed(1)} ms · after ${Math.round(a.eps)}/s ${a.replay.toFixed(1)} ms · load ${loadavg()[0].toFixed(1)}`,
  )
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]
const eps = (name) => median(rows[name].map((r) => r.eps))
const replay = (name) => median(rows[name].map((r) => r.replay))
console.log(
  `medians of ${PAIRS} pairs: events per CPU second ${Math.round(eps('before'))} → ${Math.round(eps('after'))} (${(eps('after') / eps('before')).toFixed(2)}×); replay CPU ms ${replay('before').toFixed(1)} → ${replay('after').toFixed(1)} (${(replay('before') / replay('after')).toFixed(2)}× faster)`,
)
const rev = (tree) => execFileSync('git', ['-C', tree, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
const dirty = execFileSync('git', ['-C', root, 'status', '--short', '--', 'src/kernel', 'bench/kernel'], { encoding: 'utf8' }).trim() !== ''
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const section = `<!-- kernel-compare:start -->
Before → after, interleaved in one process (\`node bench/kernel/compare.mjs <worktree of the base>\`: both trees' bench/kernel/bench.ts as production builds, ${PAIRS} alternating pairs of one round, ${process.env.BENCH_EVENTS ?? 100000} events): ${rev(base)} → ${rev(root)}${dirty ? ' with its uncommitted kernel changes' : ''}. ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} when it finished, measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

| measure (median of the pairs) | before | after | ratio |
|---|---|---|---|
| events per second of CPU time | ${fmt(eps('before'))} | ${fmt(eps('after'))} | ${(eps('after') / eps('before')).toFixed(2)}× |
| replay of the log, ms of CPU time | ${fmt(replay('before'), 1)} | ${fmt(replay('after'), 1)} | ${(replay('before') / replay('after')).toFixed(2)}× faster |

Each pair's events per CPU second, before → after: ${pairs.join(' · ')}.
<!-- kernel-compare:end -->`
const file = join(root, 'bench', 'RESULTS.md')
let text = readFileSync(file, 'utf8')
text = /<!-- kernel-compare:start -->[\s\S]*<!-- kernel-compare:end -->/.test(text)
  ? text.replace(/<!-- kernel-compare:start -->[\s\S]*<!-- kernel-compare:end -->/, section)
  : text.replace('<!-- kernel:end -->', `<!-- kernel:end -->\n\n${section}`)
writeFileSync(file, text)
console.log(section)
