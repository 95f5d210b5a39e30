// ERC-4337 v0.7 on a local chain: the EntryPoint and the SimpleAccountFactory at the addresses
// they have on every public chain, so the frame's smart-account code (and viem's
// `entryPoint07Address`) needs no per-chain configuration.
//
// Both come from @account-abstraction/contracts@0.7.0's artifacts and go through the
// deterministic CREATE2 deployer (0x4e59…956c, which anvil has at genesis) exactly as they were
// deployed publicly:
// - EntryPoint: salt 0x90d8…1de3, the artifact's creation code unchanged → 0x0000…da032;
// - SimpleAccountFactory: salt 0, creation code + abi.encode(entryPoint) → 0x91E6…8985.
// The artifacts reproduce both addresses byte for byte (the address is a hash of the creation
// code), so nothing is written with anvil_setCode: what runs here is what the bytecode builds.
// Should the CREATE2 deployer be missing (an anvil started with other genesis), its well-known
// runtime code is set first — that contract is not ours and has no constructor to run.
//
// Idempotent and safe to call concurrently: code already at an address means that contract is
// there; a deployment that lost a race reverts in the CREATE2 deployer and is then accepted when
// the code is in place. The deployer is anvil's sixth development account, which nothing else in
// this repo sends from, so its nonces never race another service's.
import { createRequire } from 'node:module'
import { concat, createPublicClient, createWalletClient, encodeDeployData, getContractAddress, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const require = createRequire(import.meta.url)
const ARTIFACTS = '@account-abstraction/contracts/artifacts'

/** Arachnid's deterministic deployment proxy: calldata = salt (32 bytes) ++ creation code. */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const CREATE2_DEPLOYER_CODE =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

export const ENTRY_POINT_ADDRESS = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
export const ENTRY_POINT_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
export const SIMPLE_ACCOUNT_FACTORY_ADDRESS = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
export const SIMPLE_ACCOUNT_FACTORY_SALT = '0x0000000000000000000000000000000000000000000000000000000000000000'

/** anvil's sixth development account (a published development key; never use it on a real chain). */
export const AA_DEPLOYER = {
  address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
}

let artifacts
/** { entryPoint, entryPointSimulations, factory, account }: each { abi, bytecode, deployedBytecode }, read once. */
export function accountAbstractionArtifacts() {
  artifacts ??= {
    entryPoint: require(`${ARTIFACTS}/EntryPoint.json`),
    entryPointSimulations: require(`${ARTIFACTS}/EntryPointSimulations.json`),
    factory: require(`${ARTIFACTS}/SimpleAccountFactory.json`),
    account: require(`${ARTIFACTS}/SimpleAccount.json`),
  }
  return artifacts
}

function creationCodes() {
  const { entryPoint, factory } = accountAbstractionArtifacts()
  return [
    { name: 'EntryPoint', address: ENTRY_POINT_ADDRESS, salt: ENTRY_POINT_SALT, code: entryPoint.bytecode },
    {
      name: 'SimpleAccountFactory',
      address: SIMPLE_ACCOUNT_FACTORY_ADDRESS,
      salt: SIMPLE_ACCOUNT_FACTORY_SALT,
      code: encodeDeployData({ abi: factory.abi, bytecode: factory.bytecode, args: [ENTRY_POINT_ADDRESS] }),
    },
  ]
}

const hasCode = async (client, address) => ((await client.getCode({ address })) ?? '0x') !== '0x'

/** In-process deployments under way, by RPC URL: concurrent callers share one. */
const underway = new Map()

/**
 * Puts the EntryPoint v0.7 and the SimpleAccountFactory v0.7 at their canonical addresses on the
 * chain at `rpcUrl` (a no-op where they already are). Resolves `{ entryPoint, factory }`.
 */
export function deployAccountAbstraction(rpcUrl, { privateKey = AA_DEPLOYER.privateKey } = {}) {
  let deployment = underway.get(rpcUrl)
  if (!deployment) {
    deployment = deploy(rpcUrl, privateKey).finally(() => underway.delete(rpcUrl))
    underway.set(rpcUrl, deployment)
  }
  return deployment
}

async function deploy(rpcUrl, privateKey) {
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport })
  const contracts = creationCodes()
  const missing = []
  for (const contract of contracts) if (!(await hasCode(publicClient, contract.address))) missing.push(contract)
  if (missing.length === 0) return { entryPoint: ENTRY_POINT_ADDRESS, factory: SIMPLE_ACCOUNT_FACTORY_ADDRESS }

  if (!(await hasCode(publicClient, CREATE2_DEPLOYER))) {
    await publicClient.request({ method: 'anvil_setCode', params: [CREATE2_DEPLOYER, CREATE2_DEPLOYER_CODE] })
  }
  const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), transport })

  // In order: the factory's constructor needs nothing from the EntryPoint, but accounts it makes do.
  for (const contract of missing) {
    const predicted = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: contract.salt, bytecode: contract.code })
    if (predicted.toLowerCase() !== contract.address.toLowerCase()) {
      throw new Error(`${contract.name}'s artifact would deploy at ${predicted}, not at its canonical ${contract.address}`)
    }
    try {
      // Generous fixed gas: an estimate would fail where a concurrent deployment already landed.
      const hash = await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([contract.salt, contract.code]), gas: 8_000_000n, chain: null })
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    } catch (error) {
      // Another process deploying with the same key (nonce too low) or the same contract: what counts is the code.
      if (!(await hasCode(publicClient, contract.address))) throw new Error(`${contract.name} could not be deployed: ${error.shortMessage ?? error.message}`)
    }
    if (!(await hasCode(publicClient, contract.address))) throw new Error(`${contract.name} was not deployed at ${contract.address}`)
  }
  return { entryPoint: ENTRY_POINT_ADDRESS, factory: SIMPLE_ACCOUNT_FACTORY_ADDRESS }
}
