// The one command that runs the demo on a fresh machine: `npm start`. It installs what it needs,
// builds the demo, and serves it on 127.0.0.1 (PORT, default 5173).
import { ensureInstall, root } from './ensure-install.mjs'

ensureInstall()
process.chdir(root)
const { buildAll } = await import('../esbuild.config.mjs')
await buildAll()
const { startStaticServer } = await import('../services/static/server.mjs')
const server = await startStaticServer({ root: 'demo', port: Number(process.env.PORT ?? 5173) })
console.log(`\nAirlock demo: open ${server.url}\nThe instance is window.airlock in the page's console. Ctrl-C stops.`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
