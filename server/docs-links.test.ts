/**
 * @module The docs hold together: every relative link in the README,
 * CONTRIBUTING.md and `docs/` reaches a file that exists and, with an
 * `#anchor`, a heading (or an `id`) on that page, so a newcomer following
 * the README's "Where next" table never lands on nothing; and the
 * dependency lists name exactly what `package.json` installs at run time.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

/** Written by another generator (`scripts/docs/configuration-page.ts`); a link to it may come before the page does. */
const GENERATED_ELSEWHERE = new Set(['docs/operate/configuration.md'])

/** The Markdown files whose links must resolve, relative to the root. */
function markdownFiles(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => join('docs', file))
    : []
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((file) => existsSync(join(root, file))).sort()
}

/** The page's text without fenced code blocks and code spans, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** Link targets of `[text](target)` and `![alt](target)`, titles left off. */
export function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^()\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!)
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes (github-slugger). */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a page offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const found = new Set<string>()
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count ? `${base}-${count}` : base)
  }
  for (const match of markdown.matchAll(/\bid="([^"]+)"/g)) found.add(match[1]!)
  return found
}

/** The broken relative links of `files` (relative to `root`), as `file: target (why)`. */
export function brokenLinks(root: string, files: string[], allowMissing = GENERATED_ELSEWHERE): string[] {
  const broken: string[] = []
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const target of linkTargets(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue
      const [path = '', anchor] = target.split('#') as [string, string | undefined]
      const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file
      if (resolved.startsWith('..')) {
        broken.push(`${file}: ${target} (leaves the repository)`)
        continue
      }
      if (!existsSync(join(root, resolved))) {
        if (!allowMissing.has(resolved)) broken.push(`${file}: ${target} (no file ${resolved})`)
        continue
      }
      if (anchor === undefined) continue
      if (!resolved.endsWith('.md') || statSync(join(root, resolved)).isDirectory()) {
        broken.push(`${file}: ${target} (an anchor on a page that is not Markdown)`)
        continue
      }
      if (!anchors(readFileSync(join(root, resolved), 'utf8')).has(anchor))
        broken.push(`${file}: ${target} (no heading #${anchor} in ${relative('.', resolved)})`)
    }
  }
  return broken
}

describe('relative links in the README, CONTRIBUTING.md and docs/', () => {
  it('cover the README, CONTRIBUTING.md and a page per subject', () => {
    const files = markdownFiles(ROOT)
    expect(files).toContain('README.md')
    expect(files).toContain('CONTRIBUTING.md')
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThanOrEqual(10)
  })

  it('all reach a file and, with an #anchor, a heading on it', () => {
    expect(brokenLinks(ROOT, markdownFiles(ROOT))).toEqual([])
  })

  it('are checked: a missing page, a missing heading and a page outside the repository are reported', async () => {
    const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const root = mkdtempSync(join(tmpdir(), 'svc-docs-links-'))
    mkdirSync(join(root, 'docs'))
    writeFileSync(join(root, 'docs', 'a.md'), '# A page\n\n## Run `npm test` (one file)\n\n## Run `npm test` (one file)\n')
    writeFileSync(
      join(root, 'README.md'),
      [
        '[fine](docs/a.md#a-page) [fine too](docs/a.md#run-npm-test-one-file-1) [web](https://example.com/x.md)',
        '[gone](docs/b.md) [no heading](docs/a.md#nowhere) [out](../x.md) [allowed](docs/operate/configuration.md)',
        '`[in code](docs/c.md)`',
        '```md\n[in a fence](docs/d.md)\n```',
      ].join('\n'),
    )
    expect(brokenLinks(root, ['README.md', 'docs/a.md'])).toEqual([
      'README.md: docs/b.md (no file docs/b.md)',
      'README.md: docs/a.md#nowhere (no heading #nowhere in docs/a.md)',
      'README.md: ../x.md (leaves the repository)',
    ])
  })
})

describe('the dependency lists', () => {
  const runtime = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: object }).dependencies)
  /** The packages named in backticks in the first column of the tables of one part of a page. */
  const firstColumn = (part: string) =>
    [...part.matchAll(/^\|\s*([^|]+?)\s*\|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([^`]+)`/g)].map((name) => name[1]!))
  const section = (file: string, from: string, to?: string) => {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const start = text.indexOf(from)
    expect(start, `${file} has "${from}"`).toBeGreaterThanOrEqual(0)
    const end = to ? text.indexOf(to, start) : -1
    return text.slice(start, end < 0 ? undefined : end)
  }

  it('docs/architecture.md names every runtime dependency, and as runtime only those', () => {
    const listed = section('docs/architecture.md', '## Dependencies and why')
    const runtimeRows = firstColumn(section('docs/architecture.md', '### Runtime', '### Bundled'))
    for (const name of runtime) expect(listed, name).toContain(`\`${name}\``)
    for (const name of runtimeRows) expect(runtime, `${name} is listed as a runtime dependency`).toContain(name)
  })

  it("the README's table lists runtime dependencies only, and names each", () => {
    const readme = section('README.md', '## Dependencies', '\n## ')
    for (const name of runtime) expect(readme, name).toContain(`\`${name}\``)
    for (const name of firstColumn(readme).filter((cell) => cell !== 'package')) expect(runtime, name).toContain(name)
  })
})
