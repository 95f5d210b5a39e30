import type { Abi, Address, Hex } from 'viem'

/** Arachnid's deterministic deployment proxy (anvil has it at genesis). */
export const CREATE2_DEPLOYER: Address
/** EntryPoint v0.7: 0x0000000071727De22E5E9d8BAf0edAc6f37da032. */
export const ENTRY_POINT_ADDRESS: Address
export const ENTRY_POINT_SALT: Hex
/** SimpleAccountFactory v0.7: 0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985. */
export const SIMPLE_ACCOUNT_FACTORY_ADDRESS: Address
export const SIMPLE_ACCOUNT_FACTORY_SALT: Hex
/** anvil's sixth development account: sends the deployments. */
export const AA_DEPLOYER: { address: Address; privateKey: Hex }

export interface ContractArtifact {
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
}
/** @account-abstraction/contracts@0.7.0's artifacts, read once. */
export function accountAbstractionArtifacts(): {
  entryPoint: ContractArtifact
  entryPointSimulations: ContractArtifact
  factory: ContractArtifact
  account: ContractArtifact
}

/** Puts both contracts at their canonical addresses on the chain at `rpcUrl`; a no-op where they are. */
export function deployAccountAbstraction(rpcUrl: string, options?: { privateKey?: Hex }): Promise<{ entryPoint: Address; factory: Address }>
