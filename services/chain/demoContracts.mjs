// The demo's contracts on a local chain: two OpenZeppelin ERC-20s (ADT, 18 decimals; ADD, 6), a
// USDT-style token whose transfer/transferFrom/approve return nothing (USDT-L, 6), an ERC-721
// (ADC) and an ENS-compatible name contract that also answers viem's Universal Resolver calls.
// They are compiled once by scripts/compileContracts.mjs into contracts/artifacts/*.json (committed);
// deployDemoContracts deploys them from those artifacts, funds the holders, names the first one
// and leaves a little history to show.
//
// Speed: every transaction is signed here with an explicit nonce, gas limit and fees and sent raw,
// one after the other without waiting (contract addresses follow from the deployer's nonce), and
// the receipts are checked once at the end: about 30 transactions in well under a second on anvil.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createPublicClient, encodeDeployData, encodeFunctionData, getAddress, getContractAddress, http, isAddressEqual, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The receipts of the transactions `hashes`, in order. anvil mines each transaction as it takes it
 * (automine), so they are read once, all at once; only a transaction not mined yet (a chain with a
 * block time) is waited for. Polling every receipt instead, beside other work that keeps the
 * process busy, cost thousands of requests per deployment.
 */
export function minedReceipts(client, hashes) {
  return Promise.all(
    hashes.map(
      async (hash) => (await client.getTransactionReceipt({ hash }).catch(() => null)) ?? client.waitForTransactionReceipt({ hash, pollingInterval: 20 }),
    ),
  )
}

/** The contracts, by the names of their .sol files and artifacts. */
export const DEMO_CONTRACT_NAMES = ['DemoToken', 'TetherStyleToken', 'DemoCollectible', 'NameRegistry']

/** Path of a contract's committed artifact ({ abi, bytecode }). */
export function demoArtifactPath(name) {
  if (!DEMO_CONTRACT_NAMES.includes(name)) throw new Error(`no demo contract ${name}`)
  return fileURLToPath(new URL(`./contracts/artifacts/${name}.json`, import.meta.url))
}

let artifacts
/** Every artifact, read once: { DemoToken: { abi, bytecode }, … }. */
export function demoArtifacts() {
  artifacts ??= Object.fromEntries(DEMO_CONTRACT_NAMES.map((name) => [name, JSON.parse(readFileSync(demoArtifactPath(name), 'utf8'))]))
  return artifacts
}

/** The three fungible tokens: what the deployer starts with and what each holder is minted. */
export const DEMO_TOKENS = {
  adt: { name: 'Airlock Demo Token', symbol: 'ADT', decimals: 18, supply: parseUnits('1000000', 18), perHolder: parseUnits('1000', 18) },
  add: { name: 'Airlock Demo Dollar', symbol: 'ADD', decimals: 6, supply: parseUnits('1000000', 6), perHolder: parseUnits('5000', 6) },
  usdt: { name: 'Airlock Local Tether USD', symbol: 'USDT-L', decimals: 6, supply: parseUnits('1000000', 6), perHolder: parseUnits('2500', 6) },
}

/** The name registered for the first holder and made its primary name. */
export const DEMO_NAME = 'demo.airlock.eth'

/** The history left after funding: the deployer sends these to the counterparty. */
export const DEMO_HISTORY = {
  adt: parseUnits('25', 18),
  add: parseUnits('40', 6),
  usdt: parseUnits('10', 6),
  eth: parseEther('0.5'),
}

/** anvil's second development address: the counterparty when every holder is the deployer. */
const FALLBACK_COUNTERPARTY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// Gas limits, about twice what each transaction uses (only the gas used is paid); storage for a
// long URL is added where one is stored.
const GAS = { deploy: 4_000_000n, call: 200_000n, perUrlByte: 1_000n }

/**
 * Deploys the five demo contracts from `account` to the chain at `rpcUrl`, funds `holders`, mints
 * the first holder collectible #1, registers DEMO_NAME for the first holder (avatar
 * `${metadataBaseUrl}/avatar.svg`) as its primary name, and sends DEMO_HISTORY from the deployer
 * to the first holder that is not the deployer.
 */
