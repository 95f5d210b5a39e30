// airlock-server's settings: environment variables over a JSON file (AIRLOCK_CONFIG, or
// ./airlock.config.json when it exists) over defaults, each checked at start with io-ts. A bad
// setting stops the start with a message naming it and saying what it must be; secrets never
// appear in a message or a log line (describeSettings masks them).
//
//   variable                   file key         default
//   AIRLOCK_PORT               port             4000 (the API, the config API, the console)
//   AIRLOCK_FRAME_PORT         framePort        AIRLOCK_PORT + 1 (the secure frame: its own origin)
//   AIRLOCK_HOST               host             127.0.0.1
//   AIRLOCK_PUBLIC_URL         publicUrl        http://<host>:<port> (links in mail, OAuth callbacks)
//   AIRLOCK_FRAME_URL          frameUrl         http://<host>:<framePort>
//   AIRLOCK_DATA_DIR           dataDir          ./airlock-data (the embedded database)
//   DATABASE_URL               databaseUrl      none: the embedded database; postgres://… a PostgreSQL server
//   SMTP_URL                   smtpUrl          none: sign-in mail is refused (502) until set
//   AIRLOCK_SESSION_SECRET     sessionSecret    none: one made once and kept in the database
//   AIRLOCK_SITE_ORIGINS       siteOrigins      none: the site pages the SIWX sessions service answers (comma-separated)
//   AIRLOCK_SIWX_CHAINS        siwxChains       eip155:1 (CAIP-2 networks sign-ins are accepted on, comma-separated)
//   AIRLOCK_ALLOWED_HOSTS      allowedHosts     the public and frame URLs' hosts, and 127.0.0.1/localhost/[::1] on the port (the Host values answered; others 421)
//   AIRLOCK_TRUST_PROXY        trustProxy       false: X-Forwarded-For ignored; true, a hop count, or the proxies' addresses/CIDRs (comma-separated)
//   AIRLOCK_NAMES              names            none: name registration off; the name contract per chain, chainId:address (comma-separated;
//                                               in the file [{ chainId, address }]), each chain among `chains`
//   AIRLOCK_NAME_REGISTRAR_KEY nameRegistrarKey none: names are read, registration answers 501; the name contracts' admin's private key (0x…)
//   AIRLOCK_NAME_ZONE          nameZone         airlock.eth (the zone names are registered and suggested in)
//   (file only)                chains           [] the frame's EVM chains: { chainId, rpcUrl, name?, symbol?, bundlerUrl? }
//   (file only)                socials          {} the social providers, each an OpenID Connect issuer: { google: { issuer, clientId, clientSecret }, … }
//                                               (google, github, apple, facebook, x, discord; none: social sign-in answers "Unknown social provider")
//   (file only)                farcaster        none: Sign In With Farcaster off; { rpcUrl, relayUrl? }: Optimism's RPC (the ID registry) and the relay (Farcaster's by default)
//   (file only)                projects         {} projects created at start when missing: { id: { allowedOrigins, name?, smartAccountEnabledNetworks? } }
import * as t from 'io-ts'
import { isRight } from 'fp-ts/lib/Either.js'
import { existsSync, readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { resolve } from 'node:path'

/** A setting that is wrong: its name (the variable, or the file key) and what it must be. */
export class SettingsError extends Error {
  constructor(name, problem) {
    super(`Setting ${name}: ${problem}`)
    this.setting = name
  }
}

const SECRET_KEYS = new Set(['sessionSecret', 'databaseUrl', 'smtpUrl', 'socials', 'nameRegistrarKey'])
/** Farcaster's own relay, where the Farcaster app completes a sign-in. */
export const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz'

const ENV = {
  port: 'AIRLOCK_PORT',
  framePort: 'AIRLOCK_FRAME_PORT',
  host: 'AIRLOCK_HOST',
  publicUrl: 'AIRLOCK_PUBLIC_URL',
  frameUrl: 'AIRLOCK_FRAME_URL',
  dataDir: 'AIRLOCK_DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  smtpUrl: 'SMTP_URL',
  sessionSecret: 'AIRLOCK_SESSION_SECRET',
  siteOrigins: 'AIRLOCK_SITE_ORIGINS',
  siwxChains: 'AIRLOCK_SIWX_CHAINS',
  allowedHosts: 'AIRLOCK_ALLOWED_HOSTS',
  trustProxy: 'AIRLOCK_TRUST_PROXY',
  names: 'AIRLOCK_NAMES',
  nameRegistrarKey: 'AIRLOCK_NAME_REGISTRAR_KEY',
  nameZone: 'AIRLOCK_NAME_ZONE',
}

const Port = t.refinement(t.Integer, (n) => n >= 0 && n <= 65535, 'Port')
const HttpUrl = t.refinement(t.string, (s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'HttpUrl')
const Origin = t.refinement(t.string, (s) => URL.canParse(s) && new URL(s).origin === s, 'Origin')
const PostgresUrl = t.refinement(t.string, (s) => URL.canParse(s) && /^postgres(ql)?:$/.test(new URL(s).protocol), 'PostgresUrl')
const SmtpUrl = t.refinement(t.string, (s) => URL.canParse(s) && /^smtps?:$/.test(new URL(s).protocol) && new URL(s).port !== '', 'SmtpUrl')
const Secret = t.refinement(t.string, (s) => new TextEncoder().encode(s).length >= 32, 'Secret')
/** An IP address, or a CIDR range of them. */
const IpOrCidr = t.refinement(
  t.string,
  (s) => {
    const [address, bits, ...rest] = s.split('/')
    const version = isIP(address)
    return version !== 0 && rest.length === 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)))
  },
  'IpOrCidr',
)
const TrustProxy = t.union([t.boolean, t.refinement(t.Integer, (n) => n >= 1, 'Hops'), t.array(IpOrCidr)])
/** A Host header's value: a name or address, with a port or not. */
const HostName = t.refinement(t.string, (s) => /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(s) && URL.canParse(`http://${s}`), 'HostName')
const Caip2 = t.refinement(t.string, (s) => /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(s), 'Caip2')
const Chain = t.intersection([
  t.type({ chainId: t.refinement(t.Integer, (n) => n > 0, 'ChainId'), rpcUrl: HttpUrl }),
  t.partial({ name: t.string, symbol: t.string, bundlerUrl: HttpUrl }),
])
const SocialProvider = t.type({ issuer: HttpUrl, clientId: t.string, clientSecret: t.string })
const SocialName = t.keyof({ google: null, github: null, apple: null, facebook: null, x: null, discord: null })
const Farcaster = t.intersection([t.type({ rpcUrl: HttpUrl }), t.partial({ relayUrl: HttpUrl })])
/** A name contract (ENS-compatible: services/blockchain/profiles.mjs) on a chain with an ENSIP-11 coin type (an id under 2^31, SPEC §5). */
const NameContract = t.type({
  chainId: t.refinement(t.Integer, (n) => n > 0 && n < 2 ** 31, 'ChainId'),
  address: t.refinement(t.string, (s) => /^0x[0-9a-fA-F]{40}$/.test(s), 'Address'),
})
const PrivateKey = t.refinement(t.string, (s) => /^0x[0-9a-fA-F]{64}$/.test(s), 'PrivateKey')
const Zone = t.refinement(t.string, (s) => s.length <= 200 && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(s), 'Zone')
const ProjectSeed = t.intersection([
  t.type({ allowedOrigins: t.array(t.string) }),
  t.partial({ name: t.string, smartAccountEnabledNetworks: t.array(t.refinement(t.Integer, (n) => n > 0, 'ChainId')) }),
])

