import type { StepTime } from './stepTimes.mjs'
import type { SmtpSink } from './auth/smtpSink.mjs'

export const DEMO_PROJECT_ID: string

/** The embedded wallet's back end as the demo stack answers it. */
export interface EmbeddedServices {
  /** The secure frame's origin: the page's `apiUrls.secureSite`. */
  frameUrl: string
  /** airlock-server's URL, where the auth service answers. */
  authUrl: string
  bundlerUrl: string
  /** Where every email lands (codes, device links). */
  smtp: SmtpSink
}

export interface EmbeddedParts {
  bundlerUrl: string
  smtp: SmtpSink
  smtpUrl: string
  chains: { chainId: number; rpcUrl: string; name?: string; bundlerUrl?: string }[]
  authRoutes: unknown[]
  stop(): Promise<void>
}

export function startEmbeddedParts(options: {
  chains: { chainId: number; rpcUrl: string; name?: string }[]
  /** Filled with each step's time (services/stepTimes.mjs). */
  times?: StepTime[]
}): Promise<EmbeddedParts>
