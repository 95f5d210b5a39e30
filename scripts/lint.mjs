// `npm run lint`: every static check of the tree, in one command the test command also runs.
// ESLint (code rules), Prettier (the one formatter, checked), and the layer rules.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './ensure-install.mjs'

const bin = (name) => join(root, 'node_modules', '.bin', name)
export const lintSteps = [
  ['eslint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['dependency-cruiser (layers)', bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
]

export function lint() {
  for (const [name, command, args] of lintSteps) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) {
      console.error(`✖ ${name} found problems`)
      return false
    }
  }
  return true
}

if (process.argv[1] === new URL(import.meta.url).pathname) process.exit(lint() ? 0 : 1)
