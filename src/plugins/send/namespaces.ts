/** SPEC §9 "Send: eip155 and solana": where the Account action shows and a send is made. Data, so a namespace is one more row. */
import type { ChainNamespace } from 'airlock/plugin'

export const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
