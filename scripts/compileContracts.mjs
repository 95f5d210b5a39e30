// Compiles the demo's Solidity contracts (services/chain/contracts/*.sol) with solc's standard JSON
// and writes services/chain/contracts/artifacts/<Name>.json as { abi, bytecode }. The artifacts are
// committed, so neither the demo nor the tests compile: run `node scripts/compileContracts.mjs`
// after changing a contract and commit what it writes. The output is deterministic: sources are
// named by their file names (no absolute paths), and the bytecode carries no metadata hash, so
// the same sources and solc give the same bytes.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import { root } from './ensure-install.mjs'

export const CONTRACTS_DIR = join(root, 'services', 'chain', 'contracts')
export const ARTIFACTS_DIR = join(CONTRACTS_DIR, 'artifacts')

/** Resolves `@openzeppelin/contracts/...` (and any other package import) from node_modules. */
function findImports(path) {
  try {
    return { contents: readFileSync(join(root, 'node_modules', path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

/** Compiles every .sol file of CONTRACTS_DIR; returns { [contractName]: { abi, bytecode } }. */
export function compileContracts() {
  const files = readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith('.sol'))
    .sort()
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(CONTRACTS_DIR, f), 'utf8') }])),
    settings: {
      // cancun: OpenZeppelin 5.x uses mcopy; anvil's default hardfork runs it.
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  for (const e of output.errors ?? []) if (e.severity !== 'error') console.warn(e.formattedMessage)
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const artifacts = {}
  for (const file of files) {
    // Only the contracts a file is named after: not the libraries and bases it imports.
    const name = file.replace(/\.sol$/, '')
    const contract = output.contracts[file]?.[name]
    if (!contract) throw new Error(`${file} does not define a contract ${name}`)
    artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return artifacts
}

/** Writes the artifacts as JSON files; returns their paths. */
export function writeArtifacts(artifacts) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  return Object.entries(artifacts).map(([name, artifact]) => {
    const path = join(ARTIFACTS_DIR, `${name}.json`)
    writeFileSync(path, `${JSON.stringify(artifact, null, 2)}\n`)
    return path
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now()
  const paths = writeArtifacts(compileContracts())
  console.log(`compiled in ${Math.round(performance.now() - started)} ms:\n${paths.join('\n')}`)
}
