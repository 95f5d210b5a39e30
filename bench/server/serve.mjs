// The server under load for `npm run bench:server` (./run.mjs), in a process of its own as a site
// runs it: airlock-server (server/app.mjs) on the database argv[2] names (`{ "databaseUrl": … }`
// or `{ "dataDir": … }`), with its rate limits raised out of the way (they still count every
// request in the database, so their cost is in the figures). Prints `READY <url>` once it
// listens; stops on SIGTERM (quietly: what was in flight then fails on the closed database).
import { startAirlockServer } from '../../server/app.mjs'

/** Projects bench-project-0 … -9: the events are spread over them, clear of ingestion's limit per project. */
const BENCH_PROJECTS = 10
const BENCH_PAGE = 'https://shop.example'
const BENCH_SITE = 'http://127.0.0.1:5173'
const RAISED = { max: 1_000_000_000, windowMs: 60_000 }

const database = JSON.parse(process.argv[2] ?? '{}')
/** Once stopping, requests still in flight (autocannon has hung up) fail on the closed database: not news. */
let stopping = false
const server = await startAirlockServer(
  {
    port: 0,
    framePort: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir ?? '',
    databaseUrl: database.databaseUrl,
    siteOrigins: [BENCH_SITE],
    siwxChains: ['eip155:1'],
    trustProxy: false,
    chains: [],
    projects: Object.fromEntries(Array.from({ length: BENCH_PROJECTS }, (_, i) => [`bench-project-${i}`, { allowedOrigins: [BENCH_PAGE] }])),
  },
  {
    log: (line) => {
      if (!stopping && !line.includes('SMTP_URL is not set')) console.error(line)
    },
    rateLimits: { noncePerIp: RAISED, signInPerIp: RAISED, eventsPerIp: RAISED },
  },
)
console.log(`READY ${server.url}`)
process.once('SIGTERM', async () => {
  stopping = true
  await server.stop()
  process.exit(0)
})
