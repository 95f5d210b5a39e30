// The user operations the bundler accepts, checked field by field before anything reaches the
// chain: a bundler signs and pays for the transaction that carries them, so a malformed one must
// be refused with -32602 (invalid params) rather than cost gas or surface as a decoding error.
//
// Two shapes of ERC-4337 v0.7 are accepted and both become viem's `UserOperation<'0.7'>`:
// - the RPC shape (what viem and the other SDKs send): factory/factoryData,
//   callGasLimit/verificationGasLimit, maxFeePerGas/maxPriorityFeePerGas, paymaster/…;
// - the packed shape `handleOps` takes on chain: initCode, accountGasLimits, gasFees,
//   paymasterAndData — unpacked here, since the hash and the packing are viem's either way.
// Gas limits and fees are uint128 on chain (each half of a bytes32), the nonce a uint256.
import { getAddress, isAddress } from 'viem'
import { toPackedUserOperation } from 'viem/account-abstraction'

export class RpcError extends Error {
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** ERC-4337's bundler RPC error codes (ERC-7769) and JSON-RPC's own. */
export const RPC_ERRORS = Object.freeze({
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  rejectedByEntryPoint: -32500,
  rejectedByPaymaster: -32501,
  outOfTimeRange: -32503,
  signatureCheckFailed: -32507,
  executionReverted: -32521,
})

export const invalidParams = (message) => new RpcError(RPC_ERRORS.invalidParams, message)

const UINT128_MAX = (1n << 128n) - 1n
const UINT256_MAX = (1n << 256n) - 1n
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]{0,63})$/i
const BYTES = /^0x([0-9a-f]{2})*$/i
/** The most bytes any one field may hold (callData with a large batch fits easily). */
export const MAX_FIELD_BYTES = 64 * 1024

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

function quantity(op, key, max = UINT128_MAX) {
  const value = op[key]
  if (typeof value !== 'string' || !QUANTITY.test(value)) throw invalidParams(`userOperation.${key} must be a hex quantity (0x…, no leading zeros)`)
  const n = BigInt(value)
  if (n > max) throw invalidParams(`userOperation.${key} is too large`)
  return n
}

function bytes(op, key) {
  const value = op[key]
  if (typeof value !== 'string' || !BYTES.test(value)) throw invalidParams(`userOperation.${key} must be hex bytes (0x…, an even number of digits)`)
  if ((value.length - 2) / 2 > MAX_FIELD_BYTES) throw invalidParams(`userOperation.${key} is longer than ${MAX_FIELD_BYTES} bytes`)
  return value.toLowerCase()
}

function address(op, key) {
  const value = op[key]
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw invalidParams(`userOperation.${key} must be an address`)
  return getAddress(value)
}

const absent = (op, key) => op[key] === undefined || op[key] === null

/** `0x…` bytes32 → its two uint128 halves. */
function halves(op, key) {
  const value = bytes(op, key)
  if (value.length !== 66) throw invalidParams(`userOperation.${key} must be 32 bytes`)
  return [BigInt(`0x${value.slice(2, 34)}`), BigInt(`0x${value.slice(34)}`)]
}

function unpack(op) {
  const initCode = bytes(op, 'initCode')
  if (initCode.length !== 2 && initCode.length < 42) throw invalidParams('userOperation.initCode must be empty or start with the factory address')
  const [verificationGasLimit, callGasLimit] = halves(op, 'accountGasLimits')
  const [maxPriorityFeePerGas, maxFeePerGas] = halves(op, 'gasFees')
  const paymasterAndData = bytes(op, 'paymasterAndData')
  if (paymasterAndData.length !== 2 && paymasterAndData.length < 2 + 2 * 52)
    throw invalidParams('userOperation.paymasterAndData must be empty or hold at least 52 bytes')
  return {
    sender: address(op, 'sender'),
    nonce: quantity(op, 'nonce', UINT256_MAX),
    ...(initCode.length > 2 ? { factory: getAddress(initCode.slice(0, 42)), factoryData: `0x${initCode.slice(42)}` } : {}),
    callData: bytes(op, 'callData'),
    callGasLimit,
    verificationGasLimit,
    preVerificationGas: quantity(op, 'preVerificationGas', UINT256_MAX),
    maxFeePerGas,
    maxPriorityFeePerGas,
    ...(paymasterAndData.length > 2
      ? {
          paymaster: getAddress(paymasterAndData.slice(0, 42)),
          paymasterVerificationGasLimit: BigInt(`0x${paymasterAndData.slice(42, 74)}`),
          paymasterPostOpGasLimit: BigInt(`0x${paymasterAndData.slice(74, 106)}`),
          paymasterData: `0x${paymasterAndData.slice(106)}`,
        }
      : {}),
    signature: bytes(op, 'signature'),
  }
}

