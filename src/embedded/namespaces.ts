/**
 * The namespace the frame's protocol speaks of by number (SPEC §7: a chain id is a number; SPEC §9:
 * smart accounts and account types are that namespace's), named once as data: the feature's code
 * reads it, it never compares or spells a namespace itself. Which namespaces the wallet serves is
 * the frame's to say (its READY, ./protocol.ts), not the page's.
 */
import type { ChainNamespace } from '../events/shapes/namespace'

export const FRAME_CHAIN_NAMESPACE = 'eip155' satisfies ChainNamespace
