// `npm run bench:server`: airlock-server under load (issue 24 §4), on the embedded database (a
// temporary data directory) and then on PostgreSQL (a throwaway server, tests/support/postgres.mjs).
// The server runs in a process of its own (./serve.mjs); autocannon drives it from this one, on
// loopback only, CONNECTIONS connections for DURATION seconds per scenario, after a warm-up:
// - config reads: GET /appkit/v1/config?projectId= (the modal's first call);
// - nonce + sign-in: POST /v1/nonce, then POST /v1/sessions with a real SIWX message signed by a
//   viem account. Signing is the wallet's work, not the server's: the messages are signed before
//   the run, each over a nonce the server issued then, each used once (the run stops before the
//   pool runs out); the nonce the run asks for is the next client's;
// - event ingestion: POST /v1/analytics/events?projectId= with a batch of EVENTS_PER_BATCH events,
//   as the modal's analytics option sends them (pending, and said so, when the server has no such
//   route).
// Rate limits are raised for the run (./serve.mjs): it measures throughput, with every request
// still counted in the database. Reported: requests per second, p50 and p99 latency, and errors
// (socket errors, time-outs and non-2xx answers). Writes bench/RESULTS.md's server section.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { privateKeyToAccount } from 'viem/accounts'
import { writeResultsSection } from '../shared.mjs'
import { startPostgres } from '../../tests/support/postgres.mjs'

const DURATION = Number(process.env.DURATION ?? 5)
const WARMUP = 1
const CONNECTIONS = 10
/** Sign-ins prepared per database: more than a run can use. */
const SIGN_INS = Number(process.env.SIGN_INS ?? 4000)
const EVENTS_PER_BATCH = 20
const PROJECT = 'bench-project-0'
/** Projects ./serve.mjs makes (bench-project-0 … -9). */
const PROJECTS = 10
const PAGE = 'https://shop.example'
const SITE = 'http://127.0.0.1:5173'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

const loadAtStart = loadavg()[0].toFixed(1)
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)

/** Starts ./serve.mjs on `database`; resolves to `{ url, stop() }`. */
function serve(database) {
  const child = spawn(process.execPath, [join(root, 'bench/server/serve.mjs'), JSON.stringify(database)], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const url = /^READY (\S+)$/m.exec(output)?.[1]
      if (url)
        resolve({
          url,
          async stop() {
            child.kill('SIGTERM')
            await exited
          },
        })
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)))
  })
}

