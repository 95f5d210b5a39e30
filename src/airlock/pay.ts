/**
 * `pay(airlock, request)`: ask the visitor for a payment (SPEC §2 "pay", off by default; issue 28
 * §4). The modal opens on Pay, which offers the connected wallet and the exchanges of the Blockchain
 * API's list; the promise resolves once the payment landed on chain, with its transaction hash, or
 * rejects with the reason ("Payment cancelled" when the visitor closed the modal before paying, the
 * exchange's or the wallet's words when it failed, "Invalid payment: …" for a request that is
 * wrong). The pay plugin's public events, PAY_SUCCEEDED and PAY_FAILED, say the same to analytics.
 * This module is a chunk of its own, loaded on the first call (src/index.ts).
 *
 * ```ts
 * const airlock = createAirlock({ projectId, features: { pay: true } })
 * const { txHash } = await pay(airlock, { recipient: '0x…', amount: '12.5', network: 'eip155:8453', asset: '0x833…', symbol: 'USDC', decimals: 6 })
 * ```
 */
import { AirlockError, ErrorCategory } from '../kernel/errors'
import { selectFeatures } from '../core/options/selectors'
import type { AirlockInstance } from '../ports/instance'

/** What a site asks to be paid. */
export interface PaymentRequest {
  /** The recipient's address. */
  readonly recipient: string
  /** In whole units of the asset: '12.5'. */
  readonly amount: string | number
  /** CAIP-2: 'eip155:8453'. */
  readonly network: string
  /** 'native' (the network's currency), or the ERC-20 contract's address. */
  readonly asset: string
  /** A token's symbol and decimals (the native currency's are ETH and 18 unless given). */
  readonly symbol?: string
  readonly decimals?: number
}

/** A payment that landed on chain. */
export interface PaymentResult {
  readonly method: 'wallet' | 'exchange'
  readonly txHash: string
  readonly network: string
  readonly asset: string
  readonly amount: string
  readonly recipient: string
  /** The exchange it was paid from, when `method` is exchange. */
  readonly exchangeId?: string
}

interface PayEvent {
  readonly type: string
  readonly payload: { readonly id?: string; readonly message?: string } & Partial<PaymentResult>
}

let counter = 0

export async function pay(airlock: AirlockInstance, request: PaymentRequest): Promise<PaymentResult> {
  if (!selectFeatures(airlock.getState()).pay) {
    throw new AirlockError('Pay is not enabled: set features.pay to true', { category: ErrorCategory.INVALID_OPTIONS })
  }
  counter += 1
  const id = `pay-${Date.now().toString(36)}-${counter}`
  let stop = () => undefined as void
  const settled = new Promise<PaymentResult>((resolve, reject) => {
    stop = airlock.subscribeEvents((event) => {
      const { type, payload } = event as unknown as PayEvent
      if (payload?.id !== id) return
      if (type === 'PAY_SUCCEEDED') {
        const { id: _id, ...result } = payload
        resolve(result as PaymentResult)
      } else if (type === 'PAY_FAILED') {
        reject(new AirlockError(payload.message ?? 'Something went wrong', { details: `payment ${id}` }))
      }
    })
  })
  try {
    await airlock.open('Pay')
    airlock._internal.run('pay', 'request', [request, id])
    return await settled
  } finally {
    stop()
  }
}
