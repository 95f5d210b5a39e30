import type { FastifyRequest } from 'fastify'

export const HOST_NOT_ALLOWED: string
export function allowedHostsFor(options: { allowedHosts?: string[]; publicUrl?: string; frameUrl?: string; host: string; port: number }): Set<string>
export function hostGuard(allowed: () => Set<string>): (request: FastifyRequest) => Promise<void>
