import type * as Verify from '../../src/siwx/verify'

/** The reference verifier module (src/siwx/verify.ts), bundled for Node on first use. */
export function loadVerifier(): Promise<typeof Verify>
