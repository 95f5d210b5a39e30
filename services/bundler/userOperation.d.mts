import type { UserOperation } from 'viem/account-abstraction'
import type { Hex } from 'viem'

export class RpcError extends Error {
  constructor(code: number, message: string, data?: unknown)
  code: number
  data: unknown
}

/** JSON-RPC's codes and ERC-4337's bundler codes (ERC-7769). */
export const RPC_ERRORS: Readonly<{
  parse: -32700
  invalidRequest: -32600
  methodNotFound: -32601
  invalidParams: -32602
  internal: -32603
  rejectedByEntryPoint: -32500
  rejectedByPaymaster: -32501
  outOfTimeRange: -32503
  signatureCheckFailed: -32507
  executionReverted: -32521
}>

export function invalidParams(message: string): RpcError
export const MAX_FIELD_BYTES: number

/** A v0.7 user operation (RPC or packed shape) → viem's UserOperation; throws RpcError -32602. */
export function parseUserOperation(raw: unknown, options?: { estimating?: boolean; stubSignature?: Hex }): UserOperation<'0.7'>
/** The RPC shape (hex quantities) of a parsed operation. */
export function toRpcUserOperation(op: UserOperation<'0.7'>): Record<string, Hex>
/** A packed operation decoded from handleOps → viem's UserOperation. */
export function fromPackedUserOperation(packed: {
  sender: Hex
  nonce: bigint
  initCode: Hex
  callData: Hex
  accountGasLimits: Hex
  preVerificationGas: bigint
  gasFees: Hex
  paymasterAndData: Hex
  signature: Hex
}): UserOperation<'0.7'>
export { toPackedUserOperation } from 'viem/account-abstraction'
