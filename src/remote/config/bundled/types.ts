/** The shape of a bundled catalog row (src/remote/config/bundled/wallets.ts, generated). */
export interface BundledWallet {
  readonly id: string
  readonly name: string
  readonly homepage: string
  readonly rdns?: string
  readonly mobile_link?: string
  readonly desktop_link?: string
  readonly webapp_link?: string
  /** CAIP-2 ids. */
  readonly chains: readonly string[]
  /** The hue (0–359) of its generated icon. */
  readonly hue: number
}
