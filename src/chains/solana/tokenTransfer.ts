/**
 * Transfers of SOL and of SPL tokens as the solana adapter sends them, with what they cost and the
 * wait for their confirmation. Its own chunk with @solana/kit and @solana-program/token: the
 * adapter loads it at the first transfer or fee estimate, so nothing of it loads before a Solana
 * send.
 *
 * An SPL transfer moves tokens from the sender's associated token account to the receiver's, and
 * first creates the receiver's with the idempotent create instruction: a no-op when it exists, so
 * a fresh address receives without a step of its own. The amount is checked against the mint's
 * decimals on chain (TransferChecked). Mints of the Token program and of Token-2022 are both
 * served: the instructions are the same, addressed to the mint's own program.
 *
 * Legacy messages, as ./transfer: two instructions need no address lookup table.
 */
import * as t from 'io-ts'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { isRight } from '../../kernel/either'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HttpRequestError, TIMED_OUT } from '../../kernel/errors/http'
import { REAL_TIME, sleep } from '../../kernel/retry'
import { isSolanaAddress } from '../../validation/solanaAddress'
import type { ChainReader, Transfer, TransferFee } from '../adapter'

/** Token-2022's program: its mints transfer with the same instructions as the Token program's. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
/** A token account's size: 165 bytes; Token-2022's associated ones carry the immutable-owner extension (170). */
const TOKEN_ACCOUNT_SIZE: Readonly<Record<string, number>> = { [TOKEN_PROGRAM_ADDRESS]: 165, [TOKEN_2022_PROGRAM_ADDRESS]: 170 }
/** Where a mint's `decimals` byte sits: after the mint authority (4 + 32 bytes) and the supply (8). */
const MINT_DECIMALS_OFFSET = 44
const U64_MAX = 2n ** 64n - 1n

/** How long a sent transfer is waited for (as for eip155: our choice, SPEC §9's longest duration). */
export const CONFIRM_TIMEOUT_MS = 4 * 60_000
const FIRST_POLL_MS = 250
const LONGEST_POLL_MS = 2_000

const Slot = t.type({ slot: t.number })
const AccountInfo = t.type(
  { context: Slot, value: t.union([t.null, t.type({ owner: t.string, data: t.tuple([t.string, t.literal('base64')]) })]) },
  'AccountInfo',
)
const FeeForMessage = t.type({ context: Slot, value: t.union([t.null, t.number]) }, 'FeeForMessage')
const Lamports = t.number
const SignatureStatuses = t.type(
  {
    context: Slot,
    value: t.array(t.union([t.null, t.type({ err: t.unknown, confirmationStatus: t.union([t.null, t.string]) })])),
  },
  'SignatureStatuses',
)

async function read<A>(reader: ChainReader, codec: t.Decoder<unknown, A>, method: string, params: readonly unknown[]): Promise<A> {
  const decoded = codec.decode(await reader.request(method, params))
  if (isRight(decoded)) return decoded.right
  throw new HttpRequestError({ details: `The node answered ${method} with something that is not ${codec.name}` })
}

function assertAddress(value: string, what: string): Address {
  if (!isSolanaAddress(value))
    throw new AirlockError('Invalid Solana address', { details: `${what} ${JSON.stringify(value)} is not a base58 public key of 32 bytes` })
  return address(value)
}

/** A mint as a transfer needs it: its program and decimals, read from the chain. */
export interface MintInfo {
  readonly tokenProgram: Address
  readonly decimals: number
}

/**
 * Read the mint at `mint`: which token program owns it, and its decimals.
 *
 * ```ts
 * await readMint(reader, mint) // { tokenProgram: 'TokenkegQ…', decimals: 6 }
 * ```
 */
export async function readMint(reader: ChainReader, mint: string): Promise<MintInfo> {
  const { value } = await read(reader, AccountInfo, 'getAccountInfo', [assertAddress(mint, 'The mint'), { encoding: 'base64', commitment: 'confirmed' }])
  const tokenProgram = value?.owner
  const bytes = value ? getBase64Encoder().encode(value.data[0]) : undefined
  const decimals = bytes?.[MINT_DECIMALS_OFFSET]
  if (tokenProgram === undefined || TOKEN_ACCOUNT_SIZE[tokenProgram] === undefined || decimals === undefined) {
    throw new AirlockError('Token not found', { details: `${mint} is not a mint of the Token or Token-2022 program on this network` })
  }
  return { tokenProgram: address(tokenProgram), decimals }
}

export interface TokenTransferParameters {
  readonly from: string
  readonly to: string
  readonly mint: string
  readonly amount: bigint
  readonly mintInfo: MintInfo
  readonly blockhash: string
  readonly lastValidBlockHeight: bigint
}

/** The associated token accounts of the sender and the receiver for the mint. */
async function tokenAccounts(from: Address, to: Address, mint: Address, tokenProgram: Address): Promise<{ source: Address; destination: Address }> {
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: from, mint, tokenProgram }),
    findAssociatedTokenPda({ owner: to, mint, tokenProgram }),
  ])
  return { source, destination }
}

/**
 * The base64 wire transaction moving `amount` base units of `mint` from `from`'s associated token
 * account to `to`'s, created first if missing (idempotent), `from` paying the fee and the new
 * account's rent; one empty signature slot, for `from`: the wallet signs it.
 *
 * ```ts
 * await tokenTransferTransaction({ from, to, mint, amount: 250_000n, mintInfo: await readMint(reader, mint), ...lifetime }) // 'AQAAAA…'
 * ```
 */
