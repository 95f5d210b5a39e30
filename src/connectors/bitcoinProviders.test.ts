import { describe, expect, it, vi } from 'vitest'
import { Verifier } from 'bip322-js'
import { discoverBitcoinProviders } from './bitcoinProviders'
import { MAX_WALLET_NAME_LENGTH } from './sanitize'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import { RpcRequestError } from '../kernel/errors/rpc'
import { UnauthorizedProviderError, UnsupportedProviderMethodError, UserRejectedRequestError, WalletAnswerError } from '../kernel/errors/provider'
import { BIP122_REFERENCES } from '../chains/bip122/address'
import { installBitcoinTestWallet } from '../../demo/wallets/bitcoinWallet'

const REGTEST = `bip122:${BIP122_REFERENCES.regtest}`
const PAYMENT = 'bcrt1qr242js6jdfzwwjz0hqdjg9rkgasttuvwcu64ns'
const ORDINALS = 'bcrt1pswcwgz3rr2wrdnfktn52jsu9eanumc4zc3q7klllm47pc77rufsqu4cuqt'
const WIF = 'cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk'
const ICON = 'data:image/png;base64,AAAA'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage
}

/** The one wallet the page lists. */
const onlyProvider = (win: Window) => {
  const [found, ...rest] = discoverBitcoinProviders(win)
  expect(rest).toEqual([])
  return found!.provider
}

const fakeWindow = (extra: object = {}, storage = memoryStorage()): Window => ({ localStorage: storage, ...extra }) as unknown as Window

type Answer = (params: unknown) => unknown

/** A sats-connect wallet that answers `{ status: 'success', result }` from `answers`, or an error. */
function satsWallet(answers: Record<string, Answer>) {
  const calls: [string, unknown][] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  return {
    calls,
    listeners,
    async request(method: string, params?: unknown) {
      calls.push([method, params])
      const answer = answers[method]
      if (!answer) return { status: 'error', error: { code: -32601, message: `Method not found: ${method}` } }
      try {
        return { status: 'success', result: await answer(params) }
      } catch (error) {
        return { status: 'error', error }
      }
    },
    addListener(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    },
  }
}

const ADDRESSES = {
  addresses: [
    { address: PAYMENT, publicKey: '02ab', purpose: 'payment', addressType: 'p2wpkh' },
    { address: ORDINALS, publicKey: 'cd', purpose: 'ordinals', addressType: 'p2tr' },
    { address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', publicKey: 'ef', purpose: 'stacks', addressType: 'stacks' },
  ],
}

/** The one provider of a page holding `wallet` at window.Test.wallet. */
function providerOf(wallet: object) {
  const [found] = discoverBitcoinProviders(fakeWindow({ btc_providers: [{ id: 'Test.wallet', name: 'Test', icon: ICON }], Test: { wallet } }))
  return found!.provider
}

async function rejection(promise: Promise<unknown>): Promise<AirlockError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AirlockError)
  return error as AirlockError
}

