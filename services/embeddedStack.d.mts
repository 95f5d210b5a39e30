import type { SmtpSink } from './auth/smtpSink.mjs'
import type { AuthService, Project } from './auth/server.mjs'

export const DEMO_PROJECT_ID: string

export interface EmbeddedServices {
  /** The secure frame's origin: the page's `apiUrls.secureSite`. */
  frameUrl: string
  authUrl: string
  bundlerUrl: string
  /** Where every email lands (codes, device links). */
  smtp: SmtpSink
  auth: AuthService
  stop(): Promise<void>
}

export function startEmbeddedServices(options: {
  chains: { chainId: number; rpcUrl: string }[]
  projects?: Record<string, Project>
  solana?: { rpcUrl: string }
  frameOutdir?: string
  /** The auth service's clock, ms (default Date.now): tests move it past the 30 s email cool-down. */
  now?: () => number
  approvalTimeoutMs?: number
}): Promise<EmbeddedServices>
