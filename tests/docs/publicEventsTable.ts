/**
 * docs/events.md's tables of public events, written from tests/docs/publicEventDocs.ts (what each
 * means) and the events' codecs (their payloads): `publicEventsSection` is the text between the
 * page's markers, `withPublicEventsSection` the page with it in place.
 */
import type * as t from 'io-ts'
import { PUBLIC_EVENT_DOCS, type PublicEventDoc } from './publicEventDocs'

export const START_MARKER = '<!-- public-events:start (written by `npm run docs:events` from tests/docs/publicEventDocs.ts; do not edit) -->'
export const END_MARKER = '<!-- public-events:end -->'

/** A keyof codec with more keys than this shows its first three and `…`. */
const MAX_KEYS = 6

/** The parts of io-ts's codec classes read here (each has a `_tag`). */
type Described = t.Mixed & {
  readonly _tag?: string
  readonly props?: Readonly<Record<string, t.Mixed>>
  readonly types?: readonly t.Mixed[]
  readonly type?: t.Mixed
  readonly keys?: Readonly<Record<string, unknown>>
  readonly value?: unknown
}

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value))

/** The fields of an object codec (`t.type`, `t.partial`, their intersection), each with whether it is optional. */
function fields(codec: Described): { name: string; optional: boolean; codec: t.Mixed }[] | undefined {
  switch (codec._tag) {
    case 'InterfaceType':
    case 'StrictType':
      return Object.entries(codec.props ?? {}).map(([name, field]) => ({ name, optional: false, codec: field }))
    case 'PartialType':
      return Object.entries(codec.props ?? {}).map(([name, field]) => ({ name, optional: true, codec: field }))
    case 'IntersectionType': {
      const parts = (codec.types ?? []).map((part) => fields(part as Described))
      return parts.every((part) => part !== undefined) ? parts.flat() : undefined
    }
    case 'ExactType':
    case 'ReadonlyType':
      return fields(codec.type as Described)
    default:
      return undefined
  }
}

/**
 * A codec as a short TypeScript type: primitives, literals and their unions in full; an object
 * nested in a payload by its codec's name, or by its field names when it has none.
 */
export function describeCodec(codec: t.Mixed): string {
  const c = codec as Described
  switch (c._tag) {
    case 'StringType':
      return 'string'
    case 'NumberType':
      return 'number'
    case 'BooleanType':
      return 'boolean'
    case 'NullType':
      return 'null'
    case 'UndefinedType':
    case 'VoidType':
      return 'undefined'
    case 'UnknownType':
      return 'unknown'
    case 'LiteralType':
      return quote(c.value)
    case 'KeyofType': {
      const keys = Object.keys(c.keys ?? {}).map(quote)
      return (keys.length > MAX_KEYS ? [...keys.slice(0, 3), '…'] : keys).join(' | ')
    }
    case 'UnionType':
      return [...new Set((c.types ?? []).map(describeCodec))].join(' | ')
    case 'ArrayType':
    case 'ReadonlyArrayType': {
      const item = describeCodec(c.type as t.Mixed)
      return item.includes(' ') ? `(${item})[]` : `${item}[]`
    }
    case 'RefinementType':
    case 'ReadonlyType':
    case 'ExactType':
      return describeCodec(c.type as t.Mixed)
    default: {
      const inner = fields(c)
      if (inner === undefined) return c.name
      if (!c.name.startsWith('{') && !c.name.startsWith('(')) return c.name
      return `{ ${inner.map((field) => `${field.name}${field.optional ? '?' : ''}`).join(', ')} }`
    }
  }
}

/** An event codec's payload (`defineEvent`'s `{ type, payload }`), written as a TypeScript object type. */
export function describePayload(eventCodec: t.Mixed): string {
  const payload = fields(eventCodec as Described)?.find((field) => field.name === 'payload')
  if (payload === undefined) throw new Error(`${eventCodec.name} is not an event codec ({ type, payload })`)
  const list = fields(payload.codec as Described)
  if (list === undefined) return describeCodec(payload.codec)
  if (list.length === 0) return '{}'
  return `{ ${list.map((field) => `${field.name}${field.optional ? '?' : ''}: ${describeCodec(field.codec)}`).join(', ')} }`
}

const code = (text: string) => `\`${text}\``
/** A table cell: a pipe would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|')
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`
const table = (head: readonly string[], rows: readonly (readonly string[])[]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n')

type Entry = readonly [type: string, doc: PublicEventDoc]

/**
 * The page's text between the markers: the core's events, the built-in plugins', and the example
 * plugin's, each a table of type, payload (from `codecs`, the event codecs by type) and meaning.
 */
export function publicEventsSection(codecs: Readonly<Record<string, t.Mixed>>): string {
  const entries: Entry[] = Object.entries(PUBLIC_EVENT_DOCS)
  const payload = (type: string) => {
    const codec = codecs[type]
    if (codec === undefined) throw new Error(`No codec for the public event ${type}: pass its plugin's event codecs`)
    return code(describePayload(codec))
  }
  const core = entries.filter(([, doc]) => doc.from === 'core')
  const plugins = entries.flatMap(([type, doc]) => (typeof doc.from === 'object' ? [[type, doc.from, doc.when] as const] : []))
  const example = entries.filter(([, doc]) => doc.from === 'example')
  return [
    "## The core's public events",
    '',
    table(
      ['event', 'payload', 'when'],
      core.map(([type, doc]) => [code(type), payload(type), doc.when]),
    ),
    '',
    "`PUBLIC_EVENTS` (from `'airlock'`) is this list, for a consumer that wants to check a name.",
    '',
    "## The built-in plugins' public events",
    '',
    'Each feature plugin adds its own, published only while it is loaded:',
    '',
    table(
      ['event', 'payload', 'when', 'plugin'],
      plugins.map(([type, from, when]) => [code(type), payload(type), when, `[${from.plugin}](${from.page})`]),
    ),
    '',
    "Your own plugins may add public events of their own (listed in the module's `publicEvents` and",
    "registered in `PublicEventRegistry`, [Plugins](plugins.md)); the example plugin's:",
    '',
    table(
      ['event', 'payload', 'when'],
      example.map(([type, doc]) => [code(type), payload(type), doc.when]),
    ),
  ].join('\n')
}

/** `page` (docs/events.md's text) with the text between its markers replaced by `section`. */
export function withPublicEventsSection(page: string, section: string): string {
  const start = page.indexOf(START_MARKER)
  const end = page.indexOf(END_MARKER)
  if (start < 0 || end < start) throw new Error(`docs/events.md has no ${START_MARKER} … ${END_MARKER}`)
  return `${page.slice(0, start + START_MARKER.length)}\n\n${section}\n\n${page.slice(end)}`
}