/** One autocannon run; resolves to its figures. */
async function load(options, { warmup = true } = {}) {
  if (warmup) await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...options })
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options })
  return {
    rps: result.requests.average,
    total: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** The sign-in message (src/format/siwxMessage.ts's layout: EIP-4361) over `nonce`. */
function siwxMessage(nonce, now) {
  const { host } = new URL(SITE)
  return [
    `${host} wants you to sign in with your Ethereum account:`,
    account.address,
    '',
    `URI: ${SITE}`,
    'Version: 1',
    'Chain ID: 1',
    `Nonce: ${nonce}`,
    `Issued At: ${new Date(now - 1000).toISOString()}`,
    `Expiration Time: ${new Date(now + 3_600_000).toISOString()}`,
  ].join('\n')
}

/** SIGN_INS sign-in bodies, each over a nonce `url` issued now. */
async function signInPool(url) {
  const bodies = []
  const now = Date.now()
  for (let i = 0; i < SIGN_INS; i += 50) {
    const nonces = await Promise.all(
      Array.from({ length: Math.min(50, SIGN_INS - i) }, async () => {
        const response = await fetch(`${url}/v1/nonce`, { method: 'POST', headers: { origin: SITE } })
        if (response.status !== 200) throw new Error(`POST /v1/nonce answered ${response.status}`)
        return (await response.json()).nonce
      }),
    )
    for (const nonce of nonces) {
      const message = siwxMessage(nonce, now)
      bodies.push(JSON.stringify({ message, signature: await account.signMessage({ message }) }))
    }
  }
  return bodies
}

/** A batch of events as the modal's analytics option sends it. */
function eventBatch() {
  const at = Date.now()
  const events = Array.from({ length: EVENTS_PER_BATCH }, (_, i) =>
    i % 2 === 0
      ? { type: 'MODAL_OPEN', at, payload: { view: 'Connect' } }
      : { type: 'CONNECT_SUCCESS', at, payload: { connector: 'injected', namespace: 'eip155', wallet: 'Demo Wallet', method: 'injected' } },
  )
  return JSON.stringify({ events })
}

async function measure(database) {
  const server = await serve(database)
  try {
    const config = await load({ url: `${server.url}/appkit/v1/config?projectId=${PROJECT}` })

    const pool = await signInPool(server.url)
    let next = 0
    let signedIn = 0
    const signIn = await load(
      {
        url: server.url,
        headers: { origin: SITE, 'content-type': 'application/json' },
        // Two requests per sign-in: stop before the pool runs out.
        maxOverallRequests: 2 * (pool.length - CONNECTIONS),
        requests: [
          { method: 'POST', path: '/v1/nonce' },
          {
            method: 'POST',
            path: '/v1/sessions',
            setupRequest: (request) => ({ ...request, body: pool[next++] }),
            onResponse: (status) => {
              if (status === 201) signedIn++
            },
          },
        ],
      },
      { warmup: false },
    )
    signIn.signIns = signedIn

    const eventsPath = (project) => `/v1/analytics/events?projectId=bench-project-${project}`
    const eventsHeaders = { origin: PAGE, 'content-type': 'text/plain;charset=UTF-8' }
    const probe = await fetch(`${server.url}${eventsPath(0)}`, { method: 'POST', headers: eventsHeaders, body: eventBatch() })
    let sent = 0
    const events =
      probe.status === 404
        ? { pending: true }
        : await load({
            url: server.url,
            headers: eventsHeaders,
            // Round the projects: ingestion's own limit per project (server/analytics) stays clear.
            requests: [{ method: 'POST', body: eventBatch(), setupRequest: (request) => ({ ...request, path: eventsPath(sent++ % PROJECTS) }) }],
          })
    if (!events.pending && probe.status >= 300) throw new Error(`POST /v1/analytics/events answered ${probe.status}: ${await probe.text()}`)
    return { config, signIn, events }
  } finally {
    await server.stop()
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'airlock-bench-server-'))
const embedded = await measure({ dataDir })
rmSync(dataDir, { recursive: true, force: true })
const postgres = await startPostgres()
const onPostgres = await measure({ databaseUrl: await postgres.createDatabase() })
await postgres.stop()

// --- Results ---

const int = (n) => Math.round(n).toLocaleString('en-US')
const row = (name, engine, r, unit = '') =>
  r.pending
    ? `| ${name} | ${engine} | pending: the server has no POST /v1/analytics/events yet | | | |`
    : `| ${name} | ${engine} | ${int(r.rps)}${unit} | ${r.p50} ms | ${r.p99} ms | ${r.errors} |`
const rows = []
for (const [engine, r] of [
  ['embedded (PGlite)', embedded],
  ['PostgreSQL', onPostgres],
]) {
  rows.push(row('config read', engine, r.config))
  rows.push(row('nonce + sign-in', engine, r.signIn, ` (${int(r.signIn.signIns / r.signIn.seconds)} sign-ins/s)`))
  rows.push(row(`event ingestion (${EVENTS_PER_BATCH} events a batch)`, engine, r.events))
}
const section = `<!-- server:start -->
## airlock-server under load (\`npm run bench:server\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores; load average ${loadAtStart} at the start, other work running beside): the server in its own Node process, autocannon in another, on loopback; ${CONNECTIONS} connections for ${DURATION} s per scenario (after a ${WARMUP} s warm-up, but for the sign-ins); on the embedded database (PGlite in a data directory) and on PostgreSQL ${'(Debian, fsync off: a throwaway server)'}. Rate limits raised out of the way for the run, but still counting every request in the database. Errors: socket errors, time-outs and non-2xx answers.

| Scenario | Database | Requests/s | p50 | p99 | Errors |
|---|---|---|---|---|---|
${rows.join('\n')}

- **Config read**: \`GET /appkit/v1/config?projectId=\`, the project read from the database on each request.
- **Nonce + sign-in**: \`POST /v1/nonce\` then \`POST /v1/sessions\` with a SIWX message signed by a viem account (the signature checked, the nonce spent, a session and a credential written); requests/s counts both requests, and latency is over both. The messages were signed before the run over nonces the server issued then (signing is the wallet's work), each used once; the nonces the run asks for are issued and stored like any.
- **Event ingestion**: \`POST /v1/analytics/events?projectId=\` from an allowed page origin, ${EVENTS_PER_BATCH} events a batch (a modal open and a connection, alternately), spread over ${PROJECTS} projects so that ingestion's own limit per project (6,000 batches a minute) is not what is measured; the limit per IP is raised with the others.

Where the time goes: a CPU profile of the server on the embedded database through nonces and sign-ins (node --cpu-prof, 2026-11-28) had about 60% of its busy time in PGlite (Postgres compiled to WASM, in the server's own process, writing its data directory at each commit) and about 12% checking signatures (secp256k1); the rate limits' count is one upsert per request (about 1.4 ms on PGlite). PostgreSQL does the database's work in its own processes, so the same server answers more there.
<!-- server:end -->`
writeResultsSection(root, 'server', section)
console.log(section)
process.exit(0)