export async function deployDemoContracts({ rpcUrl, account, holders, metadataBaseUrl = '' }) {
  if (!holders?.length) throw new Error('deployDemoContracts: at least one holder is needed')
  const signer = privateKeyToAccount(account.privateKey)
  if (account.address && !isAddressEqual(account.address, signer.address)) throw new Error('deployDemoContracts: the address is not the private key’s')
  const deployer = signer.address
  const [first] = holders.map((h) => getAddress(h))
  const counterparty = holders.map((h) => getAddress(h)).find((h) => !isAddressEqual(h, deployer)) ?? FALLBACK_COUNTERPARTY
  const base = metadataBaseUrl.replace(/\/+$/, '')
  const collectibleBase = base ? `${base}/` : ''
  const avatar = base ? `${base}/avatar.svg` : ''

  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 20 })
  const [chainId, startNonce, block] = await Promise.all([
    client.getChainId(),
    client.getTransactionCount({ address: deployer, blockTag: 'pending' }),
    client.getBlock({ blockTag: 'latest' }),
  ])
  const maxPriorityFeePerGas = 1_000_000_000n
  const maxFeePerGas = (block.baseFeePerGas ?? 1_000_000_000n) * 2n + maxPriorityFeePerGas
  let nonce = startNonce
  const sent = []

  /** Signs and sends one transaction; returns the address a deployment creates. */
  async function send(label, { to, data, value, gas }) {
    const txNonce = nonce++
    const serialized = await signer.signTransaction({ type: 'eip1559', chainId, nonce: txNonce, to, data, value, gas, maxFeePerGas, maxPriorityFeePerGas })
    sent.push({ label, hash: await client.request({ method: 'eth_sendRawTransaction', params: [serialized] }) })
    return to ? undefined : getContractAddress({ from: deployer, nonce: BigInt(txNonce) })
  }
  const { DemoToken, TetherStyleToken, DemoCollectible, NameRegistry } = demoArtifacts()
  const deploy = (label, artifact, args = [], extraGas = 0n) =>
    send(label, { data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args }), gas: GAS.deploy + extraGas })
  const call = (label, address, artifact, functionName, args, extraGas = 0n) =>
    send(label, { to: address, data: encodeFunctionData({ abi: artifact.abi, functionName, args }), gas: GAS.call + extraGas })

  const tokens = {}
  for (const key of ['adt', 'add']) {
    const t = DEMO_TOKENS[key]
    tokens[key] = await deploy(`deploy ${t.symbol}`, DemoToken, [t.name, t.symbol, t.decimals, deployer, t.supply])
  }
  tokens.usdt = await deploy('deploy USDT-L', TetherStyleToken, [deployer, DEMO_TOKENS.usdt.supply])
  const urlGas = (url) => BigInt(url.length) * GAS.perUrlByte
  const collectible = await deploy('deploy ADC', DemoCollectible, [collectibleBase], urlGas(collectibleBase))
  const names = await deploy('deploy NameRegistry', NameRegistry)

  for (const holder of holders) {
    for (const key of ['adt', 'add']) await call(`mint ${DEMO_TOKENS[key].symbol}`, tokens[key], DemoToken, 'mint', [holder, DEMO_TOKENS[key].perHolder])
    await call('mint USDT-L', tokens.usdt, TetherStyleToken, 'mint', [holder, DEMO_TOKENS.usdt.perHolder])
  }
  await call('mint ADC #1', collectible, DemoCollectible, 'mint', [first])
  await call(`register ${DEMO_NAME}`, names, NameRegistry, 'register', [DEMO_NAME, first, avatar], 100_000n + urlGas(avatar))
  await call('set the primary name', names, NameRegistry, 'setPrimaryNameFor', [first, DEMO_NAME])

  await call('send ADT', tokens.adt, DemoToken, 'transfer', [counterparty, DEMO_HISTORY.adt])
  await call('send ADD', tokens.add, DemoToken, 'transfer', [counterparty, DEMO_HISTORY.add])
  await call('send USDT-L', tokens.usdt, TetherStyleToken, 'transfer', [counterparty, DEMO_HISTORY.usdt])
  await send('send ETH', { to: counterparty, value: DEMO_HISTORY.eth, gas: 21_000n })

  const receipts = await minedReceipts(
    client,
    sent.map(({ hash }) => hash),
  )
  const failed = receipts.findIndex((r) => r.status !== 'success')
  if (failed >= 0) throw new Error(`deployDemoContracts: "${sent[failed].label}" failed (${sent[failed].hash})`)
  const blockNumber = receipts.reduce((max, r) => (r.blockNumber > max ? r.blockNumber : max), 0n)
  return { tokens, collectible, names, blockNumber, name: DEMO_NAME, avatar, counterparty }
}
