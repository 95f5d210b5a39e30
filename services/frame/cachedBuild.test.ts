/**
 * The frame's cached build (services/demoStack.mjs serves it): the same build as buildFrame's, made
 * once and reused while nothing it bundles changed, and every file it bundled is in its key.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildFrame } from './build.mjs'
import { cachedFrameBuild } from './cachedBuild.mjs'
import { idleMs } from '../../tests/support/until'

describe('cachedFrameBuild', () => {
  it(
    'gives a folder with the frame build (index.html pinning its script), the same folder again without building',
    async () => {
      const dir = await cachedFrameBuild()
      const files = readdirSync(dir).sort()
      expect(files).toHaveLength(2)
      expect(files[0]).toBe('index.html')
      expect(files[1]).toMatch(/^main-[A-Za-z0-9]+\.js$/)
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain(`src="./${files[1]}" integrity="sha384-`)
      const made = statSync(join(dir, 'index.html')).mtimeMs
      // A second call finds it: the same folder, its files not written again.
      expect(await cachedFrameBuild()).toBe(dir)
      expect(statSync(join(dir, 'index.html')).mtimeMs).toBe(made)
    },
    idleMs(60_000),
  )

  it(
    'keys on what the build bundled: the frame app, the SDK modules it imports and packages, as buildFrame reports them',
    async () => {
      const dir = await cachedFrameBuild()
      const inputs = JSON.parse(readFileSync(join(dir, '..', 'inputs.json'), 'utf8')) as string[]
      const fresh = await buildFrame({ outdir: join(dir, '..', `check-${process.pid}`) })
      try {
        expect(inputs.sort()).toEqual([...fresh.inputs].sort())
        expect(inputs.some((p) => p.endsWith('services/frame/app/main.ts'))).toBe(true)
        expect(inputs.some((p) => p.includes('/src/'))).toBe(true)
        expect(inputs.some((p) => p.includes('/node_modules/'))).toBe(true)
        // The cached script is byte for byte what a fresh build makes.
        expect(readdirSync(dir)).toContain(fresh.script)
        expect(readFileSync(join(dir, fresh.script))).toEqual(readFileSync(join(fresh.outdir, fresh.script)))
      } finally {
        rmSync(fresh.outdir, { recursive: true, force: true })
      }
    },
    idleMs(60_000),
  )
})
