/**
 * Immer's `produce` for one module's reducer, made cheap for the events the reducer ignores
 * (issue 27 §1). Every event goes through every module's reducer, and most reducers switch on the
 * event's type and return at once for the rest; `produce` paid a scope, a draft, a finalisation and
 * a revocation for each of those. Here the reducer gets a stand-in that makes the Immer draft only
 * when the reducer first touches it, and forwards every operation to that draft from then on. A
 * reducer that never touches it costs one Proxy, and its slice keeps its reference, as with
 * `produce`. What a reducer that touches its draft sees and gets is Immer's own (the draft is
 * `createDraft`'s and is closed by `finishDraft`); a reducer that returns a new value instead is
 * run again by `produce`, whose rules (no new value after a change, finalising what it returns)
 * then apply as before, which a pure reducer allows.
 */
import { createDraft, finishDraft, produce } from 'immer'
import type { AirlockEvent, RootState } from './registry'

/** A module's reducer, its slice type erased (`AnyModule['reduce']`). */
type Reduce = (draft: unknown, event: AirlockEvent, root: RootState) => unknown

/** Where the stand-in keeps its slice and, once touched, its Immer draft. */
interface Holder {
  base: object
  draft: object | undefined
}

const draftOf = (holder: Holder): object => (holder.draft ??= createDraft(holder.base))

/**
 * The stand-in's traps: each makes the draft, then does what was asked on it. The Proxy's target
 * is the holder, never the frozen slice, so the Proxy invariants (a frozen target's property must
 * read as itself) do not forbid handing out Immer's nested drafts.
 */
const forward: ProxyHandler<Holder> = {
  get: (holder, key) => Reflect.get(draftOf(holder), key),
  set: (holder, key, value) => Reflect.set(draftOf(holder), key, value),
  has: (holder, key) => Reflect.has(draftOf(holder), key),
  deleteProperty: (holder, key) => Reflect.deleteProperty(draftOf(holder), key),
  ownKeys: (holder) => Reflect.ownKeys(draftOf(holder)),
  getOwnPropertyDescriptor: (holder, key) => Reflect.getOwnPropertyDescriptor(draftOf(holder), key),
  defineProperty: (holder, key, descriptor) => Reflect.defineProperty(draftOf(holder), key, descriptor),
  getPrototypeOf: (holder) => Reflect.getPrototypeOf(draftOf(holder)),
  setPrototypeOf: (holder, proto) => Reflect.setPrototypeOf(draftOf(holder), proto),
  preventExtensions: (holder) => Reflect.preventExtensions(draftOf(holder)),
}

/** A plain object (Immer drafts it as an object): the only slices the stand-in takes. */
function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const viaProduce = <S>(slice: S, reduce: Reduce, event: AirlockEvent, root: RootState): S =>
  produce(slice, (draft: unknown) => reduce(draft, event, root) as never) as S

/**
 * `produce(slice, (draft) => reduce(draft, ...rest))`, with the same result and the same reference
 * when nothing changed, but no Immer draft for a reducer that does not touch its slice. Slices that
 * are not plain objects (arrays, primitives, class instances) go through `produce` itself.
 *
 * ```ts
 * reduceLazily(state.router, (draft, event, root) => reduceRouter(draft, event, root), event, state)
 * ```
 */
export function reduceLazily<S>(slice: S, reduce: Reduce, event: AirlockEvent, root: RootState): S {
  if (!isPlainObject(slice)) return viaProduce(slice, reduce, event, root)
  const holder: Holder = { base: slice, draft: undefined }
  const { proxy, revoke } = Proxy.revocable(holder, forward)
  let result: unknown
  try {
    result = reduce(proxy, event, root)
  } finally {
    revoke()
  }
  if (result !== undefined && result !== proxy && result !== holder.draft) {
    // A new value: `produce` runs the (pure) reducer again under its own rules for one.
    return viaProduce(slice, reduce, event, root)
  }
  return holder.draft === undefined ? slice : (finishDraft(holder.draft) as S)
}
