/**
 * The wallet discovery boundaries (issue 27 §2), through their real entry points: EIP-6963
 * announcements (`discoverAnnouncedWallets`), Wallet Standard registrations
 * (`discoverStandardWallets`), the page's `window.btc_providers` list (`discoverBitcoinProviders`)
 * and a WalletConnect session's namespaces (`grantedSession`). A page script may send any of them
 * anything, objects whose getters throw included. The rules: nothing is thrown out of a listener or
 * a discovery call; a rejected announcement lists nothing; what is listed is well formed (a
 * non-empty plain-text name, an icon only as a data: image or an https: URL, an id of the
 * documented form, a provider with `request`); a session keeps only CAIP-10 accounts of configured
 * chains with well-formed addresses.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { discoverAnnouncedWallets, type AnnouncedWallet } from '../../src/connectors/eip6963'
import { discoverStandardWallets, type StandardWallet } from '../../src/connectors/walletStandard/discover'
import { solanaStandard } from '../../src/connectors/walletStandard/solana'
import { bitcoinStandard } from '../../src/connectors/walletStandard/bitcoin'
import { discoverBitcoinProviders } from '../../src/connectors/bitcoinProviders'
import { grantedSession } from '../../src/connectors/walletconnect/sessionAccounts'
import { parseCaipAddress } from '../../src/validation/caip10'
import { isAddressFor } from '../../src/validation/address'
import type { Connector } from '../../src/events/shapes/connector'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { polygon } from '../../src/core/networks/chains/polygon'
import { solana } from '../../src/core/networks/chains/solana'
import { bitcoin } from '../../src/core/networks/chains/bitcoin'
import { runs } from '../property/settings'
import { hostile, hostileWithTraps, mutated, PROTOTYPE_KEYS } from './hostile'

/**
 * A window whose listeners run synchronously inside dispatchEvent, so an exception a listener
 * lets out fails the property here (Node's EventTarget would report it later, on the process).
 */
function syncWindow(extra: Record<string, unknown> = {}): Window {
  const listeners = new Map<string, Set<(event: Event) => void>>()
  return {
    addEventListener: (type: string, listener: (event: Event) => void) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    removeEventListener: (type: string, listener: (event: Event) => void) => void listeners.get(type)?.delete(listener),
    dispatchEvent: (event: Event) => {
      for (const listener of [...(listeners.get(event.type) ?? [])]) listener(event)
      return true
    },
    ...extra,
  } as unknown as Window
}

const ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/

/** What every listed connector must be: a plain-text name, a safe icon, its id of the documented form. */
function expectWellFormed(connector: Connector, id: RegExp): void {
  expect(connector.id).toMatch(id)
  expect(typeof connector.name).toBe('string')
  expect(connector.name.trim().length).toBeGreaterThan(0)
  // Plain text (React renders it escaped): no control characters, which sanitizeWalletName removes.
  expect([...connector.name].some((char) => char.charCodeAt(0) < 0x20)).toBe(false)
  if (connector.imageUrl !== undefined) expect(connector.imageUrl).toMatch(/^(data:image\/|https:\/\/)/)
}

const validProvider = { request: async () => null }
/** A real announcement's detail. */
const validDetail = fc.record({
  info: fc.record({
    uuid: fc.uuid(),
    name: fc.constantFrom('Demo Wallet', 'MetaMask', 'Ünïcödé Wallet'),
    icon: fc.constantFrom(ICON, 'https://wallet.example/icon.png', 'javascript:alert(1)', 'http://wallet.example/i.png'),
    rdns: fc.constantFrom('io.metamask', 'dev.airlock.demo', 'com.example.wallet'),
  }),
  provider: fc.constant(validProvider),
})

