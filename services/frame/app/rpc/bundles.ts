/**
 * The call bundles of wallet_sendCalls, kept in the frame's memory for wallet_getCallsStatus. A
 * bundle belongs to the key that sent it: another user signed in on the same frame does not see
 * it (their lookup is an unknown id).
 */
import { numberToHex, type Address, type Hash, type Hex, type TransactionReceipt } from 'viem'

/** EIP-5792 batch statuses. */
export const CallsStatus = {
  PENDING: 100,
  CONFIRMED: 200,
  /** Failed before anything reached the chain. */
  FAILED_OFFCHAIN: 400,
  /** Every change reverted (only gas was spent). */
  REVERTED: 500,
  /** Some changes landed, then it failed. */
  PARTIAL: 600,
} as const
export type CallsStatus = (typeof CallsStatus)[keyof typeof CallsStatus]

/** A receipt as EIP-5792 shows it: quantities in hex, logs reduced to address, data and topics. */
export interface CallsReceipt {
  readonly logs: readonly { readonly address: Address; readonly data: Hex; readonly topics: readonly Hex[] }[]
  readonly status: '0x1' | '0x0'
  readonly blockHash: Hash
  readonly blockNumber: Hex
  readonly gasUsed: Hex
  readonly transactionHash: Hash
}

export interface Bundle {
  readonly id: string
  readonly version: string
  readonly chainId: number
  readonly atomic: boolean
  status: CallsStatus
  readonly receipts: CallsReceipt[]
  /** Why it failed, for the frame's log (EIP-5792's status has no room for it). */
  error?: string
}

const bundles = new Map<string, Bundle>()
const keyOf = (owner: Address, id: string) => `${owner.toLowerCase()} ${id}`

export const hasBundle = (owner: Address, id: string): boolean => bundles.has(keyOf(owner, id))

export const findBundle = (owner: Address, id: string): Bundle | undefined => bundles.get(keyOf(owner, id))

export function addBundle(owner: Address, bundle: Bundle): void {
  bundles.set(keyOf(owner, bundle.id), bundle)
}

/** `receipt` as EIP-5792 shows it; `succeeded` overrides the transaction's status (a user operation can fail inside a successful transaction). */
export function callsReceipt(receipt: TransactionReceipt, succeeded = receipt.status === 'success'): CallsReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
    status: succeeded ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: numberToHex(receipt.blockNumber),
    gasUsed: numberToHex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}
