// One start and stop of the demo stack (services/demoStack.mjs) of the tree given as the first
// argument (default: this one), in a process of its own; prints one JSON line: the import, the
// start and the stop (ms), each step's time (`times`, when that tree records them), and the CPU
// this process used during the start and its children (the anvils) over the whole run.
// bench/stack/run.mjs runs it, alternating trees.
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

const tree = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)))
const options = JSON.parse(process.argv[3] ?? '{}')

/** This process's children's CPU time (reaped children only), ms, from /proc/self/stat. */
function childrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  // After the command name: state is field 3, cutime 16 and cstime 17 (1-based), in clock ticks (100 Hz).
  return (Number(fields[13]) + Number(fields[14])) * 10
}

const t0 = performance.now()
const { startDemoStack } = await import(pathToFileURL(join(tree, 'services/demoStack.mjs')).href)
const imported = performance.now()
const load = loadavg()[0]
const cpu = process.cpuUsage()
const times = []
const stack = await startDemoStack({ ...options, times })
const started = performance.now()
const startCpu = process.cpuUsage(cpu)
await stack.stop()
const stopped = performance.now()
console.log(
  JSON.stringify({
    tree,
    importMs: imported - t0,
    startMs: started - imported,
    stopMs: stopped - started,
    startCpuMs: (startCpu.user + startCpu.system) / 1000,
    childrenCpuMs: childrenCpuMs(),
    load,
    times,
  }),
)
