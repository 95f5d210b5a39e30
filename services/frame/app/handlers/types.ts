import type { AppEventPayload, AppEventType, AppReply } from '../../../../src/embedded/protocol'
import type { FrameCore } from '../core'

/** `request.id`: the id of the message being answered (an approval is for that request only). */
export type Handler<K extends AppEventType> = (payload: AppEventPayload<K>, core: FrameCore, request: { readonly id: string }) => Promise<AppReply<K>>

/** Handlers for the events `K`; the frame's table (../frame.ts) must have one for every app event. */
export type Handlers<K extends AppEventType = AppEventType> = { readonly [P in K]: Handler<P> }
