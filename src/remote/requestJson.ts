/**
 * One HTTP request as an Observable, for effects: decoded JSON, a time-out on the effect's
 * scheduler (so tests run it on virtual time), cancellation that aborts the HTTP request, and the
 * server's own message kept on failure so SPEC §8 server messages can be mapped to alerts.
 */
import { Observable } from 'rxjs'
import type * as t from 'io-ts'
import type { Deps } from '../kernel/deps'
import { HttpStatusError } from '../kernel/errors/http'
import { fetchJson } from './fetchJson'

/** How long a remote call may take by default (SPEC §9 "other durations": 10 s). */
export const REMOTE_TIMEOUT_MS = 10_000

/** Longest server message kept: enough for any known one, short enough for a log line. */
const MAX_SERVER_MESSAGE = 200

/**
 * The message a failed answer carries: `message` or `error` of a JSON body, else the text; cut
 * short, and undefined when there is none or the body cannot be read.
 *
 * ```ts
 * await readServerMessage(new Response('{"message":"Unauthorized: invalid key"}', { status: 401 })) // 'Unauthorized: invalid key'
 * ```
 */
export async function readServerMessage(response: Response): Promise<string | undefined> {
  try {
    const text = await response.text()
    let message = text
    try {
      const json: unknown = JSON.parse(text)
      if (typeof json === 'object' && json !== null) {
        const field = (json as { message?: unknown; error?: unknown }).message ?? (json as { error?: unknown }).error
        if (typeof field === 'string') message = field
      }
    } catch {
      // Not JSON: the text is the message.
    }
    message = message.trim().slice(0, MAX_SERVER_MESSAGE)
    return message === '' ? undefined : message
  } catch {
    return undefined
  }
}

/**
 * GET `url` and decode the answer with `codec`. Fails with the AirlockError of `fetchJson` (SPEC
 * §8 wording), "The request took too long to respond" after `timeoutMs` (default REMOTE_TIMEOUT_MS) on
 * `deps.scheduler`; a non-2xx answer's own message is in the error's `details`.
 *
 * ```ts
 * requestJson(deps, allowedOriginsUrl(base, projectId), AllowedOriginsResponse).subscribe(...)
 * ```
 */
export function requestJson<A>(
  deps: Pick<Deps, 'fetch' | 'scheduler'>,
  url: string,
  codec: t.Type<A, unknown, unknown>,
  { timeoutMs = REMOTE_TIMEOUT_MS }: { readonly timeoutMs?: number } = {},
): Observable<A> {
  return new Observable<A>((subscriber) => {
    const controller = new AbortController()
    let serverMessage: string | undefined
    const fetchImpl: typeof globalThis.fetch | undefined =
      deps.fetch &&
      (async (input, init) => {
        const response = await (deps.fetch as typeof globalThis.fetch)(input, init)
        if (!response.ok) serverMessage = await readServerMessage(response.clone())
        return response
      })
    // fetchJson's time-out runs on the instance's scheduler, and fails with TimeoutError itself.
    fetchJson(fetchImpl, url, codec, { signal: controller.signal, timeoutMs, scheduler: deps.scheduler }).then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) =>
        subscriber.error(
          serverMessage !== undefined && error instanceof HttpStatusError
            ? new HttpStatusError({ status: error.status, details: serverMessage, cause: error })
            : error,
        ),
    )
    return () => controller.abort()
  })
}
