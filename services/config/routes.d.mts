import type { FastifyInstance } from 'fastify'
import type { CatalogWallet } from './catalog.mjs'

export interface ConfigProject {
  id: string
  allowedOrigins: string[]
  features: { id: string; isEnabled: boolean; config?: string[] | null }[]
  wallets?: unknown
}

export function configApi(
  app: FastifyInstance,
  options: { lookUp(id: string): Promise<ConfigProject | null>; corsAllows(project: ConfigProject | null, origin: string): boolean; wallets?: CatalogWallet[] },
): Promise<void>
