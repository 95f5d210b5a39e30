// `node services/config/cli.mjs [port]`: the config service on its own, for manual use.
import { startConfigService } from './server.mjs'

const service = await startConfigService({ port: Number(process.argv[2] ?? 0) })
console.log(`Config service on ${service.url} (Ctrl-C stops)`)
process.on('SIGINT', () => service.close().then(() => process.exit(0)))
