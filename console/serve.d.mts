import type { FastifyInstance } from 'fastify'
import type { ServerSettings } from '../server/settings.mjs'

export interface ConsoleNetwork {
  chainId: number
  name: string
  symbol: string
  rpcUrl: string
}

/** The console modal's networks: the eip155 SIWX chains with their RPCs. */
export function consoleNetworks(settings: Pick<ServerSettings, 'siwxChains' | 'chains'>): ConsoleNetwork[]

/** The Content-Security-Policy of every console answer. */
export function consolePolicy(options: { networks: ConsoleNetwork[]; frameUrl: string }): string

/** Fastify plugin: /console, /console/env.json and /console/dist/*. */
export function consolePage(app: FastifyInstance, options: { settings: Pick<ServerSettings, 'siwxChains' | 'chains'>; frameUrl: () => string }): Promise<void>