describe('EIP-6963 announcements (issue 27 §2)', () => {
  it('any announcement detail: no listener throws, and only well-formed wallets with a request function are listed, each uuid and rdns once', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(hostileWithTraps, validDetail, mutated(validDetail, hostileWithTraps)), { maxLength: 6 }), (details) => {
        const win = syncWindow()
        const found: AnnouncedWallet[] = []
        const stop = discoverAnnouncedWallets(win, (wallet) => found.push(wallet))
        for (const detail of details) win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
        stop()
        for (const { uuid, connector, provider } of found) {
          expect(typeof uuid).toBe('string')
          expectWellFormed(connector, RDNS)
          expect(connector.rdns).toBe(connector.id)
          expect(typeof provider.request).toBe('function')
        }
        expect(new Set(found.map((w) => w.uuid)).size).toBe(found.length)
        expect(new Set(found.map((w) => w.connector.id)).size).toBe(found.length)
      }),
      runs(),
    )
  })
})

/** A Wallet Standard wallet of `chains`, with the features its namespaces need. */
const standardWallet = (chains: readonly string[], name: unknown, icon: unknown) => ({
  version: '1.0.0',
  name,
  icon,
  chains,
  accounts: [],
  features: {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
    'standard:events': { version: '1.0.0', on: () => () => undefined },
    'solana:signMessage': { version: '1.0.0', signMessage: async () => [] },
    'solana:signTransaction': { version: '1.0.0', signTransaction: async () => [] },
    'bitcoin:connect': { version: '1.0.0', connect: async () => ({ addresses: [] }) },
    'bitcoin:signMessage': { version: '1.0.0', signMessage: async () => [] },
  },
})
const validStandard = fc
  .tuple(
    fc.constantFrom(['solana:mainnet'], ['bitcoin:mainnet'], ['solana:devnet', 'bitcoin:testnet']),
    fc.constantFrom('Phantom', 'Demo Wallet', '  ', '<b>x</b>'),
    fc.constantFrom(ICON, 'javascript:alert(1)', 'https://wallet.example/i.png'),
  )
  .map(([chains, name, icon]) => standardWallet(chains, name, icon))

describe('Wallet Standard registrations (issue 27 §2)', () => {
  it('any registered wallet, any register-wallet detail: no listener throws, and only well-formed connectors are listed, each id once', () => {
    const registration = fc.oneof(
      // A wallet's registration callback handing the app hostile, valid or mutated wallets.
      fc
        .array(fc.oneof(hostileWithTraps, validStandard, mutated(validStandard, hostileWithTraps)), { maxLength: 3 })
        .map((wallets) => (api: { register: (...w: unknown[]) => unknown }) => api.register(...wallets)),
      // A detail that is no callback at all.
      hostileWithTraps,
    )
    fc.assert(
      fc.property(fc.array(registration, { maxLength: 4 }), (details) => {
        const win = syncWindow()
        const found: StandardWallet[] = []
        const stop = discoverStandardWallets(win, [solanaStandard, bitcoinStandard], (wallet) => found.push(wallet))
        for (const detail of details) win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail }))
        stop()
        for (const { connector, provider } of found) {
          expectWellFormed(connector, /^wallet-standard\.(solana|bip122)\.[\p{L}\p{N}-]+$/u)
          expect(typeof provider.request).toBe('function')
        }
        expect(new Set(found.map((w) => w.connector.id)).size).toBe(found.length)
      }),
      runs(),
    )
  })
})

/** A real `btc_providers` entry and the wallet object its `id` path names. */
const validBtcEntry = fc.record({
  id: fc.constantFrom('XverseProviders.BitcoinProvider', 'LeatherProvider', 'unisat'),
  name: fc.constantFrom('Xverse Wallet', 'Leather', ''),
  icon: fc.constantFrom(ICON, 'javascript:alert(1)'),
})

