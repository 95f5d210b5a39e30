import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.d.mts'
/** The config API on the server's database (Fastify plugin). */
export function configRoutes(app: FastifyInstance, options: { db: Database; wallets?: unknown[] }): Promise<void>
