import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { selectAccountActions } from '../../src/core/contributions/selectors'
import { sessionStatsPlugin } from './manifest'

const quiet = { warn() {}, error() {} }
const setup = (features: Record<string, unknown> = {}) =>
  createAirlock(
    { projectId: 'example', networks: [ethereum], features, plugins: [sessionStatsPlugin] },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: quiet } },
  )

describe('the example plugin, loaded into a real instance', () => {
  it('loads when its feature is on, counts opens, and publishes its milestone as a public event', async () => {
    const airlock = setup()
    const seen: string[] = []
    airlock.subscribeEvents((event) => seen.push(event.type))
    await airlock.ready()
    expect(airlock.loadedPlugins()).toContain('sessionStats')
    for (let i = 0; i < 3; i++) {
      airlock.open()
      airlock.close()
    }
    expect(airlock.getState().sessionStats).toEqual({ opens: 3, connects: 0 })
    expect(seen.filter((type) => type === 'SESSION_STATS_MILESTONE')).toHaveLength(1)
    expect(seen.filter((type) => type === 'MODAL_OPEN')).toHaveLength(3)
    airlock.destroy()
  })

  it('is torn down when its feature is switched off, and never loads while it is off', async () => {
    const airlock = setup({ analytics: false })
    await airlock.ready()
    expect(airlock.loadedPlugins()).not.toContain('sessionStats')
    airlock.setFeatures({ analytics: true })
    await airlock.ready()
    expect(airlock.getState().sessionStats).toEqual({ opens: 0, connects: 0 })
    airlock.setFeatures({ analytics: false })
    expect(airlock.loadedPlugins()).not.toContain('sessionStats')
    expect(airlock.getState().sessionStats).toBeUndefined()
    airlock.destroy()
  })

  it('registers its view and its Account action, and its command resets the counts', async () => {
    const airlock = setup()
    await airlock.ready()
    airlock.open()
    expect(selectAccountActions(airlock.getState()).map((a) => `${a.moduleId}:${a.id}:${a.view}`)).toEqual(['sessionStats:sessionStats:SessionStats'])
    await airlock.open('SessionStats')
    expect(airlock.getState().router.history).toEqual([{ view: 'SessionStats' }])
    const reset = airlock.modules().find((m) => m.id === 'sessionStats')?.commands?.reset
    expect(reset).toBeDefined()
    airlock.dispatch((state) => reset?.(state) ?? [])
    expect(airlock.getState().sessionStats).toEqual({ opens: 0, connects: 0 })
    airlock.destroy()
  })
})
