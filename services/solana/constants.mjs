// The local Solana cluster's constants (./server.mjs re-exports the public ones): its genesis hash
// and CAIP-2 id, the demo wallet and token, the blockhash window, fees and limits, program ids.
import { createHash } from 'node:crypto'
import { base58 } from '@scure/base'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'

export const sha256 = (text) => createHash('sha256').update(text).digest()

/** The genesis hash of this local chain: sha256('airlock local solana'), in base58. */
export const LOCAL_SOLANA_GENESIS_HASH = base58.encode(sha256('airlock local solana'))
/** Its CAIP-2 id: CAIP-30 takes the first 32 characters of the genesis hash as the reference. */
export const LOCAL_SOLANA_CAIP_NETWORK_ID = `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}`
/**
 * The demo wallet's ed25519 seed, hex: sha256('airlock demo solana wallet'). Public and worthless;
 * never send anything to it on a real cluster.
 */
export const DEMO_SOLANA_SECRET_KEY = '129b694a1e20c5832dc605db9a10edceb2f18a2fd717690b3a9c7990d35150e0'
/** The demo wallet's address: the base58 ed25519 public key of DEMO_SOLANA_SECRET_KEY. */
export const DEMO_SOLANA_ADDRESS = '9fsfDFRBYeLdq4H8YjCtAB2mvfgd9ahRRE4x7pknfPj9'
/** Decimals of the demo SPL token. */
export const DEMO_TOKEN_DECIMALS = 6
/** How many slots a blockhash stays valid after it was the newest (as on a cluster). */
export const BLOCKHASH_VALID_SLOTS = 150
/** The base fee, per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000
/** Largest request body (HTTP) or frame (WebSocket) accepted. */
export const MAX_BODY_BYTES = 1024 * 1024

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111'
export const BUILTIN_PROGRAMS = new Set([
  SYSTEM_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
])
/** Lamports of the service key at genesis: what airdrops and seeding spend. */
export const SERVICE_LAMPORTS = 10n ** 18n
export const U64_MAX = 2n ** 64n - 1n
export const PACKET_DATA_SIZE = 1232
export const SOLANA_CORE_VERSION = '3.0.0'
export const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
