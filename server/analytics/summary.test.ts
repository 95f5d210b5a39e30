/**
 * The console's per-day analytics (issue 24 §3) over known events, stored through the ingestion
 * route, on PGlite and on a real PostgreSQL server: every day of the range,
 * zeros included; opens, connections by wallet, method and namespace, sign-ins, swaps, purchases
 * (a blocked on-ramp popup is an error, not a purchase), errors by code; the totals; the open →
 * connected funnel (opens on an already connected account left out); other projects and days
 * outside the range not counted; bad ranges refused with their reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/database.mjs'
import { createApp } from '../http.mjs'
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs'
import { analyticsIngest } from './ingest.mjs'
import { analyticsSummary } from './summary.mjs'
import { idleMs } from '../../tests/support/until'

let postgres: TestPostgres | undefined
beforeAll(async () => {
  postgres = await startPostgres()
}, idleMs(120_000))
afterAll(() => postgres?.stop(), idleMs(60_000))

describe.each(['pglite', 'postgres'] as const)('analyticsSummary on %s', (engine) => {
  let db: Database
  /** The events, by project, sent through the ingestion route (one batch each). */
  const pending = new Map<string, { type: string; at: number; payload: Record<string, unknown> }[]>()

  /** Queues one event for `project` on `day` at noon UTC. */
  function store(project: string, day: string, type: string, payload: Record<string, unknown> = {}) {
    const events = pending.get(project) ?? []
    events.push({ type, at: Date.parse(`${day}T12:00:00Z`), payload })
    pending.set(project, events)
  }

  const zero = { opens: 0, connections: 0, byWallet: {}, byMethod: {}, byNamespace: {}, signIns: 0, swaps: 0, purchases: 0, errors: {} }

  beforeAll(async () => {
    db = engine === 'pglite' ? await openDatabase() : await openDatabase({ url: await postgres!.createDatabase() })
    for (const id of ['p1', 'p2'])
      await db.query(`INSERT INTO projects (id, allowed_origins, created_at, updated_at) VALUES ($1, '["https://shop.example"]', 0, 0)`, [id])
    // 1 March: two opens (one already connected), MetaMask injected on eip155, a rejection.
    await store('p1', '2025-03-01', 'MODAL_OPEN', { connected: false })
    await store('p1', '2025-03-01', 'MODAL_OPEN', { connected: true })
    await store('p1', '2025-03-01', 'CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' })
    await store('p1', '2025-03-01', 'USER_REJECTED', { message: 'User rejected the request' })
    // 3 March: Phantom by QR code on solana, an email sign-in, a sign-in, a swap and its failure, a purchase and a blocked popup.
    await store('p1', '2025-03-03', 'MODAL_OPEN', { connected: false })
    await store('p1', '2025-03-03', 'MODAL_OPEN', { connected: false })
    await store('p1', '2025-03-03', 'CONNECT_SUCCESS', { method: 'qrcode', name: 'Phantom', namespace: 'solana', connectorId: 'walletConnect' })
    await store('p1', '2025-03-03', 'CONNECT_SUCCESS', { method: 'email', name: 'Email', namespace: 'eip155', connectorId: 'embedded' })
    await store('p1', '2025-03-03', 'SIWX_AUTH_SUCCESS', { caipNetworkId: 'eip155:1', isSmartAccount: false })
    await store('p1', '2025-03-03', 'SIWX_AUTH_ERROR', { caipNetworkId: 'eip155:1', isSmartAccount: false, reason: 'declined', message: 'Signature declined' })
    await store('p1', '2025-03-03', 'SWAP_SUCCESS', { caipNetworkId: 'eip155:1' })
    await store('p1', '2025-03-03', 'SWAP_ERROR', { reason: 'rejected', step: 'swap', message: 'x' })
    await store('p1', '2025-03-03', 'SWAP_ERROR', { reason: 'rejected', step: 'approve', message: 'x' })
    await store('p1', '2025-03-03', 'ONRAMP_WIDGET_OPENED', { blocked: false })
    await store('p1', '2025-03-03', 'ONRAMP_WIDGET_OPENED', { blocked: true })
    await store('p1', '2025-03-03', 'MODAL_CLOSE', { connected: true })
    // Outside the range, and another project's.
    await store('p1', '2025-02-28', 'MODAL_OPEN', { connected: false })
    await store('p1', '2025-03-04', 'CONNECT_SUCCESS', { method: 'browser', name: 'Rabby', namespace: 'eip155', connectorId: 'x' })
    await store('p2', '2025-03-01', 'CONNECT_SUCCESS', { method: 'social', name: 'Google', namespace: 'eip155', connectorId: 'embedded' })
    const app = createApp({ log: () => undefined })
    await app.register(analyticsIngest, { db, now: () => Date.parse('2025-03-02T12:00:00Z') })
    for (const [projectId, events] of pending) {
      const answer = await app.inject({
        method: 'POST',
        url: `/v1/analytics/events?projectId=${projectId}`,
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example' },
        payload: JSON.stringify({ events }),
      })
      expect(answer.statusCode).toBe(204)
    }
    await app.close()
  }, idleMs(60_000))
  afterAll(() => db?.close())

  it('counts per day over the range, zeros included, with the totals and the open → connected funnel', async () => {
    const summary = await analyticsSummary(db, { projectId: 'p1', from: '2025-03-01', to: '2025-03-03' })
    expect(summary.days).toEqual([
      {
        day: '2025-03-01',
        ...zero,
        opens: 2,
        connections: 1,
        byWallet: { MetaMask: 1 },
        byMethod: { injected: 1 },
        byNamespace: { eip155: 1 },
        errors: { USER_REJECTED: 1 },
      },
      { day: '2025-03-02', ...zero },
      {
        day: '2025-03-03',
        opens: 2,
        connections: 2,
        byWallet: { Phantom: 1, Email: 1 },
        byMethod: { walletConnect: 1, email: 1 },
        byNamespace: { solana: 1, eip155: 1 },
        signIns: 1,
        swaps: 1,
        purchases: 1,
        errors: { 'SIWX_AUTH_ERROR:declined': 1, 'SWAP_ERROR:rejected': 2, 'ONRAMP_WIDGET_OPENED:blocked': 1 },
      },
    ])
    expect(summary.totals).toEqual({
      opens: 4,
      connections: 3,
      byWallet: { MetaMask: 1, Phantom: 1, Email: 1 },
      byMethod: { injected: 1, walletConnect: 1, email: 1 },
      byNamespace: { eip155: 2, solana: 1 },
      signIns: 1,
      swaps: 1,
      purchases: 1,
      errors: { USER_REJECTED: 1, 'SIWX_AUTH_ERROR:declined': 1, 'SWAP_ERROR:rejected': 2, 'ONRAMP_WIDGET_OPENED:blocked': 1 },
    })
    expect(summary.funnel).toEqual({ opened: 3, connected: 3 })
  })

  it('gives one day, and a range with no events as zeros; another project sees only its own', async () => {
    expect((await analyticsSummary(db, { projectId: 'p1', from: '2025-03-04', to: '2025-03-04' })).totals.byWallet).toEqual({ Rabby: 1 })
    const empty = await analyticsSummary(db, { projectId: 'p1', from: '2024-01-01', to: '2024-01-03' })
    expect(empty).toEqual({
      days: ['2024-01-01', '2024-01-02', '2024-01-03'].map((day) => ({ day, ...zero })),
      totals: zero,
      funnel: { opened: 0, connected: 0 },
    })
    const other = await analyticsSummary(db, { projectId: 'p2', from: '2025-03-01', to: '2025-03-31' })
    expect([other.days.length, other.totals.byMethod, other.totals.opens]).toEqual([31, { social: 1 }, 0])
  })

  it('takes up to 366 days (a leap year) and refuses bad ranges with the reason (HttpError 400)', async () => {
    expect((await analyticsSummary(db, { projectId: 'p1', from: '2024-01-01', to: '2024-12-31' })).days).toHaveLength(366)
    const refused = async (range: { projectId: string; from: string; to: string }) => {
      try {
        await analyticsSummary(db, range)
      } catch (error) {
        return [(error as { status?: number }).status, (error as Error).message]
      }
      return 'accepted'
    }
    expect(await refused({ projectId: 'p1', from: '2024-01-01', to: '2025-01-01' })).toEqual([400, 'Invalid range: at most 366 days'])
    expect(await refused({ projectId: 'p1', from: '2025-03-02', to: '2025-03-01' })).toEqual([400, 'Invalid range: from is after to'])
    for (const [from, to] of [
      ['2025-02-30', '2025-03-01'],
      ['2025-3-1', '2025-03-01'],
      ['yesterday', '2025-03-01'],
      ['2025-03-01', "2025-03-01' OR 1=1"],
    ])
      expect(await refused({ projectId: 'p1', from: from!, to: to! })).toEqual([400, 'Invalid range: from and to must be days as YYYY-MM-DD'])
    expect(await refused({ projectId: '', from: '2025-03-01', to: '2025-03-01' })).toEqual([400, 'Invalid range: a project id is needed'])
  })
})
