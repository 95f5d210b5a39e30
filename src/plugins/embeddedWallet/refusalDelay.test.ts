/**
 * SPEC §6 and §9 "Error-rejection display delay 300 ms": a method the embedded wallet refuses opens
 * the modal on ApproveTransaction at once, and its error ("Action not allowed", the view's
 * `refused`) shows 300 ms later, not before. The plugin's effect on a real kernel with the core
 * modules, on virtual time; the frame port's refusals are the test's.
 */
import { describe, expect, it } from 'vitest'
import { Subject } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { createEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { unavailableEmbeddedWallet, type RefusedRequest } from '../../embedded/port'
import { testDeps } from '../../../tests/support/testDeps'
import { selectView, type PortDeps } from 'airlock/plugin'
import { APPROVE_VIEW, REFUSAL_DISPLAY_DELAY_MS, refusals } from './effects'

describe('the error-rejection display delay (SPEC §9 "300 ms")', () => {
  it('opens ApproveTransaction at once and shows the refusal 300 ms later, not before', () => {
    const refused$ = new Subject<RefusedRequest>()
    const embedded = { ...unavailableEmbeddedWallet(), refusals$: refused$ } as unknown as PortDeps['embedded']
    const deps = testDeps()
    const kernel = createKernel({ modules: coreModules, deps })
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'test', networks: [ethereum] }).options }))
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
    // The plugin's view, as the plugin host registers it.
    kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'embeddedWallet', views: [APPROVE_VIEW] }))
    const shown: { method: string; at: number }[] = []
    kernel.events$.subscribe((event) => {
      if (event.type === 'EMBEDDED_REFUSAL_SHOWN') shown.push({ method: (event.payload as { method: string }).method, at: deps.scheduler.now() })
    })
    refusals(kernel.events$, kernel.state$, { ...deps, embedded } as unknown as PortDeps).subscribe((item) => kernel.dispatch(item))

    refused$.next({ method: 'eth_coinbase' })
    expect(kernel.getState().router.open).toBe(true)
    expect(selectView(kernel.getState())).toBe(APPROVE_VIEW)
    deps.scheduler.maxFrames = REFUSAL_DISPLAY_DELAY_MS - 1
    deps.scheduler.flush()
    expect(shown).toEqual([])
    deps.scheduler.maxFrames = Number.POSITIVE_INFINITY
    deps.scheduler.flush()
    expect(REFUSAL_DISPLAY_DELAY_MS).toBe(300)
    expect(shown).toEqual([{ method: 'eth_coinbase', at: 300 }])
  })
})
