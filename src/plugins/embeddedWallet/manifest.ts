/**
 * The embedded-wallet plugin's manifest: eager and tiny. The plugin loads when email or a social
 * login is enabled and the site has a project id (SPEC §5: only then is the auth provider
 * created); not deferred, so a stored embedded-wallet session restores on page load.
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const embeddedWalletPlugin = definePlugin<Features>({
  id: 'embeddedWallet',
  enabledBy: (features) => features.email || (features.socials !== false && features.socials.length > 0),
  needs: ['projectId', 'secureSite'],
  // The secure frame's port (src/embedded/portShell.ts), made with the first of the three to load.
  ports: ['embedded'],
  load: () => import('./index'),
})
