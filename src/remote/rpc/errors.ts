/** The errors of the chain RPC client, with the SPEC §8 messages. */
import { AirlockError, ErrorCategory } from '../../kernel/errors'

export const RPC_FAILED = 'RPC Request failed'
export const RPC_ABORTED = 'Request was aborted'

/** A JSON-RPC error answer: `code` is the node's, the node's message is in `details`. */
export class RpcError extends AirlockError {
  override readonly name: string = 'RpcError'
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(RPC_FAILED, { category: ErrorCategory.NETWORK, code, details: message })
    this.data = data
  }
}
