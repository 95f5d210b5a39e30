// The fast test tier (`npm run test:fast`, vitest.fast.config.ts): every test file that starts no
// server, no chain, no browser and no child process. Membership is read from what a file does, not
// from a list: a file is slow when it, or a module it imports (followed through relative imports and
// the `airlock*` entry points, type-only imports aside), starts one of those. tests/lint/testTiers.test.ts
// checks the rule; tests/support/fastTierGuard.ts fails a fast-tier test that starts one anyway.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** What starts a server, a chain, a browser or a child process, as it reads in code. */
export const STARTERS = [
  ['child process', /\bfrom\s+['"](node:)?child_process['"]|\b(import|require)\(\s*['"](node:)?child_process['"]/],
  ['browser', /\bfrom\s+['"](playwright|playwright-core|@playwright\/test)['"]|\bimport\(\s*['"](playwright|playwright-core)['"]/],
  // esbuild's API runs its binary as a child process.
  ['child process (esbuild)', /\bfrom\s+['"]esbuild['"]|\bimport\(\s*['"]esbuild['"]/],
  ['server', /\bcreateServer\s*\(|\.listen\s*\(|\bnew\s+WebSocketServer\b/],
]

/** The package names tsconfig.json `paths` and vitest.config.ts map to source files. */
const ENTRY_POINTS = {
  airlock: 'src/index.ts',
  'airlock/react': 'src/react.ts',
  'airlock/react/headless': 'src/reactHeadless.ts',
  'airlock/wagmi': 'src/wagmi/index.ts',
  'airlock/solana': 'src/solana/index.ts',
  'airlock/plugin': 'src/plugin.ts',
  'airlock/testing': 'src/testing.ts',
}

/** Where vitest.config.ts's projects look for tests. */
export const TEST_DIRS = ['examples', 'src', 'tests', 'services', 'server', 'bench']
/** The Chromium tests: slow whatever they import (vitest.config.ts's browser project). */
export const BROWSER_DIRS = ['tests/e2e/', 'tests/package/']
export const BROWSER_FILES = ['services/frame/frame.test.ts']

/** Code without its comments (a comment may name what it does not call). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** The runtime imports of a module: static (not `import type`), re-exports and dynamic ones. */
function specifiers(source) {
  const found = []
  const patterns = [
    /\bimport\s+(?!type\s)[^'"]*?\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bexport\s+(?!type\s)[^'";]*?\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1])
  return found
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs']

function resolveImport(from, specifier) {
  let base
  if (specifier in ENTRY_POINTS) base = join(root, ENTRY_POINTS[specifier])
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else return undefined
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')]
  for (const candidate of candidates) {
    for (const extension of EXTENSIONS) {
      const path = candidate + extension
      if (existsSync(path) && statSync(path).isFile() && !path.endsWith('.d.mts') && !path.endsWith('.d.ts')) return path
    }
  }
  return undefined
}

const ownStarts = new Map()
/** What this module itself starts (not its imports). */
function startsIn(path) {
  let found = ownStarts.get(path)
  if (!found) {
    const text = code(readFileSync(path, 'utf8'))
    found = STARTERS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)
    ownStarts.set(path, found)
  }
  return found
}

const importsOf = new Map()
function imports(path) {
  let found = importsOf.get(path)
  if (!found) {
    const source = code(readFileSync(path, 'utf8'))
    found = [...new Set(specifiers(source).map((specifier) => resolveImport(path, specifier)))].filter(Boolean)
    importsOf.set(path, found)
  }
  return found
}

/**
 * Why a test file is slow: each reason names what starts and the import chain from the test to the
 * module that starts it ([] when the file is fast).
 */
export function slowReasons(testFile) {
  const file = resolve(root, testFile)
  const name = relative(root, file)
  const reasons = []
  if (BROWSER_DIRS.some((dir) => name.startsWith(dir)) || BROWSER_FILES.includes(name)) reasons.push(`browser (vitest.config.ts's browser project)`)
  const seen = new Set([file])
  const queue = [[file, [name]]]
  while (queue.length > 0) {
    const [path, chain] = queue.shift()
    for (const what of startsIn(path)) reasons.push(`${what}: ${chain.join(' → ')}`)
    for (const next of imports(path)) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push([next, [...chain, relative(root, next)]])
    }
  }
  return reasons
}

/** Every test file vitest.config.ts's projects run (every `*.test.ts` and `*.test.tsx` under TEST_DIRS), repository-relative and sorted. */
export function testFiles() {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path)
      } else if (/\.test\.tsx?$/.test(entry.name)) found.push(path)
    }
  }
  for (const dir of TEST_DIRS) if (existsSync(join(root, dir))) walk(dir)
  return found.sort()
}

/** The fast tier: the test files with no slow reason. */
export function fastTestFiles(files = testFiles()) {
  return files.filter((file) => slowReasons(file).length === 0)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = testFiles()
  const fast = fastTestFiles(all)
  if (process.argv.includes('--why')) {
    for (const file of all) if (!fast.includes(file)) console.log(`${file}\n  ${slowReasons(file)[0]}`)
  } else for (const file of fast) console.log(file)
  console.log(`${fast.length} fast of ${all.length} test files`)
}
