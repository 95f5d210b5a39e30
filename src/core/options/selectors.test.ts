import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { createConfigClient } from '../../remote/config/client'
import { optionsModule } from './module'
import { resolveOptions } from './resolve'
import { selectAlerts, selectFeatures, selectProjectId, selectRemoteStatus, selectResolvedOptions, withRemoteOff, selectThemeMode } from './selectors'
import { networkNotFoundAlert } from './alerts'

function start(input: Record<string, unknown>) {
  const deps = defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined })
  const { options } = resolveOptions({ apiUrls: { config: 'http://127.0.0.1:4001' }, ...input })
  const config = createConfigClient({ baseUrl: options.apiUrls.config, projectId: options.projectId, fetch: undefined, scheduler: deps.scheduler })
  const kernel = createKernel({ modules: [optionsModule], deps, depsFor: (_module, d) => ({ ...d, config }) })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  return kernel
}

describe('options selectors', () => {
  it('selectFeatures keeps its reference until a switch changes, so plugins react to real changes only', () => {
    const kernel = start({ projectId: 'p1' })
    const seen: unknown[] = []
    kernel.select(selectFeatures).subscribe((f) => seen.push(f))
    kernel.dispatch(createEvent('ALERT_RAISED', networkNotFoundAlert))
    kernel.dispatch(createEvent('REMOTE_FEATURES_FAILED', { message: 'HTTP request failed' }))
    expect(seen).toHaveLength(1)
    kernel.dispatch(createEvent('LOCAL_FEATURES_CHANGED', { features: { swaps: false } }))
    expect(seen).toHaveLength(2)
    expect(selectFeatures(kernel.getState())).toBe(seen[1])
  })

  it('read the resolved options, project id, alerts, status and theme', () => {
    const kernel = start({ projectId: 'p1', themeMode: 'dark' })
    kernel.dispatch(createEvent('ALERT_RAISED', networkNotFoundAlert))
    const state = kernel.getState()
    expect(selectResolvedOptions(state)?.themeMode).toBe('dark')
    expect(selectProjectId(state)).toBe('p1')
    expect(selectAlerts(state)).toEqual([networkNotFoundAlert])
    expect(selectRemoteStatus(state)).toBe('loading') // the config request is under way
    expect(selectThemeMode(state)).toBe('dark')
  })

  it('selectProjectId is null when no project id is configured (SPEC §5)', () => {
    expect(selectProjectId(start({}).getState())).toBeNull()
  })

  it('withRemoteOff turns off every switch remote configuration controls, and only those', () => {
    const features = selectFeatures(start({ projectId: 'p1', features: { swaps: true, email: true, receive: true } }).getState())
    expect(withRemoteOff(features)).toEqual({ ...features, swaps: false, email: false, socials: false, onramp: false, activity: false })
  })
})
