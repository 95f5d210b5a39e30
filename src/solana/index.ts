/**
 * `airlock/solana`: Airlock's Solana connection as a Wallet Standard wallet, for apps on Solana's
 * wallet adapter (`@solana/wallet-adapter-react`) and other Wallet Standard apps. Nothing of it
 * is in `airlock`'s own entry. Importing it touches no `window`; registering does.
 */
export { registerAirlockWallet, type AirlockWalletOptions, type AirlockWalletRegistration } from './registerAirlockWallet'
export { AIRLOCK_WALLET_FEATURE } from '../connectors/walletStandard/ownWallet'
