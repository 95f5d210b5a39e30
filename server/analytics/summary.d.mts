import type { Queryable } from '../db/database.d.mts'

/** The counts of one day, or of the whole range. */
export interface AnalyticsCounts {
  /** MODAL_OPEN */
  opens: number
  /** CONNECT_SUCCESS */
  connections: number
  /** Connections by the wallet's name ('unknown' when the event named none). */
  byWallet: Record<string, number>
  /** Connections by method: 'injected', 'walletConnect', 'email', 'social' ('unknown' when none). */
  byMethod: Record<'injected' | 'walletConnect' | 'email' | 'social' | string, number>
  /** Connections by chain namespace: 'eip155', 'solana', 'bip122', … */
  byNamespace: Record<string, number>
  /** SIWX_AUTH_SUCCESS */
  signIns: number
  /** SWAP_SUCCESS */
  swaps: number
  /** ONRAMP_WIDGET_OPENED whose popup was not blocked. */
  purchases: number
  /**
   * Errors by code: the event's type, with its `code` or `reason` when it has one
   * (`USER_REJECTED`, `CONNECT_ERROR`, `SWAP_ERROR:rejected`, `SIWX_AUTH_ERROR:declined`, `ONRAMP_WIDGET_OPENED:blocked`).
   */
  errors: Record<string, number>
}

export interface AnalyticsDay extends AnalyticsCounts {
  /** 'YYYY-MM-DD' (UTC) */
  day: string
}

export interface AnalyticsSummary {
  /** Every day from `from` to `to`, in order, zeros included. */
  days: AnalyticsDay[]
  totals: AnalyticsCounts
  /** The open → connected funnel over the range: opens with no account connected yet, and connections. */
  funnel: { opened: number; connected: number }
}

/** The longest range, in days. */
export const MAX_DAYS: 366

/**
 * A project's per-day analytics from `from` to `to` ('YYYY-MM-DD', UTC, both included, at most 366
 * days). A bad range throws an HttpError (server/http.mjs) 400 with the reason.
 */
export function analyticsSummary(db: Queryable, range: { projectId: string; from: string; to: string }): Promise<AnalyticsSummary>
