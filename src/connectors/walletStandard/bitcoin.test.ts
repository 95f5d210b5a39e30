import { describe, expect, it, vi } from 'vitest'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Signer, Verifier } from 'bip322-js'
import { bitcoinStandard } from './bitcoin'
import { bip122Adapter } from '../../chains/bip122/adapter'
import { BIP122_REFERENCES } from '../../chains/bip122/address'
import type { CaipNetwork } from '../../events/shapes/network'
import { AirlockError } from '../../kernel/errors'
import { UnsupportedProviderMethodError, UserRejectedRequestError, WalletAnswerError } from '../../kernel/errors/provider'

bitcoin.initEccLib(ecc)
const NETWORK = bitcoin.networks.regtest
const REGTEST_ID = `bip122:${BIP122_REFERENCES.regtest}`
const MAINNET_ID = `bip122:${BIP122_REFERENCES.mainnet}`
const WIF = 'cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk'

const regtest: CaipNetwork = {
  id: REGTEST_ID,
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  caipNetworkId: REGTEST_ID as CaipNetwork['caipNetworkId'],
  chainNamespace: 'bip122',
}

/**
 * A Wallet Standard Bitcoin wallet over one regtest key (bitcoinjs-lib): bitcoin:connect returns
 * the accounts in the order of the purposes asked (payment P2WPKH, ordinals P2TR), bitcoin:signMessage
 * signs BIP-322 (bip322-js), bitcoin:signTransaction signs the listed inputs of a PSBT,
 * bitcoin:signAndSendTransaction also finalizes it and returns its txid (without a chain to send to).
 */
function testWallet(options: { chains?: IdentifierString[]; omit?: string[]; purposeField?: boolean } = {}) {
  const key = ECPairFactory(ecc).fromWIF(WIF, NETWORK)
  const internal = bitcoin.toXOnly(key.publicKey)
  const tweaked = key.tweak(bitcoin.crypto.taggedHash('TapTweak', internal))
  const payment = bitcoin.payments.p2wpkh({ pubkey: key.publicKey, network: NETWORK })
  const ordinals = bitcoin.payments.p2tr({ internalPubkey: internal, network: NETWORK })
  const chains = options.chains ?? ['bitcoin:regtest']
  const accountOf = (address: string, publicKey: Uint8Array, purpose: string): WalletAccount => ({
    address,
    publicKey,
    chains,
    features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
    ...(options.purposeField ? { purpose } : {}),
  })
  const all = { payment: accountOf(payment.address!, key.publicKey, 'payment'), ordinals: accountOf(ordinals.address!, internal, 'ordinals') }
  let accounts: WalletAccount[] = []
  let decline = false
  const changes = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const calls: string[] = []
  const refuse = () => {
    decline = false
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
  }
  const sign = (input: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }) => {
    const psbt = bitcoin.Psbt.fromBuffer(input.psbt, { network: NETWORK })
    for (const { account, signingIndexes } of input.inputsToSign) {
      const taproot = account.address === ordinals.address
      for (const index of signingIndexes) {
        if (taproot && !psbt.data.inputs[index]!.tapInternalKey) psbt.updateInput(index, { tapInternalKey: internal })
        psbt.signInput(index, taproot ? tweaked : key)
      }
    }
    return psbt
  }
  const features: Record<string, unknown> = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect({ purposes }: { purposes: string[] }) {
        calls.push('bitcoin:connect')
        if (decline) refuse()
        accounts = purposes.map((p) => (p === 'payment' ? all.payment : all.ordinals))
        for (const listener of changes) listener({ accounts })
        return { accounts }
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
        calls.push('bitcoin:signMessage')
        if (decline) refuse()
        return inputs.map(({ account, message }) => ({
          signedMessage: message,
          signature: Buffer.from(Signer.sign(WIF, account.address, new TextDecoder().decode(message)), 'base64'),
        }))
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]; chain: string }[]) {
        calls.push(`bitcoin:signTransaction ${inputs[0]!.chain}`)
        return inputs.map((input) => ({ signedPsbt: sign(input).toBuffer() }))
      },
    },
    'bitcoin:signAndSendTransaction': {
      version: '1.0.0',
      async signAndSendTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }[]) {
        calls.push('bitcoin:signAndSendTransaction')
        return inputs.map((input) => ({ txId: sign(input).finalizeAllInputs().extractTransaction().getId() }))
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(_event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void) {
        changes.add(listener)
        return () => changes.delete(listener)
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        calls.push('standard:disconnect')
        accounts = []
      },
    },
  }
  for (const name of options.omit ?? []) delete features[name]
  const wallet = {
    version: '1.0.0',
    name: 'Test Bitcoin',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    features,
    get accounts() {
      return accounts
    },
  } as unknown as Wallet
  return {
    wallet,
    calls,
    key,
    internal,
    payment,
    ordinals,
    changes,
    declineNext: () => void (decline = true),
    change(next: WalletAccount[]) {
      accounts = next
      for (const listener of changes) listener({ accounts: next })
    },
  }
}

