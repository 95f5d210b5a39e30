/**
 * The frame's request table: one handler for every app event of the protocol (the compiler checks
 * that none is missing), over one shared core. What arrives here has passed the gate (./gate.ts).
 */
import type { AppMessage } from '../../../src/embedded/protocol'
import { createFrameCore, type FrameCore, type FrameOptions } from './core'
import { chainHandlers } from './handlers/chains'
import { emailHandlers } from './handlers/email'
import { pageHandlers } from './handlers/page'
import { recoveryHandlers } from './handlers/recovery'
import { rpcHandlers } from './handlers/rpc'
import { sessionHandlers } from './handlers/session'
import { socialHandlers } from './handlers/social'
import type { Handler, Handlers } from './handlers/types'

const HANDLERS: Handlers = { ...emailHandlers, ...socialHandlers, ...sessionHandlers, ...chainHandlers, ...pageHandlers, ...rpcHandlers, ...recoveryHandlers }

export interface Frame {
  readonly core: FrameCore
  handle(message: AppMessage): Promise<unknown>
}

export function createFrame(options: FrameOptions): Frame {
  const core = createFrameCore(options)
  return {
    core,
    handle(message) {
      const handler = HANDLERS[message.type] as Handler<typeof message.type>
      return handler(message.payload as never, core, { id: message.id })
    },
  }
}
