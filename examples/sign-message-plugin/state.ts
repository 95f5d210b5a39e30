/** The sign-message plugin's slice of the state, and its reducer (pure: Immer drafts the slice). */
import type { Reducer } from 'airlock'
import type { SignedMessage, SignFailure } from './events'

export interface SignMessageState {
  /** True from "Sign" until the wallet answers and the signature is checked. */
  readonly signing: boolean
  /** The last verified signature: this visit's, or the one stored by an earlier visit. */
  readonly last: SignedMessage | null
  /** Why the last attempt gave no signature; cleared by the next attempt. */
  readonly failure: { readonly reason: SignFailure; readonly detail?: string } | null
}

export const initialState: SignMessageState = { signing: false, last: null, failure: null }

/**
 * ```ts
 * reduce(draft, createEvent('EXAMPLE_SIGN_REQUESTED', {}), root) // draft.signing === true
 * ```
 */
export const reduce: Reducer<SignMessageState> = (draft, event) => {
  switch (event.type) {
    case 'EXAMPLE_SIGN_REQUESTED':
      draft.signing = true
      draft.failure = null
      break
    case 'EXAMPLE_MESSAGE_SIGNED':
      draft.signing = false
      draft.last = event.payload
      break
    case 'EXAMPLE_SIGN_FAILED':
      draft.signing = false
      draft.failure = event.payload
      break
    case 'EXAMPLE_SIGNATURE_RESTORED':
      // A signature made during this visit is newer than the stored one.
      draft.last ??= event.payload
      break
  }
}
