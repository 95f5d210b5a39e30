/** The session-stats view: its own chunk, loaded the first time a visitor opens it. */
import { useAirlockState, useCommands, useModuleStrings } from '../../../src/react'

export default function SessionStatsView() {
  const t = useModuleStrings('sessionStats')
  const { sessionStats } = useCommands()
  const stats = useAirlockState((state) => state.sessionStats)
  return (
    <div className="center">
      <p>{t('opens', { count: stats?.opens ?? 0 })}</p>
      <p>{t('connects', { count: stats?.connects ?? 0 })}</p>
      <button type="button" className="secondary" onClick={() => sessionStats.reset()}>
        {t('reset')}
      </button>
    </div>
  )
}
