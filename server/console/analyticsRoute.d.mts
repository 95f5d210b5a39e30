import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.d.mts'

export const DEFAULT_RANGE_DAYS: 30
export const LATEST_ERRORS: 20
export const consoleAnalyticsRoute: FastifyPluginAsync<{ db: Database; now?: () => number; publicOrigin: () => string }>
