import { describe, expect, it } from 'vitest'
import { isRight } from '../../kernel/either'
import { AirlockError } from '../../kernel/errors'
import { ResolvedOptions } from '../../events/shapes/options'
import { resolveOptions } from './resolve'
import { DEFAULT_API_URLS } from './defaults'
import { ethereum } from '../networks/chains/ethereum'
import { polygon } from '../networks/chains/polygon'
import { solana } from '../networks/chains/solana'

/** The error `resolveOptions(input)` throws (fails the test when it throws nothing). */
function rejection(input: unknown): AirlockError {
  try {
    resolveOptions(input)
  } catch (error) {
    if (error instanceof AirlockError) return error
    throw error
  }
  throw new Error('expected resolveOptions to throw')
}

describe('resolveOptions: defaults (SPEC §9)', () => {
  const { options, alerts } = resolveOptions({ projectId: 'p1' })

  it('produces options the ResolvedOptions codec accepts, with no alert when a project id is given', () => {
    expect(isRight(ResolvedOptions.decode(options))).toBe(true)
    expect(alerts).toEqual([])
  })

  it('turns on receive, send, analytics and allWallets; off legalCheckbox, smartSessions, collapseWallets, pay (SPEC §9)', () => {
    expect(options.features).toMatchObject({ receive: true, send: true, analytics: true, allWallets: true })
    expect(options.features).toMatchObject({ legalCheckbox: false, smartSessions: false, collapseWallets: false, pay: false })
  })

  it('turns on email, socials, swaps, onramp, activity and names, which SPEC §9 leaves open; siwx off without a config', () => {
    expect(options.features).toMatchObject({ email: true, swaps: true, onramp: true, activity: true, names: true, siwx: false })
  })

  it('offers the default socials in order: google, x, farcaster, discord, apple, github, facebook (SPEC §9)', () => {
    expect(options.features.socials).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
  })

  it('orders wallet features onramp, swaps, receive, send and connectors walletConnect … recommended (SPEC §9)', () => {
    expect(options.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(options.connectorTypeOrder).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  })

  it('uses the default account types: eip155 smartAccount, solana eoa, bip122 payment, polkadot eoa (SPEC §9)', () => {
    expect(options.defaultAccountTypes).toEqual({ eip155: 'smartAccount', solana: 'eoa', bip122: 'payment', polkadot: 'eoa', cosmos: 'eoa' })
  })

  it('enables network switching and keeps unsupported chains disallowed (SPEC §3)', () => {
    expect(options.enableNetworkSwitch).toBe(true)
    expect(options.allowUnsupportedChain).toBe(false)
  })

  it('starts light, in English, with a 1,000-event log and the hosted API URLs', () => {
    expect(options.themeMode).toBe('light')
    expect(options.locale).toBe('en')
    expect(options.logLimit).toBe(1_000)
    expect(options.apiUrls).toEqual(DEFAULT_API_URLS)
  })

  it('uses Ethereum mainnet when no networks are given, with no default network (SPEC §3)', () => {
    expect(options.networks).toEqual([ethereum])
    expect(options.defaultNetwork).toBeNull()
  })
})

describe('resolveOptions: the site owner’s values (SPEC §3)', () => {
  it('keeps set features and records the remote-controllable ones the site set itself', () => {
    const { options } = resolveOptions({
      projectId: 'p',
      features: { swaps: false, pay: true, socials: ['github', 'github', 'x'] },
      remoteFeatures: { email: false },
    })
    expect(options.features).toMatchObject({ swaps: false, pay: true, email: false, socials: ['github', 'x'] })
    expect(options.configuredRemoteFeatures).toEqual({ email: false, socials: ['github', 'github', 'x'], swaps: false })
  })

  it('an explicit undefined does not hide a default', () => {
    const { options } = resolveOptions({ projectId: 'p', features: { send: undefined }, apiUrls: { config: undefined } })
    expect(options.features.send).toBe(true)
    expect(options.apiUrls.config).toBe(DEFAULT_API_URLS.config)
  })

  it('overrides every API URL it is given', () => {
    const apiUrls = {
      config: 'http://127.0.0.1:4001/api',
      blockchain: 'http://127.0.0.1:4002',
      rpc: 'http://127.0.0.1:8545',
      relay: 'ws://127.0.0.1:4003',
      secureSite: 'http://127.0.0.1:4004',
    }
    expect(resolveOptions({ projectId: 'p', apiUrls }).options.apiUrls).toEqual(apiUrls)
  })

  it('takes relayUrl as the WalletConnect relay, over apiUrls.relay; the public relay by default', () => {
    expect(resolveOptions({ projectId: 'p' }).options.apiUrls.relay).toBe('wss://relay.walletconnect.org')
    expect(resolveOptions({ projectId: 'p', relayUrl: 'ws://127.0.0.1:4100', apiUrls: { relay: 'wss://other.example' } }).options.apiUrls.relay).toBe(
      'ws://127.0.0.1:4100',
    )
  })

  it('takes the theme mode, locale, log limit and account types from the options', () => {
    const { options } = resolveOptions({ projectId: 'p', themeMode: 'dark', locale: 'de', logLimit: 50, defaultAccountTypes: { eip155: 'eoa' } })
    expect([options.themeMode, options.locale, options.logLimit, options.defaultAccountTypes.eip155]).toEqual(['dark', 'de', 50, 'eoa'])
  })

  it('maps known --w3m-* theme variables to ours, ours winning', () => {
    const { options } = resolveOptions({
      projectId: 'p',
      w3mThemeVariables: { '--w3m-accent': '#f00', '--w3m-z-index': 5, '--w3m-unknown': 'x', '--w3m-font-family': 3 },
      themeVariables: { '--al-z-index': 9 },
    })
    expect(options.themeVariables).toEqual({ '--al-accent': '#f00', '--al-z-index': 9 })
  })

  it('keeps networks in order, drops repeats and their non-SPEC fields, and takes a default by id or object', () => {
    const viemLike = { ...polygon, formatters: { block: () => null } }
    const byId = resolveOptions({ projectId: 'p', networks: [ethereum, viemLike, ethereum, solana], defaultNetwork: 'eip155:137' }).options
    expect(byId.networks).toEqual([ethereum, polygon, solana])
    expect(byId.defaultNetwork).toBe('eip155:137')
    expect(resolveOptions({ projectId: 'p', networks: [ethereum, solana], defaultNetwork: solana }).options.defaultNetwork).toBe(solana.caipNetworkId)
  })

  it('hides all wallets when allWallets is HIDE and collapses wallets from either place', () => {
    const { options } = resolveOptions({ projectId: 'p', allWallets: 'HIDE', collapseWallets: true })
    expect(options.allWallets).toBe('HIDE')
    expect(options.features.allWallets).toBe(false)
    expect(options.collapseWallets).toBe(true)
    expect(options.features.collapseWallets).toBe(true)
  })

  it('turns siwx on with required false unless set (SPEC §4 sign-in)', () => {
    const callbacks = { createMessage: () => 'm', addSession: async () => undefined }
    expect(resolveOptions({ projectId: 'p', siwx: callbacks }).options).toMatchObject({ siwx: { required: false }, features: { siwx: true } })
    expect(resolveOptions({ projectId: 'p', siwx: { ...callbacks, required: true } }).options.siwx).toEqual({ required: true })
  })

  it('lets plugins and adapters through without putting them in the resolved options', () => {
    const plugin = { id: 'stats', enabledBy: () => true, load: async () => ({ default: {} }) }
    const { options } = resolveOptions({ projectId: 'p', plugins: [plugin], adapters: [{}] })
    expect(Object.keys(options)).not.toContain('plugins')
    expect(Object.keys(options)).not.toContain('adapters')
  })
})

describe('resolveOptions: refusals', () => {
  it('a missing project id does not throw but returns the PROJECT_ID_NOT_CONFIGURED alert (SPEC §5)', () => {
    for (const input of [{}, { projectId: '' }, { projectId: '   ' }]) {
      const { options, alerts } = resolveOptions(input)
      expect(options.projectId).toBe('')
      expect(alerts.map((a) => a.code)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
    }
  })

  it('refuses siwe and siwx together (SPEC §4)', () => {
    const error = rejection({ projectId: 'p', siwx: {}, siwe: {} })
    expect(error.category).toBe('INVALID_OPTIONS')
    expect(error.message).toBe('Invalid options: siwe and siwx cannot both be set')
  })

  it.each([
    [{ themeMode: 'blue' }, 'Invalid options: themeMode: expected one of "light", "dark", got "blue"'],
    [{ networks: [{ ...ethereum, caipNetworkId: 'foo' }] }, 'Invalid options: networks[0].caipNetworkId: expected CaipNetworkId, got "foo"'],
    [{ networks: [] }, 'Invalid options: networks: expected at least one network, got an empty array'],
    [
      { networks: [{ ...ethereum, caipNetworkId: 'eip155:2' }] },
      'Invalid options: networks[0].caipNetworkId: expected "eip155:1" (chainNamespace:id), got "eip155:2"',
    ],
    [
      { features: { socials: ['google', 'myspace'] } },
      'Invalid options: features.socials[1]: expected one of "google", "github", "apple", "facebook", "x", "discord", "farcaster", got "myspace"',
    ],
    [{ features: { email: 'yes' } }, 'Invalid options: features.email: expected boolean, got "yes"'],
    [{ apiUrls: { config: '/api' } }, 'Invalid options: apiUrls.config: expected an absolute URL, got "/api"'],
    [{ logLimit: 0 }, 'Invalid options: logLimit: expected a positive whole number, got 0'],
    [{ plugins: [{ id: 'x', enabledBy: true, load: () => 1 }] }, 'Invalid options: plugins[0].enabledBy: expected a function, got true'],
    [{ defaultAccountTypes: { solana: 'smartAccount' } }, 'Invalid options: defaultAccountTypes.solana: expected one of "eoa", got "smartAccount"'],
    [{ tokens: { ethereum: { address: '0x' } } }, 'Invalid options: tokens.ethereum: expected CaipNetworkId, got "ethereum"'],
    [{ defaultNetwork: 'eip155:5' }, 'Invalid options: defaultNetwork: expected one of the configured networks (eip155:1), got "eip155:5"'],
    [{ metadata: { name: 'x' } }, 'Invalid options: metadata.description: expected string, got nothing'],
    [{ siwx: { required: 'yes' } }, 'Invalid options: siwx.required: expected boolean, got "yes"'],
    [{ projectId: 5 }, 'Invalid options: projectId: expected string, got 5'],
    [{ relayUrl: 'https://relay.example' }, 'Invalid options: relayUrl: expected a ws: or wss: URL, got "https://relay.example"'],
    [{ relayUrl: 'javascript:alert(1)' }, 'Invalid options: relayUrl: expected a ws: or wss: URL, got "javascript:alert(1)"'],
  ])('a bad option throws INVALID_OPTIONS naming the option and what was expected: %j', (input, message) => {
    const error = rejection(input)
    expect(error.category).toBe('INVALID_OPTIONS')
    expect(error.message.startsWith(message)).toBe(true)
  })

  it('refuses options that are not an object', () => {
    expect(rejection('p1').message).toBe('Invalid options: expected an object, got string')
    expect(rejection(null).message).toBe('Invalid options: expected an object, got null')
    expect(rejection([]).message).toBe('Invalid options: expected an object, got an array')
  })
})
