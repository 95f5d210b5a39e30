/** The numeric codes of SPEC §8, by name, so no code is a bare number at the place it is read. */

/** EIP-1193 provider codes. */
export const ProviderErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  /** The wallet does not know the chain (EIP-3326): add it, then switch. */
  SWITCH_CHAIN: 4902,
} as const

/** JSON-RPC 2.0 and EIP-1474 codes. */
export const JsonRpcErrorCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  INVALID_INPUT: -32000,
  RESOURCE_NOT_FOUND: -32001,
  RESOURCE_UNAVAILABLE: -32002,
  TRANSACTION_REJECTED: -32003,
  METHOD_NOT_SUPPORTED: -32004,
  LIMIT_EXCEEDED: -32005,
  VERSION_NOT_SUPPORTED: -32006,
} as const

/** Chain codes. */
export const ChainErrorCode = {
  UNRECOGNIZED_CHAIN: 4902,
  DEFAULT: 5000,
  INVALID_CHAIN_ID: 32603,
} as const

/** EIP-5792 wallet-call codes. */
export const WalletCallErrorCode = {
  UNSUPPORTED_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN_ID: 5710,
  DUPLICATE_ID: 5720,
  UNKNOWN_BUNDLE_ID: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMIC_UPGRADE_REJECTED: 5750,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const
