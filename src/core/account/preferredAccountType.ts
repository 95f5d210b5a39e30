/**
 * A preferred account type change (SPEC §4), described as data. The steps that talk to the
 * embedded wallet (telling its provider, reconnecting its connector) are I/O the embedded-wallet
 * plugin runs; the others are events. Whoever runs the plan dispatches `preferredAccountTypeFailed`
 * when a step fails, and the account and storage modules fall back to EOA.
 */
import { createEvent } from '../../kernel/registry'
import type { PreferredAccountTypeFailed, PreferredAccountTypeRequested, PreferredAccountTypeStored, SetPreferredAccountType } from '../../events/account'
import type { AccountType, ChainNamespace } from '../../events/shapes/namespace'
import { setPreferredAccountType } from './commands'

export type PreferredAccountTypeStep =
  | { readonly step: 'setLoading'; readonly event: PreferredAccountTypeRequested }
  | { readonly step: 'tellAuthProvider'; readonly accountType: AccountType }
  | { readonly step: 'store'; readonly event: PreferredAccountTypeStored }
  | { readonly step: 'reconnectAuthConnector'; readonly namespace: ChainNamespace }
  | { readonly step: 'track'; readonly event: SetPreferredAccountType }

/** The SPEC §4 step names, in order. */
export const PREFERRED_ACCOUNT_TYPE_STEPS = ['setLoading', 'tellAuthProvider', 'store', 'reconnectAuthConnector', 'track'] as const

/**
 * The five steps of SPEC §4, in order: 1. loading is set, 2. the auth provider is told, 3. the
 * setting is stored, 4. the auth connector reconnects, 5. SET_PREFERRED_ACCOUNT_TYPE is tracked.
 * Throws "Chain is required to set account prop" without a namespace.
 *
 * ```ts
 * for (const step of planPreferredAccountTypeChange('eip155', 'smartAccount', 'eip155:1')) {
 *   if ('event' in step) dispatch(step.event)
 *   else await runIo(step)
 * }
 * ```
 */
export function planPreferredAccountTypeChange(
  namespace: ChainNamespace | undefined,
  accountType: AccountType,
  network: string | null,
): readonly PreferredAccountTypeStep[] {
  const track = setPreferredAccountType(namespace, accountType, network)
  const ns = track.payload.namespace
  return [
    { step: 'setLoading', event: createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: ns, accountType }) },
    { step: 'tellAuthProvider', accountType },
    { step: 'store', event: createEvent('PREFERRED_ACCOUNT_TYPE_STORED', { namespace: ns, accountType }) },
    { step: 'reconnectAuthConnector', namespace: ns },
    { step: 'track', event: track },
  ]
}

/**
 * The event for a failed change: the namespace falls back to EOA (SPEC §4) and loading ends.
 *
 * ```ts
 * dispatch(preferredAccountTypeFailed('eip155', errorMessage(error)))
 * ```
 */
export function preferredAccountTypeFailed(namespace: ChainNamespace, message: string): PreferredAccountTypeFailed {
  return createEvent('PREFERRED_ACCOUNT_TYPE_FAILED', { namespace, message })
}
