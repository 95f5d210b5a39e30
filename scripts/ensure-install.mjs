// Installs the project's npm dependencies from the lockfile when they are missing or stale.
// Used by both README commands, so each works on a fresh machine.
import { execSync, spawn } from 'node:child_process'
import { existsSync, lstatSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * `npm ci`, with no package's install scripts run (`--ignore-scripts`): none is needed
 * (docs/security.md, "The supply chain": anvil's bin finds its platform package itself, esbuild's
 * checks its binary, the rest are native builds of modules with JavaScript fallbacks, mrmr's taken
 * by services/bitcoin/libs.mjs), so no code from a dependency runs at install, and the install skips
 * compiling them (23 of its 187 s on the 2-core machine, node-gyp building bcrypto, bsip, bstring,
 * secp256k1, mrmr).
 */
const NPM_CI = 'npm ci --ignore-scripts --no-audit --no-fund'

/** Whether `npm ci` is due: node_modules missing or older than the lockfile (and not a link to another tree's). */
function installDue() {
  const marker = join(root, 'node_modules', '.package-lock.json')
  const lock = join(root, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return false
  // A node_modules linked from another tree (a git worktree sharing the main tree's): `npm ci` here
  // would empty the other tree's node_modules through the link and install into this one.
  if (existsSync(join(root, 'node_modules')) && lstatSync(join(root, 'node_modules')).isSymbolicLink()) {
    console.log('node_modules is a link to another tree: not installing over it (npm ci there if it is stale)')
    return false
  }
  console.log(`Installing npm dependencies from the lockfile (${NPM_CI})…`)
  return true
}

export function ensureInstall() {
  if (installDue()) execSync(NPM_CI, { cwd: root, stdio: 'inherit' })
}

/** `ensureInstall` while other work goes on (scripts/test.mjs: Debian's packages installing beside it). */
export function ensureInstallAside() {
  if (!installDue()) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const child = spawn(NPM_CI, { cwd: root, stdio: 'inherit', shell: true })
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${NPM_CI} failed (exit ${code})`))))
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall()
