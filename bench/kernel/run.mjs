// `npm run bench:kernel`: bundles bench.ts as a site's production build bundles the library
// (process.env.NODE_ENV "production": the kernel does not freeze the state, src/kernel/freeze.ts),
// and once more as in development, runs them in Node with --expose-gc, and writes the results into
// bench/RESULTS.md between the kernel markers.
import * as esbuild from 'esbuild'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const outfile = join(root, '.cache', 'bench-kernel.mjs')
const devOutfile = join(root, '.cache', 'bench-kernel-dev.mjs')
mkdirSync(dirname(outfile), { recursive: true })
for (const [file, env] of [
  [outfile, 'production'],
  [devOutfile, 'development'],
]) {
  const define = { 'process.env.NODE_ENV': JSON.stringify(env) }
  await esbuild.build({
    entryPoints: [join(here, 'bench.ts')],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    define,
    logLevel: 'warning',
  })
}
const call = (fn, file = outfile) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', '--input-type=module', '-e', `import('${file}').then((m) => m.${fn}()).then((r) => process.stdout.write(JSON.stringify(r)))`],
      {
        encoding: 'utf8',
        env: process.env,
      },
    ),
  )
const r = call('run')
const dev = call('run', devOutfile)
// Memory: one fresh process per round, so no earlier round's heap is counted.
const memory = Array.from({ length: r.rounds }, () => call('memory'))
const perEvent = memory.map((m) => m.bytesPerEvent).sort((a, b) => a - b)
r.bytesPerLoggedEvent = { median: perEvent[Math.floor(perEvent.length / 2)], min: perEvent[0], max: perEvent[perEvent.length - 1] }
r.totalMiB = memory.map((m) => m.totalBytes / 1048576).sort((a, b) => a - b)[Math.floor(memory.length / 2)]
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const range = (m, digits = 0) => `${fmt(m.median, digits)} (${fmt(m.min, digits)}–${fmt(m.max, digits)})`
const section = `<!-- kernel:start -->
## Kernel

Command: \`npm run bench:kernel\` (BENCH_EVENTS=${r.events}, ${r.rounds} rounds; median with min–max; bench/kernel/bench.ts bundled as a production build, \`process.env.NODE_ENV\` "production", but the development row). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} when it finished. Measured ${new Date().toISOString().slice(0, 10)}. The wall clock counts the time other processes ran; the CPU time is the kernel's own.

| measure | result |
|---|---|
| events per second through all core modules (dispatch → reducers → state$ → events$ → effects), wall clock | ${range(r.eventsPerSecond)} |
| the same, per second of this process's CPU time | ${range(r.eventsPerCpuSecond)} |
| the same in development (\`NODE_ENV\` not "production": each new state object frozen), per second of CPU time | ${range(dev.eventsPerCpuSecond)} |
| replay of the ${fmt(r.logged)}-event log of those ${fmt(r.events)} dispatches (ms), wall clock | ${range(r.replayMs, 1)} |
| the same, ms of this process's CPU time | ${range(r.replayCpuMs, 1)} |
| heap held per logged event: the event, its payload and its slot in the log (bytes; fresh process per round) | ${range(r.bytesPerLoggedEvent)} |
| heap held by a log of ${fmt(r.logged)} events (${fmt(r.events)} dispatched plus the events effects emitted), MiB | ${fmt(r.totalMiB, 1)} |
<!-- kernel:end -->`
const file = join(root, 'bench', 'RESULTS.md')
let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n\nEach section is written by the command it names.\n'
text = /<!-- kernel:start -->[\s\S]*<!-- kernel:end -->/.test(text)
  ? text.replace(/<!-- kernel:start -->[\s\S]*<!-- kernel:end -->/, section)
  : `${text.trimEnd()}\n\n${section}\n`
writeFileSync(file, text)
console.log(section)
