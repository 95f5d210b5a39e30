/**
 * Contract accounts for sign-in tests, on a local anvil: SiwxSmartWallet
 * (services/chain/contracts/SiwxSmartWallet.sol: ERC-1271 `isValidSignature` answers the magic
 * value when its owner signed the hash), either deployed, or counterfactual — the address it will
 * have once deployed through the CREATE2 deployer anvil holds from genesis, and an owner's
 * signature wrapped for ERC-6492 with the deployment call (factory, factory data).
 */
import { readFileSync } from 'node:fs'
import {
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  serializeErc6492Signature,
  stringToHex,
  concatHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'

const artifact = JSON.parse(readFileSync(new URL('../../services/chain/contracts/artifacts/SiwxSmartWallet.json', import.meta.url), 'utf8')) as {
  abi: Abi
  bytecode: Hex
}

/** The deterministic CREATE2 deployer (EIP-2470's predecessor), in anvil's genesis state. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** Deploy a SiwxSmartWallet owned by `owner` (anvil's first development account pays); its address, checksummed (EIP-4361 messages carry it so). */
export async function deploySmartAccount(rpcUrl: string, owner: Address): Promise<Address> {
  const deployer = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNT.privateKey as Hex), transport: http(rpcUrl) })
  const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [owner], chain: null })
  const receipt = await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
  return getAddress(receipt.contractAddress!)
}

/** A SiwxSmartWallet of `owner` not deployed yet: its future address and how to sign for it (ERC-6492). */
export function counterfactualAccount(owner: PrivateKeyAccount, label = 'airlock-6492') {
  const salt = keccak256(stringToHex(label))
  const initCode = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: [owner.address] })
  const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode: initCode })
  return {
    address,
    /** The owner's signature of `message`, wrapped with the deployment (factory: the CREATE2 deployer, data: salt ‖ init code). */
    async signMessage(message: string): Promise<Hex> {
      const signature = await owner.signMessage({ message })
      return serializeErc6492Signature({ address: CREATE2_DEPLOYER, data: concatHex([salt, initCode]), signature })
    },
  }
}