describe('discoverBitcoinProviders', () => {
  const wallet = { request: async () => null }

  it('makes a bip122 connector of each btc_providers entry, id btc.<path lower-cased>, name and icon sanitised', () => {
    const win = fakeWindow({
      btc_providers: [{ id: 'XverseProviders.BitcoinProvider', name: '  Xverse\u202e Wallet ', icon: ICON, webUrl: 'https://xverse.app' }],
      XverseProviders: { BitcoinProvider: wallet },
    })
    const [found, ...rest] = discoverBitcoinProviders(win)
    expect(rest).toEqual([])
    expect(found!.connector).toEqual({ id: 'btc.xverseproviders.bitcoinprovider', name: 'Xverse Wallet', type: 'ANNOUNCED', chain: 'bip122', imageUrl: ICON })
    expect(typeof found!.provider.request).toBe('function')
  })

  it('keeps a wallet whose icon is not a data: image or https: URL, without the icon, and trims a long name', () => {
    const win = fakeWindow({ btc_providers: [{ id: 'W', name: 'x'.repeat(500), icon: 'javascript:alert(1)' }], W: wallet })
    const [found] = discoverBitcoinProviders(win)
    expect(found!.connector.imageUrl).toBeUndefined()
    expect(Array.from(found!.connector.name)).toHaveLength(MAX_WALLET_NAME_LENGTH)
  })

  it.each([
    ['an entry that is not an object', 'oops'],
    ['an entry without a name', { id: 'W' }],
    ['an empty name', { id: 'W', name: ' \u200b ' }],
    ['a path that does not resolve', { id: 'Nowhere.provider', name: 'N' }],
    ['a path through __proto__', { id: '__proto__.W', name: 'N' }],
    ['a path through constructor', { id: 'W.constructor', name: 'N' }],
    ['a path through prototype', { id: 'Fn.prototype', name: 'N' }],
    ['a path of 5 segments', { id: 'A.B.C.D.E', name: 'N' }],
    ['a path that is not dotted identifiers', { id: 'W["x"]', name: 'N' }],
    ['an object without request', { id: 'NoRequest', name: 'N' }],
    ['an inherited property', { id: 'Inherited.toString', name: 'N' }],
  ])('leaves out %s', (_reason, entry) => {
    const win = fakeWindow({
      btc_providers: [entry],
      W: wallet,
      Fn: Object.assign(function Fn() {}, { prototype: { request: () => null } }),
      A: { B: { C: { D: { E: wallet } } } },
      NoRequest: { other: () => null },
      Inherited: {},
    })
    expect(discoverBitcoinProviders(win)).toEqual([])
  })

  it('drops a second entry with the same id (case-insensitive), reads no list that is not an array, and survives a throwing getter', () => {
    const win = fakeWindow({
      btc_providers: [
        { id: 'W', name: 'First', icon: ICON },
        { id: 'w', name: 'Second' },
      ],
      W: wallet,
      w: wallet,
    })
    expect(discoverBitcoinProviders(win).map((f) => f.connector.name)).toEqual(['First'])
    expect(discoverBitcoinProviders(fakeWindow({ btc_providers: { id: 'W' } }))).toEqual([])
    const hostile = fakeWindow()
    Object.defineProperty(hostile, 'btc_providers', {
      get() {
        throw new Error('no')
      },
    })
    expect(discoverBitcoinProviders(hostile)).toEqual([])
  })

  it('finds the demo wallet, which appends its entry and keeps the others', () => {
    const win = fakeWindow({ btc_providers: [{ id: 'W', name: 'Other' }], W: wallet })
    installBitcoinTestWallet(win, { wif: WIF, paymentAddress: PAYMENT, ordinalsAddress: ORDINALS, esploraUrl: 'http://127.0.0.1:1' })
    installBitcoinTestWallet(win, { wif: WIF, paymentAddress: PAYMENT, ordinalsAddress: ORDINALS, esploraUrl: 'http://127.0.0.1:1' })
    expect(discoverBitcoinProviders(win).map((f) => [f.connector.id, f.connector.name])).toEqual([
      ['btc.w', 'Other'],
      ['btc.airlockdemobitcoin.provider', 'Demo Wallet'],
    ])
  })
})

