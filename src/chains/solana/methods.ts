/** The solana wallet RPC methods and events (SPEC §6), as a relay-protocol namespace asks for them. */
export const SOLANA_METHODS: readonly string[] = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_requestAccounts',
  'solana_getAccounts',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

export const SOLANA_EVENTS: readonly string[] = []
