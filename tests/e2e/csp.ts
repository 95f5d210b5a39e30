/**
 * The browser suite's Content-Security-Policy guard (issue 27 §4). Every context launchChromium
 * makes is watched:
 *
 * - every HTML document a page or frame loads from a server (2xx, text/html) must carry a strict
 *   policy (`strictPolicyProblems`): no 'unsafe-inline', no 'unsafe-eval', no wildcard or bare
 *   scheme in script-src, style-src, connect-src or frame-src, object-src and base-uri closed;
 * - every violation a page or frame reports (the `securitypolicyviolation` event, and Chromium's
 *   console errors naming the Content Security Policy or Trusted Types) is recorded.
 *
 * Whatever is recorded fails the test that was running (an afterEach of every browser file,
 * tests/e2e/browserFileHooks.ts), or the file (its afterAll) when no test was. A test that
 * provokes a violation on purpose says so for its context with `allowCspViolations(context, /pattern/)`.
 */
import type { BrowserContext, Response } from 'playwright-core'

/** The directives a policy must keep closed, with the one each falls back to (CSP Level 3). */
const FETCH_DIRECTIVES = ['script-src', 'style-src', 'connect-src', 'frame-src', 'object-src'] as const
const FALLBACK: Record<string, readonly string[]> = {
  'script-src': ['script-src', 'default-src'],
  'style-src': ['style-src', 'default-src'],
  'connect-src': ['connect-src', 'default-src'],
  'frame-src': ['frame-src', 'child-src', 'default-src'],
  'object-src': ['object-src', 'default-src'],
}
/** Sources that let any script or style run, or any host in. */
const LOOSE_KEYWORDS = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'"]
/** A scheme alone (`https:`, `data:`, `ws:`): every host of it. */
const BARE_SCHEME = /^[a-z][a-z0-9+.-]*:$/i

/** A policy as a map of directive name (lower case) to its sources, the first of each name kept (as browsers do). */
export function parsePolicy(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (!name) continue
    const key = name.toLowerCase()
    if (!directives.has(key)) directives.set(key, sources)
  }
  return directives
}

/**
 * What makes `header` (a Content-Security-Policy header's value) not strict; empty when it is.
 * Several policies (headers joined by commas or new lines) are all enforced, so one strict among
 * them is enough. `frames` names the only origins frame-src may list when given.
 *
 * ```ts
 * strictPolicyProblems("default-src 'none'; script-src 'self'") // []
 * strictPolicyProblems("default-src *") // ["script-src allows *", …]
 * ```
 */
export function strictPolicyProblems(header: string | undefined, { frames }: { frames?: readonly string[] } = {}): string[] {
  if (header === undefined || header.trim() === '') return ['no Content-Security-Policy header']
  const each = header
    .split(/[,\n]/)
    .filter((one) => one.trim() !== '')
    .map((one) => singlePolicyProblems(one, frames))
  return each.some((problems) => problems.length === 0) ? [] : each[0]!
}

function singlePolicyProblems(header: string, frames: readonly string[] | undefined): string[] {
  const policy = parsePolicy(header)
  const problems: string[] = []
  if (!policy.has('default-src')) problems.push('no default-src')
  for (const directive of FETCH_DIRECTIVES) {
    const governing = FALLBACK[directive]!.find((name) => policy.has(name))
    if (governing === undefined) {
      problems.push(`${directive} is not restricted`)
      continue
    }
    const sources = policy.get(governing)!
    for (const source of sources) {
      const lower = source.toLowerCase()
      if (LOOSE_KEYWORDS.includes(lower)) problems.push(`${directive} allows ${source}`)
      else if (source === '*' || source.startsWith('*')) problems.push(`${directive} allows ${source}`)
      else if (BARE_SCHEME.test(source)) problems.push(`${directive} allows every host of ${source}`)
      else if (/^https?:\/\/\*/.test(lower) || /:\*$/.test(lower)) problems.push(`${directive} allows a wildcard host or port: ${source}`)
    }
    if (directive === 'object-src' && !(sources.length === 1 && sources[0] === "'none'")) problems.push(`object-src is not 'none'`)
    if (directive === 'frame-src' && frames !== undefined) {
      const allowed = new Set(frames.map((f) => new URL(f).origin))
      for (const source of sources) {
        if (source === "'none'") continue
        const origin = /^https?:\/\//.test(source) ? new URL(source).origin : source
        if (!allowed.has(origin)) problems.push(`frame-src allows ${source}, not only the secure frame`)
      }
    }
  }
  if (!policy.has('base-uri')) problems.push('no base-uri')
  return problems
}

interface Watch {
  readonly allowed: RegExp[]
}

const watches = new WeakMap<BrowserContext, Watch>()
/** What the watched contexts recorded since the last check. */
const recorded: string[] = []

/** Whether `response` is an HTML document a server answered (not about:, data:, a redirect or an error page). */
function isServedDocument(response: Response): boolean {
  const request = response.request()
  if (request.resourceType() !== 'document') return false
  if (!/^https?:/.test(response.url())) return false
  if (response.status() < 200 || response.status() >= 300) return false
  return (response.headers()['content-type'] ?? '').startsWith('text/html')
}

/**
 * Watch `context` (launchChromium does for each it makes). Its pages' and frames' violations and
 * loosely protected documents are recorded for this file's afterEach/afterAll to fail on.
 */
export async function watchContentSecurity(context: BrowserContext): Promise<void> {
  const watch: Watch = { allowed: [] }
  watches.set(context, watch)
  const record = (problem: string): void => {
    if (!watch.allowed.some((pattern) => pattern.test(problem))) recorded.push(problem)
  }
  context.on('response', (response) => {
    if (!isServedDocument(response)) return
    const problems = strictPolicyProblems(response.headers()['content-security-policy'])
    if (problems.length > 0) record(`document ${response.url()} is served without a strict CSP: ${problems.join('; ')}`)
  })
  context.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    if (/Content[ -]Security[ -]Policy|Trusted Type/i.test(text)) record(`console (${message.location().url || message.page()?.url()}): ${text}`)
  })
  await context.exposeBinding('__airlockCspViolation', ({ frame }, violation: string) => record(`securitypolicyviolation in ${frame.url()}: ${violation}`))
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const text = `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile || event.documentURI}:${event.lineNumber}`
        void (window as unknown as { __airlockCspViolation?: (v: string) => Promise<void> }).__airlockCspViolation?.(text)
      },
      true,
    )
  })
}

/**
 * Say that `context`'s pages provoke violations matching `pattern` on purpose (a page whose origin
 * the secure frame's frame-ancestors refuses, an attack script's inline code): they are not failures.
 */
export function allowCspViolations(context: BrowserContext, pattern: RegExp): void {
  const watch = watches.get(context)
  if (!watch) throw new Error('allowCspViolations: this context was not made by launchChromium')
  watch.allowed.push(pattern)
}

/** The problems recorded since the last call, cleared. */
export function takeCspProblems(): string[] {
  return recorded.splice(0)
}

/** Throws with the problems recorded since the last call, if any (tests/e2e/browserFileHooks.ts: after each test, and after the file). */
export function failOnCspProblems(when: string): void {
  const problems = takeCspProblems()
  if (problems.length > 0) throw new Error(`Content-Security-Policy problems ${when}:\n${[...new Set(problems)].join('\n')}`)
}
