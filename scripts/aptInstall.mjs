// Debian's packages that the tests need and CI starts without (Chromium, PostgreSQL): one
// `apt-get update`, then one `apt-get install` of every missing one. `sudo` when not root.
import { execSync, spawn } from 'node:child_process'

/** The shell command that installs `packages` from Debian. */
function aptCommand(packages) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  return `${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${packages.join(' ')}`
}

/** Install `packages` now, apt's output printed as it comes. */
export function aptInstall(packages) {
  console.log(`Installing ${packages.join(' and ')} from Debian (apt-get install ${packages.join(' ')})…`)
  execSync(aptCommand(packages), { stdio: 'inherit', shell: '/bin/bash' })
}

/**
 * Install `packages` beside other work (scripts/test.mjs: beside `npm ci`, which uses the network
 * and disks as apt does, not the same lock). apt's output is held and printed whole when it ends,
 * so it does not interleave with the other's; a failure rejects with it.
 */
export function aptInstallAside(packages) {
  console.log(`Installing ${packages.join(' and ')} from Debian (apt-get install ${packages.join(' ')}), beside the npm install…`)
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['-c', aptCommand(packages)], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.once('error', reject)
    child.once('close', (code) => {
      process.stdout.write(Buffer.concat(output))
      if (code === 0) resolve()
      else reject(new Error(`apt-get install ${packages.join(' ')} failed (exit ${code})`))
    })
  })
}
