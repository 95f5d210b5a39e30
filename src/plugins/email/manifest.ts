/**
 * The email plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled.
 * SPEC §5: no auth provider without a project id, so no email sign-in either. Its port is the
 * secure frame's (src/embedded/portShell.ts), made with the first of the three to load. Its Connect
 * entry, as ./index gives it, is declared here too, so Connect holds the field's box from its first
 * frame while the module loads (issue 27 §1). (Comments stay out of the object: the library build
 * keeps those in the page's first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const emailPlugin = definePlugin<Features>({
  id: 'email',
  enabledBy: (features) => features.email,
  needs: ['projectId', 'secureSite'],
  ports: ['embedded'],
  connectMethods: [{ id: 'email', group: 'email', view: 'EmailLogin', height: '64px' }],
  load: () => import('./index'),
})
