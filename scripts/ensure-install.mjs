// Installs the project's npm dependencies from the lockfile when they are missing or stale.
// Used by both README commands, so each works on a fresh machine.
import { execSync } from 'node:child_process'
import { existsSync, lstatSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

export function ensureInstall() {
  const marker = join(root, 'node_modules', '.package-lock.json')
  const lock = join(root, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  // A node_modules linked from another tree (a git worktree sharing the main tree's): `npm ci` here
  // would empty the other tree's node_modules through the link and install into this one.
  if (existsSync(join(root, 'node_modules')) && lstatSync(join(root, 'node_modules')).isSymbolicLink()) {
    console.log('node_modules is a link to another tree: not installing over it (npm ci there if it is stale)')
    return
  }
  console.log('Installing npm dependencies from the lockfile (npm ci)…')
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall()
