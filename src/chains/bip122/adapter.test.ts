/**
 * The bip122 adapter against the demo's Bitcoin wallet (demo/wallets/bitcoinWallet.ts, found as a
 * sats-connect provider through src/connectors/bitcoinProviders.ts) and a real regtest chain with
 * an Esplora API (services/bitcoin).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Verifier } from 'bip322-js'
import { bip122Adapter } from './adapter'
import { BIP122_REFERENCES } from './address'
import type { ChainReader, WalletProvider } from '../adapter'
import type { CaipNetwork } from '../../events/shapes/network'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HttpRequestError } from '../../kernel/errors/http'
import { NetworkNotFoundError } from '../../kernel/errors/lookup'
import { InvalidOptionsError } from '../../kernel/errors/options'
import { SwitchChainError, UnauthorizedProviderError, UserRejectedRequestError, WalletAnswerError } from '../../kernel/errors/provider'
import { discoverBitcoinProviders } from '../../connectors/bitcoinProviders'
import { installBitcoinTestWallet, type BitcoinTestWallet } from '../../../demo/wallets/bitcoinWallet'
import { DEMO_BITCOIN_ORDINALS_ADDRESS, DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_WIF, startBitcoin, type Bitcoin } from '../../../services/bitcoin/server.mjs'
import { idleMs } from '../../../tests/support/until'

bitcoin.initEccLib(ecc)
const NETWORK = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)

const network = (reference: string, name: string): CaipNetwork => ({
  id: `bip122:${reference}`,
  name,
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  caipNetworkId: `bip122:${reference}` as CaipNetwork['caipNetworkId'],
  chainNamespace: 'bip122',
})
const regtest = network(BIP122_REFERENCES.regtest, 'Bitcoin Regtest')
const mainnet = network(BIP122_REFERENCES.mainnet, 'Bitcoin')

const FUNDED = 5_000_000n
const freshAddress = (): string => bitcoin.payments.p2wpkh({ pubkey: ECPair.makeRandom({ network: NETWORK }).publicKey, network: NETWORK }).address!

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage
}

/** A page with the demo wallet on it (`storage` shared between "reloads"), and the provider discovery finds. */
function page(esploraUrl: string, storage = memoryStorage()): { wallet: BitcoinTestWallet; provider: WalletProvider; methods: string[] } {
  const win = { localStorage: storage } as unknown as Window
  const wallet = installBitcoinTestWallet(win, {
    wif: DEMO_BITCOIN_WIF,
    paymentAddress: DEMO_BITCOIN_PAYMENT_ADDRESS,
    ordinalsAddress: DEMO_BITCOIN_ORDINALS_ADDRESS,
    esploraUrl,
  })
  const [found] = discoverBitcoinProviders(win)
  const methods: string[] = []
  const provider: WalletProvider = {
    ...found!.provider,
    request: (args) => {
      methods.push(args.method)
      return found!.provider.request(args)
    },
  }
  return { wallet, provider, methods }
}

/** A provider that answers each method from `answers`. */
const fakeProvider = (answers: Record<string, unknown>): WalletProvider => ({
  request: async ({ method }) => answers[method] ?? null,
})

async function rejection(promise: Promise<unknown>): Promise<AirlockError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AirlockError)
  return error as AirlockError
}

