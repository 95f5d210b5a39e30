/**
 * WalletConnect end to end in Node (SPEC §4, issue 4): our connector on the dApp side, the real
 * `@walletconnect/sign-client` as a wallet on the other, the local relay of `services/relay`
 * between them, and anvil as the chain. Nothing of ours is mocked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { bitcoin, createAirlock, defineChain, solanaDevnet, type AirlockInstance, type CaipNetwork } from '../../src/index'
import { createPublicKey, verify } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { decodeBase58 } from '../../src/validation/base58'
import { encodeBase58 } from '../support/base58'
import { memoryStorage } from '../../src/kernel/deps'
import type { PublicEvent } from '../../src/index'
import { createWalletConnectPort } from '../../src/connectors/walletconnect/port'
import { startAnvil } from '../../services/chain/anvil.mjs'
import { createMailbox, startRelay } from '../../services/relay/relay.mjs'
import { memoryKeyValueStore, type KeyValueStore } from '../support/kvStorage'
import { BITCOIN_ADDRESS, startRelayWallet, WALLET_ADDRESS, type RelayWallet } from '../support/relayWallet'
import { idleMs } from '../support/until'

type Anvil = Awaited<ReturnType<typeof startAnvil>>
type Relay = Awaited<ReturnType<typeof startRelay>>

let anvilA: Anvil
let anvilB: Anvil
let relay: Relay
const mailbox = createMailbox()

const network = (anvil: Anvil, name: string) =>
  defineChain({
    id: anvil.chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
    testnet: true,
  })

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 1337 })])
  relay = await startRelay({ mailbox })
}, idleMs(60_000))

afterAll(async () => {
  await relay?.close()
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

let prefix = 0

interface DappStores {
  readonly storage: ReturnType<typeof memoryStorage>
  readonly kv: KeyValueStore
  readonly prefix: string
}

function dapp(
  stores: DappStores = { storage: memoryStorage(), kv: memoryKeyValueStore(), prefix: `dapp-${++prefix}` },
  extra: Record<string, unknown> = {},
  more: readonly CaipNetwork[] = [],
) {
  const events: PublicEvent[] = []
  const airlock = createAirlock(
    {
      projectId: 'test-project',
      networks: [network(anvilA, 'Local A'), network(anvilB, 'Local B'), ...more],
      relayUrl: relay.url,
      disableAppend: true,
      apiUrls: { config: 'http://127.0.0.1:9/api' },
      ...extra,
    },
    {
      deps: { storage: stores.storage, fetch: undefined, logger: { warn: () => undefined, error: () => undefined } },
      connectors: { walletConnect: createWalletConnectPort({ storage: stores.kv, customStoragePrefix: stores.prefix }) },
    },
  )
  airlock.subscribeEvents((e) => events.push(e))
  open.push({ close: () => airlock.destroy() })
  return { airlock, events, stores }
}

async function wallet(options: Partial<Parameters<typeof startRelayWallet>[0]> = {}): Promise<RelayWallet> {
  const w = await startRelayWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': anvilA.url, 'eip155:1337': anvilB.url }, ...options })
  open.push(w)
  return w
}

async function until<T>(read: () => T | undefined | null | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value) return value
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const uriOf = (airlock: AirlockInstance) => until(() => airlock.getState().connection.wcUri, 'a pairing URI')

async function connected(airlock: AirlockInstance, w: RelayWallet) {
  const done = airlock.connect('walletConnect')
  await w.pair(await uriOf(airlock))
  await done
}

describe('connecting through the relay', () => {
  it('pairs by URI, and the approved session becomes the eip155 account, saved for the next visit', async () => {
    const { airlock, events, stores } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    const state = airlock.getState()
    expect(state.account.accounts.eip155?.address).toBe(WALLET_ADDRESS)
    expect(state.account.accounts.eip155?.caipAddress).toBe(`eip155:31337:${WALLET_ADDRESS}`)
    expect(state.connectors.activeConnectorIds.eip155).toBe('walletConnect')
    expect(state.connection.wcUri).toBeNull()
    expect(state.networks.byNamespace.eip155?.networkState.approvedCaipNetworkIds).toEqual(['eip155:31337', 'eip155:1337'])
    const success = events.find((e) => e.type === 'CONNECT_SUCCESS')
    expect(success?.payload).toMatchObject({ method: 'qrcode', connectorId: 'walletConnect', namespace: 'eip155', name: 'Node Test Wallet' })
    expect(JSON.stringify(stores.storage.dump())).toContain('walletConnect')
    // The proposal offered every configured network, the default one first.
    const proposal = w.session()
    expect(proposal.optionalNamespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:1337'])
    expect(proposal.optionalNamespaces.eip155?.methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']))
  })

  it('reads a refusal as USER_REJECTED, shows wcError, and stays disconnected', async () => {
    const { airlock, events } = dapp()
    const w = await wallet({ answer: () => 'reject' })
    const done = airlock.connect('walletConnect').then(
      () => 'resolved',
      (e: Error) => e.message,
    )
    await w.pair(await uriOf(airlock))
    expect(await done).not.toBe('resolved')
    expect(events.map((e) => e.type)).toContain('USER_REJECTED')
    expect(events.map((e) => e.type)).not.toContain('CONNECT_SUCCESS')
    const state = airlock.getState()
    expect(state.connection.wcError).toBe(true)
    expect(state.connection.status).toBe('disconnected')
    expect(state.account.accounts.eip155?.address ?? null).toBeNull()
  })

  it('signs a message with personal_sign through the session; the signature recovers to the wallet', async () => {
    const { airlock } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    const provider = airlock.getProvider('eip155')!
    const message = 'Sign in to Airlock'
    const signature = (await provider.request({ method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, WALLET_ADDRESS] })) as Hex
    expect(await recoverMessageAddress({ message, signature })).toBe(WALLET_ADDRESS)
    expect(w.requests.map((r) => r.method)).toEqual(['personal_sign'])
  })

  it('sends a transaction with eth_sendTransaction that anvil mines', async () => {
    const { airlock } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = BigInt((await anvilA.rpc('eth_getBalance', [to, 'latest'])) as string)
    const hash = (await airlock
      .getProvider('eip155')!
      .request({ method: 'eth_sendTransaction', params: [{ from: WALLET_ADDRESS, to, value: '0x2386f26fc10000' }] })) as Hex
    let receipt: { status: string } | null = null
    for (let i = 0; i < 100 && !receipt; i++) receipt = (await anvilA.rpc('eth_getTransactionReceipt', [hash])) as { status: string } | null
    expect(receipt?.status).toBe('0x1')
    expect(BigInt((await anvilA.rpc('eth_getBalance', [to, 'latest'])) as string) - before).toBe(10_000_000_000_000_000n)
    expect(w.requests[0]?.chainId).toBe('eip155:31337')
  })

  it('follows a chain change and an accounts change sent by the wallet', async () => {
    const { airlock } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    await w.emit('chainChanged', 1337, 'eip155:1337')
    await until(() => airlock.getState().networks.activeCaipNetworkId === 'eip155:1337', 'the chain change')
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await w.emit('accountsChanged', [other], 'eip155:1337')
    await until(() => airlock.getState().account.accounts.eip155?.address === other, 'the accounts change')
    expect(airlock.getState().account.accounts.eip155?.caipAddress).toBe(`eip155:1337:${other}`)
  })

  it('switches network on the relay wallet: the request goes through the session, then the network and account follow', async () => {
    const { airlock } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    await airlock.switchNetwork('eip155:1337')
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:1337')
    expect(airlock.getState().account.accounts.eip155?.caipAddress).toBe(`eip155:1337:${WALLET_ADDRESS}`)
    // Later requests go to the new chain.
    await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x6869', WALLET_ADDRESS] })
    expect(w.requests.at(-1)?.chainId).toBe('eip155:1337')
  })

  it('ends the connection when the wallet disconnects', async () => {
    const { airlock, events } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    await w.disconnect()
    await until(() => airlock.getState().connection.status === 'disconnected', 'the disconnection')
    expect(airlock.getState().account.accounts.eip155?.address ?? null).toBeNull()
    expect(airlock.getProvider('eip155')).toBeUndefined()
    expect(events.map((e) => e.type)).toContain('DISCONNECT_SUCCESS')
  })

  it('disconnecting from the site ends the session on the wallet too', async () => {
    const { airlock } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    const topic = w.session().topic
    await airlock.disconnect()
    await until(() => !w.client.session.keys.includes(topic), 'the wallet to see the session end')
    expect(airlock.getState().connection.status).toBe('disconnected')
  })
})

describe('a relay restart in the middle of a session', () => {
  it(
    'loses no request: one pending while the relay is down is answered after it comes back',
    async () => {
      const { airlock } = dapp()
      const w = await wallet()
      await connected(airlock, w)
      w.hold()
      const answer = airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x68656c6c6f', WALLET_ADDRESS] })
      await until(() => w.heldCount() === 1, 'the wallet to receive the request')
      const port = relay.port
      await relay.close()
      relay = await startRelay({ port, mailbox })
      // Both clients reconnect to the new relay and resubscribe; the wallet answers now.
      await until(() => relay.clientCount() >= 2, 'both clients to reconnect', 30_000)
      await w.release()
      const signature = (await answer) as Hex
      expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(WALLET_ADDRESS)
    },
    idleMs(60_000),
  )
})

describe('pairing expiry', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('replaces an expired URI without the visitor doing anything; the old URI pairs with nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    const { airlock } = dapp()
    const w = await wallet()
    const done = airlock.connect('walletConnect')
    const first = await uriOf(airlock)
    vi.setSystemTime(Date.now() + 6 * 60_000)
    const second = await until(() => {
      const uri = airlock.getState().connection.wcUri
      return uri && uri !== first ? uri : undefined
    }, 'a fresh URI')
    expect(Number(/expiryTimestamp=(\d+)/.exec(second)?.[1]) * 1000).toBeGreaterThan(Date.now())
    await expect(w.pair(first)).rejects.toThrow()
    await w.pair(second)
    await done
    expect(airlock.getState().account.accounts.eip155?.address).toBe(WALLET_ADDRESS)
  })
})

describe('after a reload', () => {
  it('restores the live session from storage; the restored provider still signs', async () => {
    const first = dapp()
    const w = await wallet()
    await connected(first.airlock, w)
    first.airlock.destroy()
    // A reload: the same browser stores, a fresh page (no global sign-client core).
    delete (globalThis as Record<string, unknown>)[`_walletConnectCore_${first.stores.prefix}`]
    const { airlock, events } = dapp(first.stores)
    await until(() => airlock.getState().connection.status === 'connected', 'the restored connection')
    expect(airlock.getState().account.accounts.eip155?.address).toBe(WALLET_ADDRESS)
    expect(events.map((e) => e.type)).not.toContain('CONNECT_SUCCESS')
    const signature = (await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x6869', WALLET_ADDRESS] })) as Hex
    expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(WALLET_ADDRESS)
  })

  it('fails the connection check when the stored session is gone', async () => {
    const stores = { storage: memoryStorage(), kv: memoryKeyValueStore(), prefix: `dapp-${++prefix}` }
    const first = dapp(stores)
    const w = await wallet()
    await connected(first.airlock, w)
    first.airlock.destroy()
    await w.disconnect()
    delete (globalThis as Record<string, unknown>)[`_walletConnectCore_${stores.prefix}`]
    // The session is gone from the dApp's store as well (the wallet ended it while the page was closed).
    for (const key of await stores.kv.getKeys()) if (key.includes('session')) await stores.kv.removeItem(key)
    const { airlock } = dapp(stores)
    await until(() => airlock.getState().connection.status === 'disconnected', 'the failed check')
    expect(airlock.getState().account.accounts.eip155?.address ?? null).toBeNull()
  })
})

describe('bad answers from the wallet', () => {
  it('keeps only the CAIP-10 accounts on configured chains, and follows a wallet that approves fewer chains than asked', async () => {
    const { airlock } = dapp()
    const w = await wallet({
      answer: (params) => ({
        eip155: {
          chains: ['eip155:1337', 'eip155:999'],
          methods: params.optionalNamespaces.eip155?.methods ?? [],
          events: params.optionalNamespaces.eip155?.events ?? [],
          accounts: ['eip155:1337:not-an-address', `eip155:999:${WALLET_ADDRESS}`, `eip155:1337:${WALLET_ADDRESS}`],
        },
      }),
    })
    await connected(airlock, w)
    const state = airlock.getState()
    expect(state.networks.byNamespace.eip155?.networkState.approvedCaipNetworkIds).toEqual(['eip155:1337'])
    expect(state.networks.activeCaipNetworkId).toBe('eip155:1337')
    expect(state.account.accounts.eip155?.caipAddress).toBe(`eip155:1337:${WALLET_ADDRESS}`)
  })

  it('refuses a session with no usable account and ends it on the wallet', async () => {
    const { airlock, events } = dapp()
    const w = await wallet({
      answer: (params) => ({
        eip155: { chains: ['eip155:999'], methods: params.optionalNamespaces.eip155?.methods ?? [], events: [], accounts: [`eip155:999:${WALLET_ADDRESS}`] },
      }),
    })
    const done = airlock.connect('walletConnect').catch((e: Error) => e.message)
    await w.pair(await uriOf(airlock))
    expect(await done).toBe('The wallet approved no account on the networks this site uses')
    expect(events.map((e) => e.type)).toContain('CONNECT_ERROR')
    await until(() => w.client.session.getAll().length === 0, 'the wallet to see the session end')
    expect(airlock.getState().connection.wcError).toBe(true)
  })

  it('ignores session events with malformed data', async () => {
    const { airlock } = dapp()
    const w = await wallet()
    await connected(airlock, w)
    await w.emit('accountsChanged', ['not-an-address', 42], 'eip155:31337')
    await w.emit('chainChanged', 'twelve', 'eip155:31337')
    await w.emit('accountsChanged', 'nope', 'eip155:31337')
    // A well-formed event after them is still followed, and nothing else changed.
    await w.emit('chainChanged', 1337, 'eip155:1337')
    await until(() => airlock.getState().networks.activeCaipNetworkId === 'eip155:1337', 'the good event')
    expect(airlock.getState().account.accounts.eip155?.address).toBe(WALLET_ADDRESS)
  })
})

describe('Solana and Bitcoin through the session', () => {
  const BTC_ADDRESS = BITCOIN_ADDRESS

  it('makes each granted namespace an account and sends its methods (SPEC §6) on its chain', async () => {
    const { airlock } = dapp(undefined, {}, [solanaDevnet, bitcoin])
    let solanaAddress = ''
    const w = await wallet({
      answer: (params) => {
        const asked = params.optionalNamespaces
        expect(asked.solana?.chains).toEqual([solanaDevnet.caipNetworkId])
        expect(asked.solana?.methods).toEqual(expect.arrayContaining(['solana_signMessage', 'solana_signTransaction']))
        expect(asked.bip122?.methods).toEqual(expect.arrayContaining(['signMessage', 'signPsbt', 'sendTransfer']))
        return {
          eip155: {
            chains: ['eip155:31337'],
            methods: asked.eip155?.methods ?? [],
            events: asked.eip155?.events ?? [],
            accounts: [`eip155:31337:${WALLET_ADDRESS}`],
          },
          solana: {
            chains: [solanaDevnet.caipNetworkId],
            methods: asked.solana?.methods ?? [],
            events: [],
            accounts: [`${solanaDevnet.caipNetworkId}:${solanaAddress}`],
          },
          bip122: {
            chains: [bitcoin.caipNetworkId],
            methods: asked.bip122?.methods ?? [],
            events: asked.bip122?.events ?? [],
            accounts: [`${bitcoin.caipNetworkId}:${BTC_ADDRESS}`],
          },
        }
      },
    })
    solanaAddress = w.solanaAddress
    await connected(airlock, w)
    const state = airlock.getState()
    expect([...state.connection.connectedNamespaces].sort()).toEqual(['bip122', 'eip155', 'solana'])
    expect(state.account.accounts.solana?.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${solanaAddress}`)
    expect(state.account.accounts.bip122?.address).toBe(BTC_ADDRESS)

    // solana_signMessage: a real ed25519 signature by the wallet's Solana key.
    const message = new TextEncoder().encode('Sign in to Airlock')
    const answer = (await airlock
      .getProvider('solana')!
      .request({ method: 'solana_signMessage', params: { message: encodeBase58(message), pubkey: solanaAddress } })) as { signature: string }
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(w.solanaPublicKey).toString('base64url') }, format: 'jwk' })
    expect(verify(null, message, key, Buffer.from(decodeBase58(answer.signature)!))).toBe(true)
    expect(w.requests.at(-1)).toMatchObject({ method: 'solana_signMessage', chainId: solanaDevnet.caipNetworkId })

    // signMessage: a real BIP-322 signature by the wallet's Bitcoin key.
    const signed = (await airlock.getProvider('bip122')!.request({ method: 'signMessage', params: { message: 'hello', address: BTC_ADDRESS } })) as {
      signature: string
    }
    expect(Verifier.verifySignature(BTC_ADDRESS, 'hello', signed.signature)).toBe(true)
    expect(w.requests.at(-1)).toMatchObject({ method: 'signMessage', chainId: bitcoin.caipNetworkId })
    // eip155 still goes to its own chain.
    await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x6869', WALLET_ADDRESS] })
    expect(w.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })
  })

  it('refuses a namespace’s methods when the wallet approved none of it', async () => {
    const { airlock } = dapp(undefined, {}, [solanaDevnet])
    const w = await wallet()
    await connected(airlock, w)
    await expect(airlock.getProvider('eip155')!.request({ method: 'solana_signMessage', params: { message: '2', pubkey: 'x' } })).rejects.toMatchObject({
      code: 4200,
    })
    expect(w.requests).toEqual([])
  })
})

describe('disconnecting while the relay is gone', () => {
  it(
    'gives up waiting after 3 s and still ends the connection on the page',
    async () => {
      const { airlock } = dapp()
      const w = await wallet()
      await connected(airlock, w)
      const port = relay.port
      await relay.close()
      try {
        const started = Date.now()
        await airlock.disconnect().catch(() => undefined)
        const took = Date.now() - started
        // The 3 s give-up timer, then the work around it, which a busy machine slows.
        expect(took).toBeLessThan(3_000 + idleMs(1_500))
        expect(airlock.getState().connection.status).toBe('disconnected')
        expect(airlock.getState().account.accounts.eip155?.address ?? null).toBeNull()
      } finally {
        relay = await startRelay({ port, mailbox })
      }
    },
    idleMs(30_000),
  )
})
