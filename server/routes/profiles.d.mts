import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.d.mts'
/** Name registration (SPEC §7 /v1/profile/*) over the settings' name contracts, used messages in `db` (Fastify plugin). */
export function profileRoutes(
  app: FastifyInstance,
  options: {
    db: Database
    names: { chainId: number; address: string }[]
    chains: { chainId: number; rpcUrl: string }[]
    registrarKey?: string
    zone?: string
    now?: () => number
    log?: (line: string) => void
  },
): Promise<void>
