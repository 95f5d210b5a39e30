/**
 * Wallet and indexer answers are untrusted input: each is decoded (io-ts) before use, so a wallet
 * that answers with something else gets a clear error instead of a crash further on.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { WalletAnswerError } from '../../kernel/errors/provider'
import { HttpRequestError } from '../../kernel/errors/http'
import type { AccountType } from '../../events/shapes/namespace'

/** The two address purposes of a Bitcoin wallet (SPEC §9: payment is the default account type). */
export type AddressIntention = Extract<AccountType, 'payment' | 'ordinal'>

export interface WalletAddress {
  readonly address: string
  readonly publicKey?: string
  readonly intention?: AddressIntention
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const TXID = /^[0-9a-fA-F]{64}$/

const AddressEntry = t.intersection([
  t.type({ address: t.string }),
  t.partial({ publicKey: t.unknown, path: t.unknown, intention: t.unknown, purpose: t.unknown }),
])

/**
 * The intention of an address, as wallets name it: 'payment', 'ordinal' (WalletConnect) or
 * 'ordinals' (sats-connect's purpose). Anything else is none.
 */
export function intentionOf(value: unknown): AddressIntention | undefined {
  if (value === 'payment') return 'payment'
  if (value === 'ordinal' || value === 'ordinals') return 'ordinal'
  return undefined
}

/**
 * getAccountAddresses / airlock_requestAccounts: a list of `{ address, publicKey?, path?,
 * intention? }`. Every entry must have a string address; whether it is an address of the right
 * network is the adapter's question.
 */
export function decodeWalletAddresses(method: string, value: unknown): WalletAddress[] {
  if (!Array.isArray(value)) throw new WalletAnswerError({ method, answer: 'something that is not a list of addresses' })
  return value.map((entry: unknown) => {
    const decoded = AddressEntry.decode(entry)
    if (!isRight(decoded)) throw new WalletAnswerError({ method, answer: 'an entry without an address' })
    const { address, publicKey } = decoded.right
    const intention = intentionOf(decoded.right.intention ?? decoded.right.purpose)
    return {
      address,
      ...(typeof publicKey === 'string' && HEX.test(publicKey) ? { publicKey: publicKey.toLowerCase() } : {}),
      ...(intention ? { intention } : {}),
    }
  })
}

const SignedMessage = t.intersection([t.type({ signature: t.string }), t.partial({ address: t.string, messageHash: t.unknown })])

/** signMessage: `{ address, signature: base64, messageHash? }`; returns the signature. */
export function decodeSignature(method: string, value: unknown): string {
  const decoded = SignedMessage.decode(value)
  if (!isRight(decoded)) throw new WalletAnswerError({ method, answer: 'something that is not a signed message' })
  const { signature } = decoded.right
  if (signature === '' || !BASE64.test(signature)) throw new WalletAnswerError({ method, answer: 'a signature that is not base64' })
  return signature
}

/** A transaction id: 64 hex digits, returned lower-cased. */
export function decodeTxid(method: string, value: unknown): string {
  if (typeof value !== 'string' || !TXID.test(value)) throw new WalletAnswerError({ method, answer: 'something that is not a transaction id' })
  return value.toLowerCase()
}

const Transfer = t.type({ txid: t.unknown })

/** sendTransfer: `{ txid }`. */
export function decodeTransfer(method: string, value: unknown): string {
  const decoded = Transfer.decode(value)
  if (!isRight(decoded)) throw new WalletAnswerError({ method, answer: 'something without a transaction id' })
  return decodeTxid(method, decoded.right.txid)
}

const SignedPsbt = t.intersection([t.type({ psbt: t.string }), t.partial({ txid: t.unknown })])

/** signPsbt: `{ psbt: base64, txid? }`. */
export function decodeSignedPsbt(method: string, value: unknown): { psbt: string; txid?: string } {
  const decoded = SignedPsbt.decode(value)
  if (!isRight(decoded)) throw new WalletAnswerError({ method, answer: 'something that is not a signed PSBT' })
  const { psbt, txid } = decoded.right
  if (psbt === '' || !BASE64.test(psbt)) throw new WalletAnswerError({ method, answer: 'a PSBT that is not base64' })
  return txid === undefined || txid === null ? { psbt } : { psbt, txid: decodeTxid(method, txid) }
}

/** A count of satoshis as Esplora sends it: a non-negative safe integer. */
const Sats = t.refinement(t.number, (n) => Number.isSafeInteger(n) && n >= 0, 'Sats')
const Stats = t.type({ funded_txo_sum: Sats, spent_txo_sum: Sats })
const EsploraAddress = t.type({ chain_stats: Stats, mempool_stats: Stats })

/**
 * Esplora's `GET /address/:address`: confirmed and mempool sums. Returns the balance in
 * satoshis, the mempool counted (what the wallet can spend next).
 *
 * ```ts
 * decodeEsploraBalance('/address/bcrt1q…', { chain_stats: { funded_txo_sum: 5000, spent_txo_sum: 1000, … }, mempool_stats: { … } }) // 4000n
 * ```
 */
export function decodeEsploraBalance(path: string, value: unknown): bigint {
  const decoded = EsploraAddress.decode(value)
  if (!isRight(decoded)) throw new HttpRequestError({ details: `The answer to ${path} is not an Esplora address` })
  const { chain_stats: chain, mempool_stats: mempool } = decoded.right
  const balance = BigInt(chain.funded_txo_sum) - BigInt(chain.spent_txo_sum) + BigInt(mempool.funded_txo_sum) - BigInt(mempool.spent_txo_sum)
  if (balance < 0n) throw new HttpRequestError({ details: `The answer to ${path} spends more than it funds` })
  return balance
}
