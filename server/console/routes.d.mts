import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.d.mts'
import type { WalletLists } from './walletLists.d.mts'

/** One remote feature as the config API answers it (SPEC §3 remoteFeatures). */
export interface ConsoleFeature {
  id: 'email' | 'social' | 'swap' | 'onramp' | 'activity'
  isEnabled: boolean
  /** `social`: its providers in order; `onramp`: null; absent for the others. */
  config?: string[] | null
}

/** A project as the console API answers it. */
export interface ConsoleProject {
  /** 32 hex characters for projects made in the console; a settings' project keeps its own id. */
  id: string
  name: string
  /** SPEC §5 origin patterns, normalised. */
  allowedOrigins: string[]
  /** The five remote features, in order. */
  features: ConsoleFeature[]
  wallets: WalletLists
  /** CAIP-10 accounts, eip155 checksummed. */
  owners: string[]
  createdAt: number
}

/** GET /console/api/me */
export interface ConsoleMe {
  /** The newest signed-in account (CAIP-10). */
  address: string
  /** Every account the browser's credential holds, newest first. */
  addresses: string[]
  admin: boolean
  /** No admin yet: the first-run secret is waiting to be claimed. */
  firstRun: boolean
  projects: { id: string; name: string }[]
}

/** The console API (`/console/api/…`) as a Fastify plugin. */
export function consoleRoutes(
  app: FastifyInstance,
  options: { db: Database; publicOrigin: () => string; wallets?: readonly { id: string; name: string; image_id?: string }[]; now?: () => number },
): Promise<void>