/** Each setting: its codec and what to say when a value is not of it. */
const FIELDS = {
  port: [Port, 'a port number, 0 to 65535'],
  framePort: [Port, 'a port number, 0 to 65535'],
  host: [t.string, 'a host name or address'],
  publicUrl: [HttpUrl, 'an http(s) URL'],
  frameUrl: [HttpUrl, 'an http(s) URL'],
  dataDir: [t.string, 'a directory path'],
  databaseUrl: [PostgresUrl, 'a postgres:// URL'],
  smtpUrl: [SmtpUrl, 'an smtp://host:port URL'],
  sessionSecret: [Secret, 'at least 32 bytes'],
  siteOrigins: [t.array(Origin), 'origins such as https://shop.example, comma-separated'],
  siwxChains: [t.array(Caip2), 'CAIP-2 chain ids such as eip155:1, comma-separated'],
  allowedHosts: [t.array(HostName), 'host names such as airlock.shop.example or 10.0.0.5:4000, comma-separated'],
  trustProxy: [TrustProxy, 'true, false, a number of proxy hops, or proxy addresses and CIDR ranges, comma-separated'],
  chains: [t.array(Chain), 'a list of { chainId, rpcUrl, name?, symbol?, bundlerUrl? }'],
  socials: [
    t.refinement(t.record(t.string, SocialProvider), (providers) => Object.keys(providers).every((name) => SocialName.is(name)), 'Socials'),
    'an object of { issuer, clientId, clientSecret } by provider (google, github, apple, facebook, x, discord)',
  ],
  farcaster: [Farcaster, 'an object { rpcUrl, relayUrl? }'],
  projects: [t.record(t.string, ProjectSeed), 'an object of { allowedOrigins: [...], name?, smartAccountEnabledNetworks? } by project id'],
  names: [t.array(NameContract), 'a list of { chainId, address } (chain ids under 2^31; in the variable chainId:address, comma-separated)'],
  nameRegistrarKey: [PrivateKey, 'a private key, 0x and 64 hex digits'],
  nameZone: [Zone, 'a name zone such as airlock.eth (lower-case letters, digits, hyphens and dots)'],
}

const LISTS = new Set(['siteOrigins', 'siwxChains', 'allowedHosts'])
const NUMBERS = new Set(['port', 'framePort'])

