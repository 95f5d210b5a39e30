/** The console API's answers (server/console), decoded with io-ts at the boundary. */
import * as t from 'io-ts'

export const ProjectSummary = t.type({ id: t.string, name: t.string })

export const Me = t.type({ address: t.string, admin: t.boolean, firstRun: t.boolean, projects: t.array(ProjectSummary) })
export type Me = t.TypeOf<typeof Me>

export const Feature = t.intersection([t.type({ id: t.string, isEnabled: t.boolean }), t.partial({ config: t.union([t.array(t.string), t.null]) })])
export type Feature = t.TypeOf<typeof Feature>

export const WalletLists = t.type({ featured: t.array(t.string), included: t.array(t.string), excluded: t.array(t.string) })
export type WalletLists = t.TypeOf<typeof WalletLists>

export const Project = t.type({
  id: t.string,
  name: t.string,
  allowedOrigins: t.array(t.string),
  features: t.array(Feature),
  wallets: WalletLists,
  owners: t.array(t.string),
  createdAt: t.number,
})
export type Project = t.TypeOf<typeof Project>

export const Claimed = t.type({ admin: t.boolean })

export const CatalogWallet = t.type({ id: t.string, name: t.string, image_url: t.union([t.string, t.null, t.undefined]) })
export type CatalogWallet = t.TypeOf<typeof CatalogWallet>
export const Catalog = t.type({ data: t.array(CatalogWallet), count: t.number })

const Counts = t.record(t.string, t.number)
const DayFields = {
  opens: t.number,
  connections: t.number,
  byWallet: Counts,
  byMethod: Counts,
  byNamespace: Counts,
  signIns: t.number,
  swaps: t.number,
  purchases: t.number,
  errors: Counts,
}
export const AnalyticsDay = t.type({ day: t.string, ...DayFields })
export type AnalyticsDay = t.TypeOf<typeof AnalyticsDay>
export const Analytics = t.type({
  days: t.array(AnalyticsDay),
  totals: t.type(DayFields),
  funnel: t.type({ opened: t.number, connected: t.number }),
})
export type Analytics = t.TypeOf<typeof Analytics>

/** GET /projects/:id/errors: the latest SDK error reports (SPEC §7 POST /e), newest first. */
export const LatestError = t.type({
  at: t.number,
  url: t.string,
  domain: t.string,
  sdkVersion: t.string,
  event: t.string,
  errorType: t.string,
  errorMessage: t.string,
  stackTrace: t.string,
})
export type LatestError = t.TypeOf<typeof LatestError>
export const LatestErrors = t.type({ errors: t.array(LatestError) })

export const ErrorAnswer = t.type({ message: t.string })

export const ConsoleEnv = t.intersection([
  t.type({ networks: t.array(t.type({ chainId: t.number, name: t.string, symbol: t.string, rpcUrl: t.string })) }),
  t.partial({ frameUrl: t.string }),
])
export type ConsoleEnv = t.TypeOf<typeof ConsoleEnv>