describe('the provider: the bip122 relay protocol over sats-connect', () => {
  it('connects with getAddresses for payment and ordinals, and answers with intentions, stacks left out', async () => {
    const wallet = satsWallet({ getAddresses: () => ADDRESSES })
    const provider = providerOf(wallet)
    expect(await provider.request({ method: 'airlock_requestAccounts', params: { intentions: ['payment', 'ordinal'] } })).toEqual([
      { address: PAYMENT, publicKey: '02ab', intention: 'payment' },
      { address: ORDINALS, publicKey: 'cd', intention: 'ordinal' },
    ])
    expect(wallet.calls[0]).toEqual(['getAddresses', { purposes: ['payment', 'ordinals'], message: expect.any(String) }])
  })

  it('reads the addresses without a prompt from wallet_getAccount first, then getAccounts, then the last connect in this page', async () => {
    const both = satsWallet({ wallet_getAccount: () => ({ id: 'a', addresses: ADDRESSES.addresses, walletType: 'software' }), getAccounts: () => [] })
    expect(await providerOf(both).request({ method: 'getAccountAddresses', params: {} })).toHaveLength(2)
    expect(both.calls).toEqual([['wallet_getAccount', undefined]])

    const older = satsWallet({ getAccounts: () => ADDRESSES.addresses })
    const olderProvider = providerOf(older)
    expect(await olderProvider.request({ method: 'getAccountAddresses', params: { intentions: ['ordinal'] } })).toEqual([
      { address: ORDINALS, publicKey: 'cd', intention: 'ordinal' },
    ])
    await olderProvider.request({ method: 'getAccountAddresses', params: {} })
    // wallet_getAccount is not asked again once the wallet said it does not know it.
    expect(older.calls.map(([m]) => m)).toEqual(['wallet_getAccount', 'getAccounts', 'getAccounts'])

    const oldest = satsWallet({ getAddresses: () => ADDRESSES })
    const oldestProvider = providerOf(oldest)
    expect(await oldestProvider.request({ method: 'getAccountAddresses', params: {} })).toEqual([])
    await oldestProvider.request({ method: 'airlock_requestAccounts', params: {} })
    expect(await oldestProvider.request({ method: 'getAccountAddresses', params: {} })).toHaveLength(2)
    await oldestProvider.request({ method: 'airlock_disconnect' })
    expect(await oldestProvider.request({ method: 'getAccountAddresses', params: {} })).toEqual([])
  })

  it('answers getAccountAddresses with [] when the wallet denies access (-32002), as a site it does not know', async () => {
    const wallet = satsWallet({
      wallet_getAccount: () => {
        throw { code: -32002, message: 'Access denied' }
      },
    })
    expect(await providerOf(wallet).request({ method: 'getAccountAddresses', params: {} })).toEqual([])
  })

  it('signs a message with BIP-322 by default, ECDSA when asked', async () => {
    const wallet = satsWallet({ signMessage: (p) => ({ signature: 'c2ln', messageHash: 'ab', address: (p as { address: string }).address }) })
    const provider = providerOf(wallet)
    expect(await provider.request({ method: 'signMessage', params: { account: PAYMENT, address: PAYMENT, message: 'hi', protocol: 'bip322' } })).toEqual({
      address: PAYMENT,
      signature: 'c2ln',
      messageHash: 'ab',
    })
    await provider.request({ method: 'signMessage', params: { address: PAYMENT, message: 'hi', protocol: 'ecdsa' } })
    expect(wallet.calls.map(([, p]) => (p as { protocol: string }).protocol)).toEqual(['BIP322', 'ECDSA'])
  })

  it('groups signPsbt inputs by address, and sends sendTransfer as one recipient with a number of satoshis', async () => {
    const wallet = satsWallet({ signPsbt: () => ({ psbt: 'cHNidP8=', txid: 'ab'.repeat(32) }), sendTransfer: () => ({ txid: 'cd'.repeat(32) }) })
    const provider = providerOf(wallet)
    const signInputs = [
      { address: PAYMENT, index: 0 },
      { address: ORDINALS, index: 1 },
      { address: PAYMENT, index: 2, sighashTypes: [1] },
    ]
    expect(await provider.request({ method: 'signPsbt', params: { account: PAYMENT, psbt: 'cHNidP8=', signInputs, broadcast: true } })).toEqual({
      psbt: 'cHNidP8=',
      txid: 'ab'.repeat(32),
    })
    expect(wallet.calls[0]).toEqual(['signPsbt', { psbt: 'cHNidP8=', signInputs: { [PAYMENT]: [0, 2], [ORDINALS]: [1] }, broadcast: true }])
    expect(await provider.request({ method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: ORDINALS, amount: '12345' } })).toEqual({
      txid: 'cd'.repeat(32),
    })
    expect(wallet.calls[1]).toEqual(['sendTransfer', { recipients: [{ address: ORDINALS, amount: 12345 }] }])
  })

  it('refuses parameters of the wrong form with -32602 before the wallet is asked', async () => {
    const wallet = satsWallet({})
    const provider = providerOf(wallet)
    for (const amount of ['0', '-1', '1.5', '99999999999999999', 'ten']) {
      const error = await rejection(provider.request({ method: 'sendTransfer', params: { recipientAddress: PAYMENT, amount } }))
      expect(error).toBeInstanceOf(RpcRequestError)
      expect(error.code).toBe(-32602)
    }
    expect((await rejection(provider.request({ method: 'signMessage', params: { address: 1 } }))).code).toBe(-32602)
    expect(wallet.calls).toEqual([])
  })

  it('keeps the chain of a bip122 network and refuses any other with 4902', async () => {
    const provider = providerOf(satsWallet({}))
    expect(await provider.request({ method: 'airlock_setChain', params: [REGTEST] })).toBeNull()
    expect((await rejection(provider.request({ method: 'airlock_setChain', params: ['eip155:1'] }))).code).toBe(4902)
    expect((await rejection(provider.request({ method: 'airlock_setChain', params: ['bip122:ffffffffffffffffffffffffffffffff'] }))).code).toBe(4902)
  })

  it('disconnects with wallet_disconnect, else wallet_renouncePermissions, and swallows what they throw', async () => {
    const modern = satsWallet({ wallet_disconnect: () => null })
    await providerOf(modern).request({ method: 'airlock_disconnect' })
    expect(modern.calls.map(([m]) => m)).toEqual(['wallet_disconnect'])
    const older = satsWallet({
      wallet_renouncePermissions: () => {
        throw { code: -32603, message: 'boom' }
      },
    })
    expect(await providerOf(older).request({ method: 'airlock_disconnect' })).toBeNull()
    expect(older.calls.map(([m]) => m)).toEqual(['wallet_disconnect', 'wallet_renouncePermissions'])
  })

  it('turns a sats-connect user rejection (-32000) and a plain 4001 into USER_REJECTED with code 4001', async () => {
    for (const code of [-32000, 4001]) {
      const provider = providerOf(
        satsWallet({
          signMessage: () => {
            throw { code, message: 'User rejected the request.' }
          },
        }),
      )
      const error = await rejection(provider.request({ method: 'signMessage', params: { address: PAYMENT, message: 'x' } }))
      expect(error).toBeInstanceOf(UserRejectedRequestError)
      expect(error.code).toBe(4001)
      expect(error.category).toBe(ErrorCategory.USER_REJECTED)
    }
  })

  it('keeps the code of any other wallet error, reads the JSON-RPC form, and a request that throws', async () => {
    const jsonRpc = {
      async request(method: string) {
        if (method === 'getAddresses') return { jsonrpc: '2.0', id: 1, result: ADDRESSES }
        if (method === 'signPsbt') return { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal' } }
        if (method === 'getInfo') throw Object.assign(new Error('nope'), { code: 4100 })
        return { jsonrpc: '2.0', id: 3, error: { code: -32001, message: 'Method not supported' } }
      },
    }
    const provider = providerOf(jsonRpc)
    expect(await provider.request({ method: 'airlock_requestAccounts', params: {} })).toHaveLength(2)
    expect((await rejection(provider.request({ method: 'signPsbt', params: { psbt: 'x', signInputs: [] } }))).code).toBe(-32603)
    expect(await rejection(provider.request({ method: 'getInfo' }))).toBeInstanceOf(UnauthorizedProviderError)
    expect(await rejection(provider.request({ method: 'sendTransfer', params: { recipientAddress: PAYMENT, amount: '1' } }))).toBeInstanceOf(
      UnsupportedProviderMethodError,
    )
  })

  it('refuses an answer that is not a sats-connect response, or an address list without addresses, with a clear error', async () => {
    const provider = providerOf({ request: async () => 'hello' })
    const error = await rejection(provider.request({ method: 'airlock_requestAccounts', params: {} }))
    expect(error).toBeInstanceOf(WalletAnswerError)
    expect(error.message).toBe('The wallet answered getAddresses with something that is not a sats-connect response')
    const malformed = providerOf(satsWallet({ getAddresses: () => ({ addresses: [{ publicKey: '02' }] }) }))
    expect((await rejection(malformed.request({ method: 'airlock_requestAccounts', params: {} }))).message).toBe(
      'The wallet answered getAddresses with an entry without an address',
    )
  })

  it('passes any other method to the wallet as it is', async () => {
    const wallet = satsWallet({ getInfo: () => ({ version: '1.0.0' }) })
    expect(await providerOf(wallet).request({ method: 'getInfo', params: { x: 1 } })).toEqual({ version: '1.0.0' })
    expect(wallet.calls).toEqual([['getInfo', { x: 1 }]])
  })

  it('follows the wallet: accountChange becomes bip122_addressesChanged, disconnect stays disconnect; it stops with the last listener', async () => {
    const wallet = satsWallet({ wallet_getAccount: () => ADDRESSES })
    const provider = providerOf(wallet)
    const changed = vi.fn()
    const disconnected = vi.fn()
    provider.on!('bip122_addressesChanged', changed)
    provider.on!('disconnect', disconnected)
    wallet.listeners.get('accountChange')!({ type: 'accountChange' })
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1))
    expect(changed.mock.calls[0]![0]).toHaveLength(2)
    wallet.listeners.get('accountChange')!({ type: 'accountChange', addresses: [ADDRESSES.addresses[1]] })
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(2))
    expect(changed.mock.calls[1]![0]).toEqual([{ address: ORDINALS, publicKey: 'cd', intention: 'ordinal' }])
    wallet.listeners.get('disconnect')!(undefined)
    expect(disconnected).toHaveBeenCalledTimes(1)
    provider.removeListener!('bip122_addressesChanged', changed)
    provider.removeListener!('disconnect', disconnected)
    expect(wallet.listeners.size).toBe(0)
  })
})

