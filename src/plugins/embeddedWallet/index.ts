/**
 * The embedded-wallet plugin (SPEC §1, §2 ApproveTransaction, §3, §4, §6): the wallet the email and
 * socials plugins sign in to. It registers the embedded provider (AUTH connector), connects it
 * after a sign-in, asks the visitor to approve unsafe requests, keeps the account type, and hosts
 * the frame's recovery views (the recovery code shown, and typed on a new device). Its
 * views are chunks of their own, loaded when first shown.
 */
import { defineModule, type Effect, lazyEffects } from 'airlock/plugin'
import type { PortDeps } from 'airlock/plugin'
import { embeddedWalletEvents } from './events'
import { embeddedEvents } from '../../embedded/events'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME } from '../../embedded/connector'
import { FRAME_CHAIN_NAMESPACE } from '../../embedded/namespaces'
import { initialEmbeddedWalletState, reduceEmbeddedWallet, type EmbeddedWalletState } from './state'
import { accountType, approvals, frame, install, preload, refusals, reload, userInfo } from './effects'
import { served } from './served'
import { embeddedWalletCommands } from './commands'
import { strings } from './stringsByLocale'
import type * as RecoveryModule from './recovery'

type RecoveryChunk = typeof RecoveryModule

declare module 'airlock/plugin' {
  interface ViewRegistry {
    ApproveTransaction: true
    EmbeddedWalletSettings: true
    RecoverWallet: true
    RecoveryCode: true
  }
  interface CommandRegistry {
    embeddedWallet: typeof embeddedWalletCommands
  }
}

/** What needs the recovery effects (./recovery.ts, a chunk fetched at the first of them: most visitors never recover). */
const RECOVERY_EVENTS: ReadonlySet<string> = new Set(['EMBEDDED_RECOVERY_NEEDED', 'EMBEDDED_RECOVERY_STARTED', 'EMBEDDED_RECOVERY_LEFT'])

const recovery: Effect<PortDeps> = lazyEffects<RecoveryChunk, PortDeps>({
  what: 'embedded wallet recovery',
  needs: (event) => RECOVERY_EVENTS.has(event.type),
  load: () => import('./recovery'),
  effect: (chunk) => chunk.recoveryEffects,
})

export default defineModule<EmbeddedWalletState, PortDeps>({
  id: 'embeddedWallet',
  initialState: initialEmbeddedWalletState,
  reduce: reduceEmbeddedWallet,
  events: { ...embeddedEvents, ...embeddedWalletEvents.codecs },
  effects: { install, frame, served, preload, userInfo, approvals, refusals, accountType, reload, recovery },
  views: {
    ApproveTransaction: () => import('./views/ApproveTransaction'),
    EmbeddedWalletSettings: () => import('./views/EmbeddedWalletSettings'),
    RecoverWallet: () => import('./views/RecoverWallet'),
    RecoveryCode: () => import('./views/RecoveryCode'),
  },
  strings,
  commands: embeddedWalletCommands,
  // The wallet itself: its provider, which the core registers under AUTH. It is added as a connector
  // (merged into one entry, SPEC §3 AUTH) on the namespaces its frame says it serves (./served.ts), not on a list of its own.
  connectors: [{ id: AUTH_CONNECTOR_ID, name: AUTH_CONNECTOR_NAME, type: 'AUTH', namespaces: [], provider: ({ embedded }) => embedded.provider }],
  accountActions: [{ id: 'embeddedWallet', label: 'settings', view: 'EmbeddedWalletSettings', namespaces: [FRAME_CHAIN_NAMESPACE], connectorTypes: ['AUTH'] }],
})
