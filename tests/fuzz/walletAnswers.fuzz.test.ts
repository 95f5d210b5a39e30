/**
 * Every wallet RPC answer (issue 27 §2), through the chain adapters that ask for them: a wallet of
 * each namespace (eip155, solana, bip122) whose `request` answers with hostile values, valid ones,
 * and valid ones mutated, in any order. The rule: each adapter call either resolves with a value of
 * the shape it promises or rejects with an AirlockError that says what the wallet answered (SPEC §8
 * "clear errors"); never a TypeError or another crash from reading the answer. The wallets' events
 * (accountsChanged, chainChanged) with hostile payloads are ignored: no handler is called with
 * them, and nothing is thrown into the wallet's emitter.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { ChainAdapter, ChainReader, WalletEventHandlers, WalletProvider } from '../../src/chains/adapter'
import type { WalletSignInInput } from '../../src/ports/wallet'
import { eip155Adapter } from '../../src/chains/eip155/adapter'
import { solanaAdapter } from '../../src/chains/solana/adapter'
import { bip122Adapter } from '../../src/chains/bip122/adapter'
import { discoverBitcoinProviders } from '../../src/connectors/bitcoinProviders'
import { AirlockError } from '../../src/kernel/errors'
import type { CaipNetwork } from '../../src/events/shapes/network'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { solana } from '../../src/core/networks/chains/solana'
import { bitcoin } from '../../src/core/networks/chains/bitcoin'
import { runs } from '../property/settings'
import { hostile, mutated } from './hostile'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const SOL_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const BASE64 = 'SGVsbG8gd29ybGQ='
const SIGN_IN: WalletSignInInput = {
  domain: 'shop.example',
  uri: 'https://shop.example',
  version: '1',
  chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'abcdefgh',
  issuedAt: '2026-01-01T00:00:00.000Z',
  statement: 'Sign in',
}

interface Subject {
  readonly adapter: ChainAdapter
  readonly network: CaipNetwork
  readonly address: string
  /** Answers a real wallet of the namespace gives, to mix with the hostile ones. */
  readonly valid: readonly unknown[]
  /** The wallet that gives `answers`, as the adapter meets it (default: answering them itself). */
  readonly wallet?: (answers: readonly unknown[]) => WalletProvider & ChainReader
}

/** A sats-connect wallet of the page's `window.btc_providers`, answering `answers`, as discovery hands it to the adapter. */
function satsConnectWallet(answers: readonly unknown[]): WalletProvider & ChainReader {
  const raw = answering(answers)
  const win = {
    btc_providers: [{ id: 'unisat', name: 'UniSat', icon: 'https://unisat.example/icon.png' }],
    unisat: { request: () => raw.request({ method: 'x' }) },
  }
  const [found] = discoverBitcoinProviders(win as unknown as Window)
  return { request: (args: Parameters<WalletProvider['request']>[0]) => found!.provider.request(args), get: raw.get } as unknown as WalletProvider & ChainReader
}

const SUBJECTS: Record<string, Subject> = {
  eip155: {
    adapter: eip155Adapter,
    network: ethereum,
    address: EVM,
    valid: [[EVM], '0x1', `0x${'ab'.repeat(65)}`, { '0x1': { atomic: { status: 'supported' } } }, '0xde0b6b3a7640000', null],
  },
  solana: {
    adapter: solanaAdapter,
    network: solana,
    address: SOL,
    valid: [
      [{ pubkey: SOL }],
      { signature: SOL_SIGNATURE },
      { context: { slot: 1 }, value: 5 },
      { address: SOL, signedMessage: BASE64, signature: SOL_SIGNATURE },
      null,
    ],
  },
  bip122: {
    adapter: bip122Adapter,
    network: bitcoin,
    address: BTC,
    valid: [[{ address: BTC, purpose: 'payment' }], { address: BTC, signature: BASE64 }, { psbt: BASE64 }, { txid: 'ab'.repeat(32) }, null],
  },
  'bip122 (sats-connect, window.btc_providers)': {
    adapter: bip122Adapter,
    network: bitcoin,
    address: BTC,
    wallet: satsConnectWallet,
    valid: [
      { status: 'success', result: [{ address: BTC, purpose: 'payment', publicKey: '02'.padEnd(66, 'a') }] },
      { jsonrpc: '2.0', result: { addresses: [{ address: BTC, purpose: 'ordinals' }] } },
      { status: 'success', result: { address: BTC, signature: BASE64 } },
      { status: 'success', result: { psbt: BASE64, txid: 'ab'.repeat(32) } },
      { status: 'error', error: { code: 4001, message: 'User rejected' } },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } },
    ],
  },
}

/** A wallet (and node) that gives `answers` in turn, the last again once they run out. */
function answering(answers: readonly unknown[]): WalletProvider & ChainReader {
  let i = 0
  const next = async (): Promise<unknown> => answers[Math.min(i++, answers.length - 1)]
  return {
    request: next,
    get: next,
  } as unknown as WalletProvider & ChainReader
}

