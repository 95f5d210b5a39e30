/**
 * The socials plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled.
 * SPEC §5: no auth provider without a project id, so no social sign-in either. Its port is the
 * secure frame's (src/embedded/portShell.ts), made with the first of the three to load. (Comments
 * stay out of the object: the library build keeps those in the page's first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const socialsPlugin = definePlugin<Features>({
  id: 'socials',
  enabledBy: (features) => features.socials !== false && features.socials.length > 0,
  needs: ['projectId', 'secureSite'],
  ports: ['embedded'],
  load: () => import('./index'),
})
