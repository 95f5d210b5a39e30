/**
 * A fresh TypeScript app that installs the packed tarball beside its own React, the way a site
 * does: its package.json, two compiler settings and a usage example of the public API — options,
 * a plugin (manifest, module, an event registered by declaration merging), the React provider,
 * components and hooks. Each `@ts-expect-error` proves the types are real: were they `any`, the
 * directive would be unused and the check would fail.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** The versions our lockfile holds, so the install is served from the npm cache. */
export function lockedVersion(root: string, name: string): string {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }
  const version = lock.packages[`node_modules/${name}`]?.version
  if (!version) throw new Error(`package-lock.json holds no ${name}`)
  return version
}

/** A site's usual settings: a bundler resolves, declarations of libraries are not re-checked. */
const bundlerConfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // Kept in the cached app: the next run re-checks only files whose content changed.
    incremental: true,
    tsBuildInfoFile: '.cache/bundler.tsbuildinfo',
  },
  include: ['src'],
}

/** Node's own ESM resolution, and every declaration file checked (ours among them). */
const strictConfig = {
  compilerOptions: {
    ...bundlerConfig.compilerOptions,
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    skipLibCheck: false,
    tsBuildInfoFile: '.cache/strict.tsbuildinfo',
  },
  include: ['src'],
}

const counterPlugin = `
import * as t from 'io-ts'
import { map } from 'rxjs'
import { createEvent, defineEvent, defineModule, ofType } from 'airlock'

/** The plugin's own event: a codec and a type of the same name. */
export const CounterBumped = defineEvent('COUNTER_BUMPED', t.type({ count: t.number }))
export type CounterBumped = t.TypeOf<typeof CounterBumped>

export interface CounterState {
  readonly count: number
}

// Declaration merging: the event and the slice join the package's registries.
declare module 'airlock' {
  interface EventRegistry {
    COUNTER_BUMPED: CounterBumped
  }
  interface StateRegistry {
    counter?: CounterState
  }
}

export default defineModule<CounterState>({
  id: 'counter',
  initialState: { count: 0 },
  reduce(draft, event) {
    if (event.type === 'COUNTER_BUMPED') draft.count = event.payload.count
  },
  effects: {
    bump: (events$) =>
      events$.pipe(
        ofType('MODAL_OPEN'),
        map(() => createEvent('COUNTER_BUMPED', { count: 1 })),
      ),
  },
  events: { COUNTER_BUMPED: CounterBumped },
  publicEvents: ['COUNTER_BUMPED'],
})

// @ts-expect-error -- the payload of COUNTER_BUMPED is { count: number }
createEvent('COUNTER_BUMPED', { count: 'one' })
`

const app = `
import { createAirlock, definePlugin, ethereum, polygon, AirlockError, type AirlockOptions, type Features, type PublicEvent, type StateRegistry } from 'airlock'
import { AirlockProvider, AirlockModal, ConnectButton, useAccount, useAirlockState, useEvents, type AccountInfo } from 'airlock/react'

export const counter = definePlugin<Features>({
  id: 'counter',
  enabledBy: (features) => features.analytics,
  load: () => import('./counter.js'),
})

const options: AirlockOptions = {
  projectId: 'consumer',
  networks: [ethereum, polygon],
  defaultNetwork: 'eip155:137',
  themeMode: 'dark',
  features: { swaps: false },
  plugins: [counter],
}
export const airlock = createAirlock(options)
airlock.subscribeEvents((event: PublicEvent) => console.log(event.type))
airlock.dispatch({ type: 'COUNTER_BUMPED', payload: { count: 2 } })
export const open: boolean = airlock.getState().router.open
export const count: number | undefined = airlock.getState().counter?.count
// Every core slice and every built-in plugin's slice is known to the compiler, loaded or not.
export const slices: (keyof StateRegistry)[] = ['router', 'account', 'networks', 'options', 'email', 'socials', 'swap', 'onramp', 'send', 'names', 'siwx', 'counter']
export const failed = (error: unknown): string | undefined => (error instanceof AirlockError ? error.category : undefined)

// @ts-expect-error -- themeMode is 'light' or 'dark'
createAirlock({ themeMode: 'blue' })
// @ts-expect-error -- an option that does not exist
createAirlock({ projectID: 'consumer' })
// @ts-expect-error -- no such event
airlock.dispatch({ type: 'NO_SUCH_EVENT', payload: {} })

function Status() {
  const account: AccountInfo = useAccount()
  const bumps = useAirlockState((state) => state.counter?.count ?? 0)
  const last = useEvents()
  // @ts-expect-error -- an address is a string, not a number
  const wrong: number | undefined = account.address
  void wrong
  return (
    <p>
      {account.isConnected ? account.address : 'not connected'} · {bumps} · {last?.type}
    </p>
  )
}

export function App() {
  return (
    <AirlockProvider airlock={airlock}>
      <ConnectButton label="Connect" />
      <Status />
      <AirlockModal />
    </AirlockProvider>
  )
}
`

/** The app's package.json: the tarball, and React at our lockfile's versions. */
function manifest(root: string, tarballSpec: string): object {
  const pin = (name: string) => [name, lockedVersion(root, name)] as const
  return {
    name: 'airlock-consumer',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries([['airlock', tarballSpec], pin('react'), pin('react-dom')]),
    devDependencies: Object.fromEntries([pin('@types/react'), pin('typescript')]),
  }
}

/**
 * Write the app into `dir` (kept between runs as a cache: its node_modules and lockfile make the
 * next install take a second). The tarball is copied in under a name from its content, so npm
 * never takes a changed package for the one it cached.
 */
export function writeConsumerApp(root: string, dir: string, tarball: string): void {
  const name = copyTarball(dir, tarball)
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest(root, `file:${name}`), null, 2)}\n`)
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(bundlerConfig, null, 2))
  writeFileSync(join(dir, 'tsconfig.strict.json'), JSON.stringify(strictConfig, null, 2))
  rmSync(join(dir, 'src'), { recursive: true, force: true })
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'counter.ts'), counterPlugin)
  writeFileSync(join(dir, 'src', 'main.tsx'), app)
}

/**
 * Copy the tarball into the app `dir` (made if missing) under a name from its content, so npm
 * never takes a changed package for the one it cached; older copies go. Returns the file name.
 */
export function copyTarball(dir: string, tarball: string): string {
  mkdirSync(dir, { recursive: true })
  const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 16)
  const name = `airlock-${hash}.tgz`
  for (const old of readdirSync(dir)) if (/^airlock-.*\.tgz$/.test(old) && old !== name) rmSync(join(dir, old))
  copyFileSync(tarball, join(dir, name))
  return name
}

/** Every installed copy of package `name` under `dir`'s node_modules, nested ones included. */
export function installedCopies(dir: string, name: string): string[] {
  const found: string[] = []
  const visit = (modules: string) => {
    if (!existsSync(modules)) return
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue
      const packages = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((inner) => join(entry, inner)) : [entry]
      for (const pkg of packages) {
        const path = join(modules, pkg)
        if (pkg === name && existsSync(join(path, 'package.json'))) found.push(relative(dir, path).split(sep).join('/'))
        visit(join(path, 'node_modules'))
      }
    }
  }
  visit(join(dir, 'node_modules'))
  return found
}
