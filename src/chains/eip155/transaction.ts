/**
 * A transaction a plugin asks the wallet to send, decoded before it reaches the wallet: hex data,
 * an address for `to`, and quantities given as hex, bigint or a safe integer, all sent as hex
 * (EIP-1474). A field the wallet would misread is an error here, not a surprise in the wallet.
 */
import * as t from 'io-ts'
import { getAddress, isAddress, isHex, numberToHex, type Hex } from 'viem'
import { isRight } from '../../kernel/either'
import { AirlockError, ErrorCategory } from '../../kernel/errors'

const HexData = new t.Type<Hex, Hex, unknown>(
  'HexData',
  (u): u is Hex => typeof u === 'string' && isHex(u),
  (u, c) => (typeof u === 'string' && isHex(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
)

const Address = new t.Type<Hex, Hex, unknown>(
  'Address',
  (u): u is Hex => typeof u === 'string' && isAddress(u, { strict: false }),
  (u, c) => (typeof u === 'string' && isAddress(u, { strict: false }) ? t.success(getAddress(u)) : t.failure(u, c)),
  t.identity,
)

/** A non-negative quantity as hex; accepts a hex string, a bigint or a safe integer. */
const Quantity = new t.Type<Hex, Hex, unknown>(
  'Quantity',
  (u): u is Hex => typeof u === 'string' && isHex(u) && u.length > 2,
  (u, c) => {
    if (typeof u === 'bigint' && u >= 0n) return t.success(numberToHex(u))
    if (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0) return t.success(numberToHex(u))
    if (typeof u === 'string' && isHex(u) && u.length > 2) return t.success(u)
    return t.failure(u, c)
  },
  t.identity,
)

const Transaction = t.partial({
  to: Address,
  data: HexData,
  value: Quantity,
  gas: Quantity,
  gasPrice: Quantity,
  maxFeePerGas: Quantity,
  maxPriorityFeePerGas: Quantity,
  nonce: Quantity,
  chainId: Quantity,
})

export type RpcTransaction = t.TypeOf<typeof Transaction> & { readonly from: Hex }

/**
 * The `eth_sendTransaction` parameter for `transaction` sent from `from`. Fields other than the
 * known ones are dropped; a known one of the wrong form throws.
 *
 * ```ts
 * rpcTransaction('0xf39F…', { to: '0x7099…', value: 10n ** 15n })
 * // { from: '0xf39F…', to: '0x7099…', value: '0x38d7ea4c68000' }
 * ```
 */
export function rpcTransaction(from: string, transaction: Readonly<Record<string, unknown>>): RpcTransaction {
  const decoded = Transaction.decode(transaction)
  if (!isRight(decoded)) {
    const fields = [...new Set(decoded.left.map((error) => error.context[1]?.key).filter((key): key is string => key !== undefined))]
    throw new AirlockError('Invalid transaction', { category: ErrorCategory.INTERNAL_SDK_ERROR, details: `Fields of the wrong form: ${fields.join(', ')}` })
  }
  // io-ts keeps fields it does not know (and a caller's own `from`): only the known ones go on.
  const fields = decoded.right as Record<string, unknown>
  const known = Object.fromEntries(Object.keys(Transaction.props).flatMap((key) => (fields[key] === undefined ? [] : [[key, fields[key]]])))
  return { from: getAddress(from), ...known }
}
