// `node services/config/cli.mjs [port]`: the config service on its own, for manual use.
import { startConfigService } from './server.mjs'

const arg = process.argv[2] ?? '0'
const port = /^\d{1,5}$/.test(arg) && Number(arg) <= 65535 ? Number(arg) : NaN
if (Number.isNaN(port)) {
  console.error(`Usage: node services/config/cli.mjs [port]  (0-65535, got ${JSON.stringify(arg)})`)
  process.exit(2)
}
const service = await startConfigService({ port })
console.log(`Config service on ${service.url} (Ctrl-C stops)`)
console.log(`  try ${service.url}/getWallets?projectId=local&search=meta`)
const stop = () => service.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
