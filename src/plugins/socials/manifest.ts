/** The socials plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin, type Features } from 'airlock/plugin'

export const socialsPlugin = definePlugin<Features>({
  id: 'socials',
  enabledBy: (features) => features.socials !== false && features.socials.length > 0,
  // SPEC §5: no auth provider without a project id, so no social sign-in either.
  needs: ['projectId', 'secureSite'],
  // The secure frame's port (src/embedded/portShell.ts), made with the first of the three to load.
  ports: ['embedded'],
  load: () => import('./index'),
})