export async function tokenTransferTransaction(parameters: TokenTransferParameters): Promise<string> {
  const { amount, mintInfo, blockhash, lastValidBlockHeight } = parameters
  if (amount <= 0n || amount > U64_MAX) throw new AirlockError('Invalid amount', { details: `${amount} is not a positive 64-bit token amount` })
  const from = assertAddress(parameters.from, 'The sender')
  const to = assertAddress(parameters.to, 'The receiver')
  const mint = assertAddress(parameters.mint, 'The mint')
  const { tokenProgram, decimals } = mintInfo
  const { source, destination } = await tokenAccounts(from, to, mint, tokenProgram)
  // The wallet signs; the builders only need the sender's address in a signer's shape.
  const signer = createNoopSigner(from)
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: to, mint, tokenProgram }),
          getTransferCheckedInstruction({ source, mint, destination, authority: signer, amount, decimals }, { programAddress: tokenProgram }),
        ],
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

/** A recent blockhash and the last block height it is valid for (the adapter reads it: `getLatestBlockhash`). */
export interface Lifetime {
  readonly blockhash: string
  readonly lastValidBlockHeight: bigint
}

/**
 * The wire transaction of `transfer` with `lifetime`: SOL through ./transfer (a chunk of its own,
 * as the adapter's native transfer loads it), a token through `tokenTransferTransaction`.
 *
 * ```ts
 * await transferTransaction(reader, { from, to, amount: 1_000_000n, network }, lifetime) // SOL
 * await transferTransaction(reader, { from, to, amount: 250_000n, token: mint, network }, lifetime) // SPL
 * ```
 */
export async function transferTransaction(reader: ChainReader, transfer: Transfer, lifetime: Lifetime): Promise<string> {
  const { from, to, amount, token } = transfer
  if (token !== undefined) return tokenTransferTransaction({ from, to, mint: token, amount, mintInfo: await readMint(reader, token), ...lifetime })
  assertAddress(from, 'The sender')
  assertAddress(to, 'The receiver')
  if (amount <= 0n || amount > U64_MAX) throw new AirlockError('Invalid amount', { details: `${amount} lamports is not a positive 64-bit amount` })
  const { transferSolTransaction } = await import('./transfer')
  return transferSolTransaction({ from, to, amount, ...lifetime })
}

/**
 * What `transfer` costs in lamports: the network's fee for its message (getFeeForMessage) and, for
 * a token sent to an address without a token account yet, that account's rent, which the sender
 * pays. Solana's fee is known before sending, so `maxFee` is `fee`.
 *
 * ```ts
 * await transferFee(reader, { from, to, amount: 1n, network }, lifetime) // { fee: 5000n, maxFee: 5000n }
 * ```
 */
export async function transferFee(reader: ChainReader, transfer: Transfer, lifetime: Lifetime): Promise<TransferFee> {
  // A fee does not depend on the amount; an empty amount still needs a valid message.
  const probe = { ...transfer, amount: transfer.amount > 0n ? transfer.amount : 1n }
  const wire = await transferTransaction(reader, probe, lifetime)
  const message = getBase64Decoder().decode(getTransactionDecoder().decode(getBase64Encoder().encode(wire)).messageBytes)
  const rent = async (): Promise<bigint> => {
    if (transfer.token === undefined) return 0n
    const { tokenProgram } = await readMint(reader, transfer.token)
    const { destination } = await tokenAccounts(address(transfer.from), address(transfer.to), address(transfer.token), tokenProgram)
    const { value } = await read(reader, AccountInfo, 'getAccountInfo', [destination, { encoding: 'base64', commitment: 'confirmed' }])
    return value ? 0n : BigInt(await read(reader, Lamports, 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE[tokenProgram]]))
  }
  const [{ value: fee }, opening] = await Promise.all([read(reader, FeeForMessage, 'getFeeForMessage', [message, { commitment: 'confirmed' }]), rent()])
  if (fee === null) throw new HttpRequestError({ details: 'The node gave no fee for the transfer: its blockhash expired' })
  const total = BigInt(fee) + opening
  return { fee: total, maxFee: total }
}

/**
 * Wait until the transaction `signature` is confirmed; throws when it failed on chain, or when it
 * was not confirmed within `timeoutMs`.
 *
 * ```ts
 * await confirmTransfer(reader, signature) // resolves once confirmed
 * ```
 */
export async function confirmTransfer(reader: ChainReader, signature: string, timeoutMs: number = CONFIRM_TIMEOUT_MS): Promise<void> {
  // The polls wait on the reader's (the instance's) clock and scheduler.
  const { clock, scheduler } = reader.time ?? REAL_TIME
  const deadline = clock.now() + timeoutMs
  for (let wait = FIRST_POLL_MS; ; wait = Math.min(LONGEST_POLL_MS, Math.round(wait * 1.5))) {
    const { value } = await read(reader, SignatureStatuses, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }])
    const status = value[0] ?? null
    if (status !== null && status.err !== null && status.err !== undefined) {
      throw new AirlockError('Transaction failed', { category: ErrorCategory.RPC, details: `Transaction ${signature} failed: ${JSON.stringify(status.err)}` })
    }
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    if (clock.now() + wait > deadline) {
      throw new AirlockError(TIMED_OUT, {
        category: ErrorCategory.RPC,
        details: `Transaction ${signature} was sent but not confirmed within ${Math.round(timeoutMs / 1000)} s; it may still land`,
      })
    }
    await sleep(scheduler, wait)
  }
}
