/**
 * @module The element pages in `docs/` show what `custom-elements.json`
 * says: their generated tables (attributes, properties, events, parts,
 * custom properties) are exactly what `scripts/docs/elements-pages.ts`
 * renders from the manifest `npm run build` writes, so a component whose
 * JSDoc changed without its page being regenerated fails here.
 */
import { describe, expect, it } from 'vitest'
import { BEGIN, COMMAND, END, expectedPages, readManifest, renderElement, withGenerated } from '../scripts/docs/elements-pages.js'

const ROOT = process.cwd()

describe('the element pages in docs/', () => {
  it.each(expectedPages(ROOT).map((page) => [page.page, page] as const))(
    '%s matches custom-elements.json',
    (page, { current, expected }) => {
      expect(current === expected, `${page} is stale: run ${COMMAND}`).toBe(true)
    },
  )

  it('lists every attribute, event and part of <svc-ads> that the manifest has', () => {
    const element = readManifest(ROOT).find((candidate) => candidate.declaration.tagName === 'svc-ads')!
    const rendered = renderElement(element, ROOT)
    for (const event of element.declaration.events ?? []) expect(rendered).toContain(`| \`${event.name}\` |`)
    for (const part of element.declaration.cssParts ?? []) expect(rendered).toContain(`| \`${part.name}\` |`)
    expect(rendered).toContain('| `api-key` | `apiKey` |')
    // Lit's inner state (`state: true`) is no attribute, whatever the analyzer lists.
    expect(rendered).not.toContain('| `expanded` |')
  })

  it('notices a hand edit between the markers and keeps the hand-written rest', () => {
    const page = `# Page\n\nBy hand.\n\n${BEGIN}\n\n| old |\n\n${END}\n\nAfter.\n`
    const regenerated = withGenerated(page, '### Events\n\n| new |', 'page.md')
    expect(regenerated).toBe(`# Page\n\nBy hand.\n\n${BEGIN}\n\n### Events\n\n| new |\n\n${END}\n\nAfter.\n`)
    expect(() => withGenerated('# no markers', 'x', 'page.md')).toThrow(/must hold one/)
  })
})
