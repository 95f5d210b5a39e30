import type { Abi, Address, Hex, PublicClient, TransactionReceipt } from 'viem'

export type DemoContractName = 'DemoToken' | 'TetherStyleToken' | 'DemoCollectible' | 'NameRegistry'
export const DEMO_CONTRACT_NAMES: readonly DemoContractName[]

/** A committed artifact: services/chain/contracts/artifacts/<Name>.json */
export interface DemoArtifact {
  abi: Abi
  bytecode: Hex
}
export function demoArtifactPath(name: DemoContractName): string
export function demoArtifacts(): Record<DemoContractName, DemoArtifact>

export interface DemoTokenInfo {
  name: string
  symbol: string
  decimals: number
  /** base units the deployer starts with */
  supply: bigint
  /** base units minted to each holder */
  perHolder: bigint
}
export const DEMO_TOKENS: { adt: DemoTokenInfo; add: DemoTokenInfo; usdt: DemoTokenInfo }
export const DEMO_NAME: 'demo.airlock.eth'
/** What the deployer sends the counterparty after funding (base units; eth in wei). */
export const DEMO_HISTORY: { adt: bigint; add: bigint; usdt: bigint; eth: bigint }

export interface DeployDemoContractsOptions {
  /** the chain's JSON-RPC URL (anvil) */
  rpcUrl: string
  /** the deployer, owner of every contract and admin of the name registry (DEV_ACCOUNT-like) */
  account: { address?: Address; privateKey: Hex }
  /** at least one; each is minted DEMO_TOKENS[*].perHolder, the first also ADC #1 and DEMO_NAME */
  holders: readonly Address[]
  /**
   * Where the metadata is served, without a trailing slash: ADC token n's URI is
   * `${metadataBaseUrl}/n.json`, the name's avatar `${metadataBaseUrl}/avatar.svg`. '' (the
   * default): no token URIs and no avatar.
   */
  metadataBaseUrl?: string
}

export interface DemoContracts {
  tokens: { adt: Address; add: Address; usdt: Address }
  collectible: Address
  /** the NameRegistry: pass it as viem's `universalResolverAddress` */
  names: Address
  /** the block of the last seeding transaction */
  blockNumber: bigint
  /** DEMO_NAME, registered for the first holder and its primary name */
  name: string
  /** the avatar text record ('' when none) */
  avatar: string
  /** who received DEMO_HISTORY: the first holder that is not the deployer */
  counterparty: Address
}

export function deployDemoContracts(options: DeployDemoContractsOptions): Promise<DemoContracts>

/** The receipts of `hashes`, in order: read at once (anvil's automine has mined them), waited for only if not mined yet. */
export function minedReceipts(
  client: Pick<PublicClient, 'getTransactionReceipt' | 'waitForTransactionReceipt'>,
  hashes: readonly Hex[],
): Promise<TransactionReceipt[]>
