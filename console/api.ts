/**
 * The console API client: same-origin JSON under /console/api, the credential cookie sent by the
 * browser (`credentials: 'same-origin'`), every answer decoded. A refusal throws ApiError with the
 * server's own `{ message }`.
 */
import type * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import { Analytics, Catalog, Claimed, ErrorAnswer, LatestErrors, Me, Project } from './codecs'
import { strings } from './strings'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function call<A>(codec: t.Type<A, unknown>, method: string, path: string, given?: unknown): Promise<A> {
  // Every state-changing request is JSON (the server refuses others: a CSRF guard), even a DELETE.
  const body = given ?? (method === 'GET' ? undefined : {})
  let response: Response
  try {
    response = await fetch(`/console/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    throw new ApiError(0, strings.errorNetwork)
  }
  if (response.status === 204) return undefined as A
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = ErrorAnswer.decode(json)
    throw new ApiError(response.status, isRight(error) ? error.right.message : strings.errorUnexpected)
  }
  const decoded = codec.decode(json)
  if (!isRight(decoded)) throw new ApiError(response.status, strings.errorUnexpected)
  return decoded.right
}

const path = (id: string) => `/projects/${encodeURIComponent(id)}`

export type ProjectPatch = Partial<Pick<Project, 'name' | 'allowedOrigins' | 'features' | 'wallets'>>

export const api = {
  me: () => call(Me, 'GET', '/me'),
  claim: (secret: string) => call(Claimed, 'POST', '/claim', { secret }),
  createProject: (name: string) => call(Project, 'POST', '/projects', { name }),
  project: (id: string) => call(Project, 'GET', path(id)),
  patchProject: (id: string, patch: ProjectPatch) => call(Project, 'PATCH', path(id), patch),
  deleteProject: (id: string) => call(Project, 'DELETE', path(id)).then(() => undefined),
  addOwner: (id: string, address: string) => call(Project, 'POST', `${path(id)}/owners`, { address }),
  removeOwner: (id: string, address: string) => call(Project, 'DELETE', `${path(id)}/owners/${encodeURIComponent(address)}`),
  catalog: (search: string, page: number) => call(Catalog, 'GET', `/catalog?${new URLSearchParams({ search, page: String(page) }).toString()}`),
  analytics: (id: string, from: string, to: string) => call(Analytics, 'GET', `${path(id)}/analytics?${new URLSearchParams({ from, to }).toString()}`),
  latestErrors: (id: string) => call(LatestErrors, 'GET', `${path(id)}/errors`).then((answer) => answer.errors),
}
