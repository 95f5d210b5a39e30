import type { Keypair } from '@solana/web3.js'
export const ONRAMP_SOLANA_TREASURY: Keypair