describe('the provider over the demo wallet', () => {
  const install = (win: Window) =>
    installBitcoinTestWallet(win, { wif: WIF, paymentAddress: PAYMENT, ordinalsAddress: ORDINALS, esploraUrl: 'http://127.0.0.1:1' })

  it('connects, signs a BIP-322 message that bip322-js verifies for the payment and the ordinals address, and is declined with 4001', async () => {
    const win = fakeWindow()
    const wallet = install(win)
    const provider = onlyProvider(win)
    expect(await provider.request({ method: 'airlock_requestAccounts', params: { intentions: ['payment', 'ordinal'] } })).toEqual([
      { address: PAYMENT, publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/), intention: 'payment' },
      { address: ORDINALS, publicKey: expect.stringMatching(/^[0-9a-f]{64}$/), intention: 'ordinal' },
    ])
    for (const address of [PAYMENT, ORDINALS]) {
      const { signature } = (await provider.request({
        method: 'signMessage',
        params: { account: PAYMENT, address, message: 'Hello Airlock', protocol: 'bip322' },
      })) as {
        signature: string
      }
      expect(Verifier.verifySignature(address, 'Hello Airlock', signature)).toBe(true)
      expect(Verifier.verifySignature(address, 'Hello Airlock!', signature)).toBe(false)
    }
    wallet.declineNext()
    const error = await rejection(provider.request({ method: 'signMessage', params: { address: PAYMENT, message: 'x' } }))
    expect(error.code).toBe(4001)
  })

  it('restores after a reload from the same storage through getAccounts, and not after a disconnect', async () => {
    const storage = memoryStorage()
    const first = fakeWindow({}, storage)
    install(first)
    const provider = onlyProvider(first)
    expect(await provider.request({ method: 'getAccountAddresses', params: {} })).toEqual([])
    await provider.request({ method: 'airlock_requestAccounts', params: {} })

    const reloaded = fakeWindow({}, storage)
    install(reloaded)
    const again = onlyProvider(reloaded)
    expect(((await again.request({ method: 'getAccountAddresses', params: {} })) as { address: string }[]).map((a) => a.address)).toEqual([PAYMENT, ORDINALS])
    await again.request({ method: 'airlock_disconnect' })
    expect(await again.request({ method: 'getAccountAddresses', params: {} })).toEqual([])
  })
})
