/**
 * A plugin outside the repository joins every registry by augmenting `airlock/plugin` (or
 * `airlock`), and what it registers reaches the types read from the registries, against the packed
 * declarations (issue 26 §1): its commands `Commands`, its feature switch `Features`, its
 * requirement `RequirementName`, its option `selectPluginOption`, its events `AirlockEvent` and
 * `PublicEvent`, its slice `RootState`, its view `ViewName`.
 *
 * It did not, before the package's declarations wrote the built-in plugins' `declare module
 * 'airlock/plugin'` blocks as augmentations of the registries' own modules (scripts/declarations.mjs
 * says why): a site's FeatureRegistry, RequirementRegistry and OptionRegistry entries made through
 * `airlock/plugin` missed Features, RequirementName and selectPluginOption, and with more built-in
 * plugins registering through the SDK a site's own CommandRegistry entry missed `Commands`.
 *
 * The site lives in .cache/registries-site; the package is the shared packed stage
 * (tests/package/stage.ts) linked as its node_modules/airlock.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { root, stageAndPack } from './stage'
import { idleMs } from '../support/until'

const site = join(root, '.cache', 'registries-site')
const stage = join(site, 'package')

/** A site module that registers one of everything through `entry`, each name suffixed `suffix`, and reads it back. */
const registering = (
  entry: string,
  suffix: string,
) => `import type { AirlockEvent, Commands, Features, RequirementName, RootState, ViewName, PublicEventType } from 'airlock/plugin'
import { selectPluginOption } from 'airlock/plugin'
import type { PublicEvent } from 'airlock'

declare module '${entry}' {
  interface CommandRegistry {
    commands${suffix}: { go(state: RootState): readonly AirlockEvent[] }
  }
  interface FeatureRegistry {
    feature${suffix}: boolean
  }
  interface RequirementRegistry {
    need${suffix}: true
  }
  interface OptionRegistry {
    option${suffix}?: { readonly prefix: string }
  }
  interface EventRegistry {
    EVENT_${suffix}: { type: 'EVENT_${suffix}'; payload: { n: number } }
  }
  interface StateRegistry {
    slice${suffix}?: { readonly x: number }
  }
  interface ViewRegistry {
    View${suffix}: true
  }
  interface PublicEventRegistry {
    EVENT_${suffix}: true
  }
}

declare const commands: Commands
export const go = () => commands.commands${suffix}.go()
// A built-in plugin's registration reaches the site too.
export const swap = () => commands.swap.flip()
declare const features: Features
export const feature: boolean | undefined = features.feature${suffix}
export const need: RequirementName = 'need${suffix}'
// @ts-expect-error a requirement nobody registered
export const unknownNeed: RequirementName = 'nobody${suffix}'
declare const state: RootState
export const prefix: string | undefined = selectPluginOption(state, 'option${suffix}')?.prefix
export const x: number | undefined = state.slice${suffix}?.x
export const event = { type: 'EVENT_${suffix}', payload: { n: 1 } } as const satisfies AirlockEvent
export const view: ViewName = 'View${suffix}'
export const published: PublicEventType = 'EVENT_${suffix}'
declare const analytics: PublicEvent
export const n: number | undefined = analytics.type === 'EVENT_${suffix}' ? analytics.payload.n : undefined
`

let tsc = { status: null as number | null, output: '' }

beforeAll(async () => {
  rmSync(stage, { recursive: true, force: true })
  await stageAndPack(stage)
  const installed = join(site, 'node_modules', 'airlock')
  rmSync(installed, { recursive: true, force: true })
  mkdirSync(dirname(installed), { recursive: true })
  symlinkSync(stage, installed, 'dir')
  mkdirSync(join(site, 'src'), { recursive: true })
  // A package of its own, so that `airlock` resolves to the installed one, not to this repository by name.
  writeFileSync(join(site, 'package.json'), `${JSON.stringify({ name: 'registries-site', private: true, type: 'module' })}\n`)
  writeFileSync(join(site, 'src', 'viaPlugin.ts'), registering('airlock/plugin', 'Plugin'))
  writeFileSync(join(site, 'src', 'viaRoot.ts'), registering('airlock', 'Root'))
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  }
  writeFileSync(join(site, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`)
  const result = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(site, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: site,
    encoding: 'utf8',
    timeout: idleMs(240_000),
    maxBuffer: 64 * 1024 * 1024,
  })
  tsc = { status: result.status, output: `${result.stdout}${result.stderr}${result.error?.message ?? ''}` }
}, idleMs(900_000))

describe("a site's plugin registers through either entry against the packed declarations", () => {
  it('reaches every registry: Commands, Features, RequirementName, selectPluginOption, AirlockEvent, PublicEvent, RootState, ViewName', () => {
    expect(tsc.output).toBe('')
    expect(tsc.status).toBe(0)
  })

  it("the package's own declarations augment its registries by their modules, never the package by name", () => {
    const types = join(stage, 'dist', 'types')
    const files = readdirSync(types, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.d.ts'))
    const byName = files.filter((file) => /^\s*declare module ["']airlock(\/[^"']*)?["']/m.test(readFileSync(join(types, file), 'utf8')))
    expect(byName).toEqual([])
    // The built-in plugins' blocks are there, as augmentations of the registries' modules.
    const swap = readFileSync(join(types, 'plugins', 'swap', 'index.d.ts'), 'utf8')
    expect(swap).toContain('declare module "../../core/contributions/commands.js"')
    expect(swap).toContain('declare module "../../events/views.js"')
  })
})
