/**
 * What one row of the Activity tab says about a transaction, decided here rather than in the view:
 * its operation and status as known words (anything else as "other"), the counterparty (to whom it
 * was sent, or from whom it came), the first transfer's amount or NFT name, and the image to show
 * (the token's icon or the NFT's preview; none for an NFT flagged as spam).
 */
import { formatTransactionAmount, type TransactionItem } from 'airlock/plugin'

export type Operation = 'send' | 'receive' | 'execute' | 'other'
export type Status = 'confirmed' | 'failed' | 'pending' | 'other'

export interface TransactionDisplay {
  readonly operation: Operation
  readonly status: Status
  /** Whether the counterparty sent it (`from`) or received it (`to`). */
  readonly direction: 'from' | 'to'
  readonly counterparty: string
  /** The first transfer: a token amount (3 decimals, SPEC §9) and symbol, an NFT's name, or nothing. */
  readonly transfer:
    | { readonly kind: 'token'; readonly amount: string; readonly symbol: string }
    | { readonly kind: 'nft'; readonly name: string | undefined }
    | { readonly kind: 'none' }
  /** Transfers beyond the first. */
  readonly moreTransfers: number
  /** The image URL the answer named (still to be checked with useRemoteImage), if any. */
  readonly imageUrl: string | undefined
}

const OPERATIONS: readonly string[] = ['send', 'receive', 'execute']
const STATUSES: readonly string[] = ['confirmed', 'failed', 'pending']

/** A decimal string with 3 decimals (SPEC §9) in `locale`, or the text as given when it is not a decimal. */
function amountText(numeric: string, locale: string): string {
  try {
    return formatTransactionAmount(numeric, locale)
  } catch {
    return numeric
  }
}

/**
 * Amounts in `locale` (default en-US).
 *
 * ```ts
 * describeTransaction(item) // { operation: 'receive', status: 'confirmed', direction: 'from', counterparty: '0x7099…', transfer: { kind: 'token', amount: '0.200', symbol: 'ETH' }, … }
 * ```
 */
export function describeTransaction(item: TransactionItem, locale = 'en-US'): TransactionDisplay {
  const { operationType, status, sentFrom, sentTo } = item.metadata
  const operation = (OPERATIONS.includes(operationType) ? operationType : 'other') as Operation
  const first = item.transfers[0]
  const nft = first?.nft_info
  const token = first?.fungible_info
  let transfer: TransactionDisplay['transfer'] = { kind: 'none' }
  let imageUrl: string | undefined
  if (nft) {
    transfer = { kind: 'nft', name: nft.name }
    // A spam-flagged NFT is not previewed: its image is the spam.
    imageUrl = nft.flags?.is_spam ? undefined : nft.content?.preview?.url
  } else if (token) {
    transfer = { kind: 'token', amount: amountText(first.quantity?.numeric ?? '0', locale), symbol: token.symbol ?? '' }
    imageUrl = token.icon?.url ?? undefined
  }
  const incoming = operation === 'receive'
  return {
    operation,
    status: (STATUSES.includes(status) ? status : 'other') as Status,
    direction: incoming ? 'from' : 'to',
    counterparty: incoming ? sentFrom : sentTo,
    transfer,
    moreTransfers: Math.max(0, item.transfers.length - 1),
    imageUrl,
  }
}
