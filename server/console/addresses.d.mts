/** The CAIP-10 account `text` names, eip155 addresses checksummed; undefined when it is not one. */
export function normalizeAccount(text: unknown): string | undefined
/** The CAIP-10 account of a SIWX session (chain id CAIP-2 + address), normalised. */
export function sessionAccount(chainId: string, address: string): string | undefined