/**
 * The v0.7 user operation in `raw` (either shape), as viem's UserOperation; throws RpcError
 * -32602 naming the first field that is wrong. `estimating`: gas limits, fees and signature may be
 * missing (they are what the estimate is for) and default to zero / `stubSignature`.
 */
export function parseUserOperation(raw, { estimating = false, stubSignature = '0x' } = {}) {
  if (!isObject(raw)) throw invalidParams('userOperation must be an object')
  if ('initCode' in raw || 'accountGasLimits' in raw || 'gasFees' in raw || 'paymasterAndData' in raw) {
    if (raw.initCode === '0x7702') throw invalidParams('userOperation.initCode: EIP-7702 accounts are not supported')
    return unpack(raw)
  }
  const optional = (key, read) => (estimating && absent(raw, key) ? undefined : read(raw, key))
  const op = {
    sender: address(raw, 'sender'),
    nonce: quantity(raw, 'nonce', UINT256_MAX),
    callData: bytes(raw, 'callData'),
    callGasLimit: optional('callGasLimit', quantity) ?? 0n,
    verificationGasLimit: optional('verificationGasLimit', quantity) ?? 0n,
    preVerificationGas: optional('preVerificationGas', (o, k) => quantity(o, k, UINT256_MAX)) ?? 0n,
    maxFeePerGas: optional('maxFeePerGas', quantity) ?? 0n,
    maxPriorityFeePerGas: optional('maxPriorityFeePerGas', quantity) ?? 0n,
    signature: optional('signature', bytes) ?? stubSignature,
  }
  if (!absent(raw, 'factory')) {
    if (raw.factory === '0x7702') throw invalidParams('userOperation.factory: EIP-7702 accounts are not supported')
    op.factory = address(raw, 'factory')
    op.factoryData = bytes(raw, 'factoryData')
  } else if (!absent(raw, 'factoryData') && raw.factoryData !== '0x') {
    throw invalidParams('userOperation.factoryData given without a factory')
  }
  if (!absent(raw, 'paymaster')) {
    op.paymaster = address(raw, 'paymaster')
    op.paymasterVerificationGasLimit = optional('paymasterVerificationGasLimit', quantity) ?? 0n
    op.paymasterPostOpGasLimit = optional('paymasterPostOpGasLimit', quantity) ?? 0n
    op.paymasterData = absent(raw, 'paymasterData') ? '0x' : bytes(raw, 'paymasterData')
  }
  if (op.maxPriorityFeePerGas > op.maxFeePerGas) throw invalidParams('userOperation.maxPriorityFeePerGas is above maxFeePerGas')
  return op
}

const hex = (n) => `0x${n.toString(16)}`

/** The RPC shape of a parsed user operation (what eth_getUserOperationByHash answers). */
export function toRpcUserOperation(op) {
  return {
    sender: op.sender,
    nonce: hex(op.nonce),
    ...(op.factory ? { factory: op.factory, factoryData: op.factoryData } : {}),
    callData: op.callData,
    callGasLimit: hex(op.callGasLimit),
    verificationGasLimit: hex(op.verificationGasLimit),
    preVerificationGas: hex(op.preVerificationGas),
    maxFeePerGas: hex(op.maxFeePerGas),
    maxPriorityFeePerGas: hex(op.maxPriorityFeePerGas),
    ...(op.paymaster
      ? {
          paymaster: op.paymaster,
          paymasterVerificationGasLimit: hex(op.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: hex(op.paymasterPostOpGasLimit),
          paymasterData: op.paymasterData,
        }
      : {}),
    signature: op.signature,
  }
}

/** A packed operation from a handleOps transaction's input → viem's UserOperation. */
export function fromPackedUserOperation(packed) {
  return unpack({ ...packed, nonce: hex(packed.nonce), preVerificationGas: hex(packed.preVerificationGas) })
}

export { toPackedUserOperation }
