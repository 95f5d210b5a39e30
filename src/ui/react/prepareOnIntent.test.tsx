/**
 * Prepare on intent (issue 27 §1): a pointer over or focus on a connect button dispatches
 * MODAL_PREPARED once per instance, and the site's own handlers still run each time. Over a real
 * instance (no window: the modal's mount is the browser's, tests/e2e/modal.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { createAirlock, ethereum } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import { AirlockProvider } from './context'
import { usePrepareOnIntent } from './prepareOnIntent'

describe('usePrepareOnIntent', () => {
  it('the first pointer-over or focus prepares the modal (MODAL_PREPARED once per instance); the props own handlers run every time', () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: { storage: memoryStorage(), fetch: undefined, window: undefined } })
    const other = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: { storage: memoryStorage(), fetch: undefined, window: undefined } })
    const prepared = (instance: typeof airlock) => {
      let count = 0
      instance._internal.events$.subscribe((event) => (count += event.type === 'MODAL_PREPARED' ? 1 : 0))
      return () => count
    }
    const [first, second] = [prepared(airlock), prepared(other)]
    const own: string[] = []
    const handlers: { onPointerOver?: (event: never) => void; onFocus?: (event: never) => void }[] = []
    function Probe() {
      handlers.push(usePrepareOnIntent({ onPointerOver: () => own.push('over'), onFocus: () => own.push('focus') }))
      return null
    }
    renderToStaticMarkup(
      <>
        <AirlockProvider airlock={airlock}>
          <Probe />
        </AirlockProvider>
        <AirlockProvider airlock={other}>
          <Probe />
        </AirlockProvider>
      </>,
    )
    expect(first()).toBe(0)
    const [a, b] = handlers
    a?.onPointerOver?.(undefined as never)
    a?.onFocus?.(undefined as never)
    a?.onPointerOver?.(undefined as never)
    expect(first()).toBe(1)
    expect(second()).toBe(0)
    expect(own).toEqual(['over', 'focus', 'over'])
    b?.onFocus?.(undefined as never)
    expect(second()).toBe(1)
    expect(first()).toBe(1)
    airlock.destroy()
    other.destroy()
  })
})
