/** A kernel with the modules the Account tabs read (options, networks, account, contributions), on Ethereum and Solana. */
import { createKernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import { createEvent } from '../../src/kernel/registry'
import { optionsModule } from '../../src/core/options/module'
import { networksModule } from '../../src/core/networks/module'
import { contributionsModule } from '../../src/core/contributions/module'
import { accountModule } from '../../src/core/account/module'
import { resolveOptions } from '../../src/core/options/resolve'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { solana } from '../../src/core/networks/chains/solana'

/**
 * ```ts
 * const { kernel, tabs } = tabsKernel()
 * kernel.dispatch(tabs('activity', ['eip155'])) // a plugin that brings an Activity tab on eip155
 * ```
 */
export function tabsKernel() {
  const kernel = createKernel({
    modules: [optionsModule, networksModule, accountModule, contributionsModule],
    deps: defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined }),
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana] }).options }))
  const tabs = (id: string, namespaces: string[]) => createEvent('PLUGIN_LOADED', { id, views: [id], accountTabs: [{ id, label: 'l', view: id, namespaces }] })
  return { kernel, tabs }
}