describe('the bip122 adapter with the demo wallet on a regtest chain', () => {
  let btc: Bitcoin
  let reader: ChainReader

  beforeAll(async () => {
    btc = await startBitcoin({ accounts: [{ address: DEMO_BITCOIN_PAYMENT_ADDRESS, sats: FUNDED }] })
    reader = {
      request: async () => {
        throw new Error('no JSON-RPC here')
      },
      get: async (path) => (await fetch(btc.url + path)).json(),
    }
  }, idleMs(120_000))

  afterAll(async () => {
    await btc?.stop()
  })

  const balance = async (address: string) => (await bip122Adapter.getBalance(reader, address, regtest)).value

  it('connects: the chain set first, then the payment address first with its account type (SPEC §9), then the ordinals one', async () => {
    const { provider, methods } = page(btc.url)
    const session = await bip122Adapter.connect(provider, regtest)
    expect(session).toEqual({
      addresses: [DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_ORDINALS_ADDRESS],
      accountTypes: ['payment', 'ordinal'],
      chainReference: BIP122_REFERENCES.regtest,
    })
    expect(methods).toEqual(['airlock_setChain', 'airlock_requestAccounts'])
  })

  it('restores after a reload from the wallet’s kept permission, finds nothing before a connect or after a disconnect', async () => {
    const storage = memoryStorage()
    expect(await bip122Adapter.restore(page(btc.url, storage).provider, regtest)).toBeNull()
    await bip122Adapter.connect(page(btc.url, storage).provider, regtest)
    const reloaded = page(btc.url, storage).provider
    expect(await bip122Adapter.restore(reloaded, regtest)).toEqual({
      addresses: [DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_ORDINALS_ADDRESS],
      accountTypes: ['payment', 'ordinal'],
      chainReference: BIP122_REFERENCES.regtest,
    })
    await bip122Adapter.disconnect(reloaded)
    expect(await bip122Adapter.restore(page(btc.url, storage).provider, regtest)).toBeNull()
  })

  it('refuses the regtest addresses of the wallet on mainnet (4100), and switching to mainnet (4902)', async () => {
    const { provider } = page(btc.url)
    const error = await rejection(bip122Adapter.connect(provider, mainnet))
    expect(error).toBeInstanceOf(UnauthorizedProviderError)
    expect(error.details).toBe('The wallet returned no mainnet address (2 addresses of another network or malformed)')
    await bip122Adapter.connect(provider, regtest)
    await bip122Adapter.switchNetwork(provider, regtest)
    expect(await rejection(bip122Adapter.switchNetwork(provider, mainnet))).toBeInstanceOf(SwitchChainError)
  })

  it('reads the balance from Esplora: confirmed plus mempool, in satoshis, 8 decimals, the network’s symbol', async () => {
    const address = freshAddress()
    await btc.fund(address, 123_456n)
    expect(await bip122Adapter.getBalance(reader, address, regtest)).toEqual({ value: 123_456n, decimals: 8, symbol: 'BTC' })
    expect(await balance(DEMO_BITCOIN_PAYMENT_ADDRESS)).toBeGreaterThan(0n)
  })

  it('signs a message with BIP-322 for the payment address: bip322-js verifies it', async () => {
    const { provider } = page(btc.url)
    const { addresses } = await bip122Adapter.connect(provider, regtest)
    const signature = await bip122Adapter.signMessage(provider, addresses[0]!, 'Sign in to Airlock')
    expect(Verifier.verifySignature(DEMO_BITCOIN_PAYMENT_ADDRESS, 'Sign in to Airlock', signature)).toBe(true)
    expect(Verifier.verifySignature(DEMO_BITCOIN_PAYMENT_ADDRESS, 'Sign in to Airlock.', signature)).toBe(false)
  })

  it('sends a native transfer: after a block the receiver has exactly the amount more, the sender that and a fee less', async () => {
    const { provider } = page(btc.url)
    const { addresses } = await bip122Adapter.connect(provider, regtest)
    const receiver = freshAddress()
    const before = await balance(DEMO_BITCOIN_PAYMENT_ADDRESS)
    const txid = await bip122Adapter.sendNativeTransfer(provider, { from: addresses[0]!, to: receiver, amount: 25_000n, network: regtest })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await btc.mine(1)
    expect(await balance(receiver)).toBe(25_000n)
    const spent = before - (await balance(DEMO_BITCOIN_PAYMENT_ADDRESS))
    expect(spent).toBeGreaterThan(25_000n)
    expect(spent).toBeLessThan(25_000n + 10_000n)
  })

  it('signs a PSBT built here that spends a coin of each address; broadcast, it moves the coins', async () => {
    const { provider } = page(btc.url)
    await bip122Adapter.connect(provider, regtest)
    await btc.fund(DEMO_BITCOIN_ORDINALS_ADDRESS, 40_000n)
    const utxos = async (address: string) =>
      (await (await fetch(`${btc.url}/address/${address}/utxo`)).json()) as { txid: string; vout: number; value: number; status: { confirmed: boolean } }[]
    const paymentCoin = (await utxos(DEMO_BITCOIN_PAYMENT_ADDRESS)).find((u) => u.status.confirmed && u.value > 100_000)!
    const ordinalsCoin = (await utxos(DEMO_BITCOIN_ORDINALS_ADDRESS)).find((u) => u.value === 40_000)!
    const receiver = freshAddress()
    const fee = 2_000
    const psbt = new bitcoin.Psbt({ network: NETWORK })
    psbt.addInput({
      hash: paymentCoin.txid,
      index: paymentCoin.vout,
      witnessUtxo: { script: bitcoin.address.toOutputScript(DEMO_BITCOIN_PAYMENT_ADDRESS, NETWORK), value: BigInt(paymentCoin.value) },
    })
    psbt.addInput({
      hash: ordinalsCoin.txid,
      index: ordinalsCoin.vout,
      witnessUtxo: { script: bitcoin.address.toOutputScript(DEMO_BITCOIN_ORDINALS_ADDRESS, NETWORK), value: 40_000n },
    })
    psbt.addOutput({ address: receiver, value: 50_000n })
    psbt.addOutput({ address: DEMO_BITCOIN_PAYMENT_ADDRESS, value: BigInt(paymentCoin.value + 40_000 - 50_000 - fee) })
    const signInputs = [
      { address: DEMO_BITCOIN_PAYMENT_ADDRESS, index: 0 },
      { address: DEMO_BITCOIN_ORDINALS_ADDRESS, index: 1 },
    ]

    // Without broadcast: the signatures come back, nothing is sent.
    const signed = await bip122Adapter.signPsbt!(provider, DEMO_BITCOIN_PAYMENT_ADDRESS, psbt.toBase64(), signInputs)
    expect(signed.txid).toBeUndefined()
    const back = bitcoin.Psbt.fromBase64(signed.psbt, { network: NETWORK })
    expect(back.validateSignaturesOfInput(0, (pubkey, hash, signature) => ecc.verify(hash, pubkey, signature))).toBe(true)
    expect(back.data.inputs[1]!.tapKeySig).toHaveLength(64)
    expect(await balance(receiver)).toBe(0n)

    const sent = await bip122Adapter.signPsbt!(provider, DEMO_BITCOIN_PAYMENT_ADDRESS, psbt.toBase64(), signInputs, true)
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    await btc.mine(1)
    expect(await balance(receiver)).toBe(50_000n)
    const status = (await (await fetch(`${btc.url}/tx/${sent.txid}/status`)).json()) as { confirmed: boolean }
    expect(status.confirmed).toBe(true)
  })

  it('keeps the wallet’s refusal: code 4001, category USER_REJECTED, for a connect and a signature', async () => {
    const { wallet, provider } = page(btc.url)
    wallet.declineNext()
    const declined = await rejection(bip122Adapter.connect(provider, regtest))
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect(declined.code).toBe(4001)
    await bip122Adapter.connect(provider, regtest)
    wallet.declineNext()
    const refused = await rejection(bip122Adapter.signMessage(provider, DEMO_BITCOIN_PAYMENT_ADDRESS, 'no'))
    expect(refused.code).toBe(4001)
    expect(refused.category).toBe(ErrorCategory.USER_REJECTED)
    wallet.declineNext()
    const transfer = await rejection(
      bip122Adapter.sendNativeTransfer(provider, { from: DEMO_BITCOIN_PAYMENT_ADDRESS, to: freshAddress(), amount: 1_000n, network: regtest }),
    )
    expect(transfer.code).toBe(4001)
  })

  it('refuses a recipient of another network and an amount below one satoshi before the wallet is asked', async () => {
    const { provider, methods } = page(btc.url)
    const transfer = { from: DEMO_BITCOIN_PAYMENT_ADDRESS, network: regtest }
    const wrongNetwork = await rejection(
      bip122Adapter.sendNativeTransfer(provider, { ...transfer, to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 1n }),
    )
    expect(wrongNetwork).toBeInstanceOf(InvalidOptionsError)
    expect(wrongNetwork.message).toBe('Invalid recipient: not a regtest Bitcoin address')
    expect(await rejection(bip122Adapter.sendNativeTransfer(provider, { ...transfer, to: freshAddress(), amount: 0n }))).toBeInstanceOf(InvalidOptionsError)
    expect(await rejection(bip122Adapter.getBalance(reader, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', regtest))).toBeInstanceOf(InvalidOptionsError)
    expect(methods).toEqual([])
  })
})

describe('the bip122 adapter with malformed wallets and indexers', () => {
  it('says which answer was wrong', async () => {
    const cases: [Promise<unknown>, string][] = [
      [
        bip122Adapter.connect(fakeProvider({ airlock_requestAccounts: { addresses: [] } }), regtest),
        'The wallet answered airlock_requestAccounts with something that is not a list of addresses',
      ],
      [
        bip122Adapter.restore(fakeProvider({ getAccountAddresses: [{ pubkey: 'x' }] }), regtest),
        'The wallet answered getAccountAddresses with an entry without an address',
      ],
      [
        bip122Adapter.signMessage(fakeProvider({ signMessage: { signature: 'not base64!' } }), 'a', 'm'),
        'The wallet answered signMessage with a signature that is not base64',
      ],
      [
        bip122Adapter.signMessage(fakeProvider({ signMessage: 'c2ln' }), 'a', 'm'),
        'The wallet answered signMessage with something that is not a signed message',
      ],
      [
        bip122Adapter.sendNativeTransfer(fakeProvider({ sendTransfer: { txid: 'abc' } }), {
          from: DEMO_BITCOIN_PAYMENT_ADDRESS,
          to: DEMO_BITCOIN_ORDINALS_ADDRESS,
          amount: 1n,
          network: regtest,
        }),
        'The wallet answered sendTransfer with something that is not a transaction id',
      ],
      [
        bip122Adapter.signPsbt!(fakeProvider({ signPsbt: { psbt: 'cHNidP8=' } }), 'a', 'cHNidP8=', [], true),
        'The wallet answered signPsbt with no transaction id, though it was asked to broadcast',
      ],
      [
        bip122Adapter.signPsbt!(fakeProvider({ signPsbt: { psbt: 42 } }), 'a', 'cHNidP8=', []),
        'The wallet answered signPsbt with something that is not a signed PSBT',
      ],
    ]
    for (const [promise, message] of cases) {
      const error = await rejection(promise)
      expect(error).toBeInstanceOf(WalletAnswerError)
      expect(error.message).toBe(message)
    }
  })

  it('refuses an Esplora answer that is not an address (HTTP request failed, with the path)', async () => {
    const reader: ChainReader = { request: async () => null, get: async () => ({ chain_stats: { funded_txo_sum: '1' } }) }
    const error = await rejection(bip122Adapter.getBalance(reader, DEMO_BITCOIN_PAYMENT_ADDRESS, regtest))
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error.details).toBe(`The answer to /address/${DEMO_BITCOIN_PAYMENT_ADDRESS} is not an Esplora address`)
  })

  it('refuses a bip122 network it does not know, and connects without a network on the kind of the first address', async () => {
    const unknown = network('ffffffffffffffffffffffffffffffff', 'Elsewhere')
    const provider = fakeProvider({
      airlock_requestAccounts: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, { address: DEMO_BITCOIN_PAYMENT_ADDRESS }],
    })
    expect(await rejection(bip122Adapter.connect(provider, unknown))).toBeInstanceOf(NetworkNotFoundError)
    expect(await bip122Adapter.connect(provider)).toEqual({
      addresses: ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
      accountTypes: ['payment'],
      chainReference: BIP122_REFERENCES.mainnet,
    })
  })

  it('orders payment first whatever the wallet’s order, counts an address without intention as payment, and lists each once', async () => {
    const provider = fakeProvider({
      airlock_requestAccounts: [
        { address: DEMO_BITCOIN_ORDINALS_ADDRESS, intention: 'ordinal' },
        { address: DEMO_BITCOIN_PAYMENT_ADDRESS.toUpperCase() },
        { address: DEMO_BITCOIN_PAYMENT_ADDRESS, intention: 'payment' },
        { address: 'not an address', intention: 'payment' },
      ],
    })
    expect(await bip122Adapter.connect(provider, regtest)).toEqual({
      addresses: [DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_ORDINALS_ADDRESS],
      accountTypes: ['payment', 'ordinal'],
      chainReference: BIP122_REFERENCES.regtest,
    })
    expect(await rejection(bip122Adapter.connect(fakeProvider({ airlock_requestAccounts: [] }), regtest))).toBeInstanceOf(UnauthorizedProviderError)
  })

  it('follows bip122_addressesChanged (payment first) and disconnect, ignores a malformed event, and stops', () => {
    const listeners = new Map<string, (value: unknown) => void>()
    const provider: WalletProvider = {
      request: async () => null,
      on: (event, listener) => void listeners.set(event, listener as (value: unknown) => void),
      removeListener: (event) => void listeners.delete(event),
    }
    const handlers = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnect: vi.fn() }
    const stop = bip122Adapter.subscribe(provider, handlers)
    listeners.get('bip122_addressesChanged')!([{ address: DEMO_BITCOIN_ORDINALS_ADDRESS, intention: 'ordinal' }, { address: DEMO_BITCOIN_PAYMENT_ADDRESS }])
    expect(handlers.accountsChanged).toHaveBeenCalledWith([DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_ORDINALS_ADDRESS], ['payment', 'ordinal'])
    listeners.get('bip122_addressesChanged')!('garbage')
    expect(handlers.accountsChanged).toHaveBeenCalledTimes(1)
    listeners.get('disconnect')!(undefined)
    expect(handlers.disconnect).toHaveBeenCalledTimes(1)
    stop()
    expect(listeners.size).toBe(0)
  })

  it('checks addresses with their checksums and shows bech32 in lower case', () => {
    expect(bip122Adapter.isAddress(DEMO_BITCOIN_PAYMENT_ADDRESS)).toBe(true)
    expect(bip122Adapter.isAddress(`${DEMO_BITCOIN_PAYMENT_ADDRESS.slice(0, -1)}q`)).toBe(false)
    expect(bip122Adapter.formatAddress(DEMO_BITCOIN_PAYMENT_ADDRESS.toUpperCase())).toBe(DEMO_BITCOIN_PAYMENT_ADDRESS)
    expect(bip122Adapter.sendTransaction).toBeUndefined()
  })

  it('disconnects best effort: a wallet that throws does not fail it', async () => {
    const provider: WalletProvider = {
      request: async () => {
        throw { code: 4200, message: 'no' }
      },
    }
    await expect(bip122Adapter.disconnect(provider)).resolves.toBeUndefined()
  })
})
