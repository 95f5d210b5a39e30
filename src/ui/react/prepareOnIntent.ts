/**
 * Prepare on intent (issue 27 §1): when the visitor points at or focuses a connect button, what the
 * modal's first open needs starts at once (MODAL_PREPARED: the modal's chunk fetched and mounted
 * closed, the wallet lists loaded), as the page's first idle period does; a click that comes
 * before the page was idle then has a head start of the time the pointer took to get there. A
 * pointer over the button comes before its pointer down for every kind of pointer (a touch's too),
 * so that one handler serves both; focus serves the keyboard. Once per instance; nothing happens at
 * load, nor on a connect button that no one goes near.
 *
 * ```tsx
 * const { rest } = useLook(usePrepareOnIntent(look), 'connect') // the site's own handlers kept
 * return <button {...rest} onClick={open} />
 * ```
 */
import type { AirlockInstance } from '../../ports/instance'
import { createEvent } from '../../kernel/registry'
import { useAirlock } from './context'

type Handler = ((event: never) => void) | undefined

/** The instances already prepared. */
const prepared = new WeakSet<AirlockInstance>()

/** `props` with pointer-over and focus handlers that prepare the modal (the first time), then call the props' own. */
export function usePrepareOnIntent<P extends { readonly onPointerOver?: Handler; readonly onFocus?: Handler }>(props: P): P {
  const airlock = useAirlock()
  const on = (own: Handler) => (event: never) => {
    if (!prepared.has(airlock)) airlock._internal.dispatch(createEvent('MODAL_PREPARED', {}))
    prepared.add(airlock)
    own?.(event)
  }
  return { ...props, onPointerOver: on(props.onPointerOver), onFocus: on(props.onFocus) }
}
