/**
 * The embedded-wallet plugin's manifest: eager and tiny. The plugin loads when email or a social
 * login is enabled and the site has a project id (SPEC §5: only then is the auth provider
 * created); not deferred, so a stored embedded-wallet session restores on page load. Its port is
 * the secure frame's (src/embedded/portShell.ts), made with the first of the three to load.
 * (Comments stay out of the object: the library build keeps those in the page's first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const embeddedWalletPlugin = definePlugin<Features>({
  id: 'embeddedWallet',
  enabledBy: (features) => features.email || (features.socials !== false && features.socials.length > 0),
  needs: ['projectId', 'secureSite'],
  ports: ['embedded'],
  load: () => import('./index'),
})
