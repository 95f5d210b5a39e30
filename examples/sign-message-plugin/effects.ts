/**
 * The plugin's effects. They reach the world only through their injected deps (`PortDeps`): the
 * connected wallet (`wallet`), the clock, and the plugin's own storage keys (`store`). None imports
 * a connector; tests hand them fakes (tests/support/testDeps.ts).
 */
import { EMPTY, catchError, defer, exhaustMap, filter, from, ignoreElements, mergeMap, of, tap, type Observable } from 'rxjs'
import { AirlockError, ErrorCategory, createEvent, ofType, type AirlockEvent, type Effect, type PortDeps, type WalletAccess } from 'airlock'
import type { SignedMessage, SignFailure } from './events'

/**
 * The text the visitor signs: what signing means, and when it was asked for (from the injected
 * clock, so a test knows it exactly).
 *
 * ```ts
 * messageToSign(0) // 'Airlock example plugin: I hold this account.\nIssued at: 1970-01-01T00:00:00.000Z'
 * ```
 */
export const messageToSign = (issuedAt: number): string => `Airlock example plugin: I hold this account.\nIssued at: ${new Date(issuedAt).toISOString()}`

const failed = (reason: SignFailure, detail?: string): AirlockEvent =>
  createEvent('EXAMPLE_SIGN_FAILED', detail === undefined || detail === '' ? { reason } : { reason, detail })

/** A wallet error as the view shows it: a refusal is the visitor's choice; anything else keeps the wallet's words. */
function failureOf(error: unknown): AirlockEvent {
  if (error instanceof AirlockError && error.category === ErrorCategory.USER_REJECTED) return failed('rejected')
  return failed('failed', error instanceof Error ? error.message : undefined)
}

/** The signature is checked by the verify chunk, imported the first time one is. */
async function verified(signed: SignedMessage): Promise<boolean> {
  const { verifySignature } = await import('./verify')
  return verifySignature(signed)
}

async function signWith(wallet: WalletAccess, issuedAt: number): Promise<AirlockEvent> {
  // The message is an EVM personal_sign: the Account action shows only on eip155 accounts.
  const connection = wallet.connection('eip155')
  if (!connection) return failed('notConnected')
  const message = messageToSign(issuedAt)
  const signature = await connection.signMessage(message)
  const signed: SignedMessage = { address: connection.address, caipNetworkId: connection.caipNetworkId, message, signature }
  return (await verified(signed)) ? createEvent('EXAMPLE_MESSAGE_SIGNED', signed) : failed('unverified')
}

/** "Sign": ask the connected wallet, check the answer, and say what came of it. One request at a time. */
export const sign: Effect<PortDeps> = (events$, _state$, { wallet, clock }) =>
  events$.pipe(
    ofType('EXAMPLE_SIGN_REQUESTED'),
    exhaustMap(() => defer(() => signWith(wallet, clock.now())).pipe(catchError((error: unknown) => of(failureOf(error))))),
  )

/** Keep the last verified signature for the next visit. */
export const remember: Effect<PortDeps> = (events$, _state$, { store }) =>
  events$.pipe(
    ofType('EXAMPLE_MESSAGE_SIGNED'),
    tap((event) => store.write('lastSignature', event.payload)),
    ignoreElements(),
  )

/**
 * When the plugin loads, bring back the stored signature, checked again: storage is the visitor's
 * to edit, and the view says "verified". One that fails the check is forgotten. (A corrupt value
 * never gets here: the store's codec resets it.)
 */
export const restore: Effect<PortDeps> = (events$, _state$, { store }) =>
  events$.pipe(
    ofType('PLUGIN_LOADED'),
    filter((event) => event.payload.id === 'signMessage'),
    mergeMap((): Observable<AirlockEvent> => {
      const stored = store.read<SignedMessage>('lastSignature')
      if (!stored) return EMPTY
      return from(verified(stored)).pipe(
        mergeMap((ok) => {
          if (ok) return of(createEvent('EXAMPLE_SIGNATURE_RESTORED', stored))
          store.remove('lastSignature')
          return EMPTY
        }),
      )
    }),
  )
