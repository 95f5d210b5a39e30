/**
 * Sign-out: revoke every session this browser's credential holds at the sessions service (the
 * server clears the cookie with the last one), then disconnect the wallet.
 */
import * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import type { AirlockInstance } from 'airlock'

const Sessions = t.type({ sessions: t.array(t.type({ id: t.string })) })

export async function signOut(airlock: AirlockInstance): Promise<void> {
  const answer = await fetch('/v1/sessions', { credentials: 'same-origin' }).catch(() => undefined)
  const decoded = Sessions.decode(answer?.ok ? await answer.json() : undefined)
  if (isRight(decoded))
    for (const { id } of decoded.right.sessions) await fetch(`/v1/sessions/${encodeURIComponent(id)}/revoke`, { method: 'POST', credentials: 'same-origin' })
  await airlock.disconnect().catch(() => undefined)
}
