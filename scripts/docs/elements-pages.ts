/**
 * @module `npm run docs` (`npx tsx scripts/docs/elements-pages.ts --write`):
 * writes the reference tables of `<svc-ads>` and `<svc-signin>` (attributes,
 * properties, events, CSS parts, custom properties) into their pages in
 * `docs/`, from `custom-elements.json`, which `npm run build`'s last step
 * (`cem analyze`) makes from the components' JSDoc. The JSDoc is the one
 * place the public surface is described, so the pages cannot drift from
 * what editors and frameworks read. Without `--write` it only says which
 * pages are stale (exit code 1), as `widget/custom-elements-docs.node.test.ts` does.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The marker comments the generated tables sit between; everything else on the page is written by hand. */
export const BEGIN = '<!-- generated from custom-elements.json: do not edit -->'
export const END = '<!-- end generated -->'
export const MANIFEST = 'custom-elements.json'
export const COMMAND = 'npx tsx scripts/docs/elements-pages.ts --write (npm run docs)'

/** Which element's tables go on which page. */
export const PAGES = [
  { tag: 'svc-ads', page: 'docs/ads/svc-ads.md' },
  { tag: 'svc-signin', page: 'docs/identity/sign-in-button.md' },
] as const

interface Described {
  name: string
  description?: string
  summary?: string
  type?: { text: string }
  default?: string
}
interface Attribute extends Described {
  fieldName?: string
}
interface Member extends Described {
  kind: 'field' | 'method'
  privacy?: string
  static?: boolean
  attribute?: string
  inheritedFrom?: unknown
  parameters?: Described[]
  return?: { type?: { text: string } }
}
export interface ElementDeclaration extends Described {
  tagName: string
  attributes?: Attribute[]
  members?: Member[]
  events?: Described[]
  cssParts?: Described[]
  cssProperties?: Described[]
  slots?: Described[]
}
interface Manifest {
  modules: { path: string; declarations?: (Partial<ElementDeclaration> & { kind: string })[] }[]
}

/** One element of the manifest with the source module it was read from. */
export interface ManifestElement {
  declaration: ElementDeclaration
  path: string
}

/** Reads the manifest; a missing one is a clear message, since only a build makes it. */
export function readManifest(root: string): ManifestElement[] {
  const file = join(root, MANIFEST)
  if (!existsSync(file)) throw new Error(`${MANIFEST} is missing: run \`npm run build\` (its last step, cem analyze, writes it)`)
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? [])
      .filter((declaration): declaration is ElementDeclaration & { kind: string } => typeof declaration.tagName === 'string')
      .map((declaration) => ({ declaration, path: module.path })),
  )
}

/**
 * Lit properties declared `{ state: true }` are the element's inner state, not
 * attributes, but the analyzer (0.11) lists them as attributes and fields;
 * the element's own source says which they are.
 */
