// The on-ramp delivers what was bought, for real, on the local chains: on an EVM chain an ERC-20
// `transfer` (or plain ether) from a treasury account that holds the tokens, on the local Solana
// cluster a SOL or SPL transfer from the on-ramp's own treasury key. Each resolves once the
// transfer landed, to its transaction id. Deliveries on one chain go one at a time, so the
// treasury's nonces never race.
import { createHash } from 'node:crypto'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync, getOrCreateAssociatedTokenAccount } from '@solana/spl-token'
import { evmTransfers, queue } from '../evmTransfers.mjs'

/** The on-ramp's Solana treasury: a fixed, published development key (worthless off the local cluster). */
export const ONRAMP_SOLANA_TREASURY = Keypair.fromSeed(createHash('sha256').update('airlock local onramp treasury').digest())
/** SOL the treasury asks the local cluster's airdrop for when it runs low. */
const SOLANA_TOPUP_LAMPORTS = 1_000n * BigInt(LAMPORTS_PER_SOL)

/**
 * Deliveries on an EVM chain from `treasury` (a private key holding the tokens and ether).
 *
 * ```js
 * const deliver = evmDelivery({ rpcUrl, treasury: DEMO_DEPLOYER })
 * await deliver({ to, contract: add, units: 97_900_000n }) // '0x…' once mined
 * ```
 */
export function evmDelivery({ rpcUrl, treasury }) {
  const send = evmTransfers({ rpcUrl, privateKey: treasury.privateKey, what: 'delivery' })
  return ({ to, contract, units }) => send({ to, token: contract, units })
}

/**
 * Deliveries on the local Solana cluster from ONRAMP_SOLANA_TREASURY: SOL (topped up by the
 * cluster's airdrop when low), or the SPL `mint`, which the treasury must hold (the stack seeds it).
 */
export function solanaDelivery({ rpcUrl }) {
  const connection = new Connection(rpcUrl, { commitment: 'confirmed', wsEndpoint: rpcUrl.replace(/^http/, 'ws') })
  const payer = ONRAMP_SOLANA_TREASURY
  const inTurn = queue()
  const topUp = async (needed) => {
    const balance = BigInt(await connection.getBalance(payer.publicKey))
    if (balance >= needed + 10_000_000n) return
    const signature = await connection.requestAirdrop(payer.publicKey, Number(SOLANA_TOPUP_LAMPORTS + needed))
    const latest = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature, ...latest })
  }
  return ({ to, contract, units, decimals }) =>
    inTurn(async () => {
      const owner = new PublicKey(to)
      if (!contract) {
        await topUp(units)
        const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: owner, lamports: units }))
        return sendAndConfirmTransaction(connection, tx, [payer], { commitment: 'confirmed' })
      }
      await topUp(0n)
      const mint = new PublicKey(contract)
      const source = getAssociatedTokenAddressSync(mint, payer.publicKey)
      const destination = await getOrCreateAssociatedTokenAccount(connection, payer, mint, owner)
      const tx = new Transaction().add(createTransferCheckedInstruction(source, mint, destination.address, payer.publicKey, units, decimals))
      return sendAndConfirmTransaction(connection, tx, [payer], { commitment: 'confirmed' })
    })
}