describe('Bitcoin providers: window.btc_providers (issue 27 §2)', () => {
  it('any btc_providers list and any objects at its paths: discovery never throws, lists well-formed connectors, each id once', () => {
    const root = fc.oneof(hostileWithTraps, fc.constant({ request: async () => null }))
    const path = (value: unknown) =>
      fc.constantFrom(
        { XverseProviders: { BitcoinProvider: value } },
        { LeatherProvider: value },
        { unisat: value },
        Object.fromEntries(PROTOTYPE_KEYS.map((key) => [key, value])),
      )
    fc.assert(
      fc.property(
        fc.oneof(hostileWithTraps, fc.array(fc.oneof(hostileWithTraps, validBtcEntry, mutated(validBtcEntry, hostileWithTraps)), { maxLength: 5 })),
        root.chain(path),
        (list, globals) => {
          const found = discoverBitcoinProviders(syncWindow({ ...globals, btc_providers: list }))
          for (const { connector, provider } of found) {
            expectWellFormed(connector, /^btc\.[a-z0-9_.$-]+$/)
            expect(connector.chain).toBe('bip122')
            expect(typeof provider.request).toBe('function')
          }
          expect(new Set(found.map((w) => w.connector.id)).size).toBe(found.length)
          // Nothing leaked onto Object.prototype from a `__proto__` path or entry.
          expect(Object.prototype).not.toHaveProperty('request')
        },
      ),
      runs(),
    )
  })
})

const NETWORKS = [ethereum, polygon, solana, bitcoin]
const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const validNamespaces = fc
  .record({
    eip155: fc.record({
      accounts: fc.subarray([`eip155:1:${EVM}`, `eip155:137:${EVM}`, `eip155:9:${EVM}`, 'eip155:1:0xnope', 'nonsense']),
      methods: fc.constant(['personal_sign', 'eth_sendTransaction']),
      events: fc.constant(['accountsChanged']),
    }),
    solana: fc.record({ accounts: fc.constant([`${solana.caipNetworkId}:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv`]) }),
  })
  .map((namespaces) => namespaces as unknown)

describe('WalletConnect session namespaces (issue 27 §2)', () => {
  it('any namespaces a wallet grants: never throws; keeps only CAIP-10 accounts of configured chains with well-formed addresses, each dropped one with a reason', () => {
    const configured = new Set(NETWORKS.map((n) => n.caipNetworkId as string))
    fc.assert(
      fc.property(fc.oneof(hostile, validNamespaces, mutated(validNamespaces)), (namespaces) => {
        const granted = grantedSession(namespaces, NETWORKS)
        for (const reason of granted.dropped) expect(typeof reason).toBe('string')
        for (const ns of granted.namespaces) {
          for (const chain of ns.chains) expect(configured.has(chain)).toBe(true)
          for (const [chain, addresses] of Object.entries(ns.addresses)) {
            expect(ns.chains).toContain(chain)
            for (const address of addresses) {
              const parsed = parseCaipAddress(`${chain}:${address}`)
              expect(parsed.ok).toBe(true)
              expect(isAddressFor(ns.namespace, address)).toBe(true)
            }
          }
          for (const method of ns.methods) expect(typeof method).toBe('string')
        }
      }),
      runs(),
    )
  })
})

describe('regressions the fuzzing found (issue 27 §2)', () => {
  it('an EIP-6963 announcement whose detail throws when read is refused, not thrown out of the listener (seed 1456050137)', () => {
    const win = syncWindow()
    const found: AnnouncedWallet[] = []
    discoverAnnouncedWallets(win, (wallet) => found.push(wallet))
    const throwing = Object.defineProperty({}, 'info', {
      enumerable: true,
      get() {
        throw new Error('hostile')
      },
    })
    expect(() => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: throwing }))).not.toThrow()
    expect(() =>
      win.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: new Proxy(
            {},
            {
              get: () => {
                throw new Error('hostile')
              },
            },
          ),
        }),
      ),
    ).not.toThrow()
    // A real one after them is still listed.
    win.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'u-1', name: 'Demo Wallet', icon: ICON, rdns: 'dev.airlock.demo' }, provider: validProvider },
      }),
    )
    expect(found.map((w) => w.connector.id)).toEqual(['dev.airlock.demo'])
  })
})
