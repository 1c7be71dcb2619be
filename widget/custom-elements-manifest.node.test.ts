import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The manifest `npm run build` writes (cem analyze), which editors and Storybook read. */
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
  modules: {
    path: string
    declarations?: { tagName?: string; events?: { name: string; description?: string }[]; cssParts?: { name: string }[] }[]
  }[]
}
const elements = manifest.modules.flatMap((module) =>
  (module.declarations ?? []).filter((declaration) => declaration.tagName).map((declaration) => ({ ...declaration, path: module.path })),
)

describe('custom-elements.json', () => {
  it('lists both elements', () => {
    expect(elements.map((element) => element.tagName).sort()).toEqual(['svc-ads', 'svc-signin'])
  })

  it.each(elements.map((element) => [element.tagName, element] as const))('lists only the documented events of <%s>', (_tag, element) => {
    for (const event of element.events ?? []) {
      expect(event.name).toMatch(/^svc-/)
      expect(event.description, event.name).toBeTruthy()
    }
  })

  it.each(elements.map((element) => [element.tagName, element] as const))('documents every part <%s> renders', (_tag, element) => {
    // Templates may live in the modules beside the element's own (ad-slide.ts beside svc-ads.ts).
    const folder = dirname(element.path)
    const sources = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.includes('.test.') && !file.startsWith('test-'))
    const source = sources.map((file) => readFileSync(join(folder, file), 'utf8')).join('\n')
    const rendered = new Set([...source.matchAll(/part="([\w-]+)"|part\.add\('([\w-]+)'\)/g)].map((match) => match[1] ?? match[2]))
    expect(rendered.size).toBeGreaterThan(0)
    expect(new Set((element.cssParts ?? []).map((part) => part.name))).toEqual(rendered)
  })
})