/** Each call an adapter makes of a wallet or a node, with arguments a site would pass. */
function calls(subject: Subject, wallet: WalletProvider & ChainReader): [string, () => Promise<unknown>][] {
  const { adapter, network, address } = subject
  const list: [string, () => Promise<unknown>][] = [
    ['connect', () => adapter.connect(wallet, network)],
    ['restore', () => adapter.restore(wallet, network)],
    ['signMessage', () => adapter.signMessage(wallet, address, 'Hello')],
    ['getBalance', () => adapter.getBalance(wallet, address, network)],
    ['switchNetwork', () => adapter.switchNetwork(wallet, network)],
  ]
  if (adapter.getCapabilities) list.push(['getCapabilities', () => adapter.getCapabilities!(wallet, address)])
  if (adapter.signTypedData)
    list.push([
      'signTypedData',
      () =>
        adapter.signTypedData!(wallet, address, {
          domain: { name: 'Fuzz', chainId: 1 },
          types: { Mail: [{ name: 'contents', type: 'string' }] },
          primaryType: 'Mail',
          message: { contents: 'hi' },
        }),
    ])
  if (adapter.sendTransaction && adapter.namespace === 'eip155')
    list.push(['sendTransaction', () => adapter.sendTransaction!(wallet, address, { to: EVM, value: '0x1' })])
  if (adapter.signIn) list.push(['signIn', () => adapter.signIn!(wallet, address, SIGN_IN)])
  if (adapter.signPsbt) list.push(['signPsbt', () => adapter.signPsbt!(wallet, address, BASE64, [{ address, index: 0 }], false)])
  return list
}

/** Answers: hostile values, valid ones and valid ones mutated, 1 to 4 in a row. */
const answers = (subject: Subject) =>
  fc.array(
    fc.oneof(
      { weight: 3, arbitrary: hostile },
      { weight: 2, arbitrary: fc.constantFrom(...subject.valid) },
      { weight: 3, arbitrary: mutated(fc.constantFrom(...subject.valid)) },
    ),
    { minLength: 1, maxLength: 4 },
  )

describe('every wallet RPC answer, through the chain adapters (issue 27 §2)', () => {
  for (const [namespace, subject] of Object.entries(SUBJECTS)) {
    for (const [name] of calls(subject, answering([null]))) {
      it(`${namespace} ${name}: whatever the wallet answers, a result or an AirlockError, never a crash`, async () => {
        await fc.assert(
          fc.asyncProperty(answers(subject), async (given) => {
            const call = calls(subject, (subject.wallet ?? answering)(given)).find(([n]) => n === name)![1]
            try {
              await call()
            } catch (error) {
              if (!(error instanceof AirlockError)) throw new Error(`${namespace} ${name} crashed on ${String(error)}`, { cause: error })
              expect(error.message.length).toBeGreaterThan(0)
            }
          }),
          runs({ ciScale: 0.25 }),
        )
      })
    }

    it(`${namespace}: wallet events with hostile payloads are ignored, never thrown into the wallet's emitter`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom('accountsChanged', 'chainChanged', 'accountChanged', 'bip122_addressesChanged'), hostile), { maxLength: 6 }),
          (events) => {
            const listeners = new Map<string, ((value: unknown) => void)[]>()
            const wallet = {
              request: async () => null,
              on: (event: string, listener: (value: unknown) => void) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
              removeListener: () => undefined,
            } as unknown as WalletProvider
            const seen: { kind: string; value: unknown }[] = []
            const handlers: WalletEventHandlers = {
              accountsChanged: (addresses) => void seen.push({ kind: 'accounts', value: addresses }),
              chainChanged: (reference) => void seen.push({ kind: 'chain', value: reference }),
              disconnect: () => void seen.push({ kind: 'disconnect', value: null }),
            }
            const stop = subject.adapter.subscribe(wallet, handlers)
            for (const [event, payload] of events) for (const listener of listeners.get(event) ?? []) listener(payload)
            stop()
            // What reached the handlers is of the handlers' types: addresses of the namespace, a chain reference.
            for (const { kind, value } of seen) {
              if (kind === 'accounts') {
                expect(Array.isArray(value)).toBe(true)
                for (const address of value as unknown[]) expect(typeof address === 'string' && subject.adapter.isAddress(address)).toBe(true)
              }
              if (kind === 'chain') expect(typeof value).toBe('string')
            }
          },
        ),
        runs({ ciScale: 0.25 }),
      )
    })
  }
})

describe('regressions the fuzzing found (issue 27 §2)', () => {
  it('solana signIn: a signed message that is base64 but not UTF-8 is a WalletAnswerError, not a TypeError (seed -1794380034)', async () => {
    // 0xff is never UTF-8; TextDecoder({ fatal: true }) threw a TypeError out of signIn.
    const wallet = answering([{ address: SOL, signedMessage: '/w==', signature: SOL_SIGNATURE }])
    await expect(solanaAdapter.signIn!(wallet, SOL, SIGN_IN)).rejects.toThrow(
      /The wallet answered solana_signIn with a signed message that is not base64 of UTF-8 text/,
    )
    await expect(
      solanaAdapter.signIn!(answering([{ address: SOL, signedMessage: 'not base64!', signature: SOL_SIGNATURE }]), SOL, SIGN_IN),
    ).rejects.toBeInstanceOf(AirlockError)
  })

  it('solana accountsChanged: a list with a hole is ignored, not handed on with an undefined address (seed 21216383)', () => {
    let listener: ((value: unknown) => void) | undefined
    const wallet = {
      request: async () => null,
      on: (event: string, l: (value: unknown) => void) => (event === 'accountsChanged' ? (listener = l) : undefined),
    } as unknown as WalletProvider
    const seen: unknown[] = []
    solanaAdapter.subscribe(wallet, { accountsChanged: (addresses) => void seen.push(addresses), chainChanged: () => undefined, disconnect: () => undefined })
    // eslint-disable-next-line no-sparse-arrays
    listener!([, SOL])
    listener!([SOL])
    expect(seen).toEqual([[SOL]])
  })
})
