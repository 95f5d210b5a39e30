// `node bench/testcpu/run.mjs -- <command…>` (e.g. `-- npx vitest run --project 'browser*'`): runs the
// command and says where the machine's CPU went meanwhile: each process's CPU time, sampled every
// 2 s from /proc and summed by kind (Chromium by process type, the vitest process, npm, each node
// script, anvil…), and how busy the cores were (/proc/stat). A process that lived less than one
// sample is counted only from its first sample (short ones are missed). Linux only.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { kindOf, processes } from './procCpu.mjs'

const command = process.argv.slice(process.argv.indexOf('--') + 1)
if (process.argv.indexOf('--') < 0 || command.length === 0) {
  console.error('usage: node bench/testcpu/run.mjs -- <command…>')
  process.exit(2)
}

const cores = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
// Processes already running count from now on, not for their past.
const seen = new Map(processes().map((p) => [p.key, { seconds: p.seconds, kind: undefined }]))
const byKind = new Map()
const sample = () => {
  for (const p of processes()) {
    const known = seen.get(p.key)
    const kind = known?.kind ?? kindOf(p.pid, p.comm)
    byKind.set(kind, (byKind.get(kind) ?? 0) + p.seconds - (known?.seconds ?? 0))
    seen.set(p.key, { seconds: p.seconds, kind })
  }
}
const startedCores = cores()
const began = Date.now()
const timer = setInterval(sample, 2000)
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' })
child.once('exit', (code) => {
  sample()
  clearInterval(timer)
  const ended = cores()
  const delta = ended.map((value, i) => value - startedCores[i])
  const total = delta.reduce((a, b) => a + b, 0)
  const idle = delta[3] + delta[4]
  const rows = [...byKind.entries()].filter(([, s]) => s >= 0.5).sort((a, b) => b[1] - a[1])
  const sum = rows.reduce((a, [, s]) => a + s, 0)
  console.log(
    `\n${((Date.now() - began) / 1000).toFixed(1)} s, the cores ${((100 * (total - idle)) / total).toFixed(0)} % busy; CPU by process kind (${sum.toFixed(0)} s):`,
  )
  for (const [kind, s] of rows.slice(0, 25)) console.log(`${s.toFixed(1).padStart(9)} s ${((100 * s) / sum).toFixed(0).padStart(3)} %  ${kind}`)
  process.exit(code ?? 1)
})
