/**
 * A transaction a plugin asks a Solana wallet to send, decoded before it reaches the wallet: the
 * wire transaction (unsigned or partly signed) as base64, and the wallet's send options
 * (`solana_signAndSendTransaction`'s `sendOptions`). A field the wallet would misread is an error
 * here, not a surprise in the wallet.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { Base64Codec } from './decode'

const Commitment = t.keyof({ processed: null, confirmed: null, finalized: null }, 'Commitment')
const Integer = new t.Type<number, number, unknown>(
  'Integer',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  t.identity,
)

const SendOptions = t.partial({ skipPreflight: t.boolean, preflightCommitment: Commitment, maxRetries: Integer, minContextSlot: Integer }, 'SendOptions')
export type SendOptions = t.TypeOf<typeof SendOptions>

const Transaction = t.intersection([t.type({ transaction: Base64Codec }), t.partial({ sendOptions: SendOptions })], 'SolanaTransaction')

export interface SolanaTransactionParams {
  readonly transaction: string
  readonly sendOptions?: SendOptions
}

/**
 * The `solana_signAndSendTransaction` parameters for a plugin's transaction. Fields other than
 * `transaction` and the known send options are dropped; a known one of the wrong form throws.
 *
 * ```ts
 * solanaTransactionParams({ transaction: 'AQAAAA…', sendOptions: { skipPreflight: true } })
 * // { transaction: 'AQAAAA…', sendOptions: { skipPreflight: true } }
 * ```
 */
export function solanaTransactionParams(request: Readonly<Record<string, unknown>>): SolanaTransactionParams {
  const decoded = Transaction.decode(request)
  if (!isRight(decoded)) {
    const fields = [
      ...new Set(
        decoded.left.map((error) => error.context.find((entry) => entry.key !== '' && !/^\d+$/.test(entry.key))?.key).filter((key) => key !== undefined),
      ),
    ]
    throw new AirlockError('Invalid transaction', {
      category: ErrorCategory.INTERNAL_SDK_ERROR,
      details: `Fields of the wrong form: ${fields.join(', ') || 'transaction'}`,
    })
  }
  const { transaction, sendOptions } = decoded.right
  if (sendOptions === undefined) return { transaction }
  // io-ts keeps keys it does not know: only the known options go on to the wallet.
  const known = Object.fromEntries(
    Object.keys(SendOptions.props).flatMap((key) =>
      sendOptions[key as keyof SendOptions] === undefined ? [] : [[key, sendOptions[key as keyof SendOptions]]],
    ),
  )
  return { transaction, sendOptions: known as SendOptions }
}
