import type { Database } from '../../server/db/database.d.mts'

/** One sign-in session as the service answers it (SPEC §3 SIWX session: data, message, signature, cacao). */
export interface StoredSession {
  id: string
  data: {
    domain: string
    accountAddress: string
    chainId: string
    uri: string
    version: '1'
    nonce: string
    issuedAt: string
    expirationTime?: string
    notBefore?: string
    statement?: string
    requestId?: string
    resources?: string[]
  }
  message: string
  signature: string
  cacao?: unknown
  revoked: boolean
}

/** The name of the sign-in credential's cookie (HttpOnly, Secure, SameSite=Strict, Path=/). */
export const CREDENTIAL_COOKIE: '__Host-airlock-siwx'

export interface SessionsService {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  /** Answer (CORS, POST) a site page at `origin` too, e.g. the demo's once its server has a port. */
  allowOrigin(origin: string): void
  /** For tests: every stored session, revoked ones included. */
  sessions(): Promise<StoredSession[]>
  stop(): Promise<void>
}

export function startSessionsService(options: {
  port?: number
  /** The site pages allowed to call it; the domain and URI a message must carry are the caller's. */
  origins?: string[]
  /** The CAIP-2 networks sign-ins are accepted on. */
  chainIds: string[]
  /** An eip155 node for contract accounts (EIP-1271). */
  rpcUrl?: string
  now?: () => number
  /** Where nonces, sessions and credentials live (server/db); default a fresh in-memory database, closed by stop(). */
  db?: Database
}): Promise<SessionsService>

/** A nonce lives 10 minutes unless spent. */
export const NONCE_TTL_MS: number

/** For tests: every session stored in `db`, revoked ones included, oldest first. */
export function storedSessions(db: Database): Promise<StoredSession[]>
