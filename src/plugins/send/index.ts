/**
 * The send plugin's module (SPEC §1 "Send tokens", eip155 and solana §9, on by default): the Account
 * action Send opens WalletSend (token, amount in the token or USD, receiver by address or name),
 * then WalletSendPreview (amount, value, receiver, network, fee), whose Send asks the wallet
 * through the `wallet` port; the chain adapter builds the namespace's transfer. Its views are
 * chunks of their own, loaded when first shown; so is each namespace's transfer code.
 */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import {
  SEND_PUBLIC_EVENTS,
  sendEvents,
  type SendAmountEntered,
  type SendError,
  type SendFeeEstimated,
  type SendFeeFailed,
  type SendReceiverEntered,
  type SendReceiverNotFound,
  type SendReceiverResolved,
  type SendRequested,
  type SendSuccess,
  type SendTokenSelected,
} from './events'
import { initialSendState, reduceSend, type SendState } from './state'
import { estimateFee, resolveReceiver, sendOnRequest } from './effects'
import { sendCommands } from './commands'
import { SEND_NAMESPACES } from './selectors'
import { de, en } from './strings'

declare module '../../kernel/registry' {
  interface EventRegistry {
    SEND_TOKEN_SELECTED: SendTokenSelected
    SEND_AMOUNT_ENTERED: SendAmountEntered
    SEND_RECEIVER_ENTERED: SendReceiverEntered
    SEND_RECEIVER_RESOLVED: SendReceiverResolved
    SEND_RECEIVER_NOT_FOUND: SendReceiverNotFound
    SEND_FEE_ESTIMATED: SendFeeEstimated
    SEND_FEE_FAILED: SendFeeFailed
    SEND_REQUESTED: SendRequested
    SEND_SUCCESS: SendSuccess
    SEND_ERROR: SendError
  }
  interface StateRegistry {
    send?: SendState
  }
}

declare module '../../events/views' {
  interface ViewRegistry {
    WalletSend: true
    WalletSendPreview: true
  }
}

declare module '../../core/contributions/commands' {
  interface CommandRegistry {
    send: typeof sendCommands
  }
}

export default defineModule<SendState, PortDeps>({
  id: 'send',
  initialState: initialSendState,
  reduce: reduceSend,
  events: sendEvents,
  publicEvents: SEND_PUBLIC_EVENTS,
  effects: { resolveReceiver, estimateFee, sendOnRequest },
  views: { WalletSend: () => import('./views/WalletSend'), WalletSendPreview: () => import('./views/WalletSendPreview') },
  strings: { en, de },
  commands: sendCommands,
  accountActions: [{ id: 'send', label: 'action', view: 'WalletSend', namespaces: [...SEND_NAMESPACES] }],
})
