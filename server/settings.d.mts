export class SettingsError extends Error {
  constructor(setting: string, problem: string)
  /** The variable, or the file key, that is wrong. */
  readonly setting: string
}

export interface ServerSettings {
  port: number
  framePort: number
  host: string
  publicUrl?: string
  frameUrl?: string
  dataDir: string
  databaseUrl?: string
  smtpUrl?: string
  sessionSecret?: string
  siteOrigins: string[]
  siwxChains: string[]
  /** The Host values the server answers (others 421); default the public and frame URLs' hosts and loopback on its port. */
  allowedHosts?: string[]
  /** Whether X-Forwarded-For is believed: false (default), true (every hop), a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: boolean | number | string[]
  chains: { chainId: number; rpcUrl: string; name?: string; symbol?: string; bundlerUrl?: string }[]
  /** The social providers, each an OpenID Connect issuer with the site's client there. */
  socials?: Partial<Record<'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord', { issuer: string; clientId: string; clientSecret: string }>>
  /** Sign In With Farcaster: Optimism's RPC (the ID registry) and the relay; absent, it is off. */
  farcaster?: { rpcUrl: string; relayUrl: string }
  projects: Record<string, { allowedOrigins: string[]; name?: string; smartAccountEnabledNetworks?: number[] }>
  /** The name contract per chain (each chain among `chains`): the server serves /v1/profile/* over them; none, name registration is off. */
  names?: { chainId: number; address: string }[]
  /** The name contracts' admin's private key: registers names (POST /v1/profile/account); absent, registration answers 501. A secret. */
  nameRegistrarKey?: string
  /** The zone names are registered and suggested in; default airlock.eth. */
  nameZone?: string
}

/** Environment over the file (AIRLOCK_CONFIG or ./airlock.config.json) over defaults; throws SettingsError naming a bad one. */
export function loadSettings(options?: { env?: Record<string, string | undefined>; cwd?: string }): ServerSettings
/** Lines to print at start, secrets and passwords masked. */
/** Farcaster's own relay (the default of `farcaster.relayUrl`). */
export const FARCASTER_RELAY_URL: string
export function describeSettings(settings: ServerSettings): string[]
