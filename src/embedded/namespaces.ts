/**
 * The embedded wallet's namespaces, named once as data (SPEC §1: the frame holds keys for EVM and
 * Solana): the feature's code reads these, it never compares or spells a namespace itself.
 * `FRAME_CHAIN_NAMESPACE` is the one the frame's chain ids and account types speak of (SPEC §7: a
 * chain id is a number; SPEC §9: smart accounts are that namespace's).
 */
import type { ChainNamespace } from '../events/shapes/namespace'

export const EMBEDDED_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
export const FRAME_CHAIN_NAMESPACE = 'eip155' satisfies ChainNamespace
