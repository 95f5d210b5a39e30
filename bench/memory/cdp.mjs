// Chromium driven over its DevTools protocol alone (a WebSocket, no Playwright), for the memory
// benches: Playwright makes a JS realm of its own in every frame (its utility world, with its
// injected utility script), which lives in the page's V8 heap and so in every figure they take:
// about 0.2 MiB on about:blank (0.61 MiB after a GC with Playwright, 0.40 without). Here nothing
// but the page runs in the page's heap. The object returned has the few calls of Playwright's page
// and CDP connection the benches use (evaluate, goto, waitForLoadState('networkidle'),
// waitForTimeout; send, on, off), and the heaps of the page's out-of-process frames.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/ensure-chromium.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Chromium started with `flags`, its first page attached; `close()` stops it and removes its profile. */
export async function launchCdpBrowser(flags) {
  const profile = mkdtempSync(join(tmpdir(), 'airlock-bench-memory-'))
  const chromium = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      '--headless',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      // Every host but the loopback fails to resolve: no request leaves the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      // A page in the background keeps its frames and timers, as Playwright's does.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      ...flags,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const exited = new Promise((resolve) => chromium.once('exit', resolve))
  const portFile = join(profile, 'DevToolsActivePort')
  for (const started = Date.now(); !existsSync(portFile) || !readFileSync(portFile, 'utf8').includes('\n'); await sleep(50))
    if (Date.now() - started > 60_000) throw new Error('Chromium did not start within 60 s')
  const [port, path] = readFileSync(portFile, 'utf8').split('\n')
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false, maxPayload: 2 ** 31 - 1 })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  let lastId = 0
  const pending = new Map()
  /** Listeners by attached target and method. */
  const listeners = new Map()
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString())
    if (message.id !== undefined) {
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`))
      else call?.resolve(message.result)
      return
    }
    for (const listener of listeners.get(`${message.sessionId ?? ''} ${message.method}`) ?? []) listener(message.params)
  })
  const send = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++lastId
      pending.set(id, { resolve, reject, method })
      ws.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }))
    })
  const on = (sessionId, method, listener) => {
    const key = `${sessionId ?? ''} ${method}`
    listeners.set(key, [...(listeners.get(key) ?? []), listener])
  }
  const off = (sessionId, method, listener) => {
    const key = `${sessionId ?? ''} ${method}`
    listeners.set(
      key,
      (listeners.get(key) ?? []).filter((l) => l !== listener),
    )
  }

  const { targetInfos } = await send(undefined, 'Target.getTargets')
  const target = targetInfos.find((t) => t.type === 'page')
  const { sessionId } = await send(undefined, 'Target.attachToTarget', { targetId: target.targetId, flatten: true })
  /** Requests in flight, for the network's idling (500 ms without one, as Playwright's networkidle). */
  const inFlight = new Map()
  let lastChange = Date.now()
  // The page's out-of-process frames (the secure frame's, with StrictOriginIsolation), attached as they come.
  const frames = new Map()
  on(sessionId, 'Target.attachedToTarget', ({ sessionId: frameSession, targetInfo }) => {
    if (targetInfo.type === 'iframe') frames.set(frameSession, { targetId: targetInfo.targetId, url: targetInfo.url })
    // The frame's document request is reported started to the page's target and finished to the frame's.
    for (const [requestId, { frameId }] of inFlight) if (frameId === targetInfo.targetId) inFlight.delete(requestId)
    lastChange = Date.now()
    send(frameSession, 'Runtime.runIfWaitingForDebugger').catch(() => undefined)
  })
  on(sessionId, 'Target.detachedFromTarget', ({ sessionId: frameSession }) => frames.delete(frameSession))
  on(sessionId, 'Target.targetInfoChanged', ({ targetInfo }) => {
    for (const [s, frame] of frames) if (frame.targetId === targetInfo.targetId) frames.set(s, { ...frame, url: targetInfo.url })
  })
  await send(sessionId, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true })
  await send(sessionId, 'Page.enable')
  await send(sessionId, 'Network.enable')
  on(sessionId, 'Network.requestWillBeSent', ({ requestId, request, frameId }) => {
    inFlight.set(requestId, { url: request.url, frameId })
    lastChange = Date.now()
  })
  for (const method of ['Network.loadingFinished', 'Network.loadingFailed'])
    on(sessionId, method, ({ requestId }) => {
      inFlight.delete(requestId)
      lastChange = Date.now()
    })
  const networkIdle = async (timeoutMs) => {
    for (const started = Date.now(); inFlight.size > 0 || Date.now() - lastChange < 500; await sleep(50))
      if (Date.now() - started > timeoutMs)
        throw new Error(`the network did not idle within ${timeoutMs} ms: ${[...inFlight.values()].map((r) => r.url).join(', ')}`)
  }

  const page = {
    /** A function's source called with `arg` (JSON), or an expression; its promise awaited, its value returned. */
    async evaluate(fn, arg) {
      const expression = typeof fn === 'string' ? fn : `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`
      const { result, exceptionDetails } = await send(sessionId, 'Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
      if (exceptionDetails) throw new Error(`page.evaluate: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`)
      return result.value
    },
    async goto(url, { waitUntil, timeout = 60_000 } = {}) {
      const loaded = new Promise((resolve) => {
        const listener = () => {
          off(sessionId, 'Page.loadEventFired', listener)
          resolve()
        }
        on(sessionId, 'Page.loadEventFired', listener)
      })
      const { errorText } = await send(sessionId, 'Page.navigate', { url })
      if (errorText) throw new Error(`${url}: ${errorText}`)
      await Promise.race([loaded, sleep(timeout).then(() => Promise.reject(new Error(`${url} did not load within ${timeout} ms`)))])
      if (waitUntil === 'networkidle') await networkIdle(timeout)
    },
    waitForLoadState: (state, { timeout = 60_000 } = {}) => (state === 'networkidle' ? networkIdle(timeout) : Promise.resolve()),
    waitForTimeout: sleep,
    setDefaultTimeout: () => undefined,
  }
  const cdp = {
    send: (method, params) => send(sessionId, method, params),
    on: (method, listener) => on(sessionId, method, listener),
    off: (method, listener) => off(sessionId, method, listener),
  }
  return {
    page,
    cdp,
    /** The heap (used bytes) of each of the page's frames that runs in a process of its own, with its URL. */
    frameHeaps: async () =>
      Promise.all([...frames].map(async ([frameSession, { url }]) => ({ url, usedSize: (await send(frameSession, 'Runtime.getHeapUsage')).usedSize }))),
    close: async () => {
      await send(undefined, 'Browser.close').catch(() => undefined)
      await Promise.race([exited, sleep(10_000)])
      if (chromium.exitCode === null) chromium.kill('SIGKILL')
      ws.terminate()
      // The renderers can outlive the browser process by a moment, still writing to the profile.
      for (let i = 0; i < 10; i++)
        try {
          rmSync(profile, { recursive: true, force: true })
          break
        } catch {
          await sleep(200)
        }
    },
  }
}