/** An environment variable's text as the setting's value (numbers and lists parsed; a bad one left for the check). */
function fromEnv(key, text) {
  if (key === 'trustProxy') {
    const value = text.trim()
    if (value === 'true' || value === 'false') return value === 'true'
    if (/^\d+$/.test(value)) return Number(value)
    return value.split(',').map((s) => s.trim())
  }
  if (key === 'names')
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((item) => {
        const m = /^(\d{1,10}):(0x[0-9a-fA-F]{40})$/.exec(item)
        return m ? { chainId: Number(m[1]), address: m[2] } : item
      })
  if (NUMBERS.has(key)) return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text
  if (LISTS.has(key))
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  return text
}

/**
 * The settings from `env` (default process.env) and the file. Throws SettingsError naming the
 * first bad setting; never includes a secret's value in it.
 */
export function loadSettings({ env = process.env, cwd = process.cwd() } = {}) {
  const file = env.AIRLOCK_CONFIG ?? (existsSync(resolve(cwd, 'airlock.config.json')) ? 'airlock.config.json' : undefined)
  let fromFile = {}
  if (file !== undefined) {
    const path = resolve(cwd, file)
    if (!existsSync(path)) throw new SettingsError('AIRLOCK_CONFIG', `no file at ${path}`)
    try {
      fromFile = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new SettingsError('AIRLOCK_CONFIG', `${path} is not JSON (${error.message})`)
    }
    if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile))
      throw new SettingsError('AIRLOCK_CONFIG', `${path} must hold a JSON object`)
    for (const key of Object.keys(fromFile))
      if (!(key in FIELDS)) throw new SettingsError(key, `unknown setting in ${path} (known: ${Object.keys(FIELDS).join(', ')})`)
  }
  const raw = { ...fromFile }
  const sourceOf = {}
  for (const key of Object.keys(fromFile)) sourceOf[key] = `${key} (in ${file})`
  for (const [key, variable] of Object.entries(ENV)) {
    const text = env[variable]
    if (text === undefined || text === '') continue
    raw[key] = fromEnv(key, text)
    sourceOf[key] = variable
  }
  const checked = {}
  for (const [key, value] of Object.entries(raw)) {
    const [codec, expected] = FIELDS[key]
    if (!isRight(codec.decode(value))) {
      const shown = SECRET_KEYS.has(key) ? 'the value given' : JSON.stringify(value)
      throw new SettingsError(sourceOf[key] ?? key, `${shown} is not ${expected}`)
    }
    checked[key] = value
  }
  // Each name contract's chain is one of the chains, whose rpcUrl reads and writes it.
  for (const { chainId } of checked.names ?? [])
    if (!(checked.chains ?? []).some((chain) => chain.chainId === chainId))
      throw new SettingsError(sourceOf.names ?? 'names', `chain ${chainId} is not among the chains (add { chainId: ${chainId}, rpcUrl } to chains)`)
  const port = checked.port ?? 4000
  const host = checked.host ?? '127.0.0.1'
  const framePort = checked.framePort ?? (port === 0 ? 0 : port + 1)
  return {
    port,
    framePort,
    host,
    publicUrl: checked.publicUrl?.replace(/\/+$/, ''),
    frameUrl: checked.frameUrl?.replace(/\/+$/, ''),
    dataDir: resolve(cwd, checked.dataDir ?? 'airlock-data'),
    databaseUrl: checked.databaseUrl,
    smtpUrl: checked.smtpUrl,
    sessionSecret: checked.sessionSecret,
    siteOrigins: checked.siteOrigins ?? [],
    siwxChains: checked.siwxChains ?? ['eip155:1'],
    ...(checked.allowedHosts !== undefined && { allowedHosts: checked.allowedHosts }),
    trustProxy: checked.trustProxy ?? false,
    chains: checked.chains ?? [],
    socials: checked.socials ?? {},
    ...(checked.farcaster !== undefined && { farcaster: { relayUrl: FARCASTER_RELAY_URL, ...checked.farcaster } }),
    projects: checked.projects ?? {},
    names: checked.names ?? [],
    ...(checked.nameRegistrarKey !== undefined && { nameRegistrarKey: checked.nameRegistrarKey }),
    ...(checked.nameZone !== undefined && { nameZone: checked.nameZone }),
  }
}

/** The settings as lines to print at start: secrets masked, a database URL without its password. */
export function describeSettings(settings) {
  const mask = (key, value) => {
    if (value === undefined) return '(not set)'
    if (key === 'databaseUrl') {
      const url = new URL(value)
      if (url.password) url.password = '•••'
      return url.href
    }
    if (key === 'smtpUrl') {
      const url = new URL(value)
      if (url.password) url.password = '•••'
      return url.href
    }
    if (key === 'sessionSecret' || key === 'nameRegistrarKey') return '•••'
    if (key === 'socials')
      return JSON.stringify(Object.fromEntries(Object.entries(value).map(([name, provider]) => [name, { ...provider, clientSecret: '•••' }])))
    return typeof value === 'string' ? value : JSON.stringify(value)
  }
  return Object.entries(settings).map(([key, value]) => `  ${key}: ${mask(key, value)}`)
}
