/**
 * A fresh TypeScript app that installs the packed tarball beside its own React, the way a site
 * does: its package.json, two compiler settings and a usage example of the public API — options,
 * a plugin (manifest, module, an event registered by declaration merging), the React provider,
 * components and hooks. Each `@ts-expect-error` proves the types are real: were they `any`, the
 * directive would be unused and the check would fail.
 */
import { siteTsconfig, type ConsumerSite } from '../support/consumerSite'

/** A site's usual settings: a bundler resolves, declarations of libraries are not re-checked. */
const bundlerConfig = siteTsconfig({ tsBuildInfoFile: '.cache/bundler.tsbuildinfo' })

/** Node's own ESM resolution, and every declaration file checked (ours among them). */
const strictConfig = siteTsconfig({ module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: false, tsBuildInfoFile: '.cache/strict.tsbuildinfo' })

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
airlock._internal.dispatch({ type: 'COUNTER_BUMPED', payload: { count: 2 } })
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
airlock._internal.dispatch({ type: 'NO_SUCH_EVENT', payload: {} })

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

/** The app: the tarball and React at our lockfile's versions, two compiler settings, the plugin and the usage example. */
export const CONSUMER_APP: ConsumerSite = {
  name: 'airlock-consumer',
  dependencies: ['react', 'react-dom'],
  devDependencies: ['@types/react', 'typescript'],
  files: {
    'tsconfig.json': bundlerConfig,
    'tsconfig.strict.json': strictConfig,
    'src/counter.ts': counterPlugin,
    'src/main.tsx': app,
  },
}
