/**
 * `createAirlock(options: AirlockOptions)`: a wrong option is a compile error (each
 * `@ts-expect-error` below fails the type-check when the error it expects goes away) and, for a
 * site without types, still the codec's run-time error naming the option.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, definePlugin, defineModule, ethereum, polygon, type AirlockOptions, type Features } from '../../index'
import { memoryStorage } from '../../kernel/deps'

const quiet = { warn: () => undefined, error: () => undefined }

/** An instance with no browser: memory storage, no fetch, virtual time. */
function make(options: AirlockOptions): void {
  const setup = { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: quiet } }
  createAirlock(options, setup).destroy()
}

const plugin = definePlugin<Features>({
  id: 'typed',
  enabledBy: (features) => features.analytics,
  load: async () => ({ default: defineModule({ id: 'typed', initialState: {}, reduce: () => undefined }) }),
})

describe('AirlockOptions', () => {
  it('accepts the options of SPEC §3 as a site writes them: read-only lists, a CAIP-2 id as a string, plugins', () => {
    const networks = [ethereum, polygon] as const
    const options = {
      projectId: 'p1',
      networks,
      defaultNetwork: 'eip155:137',
      features: { swaps: false },
      themeMode: 'dark',
      themeVariables: { '--al-accent': '#3451d1' },
      connectMethodsOrder: ['wallet', 'email'],
      plugins: [plugin, definePlugin({ id: 'any', enabledBy: () => false, load: () => Promise.reject(new Error('never loaded')) })],
    } as const satisfies AirlockOptions
    expect(() => make(options)).not.toThrow()
  })

  it('refuses a wrong value at compile time and, untyped, at run time with the option named', () => {
    // @ts-expect-error -- 'blue' is not a ThemeMode
    expect(() => make({ themeMode: 'blue' })).toThrow(/themeMode: expected one of "light", "dark", got "blue"/)
    // @ts-expect-error -- networks is a list of networks
    expect(() => make({ networks: 'mainnet' })).toThrow(/networks/)
    // @ts-expect-error -- a switch is a boolean
    expect(() => make({ enableNetworkSwitch: 'yes' })).toThrow(/enableNetworkSwitch/)
    // @ts-expect-error -- a network or its CAIP-2 id
    expect(() => make({ defaultNetwork: 42 })).toThrow(/defaultNetwork/)
    // @ts-expect-error -- the log limit is a number
    expect(() => make({ logLimit: '10' })).toThrow(/logLimit/)
    // @ts-expect-error -- 'bridge' is not a wallet feature
    expect(() => make({ walletFeaturesOrder: ['bridge'] })).toThrow(/walletFeaturesOrder/)
    // @ts-expect-error -- a plugin is a manifest from definePlugin
    expect(() => make({ plugins: [{ id: 'x' }] })).toThrow(/plugins\[0\]/)
  })

  it('refuses an option it does not know at compile time (a misspelt name)', () => {
    // @ts-expect-error -- projectID is not an option (projectId is)
    const misspelt: AirlockOptions = { projectID: 'p1' }
    // Untyped, an unknown key is ignored, as SPEC §3 leaves it: the instance starts.
    expect(() => make(misspelt)).not.toThrow()
  })
})