async function rejection(promise: Promise<unknown>): Promise<AirlockError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AirlockError)
  return error as AirlockError
}

/** A PSBT spending one made-up output of the payment and one of the ordinals address to the payment address. */
function psbtSpendingBoth(test: ReturnType<typeof testWallet>): bitcoin.Psbt {
  const psbt = new bitcoin.Psbt({ network: NETWORK })
  psbt.addInput({ hash: 'aa'.repeat(32), index: 0, witnessUtxo: { script: test.payment.output!, value: 50_000n } })
  psbt.addInput({ hash: 'bb'.repeat(32), index: 1, witnessUtxo: { script: test.ordinals.output!, value: 10_000n }, tapInternalKey: test.internal })
  psbt.addOutput({ script: test.payment.output!, value: 59_000n })
  return psbt
}

describe('bitcoinStandard.accepts', () => {
  it('takes a wallet with a Bitcoin chain (a bip122 id or a bitcoin: name), bitcoin:connect, bitcoin:signMessage and standard:events', () => {
    expect(bitcoinStandard.namespace).toBe('bip122')
    expect(bitcoinStandard.accepts(testWallet().wallet)).toBe(true)
    expect(bitcoinStandard.accepts(testWallet({ chains: [REGTEST_ID as IdentifierString] }).wallet)).toBe(true)
    expect(bitcoinStandard.accepts(testWallet({ omit: ['bitcoin:signTransaction', 'bitcoin:signAndSendTransaction', 'standard:disconnect'] }).wallet)).toBe(
      true,
    )
  })

  it.each([
    ['no Bitcoin chain', { chains: ['solana:mainnet' as IdentifierString] }],
    ['an unknown bip122 chain', { chains: ['bip122:ffffffffffffffffffffffffffffffff' as IdentifierString] }],
    ['no bitcoin:connect', { omit: ['bitcoin:connect'] }],
    ['no bitcoin:signMessage', { omit: ['bitcoin:signMessage'] }],
    ['no standard:events', { omit: ['standard:events'] }],
  ])('refuses a wallet with %s', (_reason, options) => {
    expect(bitcoinStandard.accepts(testWallet(options).wallet)).toBe(false)
  })

  it('refuses a wallet whose chains or features throw when read', () => {
    const hostile = {
      get chains(): never {
        throw new Error('no')
      },
    } as unknown as Wallet
    expect(bitcoinStandard.accepts(hostile)).toBe(false)
    const features = new Proxy(
      {},
      {
        get() {
          throw new Error('no')
        },
      },
    )
    expect(bitcoinStandard.accepts({ chains: ['bitcoin:mainnet'], features } as unknown as Wallet)).toBe(false)
  })
})

