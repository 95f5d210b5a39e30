/**
 * The documentation's code is real (issue 25 §6): every ```ts, ```tsx and ```js block of README.md
 * and docs/**\/*.md is type-checked, in one `tsc` run, against the package as a site installs it:
 * the packed package's stage (tests/package/stage.ts, kept in .cache/pack and shared with the other
 * tests that pack it) is `node_modules/airlock` beside the blocks, so `airlock`, `airlock/react` and
 * every other entry resolve through package.json `exports` to the declarations that ship. Each
 * page's blocks are modules of one folder, so a block can import another block of its page (one
 * whose fence names it: ```ts file=events.ts), and `./airlock` is the site's own module that
 * creates the instance (the quick start's) unless a page writes its own. A block opts out only with
 * ```ts no-check: <the reason>.
 *
 * Also: every entry of `exports` is shown in a checked block, every relative link of the pages
 * reaches a file and heading that exist, and the CHANGELOG has the package's version.
 *
 * The blocks and tsc's incremental state stay in .cache/doc-blocks: a run re-checks what changed.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stageAndPack } from '../package/stage'
import { idleMs } from '../support/until'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cache = join(root, '.cache', 'doc-blocks')
const blocksDir = join(cache, 'blocks')

/** The languages checked, and the extension each block is written with. */
const CHECKED: Record<string, string> = { ts: '.ts', tsx: '.tsx', js: '.js' }
/** Fence languages that are TypeScript or JavaScript under another name: write ts, tsx or js instead. */
const MISNAMED = new Set(['typescript', 'javascript', 'jsx', 'mjs', 'mts', 'cts', 'cjs'])

/** The instance module every page may import as `./airlock`, as the quick start writes it. */
const AIRLOCK_MODULE = `import { createAirlock, ethereum } from 'airlock'\n\nexport const airlock = createAirlock({ projectId: 'docs', networks: [ethereum] })\n`

interface Block {
  readonly page: string
  /** 1-based line of the block's first code line in the page. */
  readonly line: number
  readonly lang: string
  readonly info: string
  readonly code: string
  /** The module file it is written as, relative to its page's folder. */
  readonly file: string
  readonly noCheck: string | null
}

/** README.md, CHANGELOG.md and every page under docs/, as paths relative to the root. */
function pages(): string[] {
  const found = ['README.md', 'CHANGELOG.md']
  const visit = (dir: string) => {
    for (const entry of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${entry}`
      if (statSync(join(root, path)).isDirectory()) visit(path)
      else if (entry.endsWith('.md')) found.push(path)
    }
  }
  if (existsSync(join(root, 'docs'))) visit('docs')
  return found
}

/** The fenced blocks of one page (``` fences; a longer fence closes only with as many backticks). */
function blocksOf(page: string): Block[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i] ?? '')
    if (!open) continue
    const fence = open[2] ?? '```'
    const info = (open[3] ?? '').trim()
    const start = i + 1
    let end = start
    while (end < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[end] ?? '')) end++
    const lang = info.split(/\s+/)[0] ?? ''
    const noCheck = /(?:^|\s)no-check(?::?\s*(.*))?$/.exec(info)
    const file = /(?:^|\s)file=(\S+)/.exec(info)?.[1]
    blocks.push({
      page,
      line: start + 1,
      lang,
      info,
      code: lines.slice(start, end).join('\n'),
      file: file ?? `block-${String(start + 1).padStart(4, '0')}${CHECKED[lang] ?? '.txt'}`,
      noCheck: noCheck ? (noCheck[1] ?? '').trim() : null,
    })
    i = end
  }
  return blocks
}

/** The folder a page's blocks are written to. */
const pageDir = (page: string) => join(blocksDir, page.replace(/\.md$/, '').split('/').join('__'))

/** The import specifier of each entry of package.json `exports`. */
function entries(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
  return Object.keys(manifest.exports).map((key) => (key === '.' ? 'airlock' : `airlock/${key.replace(/^\.\//, '')}`))
}

/** Write a file only when its content differs, so tsc's incremental state sees no change. */
function writeIfChanged(path: string, content: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(dir, path)).isFile())
}

/**
 * Run `work` alone among the runs of this test (two workers, or two people on one checkout, would
 * remove each other's stage): the lock is a directory made atomically, holding the owner's pid, so
 * a dead owner's lock is taken over.
 */
