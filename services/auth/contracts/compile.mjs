// Compiles the auth service's stub contracts (services/auth/contracts/*.sol) with solc's standard
// JSON and writes artifacts/<Name>.json as { abi, deployedBytecode }. Only the runtime code is kept:
// the stubs are placed on anvil with anvil_setCode at the address a library expects, never
// deployed. Committed like services/chain/contracts: run `node services/auth/contracts/compile.mjs`
// after changing a contract and commit what it writes (no metadata hash, so the bytes are stable).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const DIR = fileURLToPath(new URL('.', import.meta.url))
const ARTIFACTS = join(DIR, 'artifacts')

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.sol'))
  .sort()
const input = {
  language: 'Solidity',
  sources: Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(DIR, f), 'utf8') }])),
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    metadata: { bytecodeHash: 'none' },
    outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input)))
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
mkdirSync(ARTIFACTS, { recursive: true })
for (const file of files) {
  const name = file.replace(/\.sol$/, '')
  const contract = output.contracts[file]?.[name]
  if (!contract) throw new Error(`${file} does not define a contract ${name}`)
  const path = join(ARTIFACTS, `${name}.json`)
  writeFileSync(path, `${JSON.stringify({ abi: contract.abi, deployedBytecode: `0x${contract.evm.deployedBytecode.object}` }, null, 2)}\n`)
  console.log(path)
}
