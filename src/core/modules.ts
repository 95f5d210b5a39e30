/**
 * The always-on core modules, in the order their reducers run. Each keeps in its slice what it
 * needs from the events, so no module reads another's slice to reduce.
 */
import type { AnyModule } from '../kernel/module'
import { optionsModule } from './options/module'
import { networksModule } from './networks/module'
import { connectionModule } from './connection/module'
import { connectorsModule } from './connectors/module'
import { accountModule } from './account/module'
import { routerModule } from './router/module'
import { notificationsModule } from './notifications/module'
import { walletCatalogModule } from './walletCatalog/module'
import { storageModule } from './storage/module'
import { contributionsModule } from './contributions/module'

export const coreModules: readonly AnyModule[] = [
  optionsModule,
  networksModule,
  connectionModule,
  connectorsModule,
  accountModule,
  routerModule,
  notificationsModule,
  walletCatalogModule,
  storageModule,
  contributionsModule,
]
