/**
 * The embedded-wallet plugin's events: codecs by type (the module's `events`) and their types by
 * declaration merging. The sign-in result, the wallet info and the frame's failures are core
 * events (src/events/embedded.ts), shared with the email and socials plugins.
 */
import * as t from 'io-ts'
import { FrameUser } from '../../embedded/protocol'
import { defineEvents, type EventsOf } from 'airlock/plugin'

const FrameStatus = t.keyof({ notLoaded: null, loading: null, ready: null, initialised: null, failed: null })

/** The frame's state (SPEC §4 "Embedded frame": not loaded, ready, initialised). */
export const EmbeddedFrameStatusChanged = t.type({ type: t.literal('EMBEDDED_FRAME_STATUS_CHANGED'), payload: t.type({ status: FrameStatus }) })
export type EmbeddedFrameStatusChanged = t.TypeOf<typeof EmbeddedFrameStatusChanged>

export const PendingApproval = t.type({ id: t.string, method: t.string, params: t.unknown, chainId: t.union([t.number, t.null]) })
export type PendingApproval = t.TypeOf<typeof PendingApproval>

/** The unsafe requests the frame has (waiting for the visitor's click in the frame, or carried out), oldest first (SPEC §6). */
export const EmbeddedApprovalsChanged = t.type({ type: t.literal('EMBEDDED_APPROVALS_CHANGED'), payload: t.type({ pending: t.array(PendingApproval) }) })
export type EmbeddedApprovalsChanged = t.TypeOf<typeof EmbeddedApprovalsChanged>

/** What the frame's own approval view shows: a request (its id) or nothing, and its height (the modal makes room for it). */
export const EmbeddedApprovalViewChanged = t.type({
  type: t.literal('EMBEDDED_APPROVAL_VIEW_CHANGED'),
  payload: t.type({ requestId: t.union([t.string, t.null]), height: t.number }),
})
export type EmbeddedApprovalViewChanged = t.TypeOf<typeof EmbeddedApprovalViewChanged>

/** A request was refused for its method ("Requested RPC call is not allowed", SPEC §6). */
export const EmbeddedRequestRefused = t.type({ type: t.literal('EMBEDDED_REQUEST_REFUSED'), payload: t.type({ method: t.string }) })
export type EmbeddedRequestRefused = t.TypeOf<typeof EmbeddedRequestRefused>

/** 300 ms after a refusal, "Action not allowed" is shown (SPEC §6, §9 error-rejection display delay). */
export const EmbeddedRefusalShown = t.type({ type: t.literal('EMBEDDED_REFUSAL_SHOWN'), payload: t.type({ method: t.union([t.string, t.null]) }) })
export type EmbeddedRefusalShown = t.TypeOf<typeof EmbeddedRefusalShown>

/** The signed-in user as the frame gave it (SPEC §3 embedded-wallet user); null once signed out. */
export const EmbeddedUserLoaded = t.type({ type: t.literal('EMBEDDED_USER_LOADED'), payload: t.type({ user: t.union([FrameUser, t.null]) }) })
export type EmbeddedUserLoaded = t.TypeOf<typeof EmbeddedUserLoaded>

/** What a recovery view asks of the frame: the recovery code typed there (a new device), or the code shown there. */
export const RecoveryMode = t.keyof({ recover: null, show: null })
export type RecoveryMode = t.TypeOf<typeof RecoveryMode>

/** A recovery view asks the frame (RECOVER_WALLET or SHOW_RECOVERY_CODE). */
export const EmbeddedRecoveryStarted = t.type({ type: t.literal('EMBEDDED_RECOVERY_STARTED'), payload: t.type({ mode: RecoveryMode }) })
export type EmbeddedRecoveryStarted = t.TypeOf<typeof EmbeddedRecoveryStarted>

/** The frame answered: done (`error` null), or not, with its words (cancelled: 4001's). */
export const EmbeddedRecoveryEnded = t.type({ type: t.literal('EMBEDDED_RECOVERY_ENDED'), payload: t.type({ error: t.union([t.string, t.null]) }) })
export type EmbeddedRecoveryEnded = t.TypeOf<typeof EmbeddedRecoveryEnded>

/** The visitor left the recovery view before the frame answered: its request is cancelled. */
export const EmbeddedRecoveryLeft = t.type({ type: t.literal('EMBEDDED_RECOVERY_LEFT'), payload: t.type({}) })
export type EmbeddedRecoveryLeft = t.TypeOf<typeof EmbeddedRecoveryLeft>

export const embeddedWalletEvents = defineEvents({
  EMBEDDED_FRAME_STATUS_CHANGED: EmbeddedFrameStatusChanged,
  EMBEDDED_APPROVALS_CHANGED: EmbeddedApprovalsChanged,
  EMBEDDED_APPROVAL_VIEW_CHANGED: EmbeddedApprovalViewChanged,
  EMBEDDED_REQUEST_REFUSED: EmbeddedRequestRefused,
  EMBEDDED_REFUSAL_SHOWN: EmbeddedRefusalShown,
  EMBEDDED_USER_LOADED: EmbeddedUserLoaded,
  EMBEDDED_RECOVERY_STARTED: EmbeddedRecoveryStarted,
  EMBEDDED_RECOVERY_ENDED: EmbeddedRecoveryEnded,
  EMBEDDED_RECOVERY_LEFT: EmbeddedRecoveryLeft,
})

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof embeddedWalletEvents> {}
}
