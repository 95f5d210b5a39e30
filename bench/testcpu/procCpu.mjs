// CPU time of this machine's processes, read from /proc: each process's user + system time, and a
// name for what it is (Chromium by its --type, node by its script, others by their command name).
import { readFileSync, readdirSync } from 'node:fs'

const TICKS_PER_SECOND = 100

/** What a process is, from its command line and name. */
export function kindOf(pid, comm) {
  let cmd = ''
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
  } catch {
    // Gone meanwhile.
  }
  if (/chrom/.test(comm) || /chromium/.test(cmd)) return `chromium:${/--type=(\S+)/.exec(cmd)?.[1] ?? 'browser'}`
  if (/anvil/.test(comm)) return 'anvil'
  if (/vitest/.test(cmd)) return 'node:vitest'
  if (/node/.test(comm)) return `node:${cmd.split(' ').slice(1, 3).join(' ').slice(-60)}`
  return comm
}

/** Every live process: its key (pid and start time, so a reused pid is a new process), kind and CPU seconds so far. */
export function processes() {
  const found = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const end = stat.lastIndexOf(')')
      const comm = stat.slice(stat.indexOf('(') + 1, end)
      const fields = stat.slice(end + 2).split(' ')
      found.push({ key: `${pid}:${fields[19]}`, pid, comm, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND })
    } catch {
      // Gone meanwhile.
    }
  }
  return found
}

/** CPU seconds of the live processes whose command line `matches`. */
export function cpuOf(matches) {
  let seconds = 0
  for (const { pid, seconds: used } of processes()) {
    try {
      if (matches(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) seconds += used
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds
}
