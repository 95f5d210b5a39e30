/**
 * SPEC §5: "The auth provider is created only when a project id exists and email or at least one
 * social is remotely enabled." In Airlock the auth provider is the embedded-wallet plugin (its
 * connector and its port to the secure frame): on a real instance with the built-in plugins, it
 * loads exactly when the site has a project id (and a secure frame origin to reach it at) and
 * email or a social login is on in the features in force.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createAirlock, ethereum, type AirlockInstance } from '../../src/index'
import { embeddedWalletPlugin } from '../../src/plugins/embeddedWallet/manifest'
import { memoryStorage } from '../../src/kernel/deps'
import type { Features } from '../../src/plugin'

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

/** Whether the embedded-wallet plugin (the auth provider) loads on an instance made with `options`. */
async function authProviderLoads(options: { projectId?: string; features?: object }): Promise<boolean> {
  const loaded: string[] = []
  const airlock = createAirlock(
    {
      projectId: options.projectId ?? 'p',
      networks: [ethereum],
      disableAppend: true,
      features: options.features ?? {},
      apiUrls: { secureSite: 'https://secure.example' },
    } as Parameters<typeof createAirlock>[0],
    {
      deps: {
        storage: memoryStorage(),
        fetch: undefined,
        window: undefined,
        logger: { warn: () => undefined, error: () => undefined, debug: () => undefined },
      },
    },
  )
  running.push(airlock)
  airlock._internal.events$.subscribe((event) => {
    if (event.type === 'PLUGIN_LOADED') loaded.push(event.payload.id)
  })
  // ready() waits for every plugin load started so far (the embedded wallet is not deferred).
  await airlock.ready()
  return loaded.includes('embeddedWallet')
}

describe('the auth provider (SPEC §5)', () => {
  it('is wanted when email is on, or at least one social; not with both off', () => {
    const features = (email: boolean, socials: Features['socials']) => ({ email, socials }) as unknown as Features
    expect(embeddedWalletPlugin.enabledBy(features(true, false))).toBe(true)
    expect(embeddedWalletPlugin.enabledBy(features(false, ['google']))).toBe(true)
    expect(embeddedWalletPlugin.enabledBy(features(true, ['google', 'x']))).toBe(true)
    expect(embeddedWalletPlugin.enabledBy(features(false, false))).toBe(false)
    expect(embeddedWalletPlugin.enabledBy(features(false, []))).toBe(false)
    expect(embeddedWalletPlugin.needs).toContain('projectId')
  })

  it('loads with a project id and email on', async () => {
    expect(await authProviderLoads({ features: { email: true, socials: false } })).toBe(true)
  })

  it('loads with a project id and one social on', async () => {
    expect(await authProviderLoads({ features: { email: false, socials: ['github'] } })).toBe(true)
  })

  it('does not load without a project id, email and socials on', async () => {
    expect(await authProviderLoads({ projectId: '', features: { email: true, socials: ['google'] } })).toBe(false)
  })

  it('does not load with email and socials off', async () => {
    expect(await authProviderLoads({ features: { email: false, socials: false } })).toBe(false)
  })
})
