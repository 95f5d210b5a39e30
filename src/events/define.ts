/**
 * How an event codec is written: `{ type: literal, payload: codec }`. The type of the same name is
 * `t.TypeOf<typeof Codec>`.
 *
 * ```ts
 * export const ModalClose = defineEvent('MODAL_CLOSE', t.type({ connected: t.boolean }))
 * export type ModalClose = t.TypeOf<typeof ModalClose>
 * ```
 */
import * as t from 'io-ts'

export function defineEvent<K extends string, P extends t.Mixed>(type: K, payload: P) {
  return t.type({ type: t.literal(type), payload }, type)
}

/** An event whose payload is empty. */
export const NoPayload = t.type({})
