/**
 * io-ts codecs for the values EIP-1193 params carry. Each is strict where a lenient reading could
 * sign or send something other than what the visitor approved (a malformed address, odd-length
 * data), and names what it expects, since that name is what an invalid-params message shows.
 */
import * as t from 'io-ts'
import { isAddress, type Address, type Hash, type Hex } from 'viem'
import { typeName } from '../../../../src/validation/describeInput'

const refined = <A extends string>(name: string, test: (s: string) => boolean): t.Type<A, A, unknown> =>
  new t.Type<A, A, unknown>(
    name,
    (u): u is A => typeof u === 'string' && test(u),
    (u, c) => (typeof u === 'string' && test(u) ? t.success(u as A) : t.failure(u, c)),
    t.identity,
  )

/** 0x and 40 hex digits; a mixed-case address must carry a valid checksum (EIP-55). */
export const AddressCodec = refined<Address>('an address (0x and 40 hex digits)', (s) => isAddress(s))

/** Bytes as hex: 0x and an even number of hex digits. */
export const BytesCodec = refined<Hex>('hex bytes (0x and an even number of hex digits)', (s) => /^0x(?:[0-9a-fA-F]{2})*$/.test(s))

/** A 32-byte hash: 0x and 64 hex digits. */
export const HashCodec = refined<Hash>('a 32-byte hash (0x and 64 hex digits)', (s) => /^0x[0-9a-fA-F]{64}$/.test(s))

/** A quantity: 0x and 1 to 64 hex digits (leading zeros tolerated, as most wallets do). */
export const QuantityCodec = refined<Hex>('a hex quantity (0x and 1 to 64 hex digits)', (s) => /^0x[0-9a-fA-F]{1,64}$/.test(s))

/** A chain id as EIP-1193 carries it: a hex quantity of a positive safe integer. */
export const ChainIdCodec = refined<Hex>('a chain id (a positive hex quantity)', (s) => {
  if (!/^0x[0-9a-fA-F]{1,13}$/.test(s)) return false
  const n = Number.parseInt(s, 16)
  return n > 0 && Number.isSafeInteger(n)
})

export const BlockTagCodec = t.union(
  [t.keyof({ latest: null, earliest: null, pending: null, safe: null, finalized: null }), QuantityCodec],
  'a block tag or number',
)

/** A block as eth_call and its kind take it: a tag or number, or EIP-1898's object. */
export const BlockCodec = t.union(
  [
    BlockTagCodec,
    t.exact(t.type({ blockNumber: QuantityCodec })),
    t.exact(t.intersection([t.type({ blockHash: HashCodec }), t.partial({ requireCanonical: t.boolean })])),
  ],
  'a block (tag, number, { blockNumber } or { blockHash })',
)

const AccessListCodec = t.array(t.exact(t.type({ address: AddressCodec, storageKeys: t.array(HashCodec) })), 'an access list')

/**
 * A transaction request's fields (eth_sendTransaction, eth_call, eth_estimateGas). Exact: fields
 * not named here are dropped, so nothing unchecked reaches the node or the signer.
 */
export const TransactionRequestCodec = t.exact(
  t.partial({
    from: AddressCodec,
    to: t.union([AddressCodec, t.null]),
    value: QuantityCodec,
    data: BytesCodec,
    input: BytesCodec,
    gas: QuantityCodec,
    gasPrice: QuantityCodec,
    maxFeePerGas: QuantityCodec,
    maxPriorityFeePerGas: QuantityCodec,
    nonce: QuantityCodec,
    type: t.keyof({ '0x0': null, '0x1': null, '0x2': null }, 'a transaction type (0x0, 0x1 or 0x2)'),
    chainId: ChainIdCodec,
    accessList: AccessListCodec,
  }),
  'a transaction object',
)
export type TransactionRequest = t.TypeOf<typeof TransactionRequestCodec>

/** Base58 text (Solana messages, addresses, signatures). */
export const Base58Codec = refined<string>('base58 text', (s) => /^[1-9A-HJ-NP-Za-km-z]*$/.test(s))

/** Standard base64, padded (a Solana wire transaction). */
export const Base64Codec = refined<string>('base64 text', (s) => s.length > 0 && s.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(s))

type TypesOf<C extends readonly t.Mixed[]> = { -readonly [K in keyof C]: t.TypeOf<C[K]> }
type Optional<T extends readonly unknown[]> = { [K in keyof T]?: T[K] }

/**
 * An EIP-1193 params list: `required` entries, then up to `optional.length` more. A method without
 * required entries also takes absent params. (io-ts tuples have a fixed length; most methods have
 * optional trailing entries, such as eth_getBalance's block.)
 */
export function paramsList<const R extends readonly t.Mixed[]>(required: R): t.Type<TypesOf<R>, unknown, unknown>
export function paramsList<const R extends readonly t.Mixed[], const O extends readonly t.Mixed[]>(
  required: R,
  optional: O,
): t.Type<[...TypesOf<R>, ...Optional<TypesOf<O>>], unknown, unknown>
export function paramsList(required: readonly t.Mixed[], optional?: readonly t.Mixed[]): t.Type<unknown[], unknown, unknown> {
  type A = unknown[]
  const all: readonly t.Mixed[] = [...required, ...(optional ?? [])]
  const arity = all.length === required.length ? `${all.length}` : `${required.length} to ${all.length}`
  const codec: t.Type<A, unknown, unknown> = new t.Type<A, unknown, unknown>(
    `a list of ${arity} params`,
    (u): u is A => Array.isArray(u) && u.length >= required.length && u.length <= all.length && u.every((v, i) => all[i]!.is(v)),
    (u, c) => {
      const value = u === undefined && required.length === 0 ? [] : u
      if (!Array.isArray(value)) return t.failure(u, c, `params must be a list, got ${typeName(u)}`)
      if (value.length < required.length || value.length > all.length) return t.failure(u, c, `params must hold ${arity} entries, got ${value.length}`)
      const errors: t.Errors = []
      const decoded: unknown[] = []
      value.forEach((entry: unknown, i) => {
        const result = all[i]!.validate(entry, t.appendContext(c, String(i), all[i]!, entry))
        if (result._tag === 'Left') errors.push(...result.left)
        else decoded.push(result.right)
      })
      return errors.length > 0 ? t.failures(errors) : t.success(decoded as A)
    },
    t.identity,
  )
  return codec
}
