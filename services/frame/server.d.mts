export const PROJECT_CACHE_MS: number

export interface FrameChainConfig {
  chainId: number
  rpcUrl: string
  /** Where smart accounts of this chain send user operations (ERC-4337). */
  bundlerUrl?: string
  /** The chain's name and native currency symbol, as the frame's approval view shows them. */
  name?: string
  symbol?: string
}

export interface FrameServerOptions {
  /** Default: a free one. */
  port?: number
  /** The auth service's base URL (services/auth). */
  authUrl: string
  chains?: FrameChainConfig[]
  solana?: { rpcUrl: string }
  /** A folder with a build to serve (built into first when it has none); default a temporary build. */
  outdir?: string
  /** How long an unsafe request waits for the visitor's click in the frame (default 4 minutes; at least 1000). */
  approvalTimeoutMs?: number
  /** How long a project's allowed origins (its frame-ancestors) are kept before asked again (default PROJECT_CACHE_MS). */
  projectCacheMs?: number
}

export interface FrameServer {
  /** The frame site's origin, e.g. `http://127.0.0.1:5310` (the modal's secure-site origin). */
  url: string
  port: number
  /** The folder served. */
  outdir: string
  stop(): Promise<void>
}

export function startFrameServer(options: FrameServerOptions): Promise<FrameServer>

/** An allowed-origin pattern as a CSP host-source, or undefined when it cannot be one. */
export function cspSource(pattern: unknown): string | undefined
/** The `frame-ancestors` value for a project's allowed origins plus SPEC §5's defaults. */
export function frameAncestors(allowedOrigins: readonly unknown[]): string
export function framePolicy(options: { connect: string[]; ancestors: string }): string