describe('bitcoinStandard.provider through the bip122 adapter', () => {
  it('connects with bitcoin:connect for payment and ordinals: payment first, account types from the order of the purposes (SPEC §9)', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    const session = await bip122Adapter.connect(provider, regtest)
    expect(session).toEqual({
      addresses: [test.payment.address, test.ordinals.address],
      accountTypes: ['payment', 'ordinal'],
      chainReference: BIP122_REFERENCES.regtest,
    })
  })

  it('takes the intention from the account’s own purpose when it names one', async () => {
    const test = testWallet({ purposeField: true })
    const provider = bitcoinStandard.provider(test.wallet)
    await provider.request({ method: 'airlock_setChain', params: [REGTEST_ID] })
    // Asked ordinals first: the accounts' own purposes still say which is which.
    const entries = (await provider.request({ method: 'airlock_requestAccounts', params: { intentions: ['ordinal', 'payment'] } })) as { intention: string }[]
    expect(entries.map((e) => e.intention)).toEqual(['ordinal', 'payment'])
  })

  it('restores from wallet.accounts, with the intentions learnt at connect, and finds none before a connect', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    expect(await bip122Adapter.restore(provider, regtest)).toBeNull()
    await bip122Adapter.connect(provider, regtest)
    expect(await bip122Adapter.restore(provider, regtest)).toMatchObject({
      addresses: [test.payment.address, test.ordinals.address],
      accountTypes: ['payment', 'ordinal'],
    })
  })

  it('refuses a chain the wallet does not list with 4902, and the mainnet addresses of a regtest wallet never reach a mainnet session', async () => {
    const provider = bitcoinStandard.provider(testWallet().wallet)
    const mainnet: CaipNetwork = { ...regtest, id: MAINNET_ID, caipNetworkId: MAINNET_ID as CaipNetwork['caipNetworkId'] }
    expect((await rejection(bip122Adapter.connect(provider, mainnet))).code).toBe(4902)
  })

  it('signs a message with bitcoin:signMessage: the base64 signature verifies with bip322-js for the payment address', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    const { addresses } = await bip122Adapter.connect(provider, regtest)
    const signature = await bip122Adapter.signMessage(provider, addresses[0]!, 'Hello Airlock')
    expect(Verifier.verifySignature(addresses[0]!, 'Hello Airlock', signature)).toBe(true)
    test.declineNext()
    const error = await rejection(bip122Adapter.signMessage(provider, addresses[0]!, 'again'))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
  })

  it('refuses to sign for an address the wallet does not expose (4100)', async () => {
    const provider = bitcoinStandard.provider(testWallet().wallet)
    await bip122Adapter.connect(provider, regtest)
    expect((await rejection(bip122Adapter.signMessage(provider, 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'x'))).code).toBe(4100)
  })

  it('signs a PSBT with bitcoin:signTransaction on the chain the site set, inputs grouped by account', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    await bip122Adapter.connect(provider, regtest)
    const psbt = psbtSpendingBoth(test)
    const signed = await bip122Adapter.signPsbt!(provider, test.payment.address!, psbt.toBase64(), [
      { address: test.payment.address!, index: 0 },
      { address: test.ordinals.address!, index: 1 },
    ])
    expect(signed.txid).toBeUndefined()
    const back = bitcoin.Psbt.fromBase64(signed.psbt, { network: NETWORK })
    expect(back.validateSignaturesOfInput(0, (pubkey, hash, signature) => ecc.verify(hash, pubkey, signature))).toBe(true)
    expect(back.data.inputs[1]!.tapKeySig).toHaveLength(64)
    expect(test.calls).toContain('bitcoin:signTransaction bitcoin:regtest')
  })

  it('signs and sends with bitcoin:signAndSendTransaction when asked to broadcast, answering the txid and the PSBT given', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    await bip122Adapter.connect(provider, regtest)
    const psbt = psbtSpendingBoth(test).toBase64()
    const sent = await bip122Adapter.signPsbt!(
      provider,
      test.payment.address!,
      psbt,
      [
        { address: test.payment.address!, index: 0 },
        { address: test.ordinals.address!, index: 1 },
      ],
      true,
    )
    expect(sent).toEqual({ psbt, txid: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })

  it('refuses sendTransfer (4200): the standard has no transfer, with or without bitcoin:signAndSendTransaction', async () => {
    for (const omit of [[], ['bitcoin:signAndSendTransaction']]) {
      const test = testWallet({ omit })
      const provider = bitcoinStandard.provider(test.wallet)
      await bip122Adapter.connect(provider, regtest)
      const error = await rejection(
        bip122Adapter.sendNativeTransfer(provider, { from: test.payment.address!, to: test.ordinals.address!, amount: 1000n, network: regtest }),
      )
      expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
      expect(error.code).toBe(4200)
    }
  })

  it('refuses a malformed answer with a clear error', async () => {
    const test = testWallet()
    ;(test.wallet.features['bitcoin:connect' as IdentifierString] as { connect: unknown }).connect = async () => ({ accounts: 'none' })
    const error = await rejection(bitcoinStandard.provider(test.wallet).request({ method: 'airlock_requestAccounts', params: {} }))
    expect(error).toBeInstanceOf(WalletAnswerError)
    expect(error.message).toBe('The wallet answered bitcoin:connect with something that is not a list of accounts')
  })

  it('follows standard:events: a change of accounts is bip122_addressesChanged, none left is disconnect; it stops with the last listener', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    await bip122Adapter.connect(provider, regtest)
    const accountsChanged = vi.fn()
    const disconnect = vi.fn()
    const stop = bip122Adapter.subscribe(provider, { accountsChanged, disconnect, chainChanged: vi.fn() })
    test.change([...(test.wallet.accounts as WalletAccount[])].reverse())
    expect(accountsChanged).toHaveBeenCalledWith([test.payment.address, test.ordinals.address], ['payment', 'ordinal'])
    test.change([])
    expect(disconnect).toHaveBeenCalledTimes(1)
    stop()
    expect(test.changes.size).toBe(0)
  })

  it('tells the wallet on disconnect (standard:disconnect) and forgets the accounts', async () => {
    const test = testWallet()
    const provider = bitcoinStandard.provider(test.wallet)
    await bip122Adapter.connect(provider, regtest)
    await bip122Adapter.disconnect(provider)
    expect(test.calls).toContain('standard:disconnect')
    expect(await bip122Adapter.restore(provider, regtest)).toBeNull()
  })
})
