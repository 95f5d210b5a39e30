// `node bench/testcpu/pageLoad.mjs [--loads 6] [--route] [--write]`: what one browser test's page costs in CPU.
// Starts the demo stack (services/demoStack.mjs) and Debian's Chromium with the tests' flags, then
// loads the demo page `--loads` times, each in a fresh context as a test does (tests/e2e/browser.ts):
// to "Airlock is running", the modal opened, 1.5 s more. Prints each load's wall time and the CPU it
// took by Chromium's process type and in this process (the stack's servers and Playwright's client);
// then a bare context's cost (about:blank), and an idle loaded page's over 20 s. Closing is not
// counted (a closed context's renderer exits, and its CPU can no longer be read). `--route` adds the
// loopback route of tests/support/loopbackChromium.ts to each context; `--write` replaces the
// `testcpu` section of bench/RESULTS.md with what it printed. Needs the build (demo/dist).
import { chromium } from 'playwright-core'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { loadavg } from 'node:os'
import { startDemoStack } from '../../services/demoStack.mjs'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/ensure-chromium.mjs'
import { cpuOf } from './procCpu.mjs'
import { writeResultsSection } from '../shared.mjs'

const { values } = parseArgs({
  options: { loads: { type: 'string', default: '6' }, route: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
})
const printed = []
const TYPES = ['renderer', 'gpu-process', 'utility', null]
const chromiumCpu = () => TYPES.map((type) => cpuOf((cmd) => cmd.includes('chromium') && (type ? cmd.includes(`--type=${type}`) : !cmd.includes('--type='))))
const ownCpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
/** Runs `step` and prints its wall time and CPU, Chromium's by process type and this process's. */
async function measured(label, step) {
  const [chrome, own, began] = [chromiumCpu(), ownCpu(), Date.now()]
  await step()
  const after = chromiumCpu()
  const parts = TYPES.map((type, i) => `${type ?? 'browser'} ${(after[i] - chrome[i]).toFixed(2)}`)
  const all = after.reduce((a, b) => a + b, 0) - chrome.reduce((a, b) => a + b, 0)
  const line = `${label}: ${Date.now() - began} ms; Chromium ${all.toFixed(2)} s (${parts.join(', ')}); this process ${(ownCpu() - own).toFixed(2)} s`
  printed.push(line)
  console.log(line)
}

const stack = await startDemoStack()
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS] })
try {
  const open = async () => {
    const context = await browser.newContext()
    if (values.route)
      await context.route('**/*', (route) =>
        (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()).catch(() => undefined),
      )
    const page = await context.newPage()
    await page.goto(`${stack.url}?namespaces=eip155,solana`)
    await page.getByText('Airlock is running').waitFor({ timeout: 60_000 })
    await page.evaluate(() => window.airlock.open())
    await page.locator('airlock-modal [role="dialog"]').waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1500)
    return { context, page }
  }
  // Each context closes after its reading: a closed context's renderer exits, and its CPU with it
  // (a while after the close, so the next reading waits for that first).
  const settleExits = () => new Promise((resolve) => setTimeout(resolve, 2000))
  for (let i = 1; i <= Number(values.loads); i++) {
    let loaded
    await measured(`load ${i}${values.route ? ' (route)' : ''}`, async () => (loaded = await open()))
    await loaded.context.close()
    await settleExits()
  }
  let bare
  await measured('a bare context (about:blank)', async () => {
    bare = await browser.newContext()
    await (await bare.newPage()).goto('about:blank')
  })
  await bare.close()
  const { context, page } = await open()
  await page.waitForTimeout(5000)
  await measured('the loaded page, idle for 20 s', () => page.waitForTimeout(20_000))
  await context.close()
} finally {
  await browser.close()
  await stack.stop()
}
if (values.write) {
  const command = `node bench/testcpu/pageLoad.mjs --loads ${values.loads}${values.route ? ' --route' : ''}`
  const section = [
    '<!-- testcpu:start -->',
    "## What one browser test's page costs in CPU",
    '',
    `Command: \`${command} --write\` (${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0].toFixed(1)} at the end). Each load is a fresh context's demo page (\`?namespaces=eip155,solana\`) to "Airlock is running" with the modal opened; CPU seconds by Chromium's process type and in the process that runs the stack and Playwright's client.`,
    '',
    ...printed.map((line) => `- ${line}`),
    '<!-- testcpu:end -->',
  ].join('\n')
  writeResultsSection(fileURLToPath(new URL('../..', import.meta.url)), 'testcpu', section)
}