async function alone<T>(work: () => Promise<T>): Promise<T> {
  const lock = `${cache}.lock`
  mkdirSync(dirname(lock), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      break
    } catch {
      const owner = Number(existsSync(join(lock, 'pid')) ? readFileSync(join(lock, 'pid'), 'utf8') : NaN)
      let alive = true
      try {
        process.kill(owner, 0)
      } catch {
        alive = false
      }
      if (Number.isInteger(owner) && !alive) rmSync(lock, { recursive: true, force: true })
      else await new Promise((done) => setTimeout(done, 500))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

let all: Block[] = []
let checked: Block[] = []
let tsc: { status: number | null; output: string } = { status: null, output: '' }

beforeAll(async () => {
  await alone(async () => {
    all = pages().flatMap(blocksOf)
    checked = all.filter((block) => block.lang in CHECKED && block.noCheck === null)
    const wanted = new Map<string, string>()
    // A block is a module, as a file of a site is: one without an import or export still must not
    // declare globals (a `declare module 'airlock'` there would replace the package's types).
    for (const block of checked)
      wanted.set(join(pageDir(block.page), block.file), /^\s*(import|export)\b/m.test(block.code) ? `${block.code}\n` : `${block.code}\nexport {}\n`)
    for (const page of new Set(checked.map((block) => block.page))) {
      const own = join(pageDir(page), 'airlock.ts')
      if (!wanted.has(own)) wanted.set(own, AIRLOCK_MODULE)
    }
    // Blocks of pages or lines that are gone go too.
    for (const path of filesUnder(blocksDir)) if (!wanted.has(join(blocksDir, path))) rmSync(join(blocksDir, path))
    for (const [path, content] of wanted) writeIfChanged(path, content)

    // The package as a site installs it: the packed stage as node_modules/airlock (its own imports
    // resolve to this repository's node_modules, at the lockfile's versions).
    const stage = join(cache, 'package')
    rmSync(stage, { recursive: true, force: true })
    await stageAndPack(stage)
    // A package of its own: without one, the blocks would be inside this repository's package, and
    // `airlock` would resolve to it by name (its dist/), not to the installed one.
    writeIfChanged(join(cache, 'package.json'), `${JSON.stringify({ name: 'airlock-docs', private: true, type: 'module' }, null, 2)}\n`)
    const installed = join(cache, 'node_modules', 'airlock')
    rmSync(installed, { recursive: true, force: true })
    mkdirSync(dirname(installed), { recursive: true })
    symlinkSync(stage, installed, 'dir')

    const config = {
      extends: join(root, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        allowJs: true,
        checkJs: true,
        incremental: true,
        tsBuildInfoFile: join(cache, 'tsbuildinfo'),
        // Not the repository's paths to src/: the entries resolve as a site's do.
        paths: {},
      },
      include: [join(blocksDir, '**', '*')],
      exclude: [],
    }
    writeIfChanged(join(cache, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`)
    const result = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(cache, 'tsconfig.json'), '--pretty', 'false'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 170_000,
      maxBuffer: 64 * 1024 * 1024,
    })
    tsc = { status: result.status, output: `${result.stdout}${result.stderr}${result.error?.message ?? ''}` }
  })
}, idleMs(360_000))

/** tsc's errors, each at its page and line (an error in the library's own source as tsc gave it). */
function errorsAtPages(): string[] {
  const byFile = new Map(checked.map((block) => [resolve(pageDir(block.page), block.file), block]))
  return tsc.output
    .split('\n')
    .filter((line) => / error TS\d+/.test(line))
    .map((line) => {
      const at = /^(.*)\((\d+),(\d+)\): (error TS\d+: .*)$/.exec(line)
      const block = at ? byFile.get(resolve(root, at[1] ?? '')) : undefined
      if (!at || !block) return line
      return `${block.page}:${block.line + Number(at[2]) - 1}:${at[3]} ${at[4]}`
    })
}

describe('the code in README.md and docs/', () => {
  it('has TypeScript to check, in blocks named ts, tsx or js', () => {
    expect(checked.length).toBeGreaterThan(20)
    const misnamed = all.filter((block) => MISNAMED.has(block.lang)).map((block) => `${block.page}:${block.line} \`\`\`${block.info}`)
    expect(misnamed).toEqual([])
  })

  it('type-checks every block against the public entries, in one tsc run', () => {
    const errors = errorsAtPages()
    expect(errors, tsc.output).toEqual([])
    expect(tsc.status, tsc.output).toBe(0)
  })

  it('opts a block out only with a reason, and rarely', () => {
    const optedOut = all.filter((block) => block.noCheck !== null)
    for (const block of optedOut) expect(block.noCheck, `${block.page}:${block.line} needs a reason after no-check:`).not.toBe('')
    expect(optedOut.length).toBeLessThanOrEqual(5)
  })

  it('names each module of a page once', () => {
    const names = checked.map((block) => `${block.page} ${block.file}`)
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
  })

  it('shows every entry of package.json `exports` in a checked example', () => {
    const imported = new Set(checked.flatMap((block) => [...block.code.matchAll(/from '(airlock(?:\/[\w-]+)*)'/g)].map((match) => match[1])))
    const missing = entries().filter((specifier) => !imported.has(specifier))
    expect(missing).toEqual([])
  })
})

/** GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The ids of a page's headings, repeats numbered as GitHub numbers them. */
function anchorsOf(page: string): Set<string> {
  const seen = new Map<string, number>()
  const ids = new Set<string>()
  let fence = false
  for (const line of readFileSync(join(root, page), 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence
    const heading = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const id = slug(heading[1] ?? '')
    const count = seen.get(id) ?? 0
    seen.set(id, count + 1)
    ids.add(count === 0 ? id : `${id}-${count}`)
  }
  return ids
}

describe('the links between the pages', () => {
  it('reach files and headings that exist', () => {
    const broken: string[] = []
    for (const page of pages()) {
      let fence = false
      readFileSync(join(root, page), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/^\s*```/.test(line)) fence = !fence
          if (fence) return
          for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
            const target = match[1] ?? ''
            if (/^[a-z]+:/i.test(target)) continue
            const [path = '', anchor] = target.split('#')
            const file =
              path === ''
                ? page
                : relative(root, resolve(root, dirname(page), decodeURIComponent(path)))
                    .split(sep)
                    .join('/')
            const where = `${page}:${index + 1} → ${target}`
            if (!existsSync(join(root, file))) broken.push(`${where} (no such file)`)
            else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${where} (no such heading)`)
          }
        })
    }
    expect(broken).toEqual([])
  })
})

describe('CHANGELOG.md', () => {
  it("keeps a changelog: an Unreleased section and one for package.json's version", () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    expect(changelog).toMatch(/^## \[Unreleased\]$/m)
    expect(changelog).toMatch(new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'))
  })
})