function internalState(root: string, path: string): Set<string> {
  const source = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : ''
  return new Set([...source.matchAll(/^\s*(\w+):\s*\{\s*state:\s*true\b/gm)].map((match) => match[1]!))
}

const cell = (text: string | undefined) =>
  (text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()
const code = (text: string | undefined) => (text ? `\`${cell(text)}\`` : '')
const describe = (item: Described) => cell(item.description ?? item.summary) || '(no description)'

/** A Markdown table; a column left empty in every row is left out. */
function table(heads: string[], rows: string[][]): string {
  const keep = heads.map((_, column) => column === 0 || rows.some((row) => row[column]))
  const pick = (row: string[]) => row.filter((_, column) => keep[column])
  const line = (row: string[]) => `| ${pick(row).join(' | ')} |`
  return [line(heads), line(heads.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Entries the manifest lists without a description, named so the JSDoc can be completed. */
export function undocumented(element: ManifestElement, root: string): string[] {
  const { attributes, members, events, parts, properties } = publicSurface(element, root)
  const missing = (kind: string, items: Described[]) =>
    items.filter((item) => !(item.description ?? item.summary)).map((item) => `<${element.declaration.tagName}> ${kind} ${item.name}`)
  const noise = (element.declaration.members ?? []).filter(
    (member) =>
      member.kind === 'field' &&
      member.privacy !== 'private' &&
      member.privacy !== 'protected' &&
      !member.static &&
      !member.attribute &&
      !member.description &&
      !internalState(root, element.path).has(member.name),
  )
  return [
    ...missing('attribute', attributes),
    ...missing('member', members),
    ...missing('event', events),
    ...missing('part', parts),
    ...missing('custom property', properties),
    ...noise.map((member) => `<${element.declaration.tagName}> field ${member.name} (listed without a description, left out)`),
  ]
}

function publicSurface({ declaration, path }: ManifestElement, root: string) {
  const state = internalState(root, path)
  const attributes = (declaration.attributes ?? []).filter((attribute) => !state.has(attribute.fieldName ?? attribute.name))
  // Public properties and methods that no attribute already covers; an
  // undocumented field is more often the analyzer reading an assignment to
  // another object (`this.button.type = …`) than an API.
  const members = (declaration.members ?? []).filter(
    (member) =>
      member.privacy !== 'private' &&
      member.privacy !== 'protected' &&
      !member.static &&
      !member.inheritedFrom &&
      !member.name.startsWith('_') &&
      !member.attribute &&
      !state.has(member.name) &&
      (member.kind === 'method' || member.description),
  )
  return {
    attributes,
    members,
    events: declaration.events ?? [],
    parts: declaration.cssParts ?? [],
    properties: declaration.cssProperties ?? [],
    slots: declaration.slots ?? [],
  }
}

/**
 * The generated Markdown for one element, markers excluded.
 *
 * @example
 * renderElement(readManifest('.').find((e) => e.declaration.tagName === 'svc-ads')!, '.')
 */
export function renderElement(element: ManifestElement, root: string): string {
  const { attributes, members, events, parts, properties, slots } = publicSurface(element, root)
  const sections: string[] = []
  if (attributes.length)
    sections.push(
      '### Attributes',
      table(
        ['attribute', 'property', 'type', 'default', 'description'],
        attributes.map((attribute) => [
          code(attribute.name),
          code(attribute.fieldName),
          code(attribute.type?.text),
          code(attribute.default),
          describe(attribute),
        ]),
      ),
    )
  if (members.length)
    sections.push(
      '### Properties and methods',
      table(
        ['name', 'kind', 'type', 'description'],
        members.map((member) => [
          code(
            member.kind === 'method'
              ? `${member.name}(${(member.parameters ?? []).map((parameter) => parameter.name).join(', ')})`
              : member.name,
          ),
          member.kind,
          code(member.kind === 'method' ? member.return?.type?.text : member.type?.text),
          describe(member),
        ]),
      ),
    )
  if (events.length)
    sections.push(
      '### Events',
      table(
        ['event', 'type', 'description'],
        events.map((event) => [code(event.name), code(event.type?.text), describe(event)]),
      ),
    )
  if (slots.length)
    sections.push(
      '### Slots',
      table(
        ['slot', 'description'],
        slots.map((slot) => [code(slot.name || '(default)'), describe(slot)]),
      ),
    )
  if (parts.length)
    sections.push(
      '### CSS parts',
      table(
        ['part', 'description'],
        parts.map((part) => [code(part.name), describe(part)]),
      ),
    )
  if (properties.length)
    sections.push(
      '### CSS custom properties',
      table(
        ['property', 'default', 'description'],
        properties.map((property) => [code(property.name), code(property.default), describe(property)]),
      ),
    )
  return sections.join('\n\n')
}

/** The page with its generated part replaced; a page must carry both markers once. */
export function withGenerated(page: string, generated: string, name: string): string {
  const begin = page.indexOf(BEGIN)
  const end = page.indexOf(END)
  if (begin < 0 || end < begin || page.indexOf(BEGIN, begin + 1) >= 0) throw new Error(`${name} must hold one "${BEGIN}" … "${END}" pair`)
  return `${page.slice(0, begin)}${BEGIN}\n\n${generated}\n\n${page.slice(end)}`
}

/** Every page with the content it should have, and whether it has it. */
export function expectedPages(root: string): { page: string; current: string; expected: string }[] {
  const elements = readManifest(root)
  return PAGES.map(({ tag, page }) => {
    const element = elements.find((candidate) => candidate.declaration.tagName === tag)
    if (!element) throw new Error(`${MANIFEST} has no <${tag}>`)
    const current = readFileSync(join(root, page), 'utf8')
    return { page, current, expected: withGenerated(current, renderElement(element, root), page) }
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd()
  const write = process.argv.includes('--write')
  const stale = expectedPages(root).filter(({ current, expected }) => current !== expected)
  for (const { page, expected } of stale) {
    if (write) writeFileSync(join(root, page), expected)
    console.log(`${write ? 'wrote' : 'stale'}: ${page}`)
  }
  for (const line of readManifest(root).flatMap((element) => undocumented(element, root))) console.warn(`no description: ${line}`)
  if (!write && stale.length) {
    console.error(`run ${COMMAND}`)
    process.exit(1)
  }
}
