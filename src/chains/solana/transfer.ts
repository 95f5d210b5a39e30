/**
 * A SOL transfer as an unsigned legacy wire transaction, built with @solana/kit and the system
 * program's instruction builder. Its own chunk: the adapter loads it at the first transfer, so a
 * connect or a signature never fetches the transaction code (about 17 KB gzip).
 *
 * Legacy rather than version 0: a one-instruction transfer needs no address lookup table, and
 * every wallet that signs Solana transactions signs legacy ones.
 */
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

export interface TransferSolParameters {
  readonly from: string
  readonly to: string
  /** In lamports. */
  readonly amount: bigint
  readonly blockhash: string
  readonly lastValidBlockHeight: bigint
}

/**
 * The base64 wire transaction moving `amount` lamports from `from` (also the fee payer) to `to`,
 * with an empty signature slot for `from`: the wallet signs it.
 *
 * ```ts
 * transferSolTransaction({ from, to, amount: 1_000_000n, ...(await latestBlockhash(reader)) }) // 'AQAAAA…'
 * ```
 */
export function transferSolTransaction({ from, to, amount, blockhash, lastValidBlockHeight }: TransferSolParameters): string {
  const source = address(from)
  // The wallet signs; the builder only needs the source's address in a signer's shape.
  const instruction = getTransferSolInstruction({ source: createNoopSigner(source), destination: address(to), amount })
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(source, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstruction(instruction, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
