/**
 * The sign-in-with-wallet plugin (SPEC §4 sign-in flow). For now it keeps whether a session exists
 * and holds the router's close lock while sign-in is required without one (SPEC §2); the
 * SIWXSignMessage view and the signing flow land here in a later issue.
 */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import { siwxEvents } from './events'
import { initialSiwxState, reduceSiwx, type SiwxState } from './state'
import { closeLock } from './effects'

export type { SiwxState } from './state'

export default defineModule<SiwxState, PortDeps>({
  id: 'siwx',
  initialState: initialSiwxState,
  reduce: reduceSiwx,
  effects: { closeLock },
  events: siwxEvents,
})
