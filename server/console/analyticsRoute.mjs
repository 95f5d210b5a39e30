// The console's analytics (issue 24 §3): GET /console/api/projects/:id/analytics?from=&to= answers
// the project's per-day summary (server/analytics/summary.mjs) to an owner of that project only
// (401 signed out, 403 anyone else). `from` and `to` are 'YYYY-MM-DD' (UTC), both included; left
// out, the last 30 days to today. GET /console/api/projects/:id/errors answers the project's latest
// SDK error reports (POST /e, server/analytics/errors.mjs), newest first, to the same owners.
import { analyticsSummary } from '../analytics/summary.mjs'
import { latestErrors } from '../analytics/errors.mjs'
import { ownerOf } from './guard.mjs'

/** The range shown when the page names none: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30

const day = (ms) => new Date(ms).toISOString().slice(0, 10)

/** Fastify plugin: `db` the server's database, `publicOrigin()` the console's; registered with `{ prefix: '/console/api' }`. */
export async function consoleAnalyticsRoute(app, { db, now = Date.now, publicOrigin }) {
  app.get('/projects/:id/analytics', async (request) => {
    const projectId = request.params.id
    await ownerOf(db, request, projectId, { now, host: () => new URL(publicOrigin()).host })
    const query = request.query ?? {}
    const to = typeof query.to === 'string' ? query.to : day(now())
    const from = typeof query.from === 'string' ? query.from : day(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * 86_400_000 || now())
    return analyticsSummary(db, { projectId, from, to })
  })
  app.get('/projects/:id/errors', async (request) => {
    const projectId = request.params.id
    await ownerOf(db, request, projectId, { now, host: () => new URL(publicOrigin()).host })
    return { errors: await latestErrors(db, projectId, LATEST_ERRORS) }
  })
}

/** How many of a project's latest error reports the console shows. */
export const LATEST_ERRORS = 20
