// Cruise several small trees with dependency-cruiser in one Node process (tests/lint/layers.test.ts):
// `node tests/lint/cruiseTrees.mjs <dir>...` runs, in each <dir>, what
// `depcruise src --config .dependency-cruiser.cjs --output-type err` runs there (the CLI's own entry,
// the same options), and prints a JSON array of { status, output }, one per <dir>, in order.
// One process for every tree instead of a `depcruise` each: most of a run was starting Node and
// loading dependency-cruiser and TypeScript (16 runs took 43 s of the test command's time).
import { readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
// The CLI's function, not a package export: its entry file, as bin/dependency-cruise.mjs imports it.
const { default: cli } = await import(pathToFileURL(join(root, 'node_modules', 'dependency-cruiser', 'src', 'cli', 'index.mjs')).href)

const results = []
for (const dir of process.argv.slice(2)) {
  process.chdir(dir)
  const out = join(dir, '.cruise-output.txt')
  const errors = []
  const stderr = { write: (chunk) => (errors.push(String(chunk)), true) }
  const status = await cli(['src'], { config: '.dependency-cruiser.cjs', outputType: 'err', outputTo: out }, { stdout: stderr, stderr })
  let output = ''
  try {
    output = readFileSync(out, 'utf8')
  } catch {
    // Nothing written: the run failed before its report (its message is in `errors`).
  }
  rmSync(out, { force: true })
  results.push({ status, output: `${output}${errors.join('')}` })
}
process.stdout.write(JSON.stringify(results))
