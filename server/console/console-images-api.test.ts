import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { storedImageCount, imageUploader } from '../images/images-repository.js'
import { MAX_IMAGE_BYTES } from '../images/upload-limits.js'
import { createOrganisation } from '../orgs/organisations.js'
import { type ConsoleUser, consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { noisePng } from '../testing/generated-png.js'

const fixture = (name: string) => readFileSync(new URL(`../images/fixtures/${name}`, import.meta.url))
const png = fixture('two-colours.png')

let idp: IdentityFixture
let org: { id: number; code: string }
let marketer: ConsoleUser
beforeEach(async () => {
  idp = await identityFixture()
  org = await createOrganisation(idp.db, { name: 'Acme' })
  marketer = await consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })
})
afterEach(() => idp.close())

/** Uploads `body` as `user`, with its CSRF token unless told otherwise. */
const upload = (user: ConsoleUser, body: BodyInit, { contentType = 'image/png', csrf = true, query = '' } = {}) =>
  user.browser.request(`${idp.issuer}/console/api/images${query}`, {
    method: 'POST',
    headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...(csrf ? { 'X-CSRF-Token': user.me.csrf } : {}) },
    body,
  })

/** Sends a request head, then `chunks`, over a socket; resolves with the answer's status line and body. */
async function rawRequest(head: string, chunks: Buffer[] = []): Promise<{ status: number; text: string }> {
  const { port, hostname } = new URL(idp.issuer)
  const socket = connect(Number(port), hostname)
  let answer = ''
  socket.on('data', (data) => (answer += String(data)))
  socket.on('error', () => undefined)
  socket.write(head)
  for (const chunk of chunks) if (!socket.destroyed) socket.write(chunk)
  await new Promise<void>((resolve) => {
    const done = () => (answer.includes('\r\n\r\n') && /}\s*(0\r\n\r\n)?$/.test(answer) ? resolve() : undefined)
    socket.on('data', done)
    socket.on('close', () => resolve())
  })
  socket.destroy()
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), text: answer }
}

describe('POST /console/api/images', () => {
  it('stores each format a marketer uploads and answers its absolute URL, which serves the same bytes', async () => {
    for (const [name, type] of [
      ['two-colours.png', 'image/png'],
      ['two-colours.jpg', 'image/jpeg'],
      ['one-pixel.gif', 'image/gif'],
      ['two-colours.webp', 'image/webp'],
      ['two-colours.avif', 'image/avif'],
    ] as const) {
      const bytes = fixture(name)
      // The declared type is ignored: the bytes say what the image is.
      const res = await upload(marketer, bytes, { contentType: 'application/octet-stream' })
      expect(res.status).toBe(201)
      const { url } = (await res.json()) as { url: string }
      expect(url).toMatch(new RegExp(`^${idp.issuer}/images/[0-9a-f]{64}\\.${name.split('.')[1]}$`))
      const served = await fetch(url)
      expect(served.headers.get('Content-Type')).toBe(type)
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
    }
  })

  it('keeps the same bytes once, recorded against the organisation that first uploaded them', async () => {
    const first = await upload(marketer, png)
    const other = await createOrganisation(idp.db, { name: 'Other' })
    const admin = await consoleUser(idp, { svcApp: other.code, svcRole: 'admin' })
    const again = await upload(admin, png)
    expect([first.status, again.status]).toEqual([201, 200])
    const { url } = await first.json()
    expect((await again.json()).url).toBe(url)
    expect(await storedImageCount(idp.db)).toBe(1)
    expect(await imageUploader(idp.db, /([0-9a-f]{64})/.exec(url)![1]!)).toBe(org.id)
  })

  it('takes a multipart form as curl -F sends it, and reads the type from the bytes, not the file name', async () => {
    const form = new FormData()
    form.set('file', new Blob([png], { type: 'text/plain' }), 'notes.txt')
    const res = await upload(marketer, form, { contentType: '' })
    expect(res.status).toBe(201)
    expect((await res.json()).url).toMatch(/\.png$/)

    const disguised = new FormData()
    disguised.set('file', new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }), 'photo.png')
    const refused = await upload(marketer, disguised, { contentType: '' })
    expect(refused.status).toBe(415)
    expect((await refused.json()).message).toBe(
      'the file is not a PNG, JPEG, GIF, WebP or AVIF image (svc reads the type from the file itself, not from its name)',
    )
    const empty = await upload(marketer, new FormData(), { contentType: '' })
    expect(empty.status).toBe(400)
    expect(await storedImageCount(idp.db)).toBe(1)
  })

  it('refuses what is not an image, SVG by name, and an empty body, in plain words', async () => {
    const text = await upload(marketer, Buffer.from('GIF89 is not enough'), { contentType: 'image/gif' })
    expect(text.status).toBe(415)
    const svg = await upload(marketer, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      contentType: 'image/svg+xml',
    })
    expect(svg.status).toBe(415)
    expect((await svg.json()).message).toBe(
      'SVG images are not accepted, because they can carry scripts; export the picture as PNG or WebP and upload that',
    )
    const empty = await upload(marketer, Buffer.alloc(0))
    expect(empty.status).toBe(400)
    expect((await empty.json()).message).toBe('the file is empty')
    expect(await storedImageCount(idp.db)).toBe(0)
  })

  it('refuses a caller without a session, without the CSRF token, or without the ads role', async () => {
    const stranger = await fetch(`${idp.issuer}/console/api/images`, {
      method: 'POST',
      body: png,
      headers: { 'X-CSRF-Token': marketer.me.csrf },
    })
    expect(stranger.status).toBe(401)
    const forged = await upload(marketer, png, { csrf: false })
    expect(forged.status).toBe(403)
    expect((await forged.json()).message).toContain('CSRF')
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const refused = await upload(developer, png)
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toContain('ads role')
    expect(await storedImageCount(idp.db)).toBe(0)
  })

  it('records an operator upload against the organisation named, or none', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    const named = await upload(operator, png, { query: `?organisation=${org.code}` })
    expect(named.status).toBe(201)
    const sha256 = /([0-9a-f]{64})/.exec((await named.json()).url)![1]!
    expect(await imageUploader(idp.db, sha256)).toBe(org.id)
    const gif = await upload(operator, fixture('one-pixel.gif'))
    expect(await imageUploader(idp.db, /([0-9a-f]{64})/.exec((await gif.json()).url)![1]!)).toBeNull()
    const unknown = await upload(operator, png, { query: '?organisation=ORG000' })
    expect(unknown.status).toBe(422)
  })

  it('refuses a declared body over 5 MB with 413 before reading it, even before a session is checked', async () => {
    // Only the head is sent, without a session: the answer comes without the body.
    const refused = await rawRequest(`POST /console/api/images HTTP/1.1\r\nHost: x\r\nContent-Length: ${MAX_IMAGE_BYTES + 1}\r\n\r\n`)
    expect(refused.status).toBe(413)
    expect(refused.text).toContain('the image is over 5 MB (5242880 bytes)')
    // Between the server-wide 1 MB and 5 MB, this route takes it (and finds it is no image).
    const large = Buffer.alloc(2 * 1024 * 1024, 0x20)
    expect((await upload(marketer, large)).status).toBe(415)
  })

  it('stops a body of no declared length at 5 MB with 413', async () => {
    const cookie = [...marketer.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const megabyte = Buffer.alloc(1024 * 1024, 0x20)
    const chunk = Buffer.concat([Buffer.from(`${megabyte.length.toString(16)}\r\n`), megabyte, Buffer.from('\r\n')])
    const refused = await rawRequest(
      `POST /console/api/images HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${marketer.me.csrf}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      Array.from({ length: 7 }, () => chunk),
    )
    expect(refused.status).toBe(413)
    expect(refused.text).toContain('the image is over 5 MB')
    expect(await storedImageCount(idp.db)).toBe(0)
  })

  it('refuses a file that starts like an image but is not one, such as a PNG header followed by HTML', async () => {
    const header = png.subarray(0, 33) // the signature and a well-formed header chunk of 48 × 24 pixels
    const polyglot = await upload(marketer, Buffer.concat([header, Buffer.from('<html><script>alert(document.cookie)</script></html>')]))
    expect(polyglot.status).toBe(415)
    expect((await polyglot.json()).message).toMatch(
      /^the file starts like a PNG image but is not one: its .* chunk runs past the end of the file$/,
    )
    const appended = await upload(marketer, Buffer.concat([fixture('two-colours.jpg'), Buffer.from('<script>alert(1)</script>')]))
    expect(appended.status).toBe(415)
    expect((await appended.json()).message).toBe('the file starts like a JPEG image but is not one: 25 bytes follow its end marker (EOI)')
    expect(await storedImageCount(idp.db)).toBe(0)
  })
})

describe('GET and DELETE /console/api/images', () => {
  const uploaded = async (user: ConsoleUser, bytes: Buffer<ArrayBuffer>) =>
    ((await (await upload(user, bytes)).json()) as { url: string }).url
  const nameOf = (url: string) => /([0-9a-f]{64})/.exec(url)![1]!

  it("lists the organisation's images with their size, the ads that show them and the quota", async () => {
    const first = await uploaded(marketer, png)
    const second = await uploaded(marketer, fixture('two-colours.webp'))
    const third = await uploaded(marketer, fixture('one-pixel.gif'))
    const sale = await createAd(idp.db, org.id, { title: 'Spring sale', display: 'Home', image: first })
    const gallery = await createAd(idp.db, org.id, { title: 'Gallery', display: 'Home', images: [second, first] })
    await createAd(idp.db, org.id, { title: 'Story', display: 'Home', description: `<p>Look: <img src="${third}"></p>` })
    const other = await createOrganisation(idp.db, { name: 'Other' })
    await createAd(idp.db, other.id, { title: 'Borrowed', display: 'Home', image: third })
    // Another organisation's images are not listed.
    const stranger = await consoleUser(idp, { svcApp: other.code, svcAccess: ['Ads:Edit'] })
    await uploaded(stranger, fixture('two-colours.jpg'))

    const res = await marketer.api('GET', '/images')
    expect(res.status).toBe(200)
    const list = await res.json()
    expect(list).toMatchObject({ organisation: org.code, image_count: 3, quota_bytes: 200 * 1024 * 1024 })
    expect(list.used_bytes).toBe(png.length + fixture('two-colours.webp').length + fixture('one-pixel.gif').length)
    const byUrl = Object.fromEntries(list.images.map((image: { url: string }) => [image.url, image]))
    expect(list.images.map((image: { url: string }) => image.url).sort()).toEqual([first, second, third].sort())
    expect(byUrl[first]).toMatchObject({
      sha256: nameOf(first),
      content_type: 'image/png',
      size_bytes: png.length,
      used_by: [
        { code: sale.code, title: 'Spring sale' },
        { code: gallery.code, title: 'Gallery' },
      ].sort((a, b) => a.code.localeCompare(b.code)),
      used_elsewhere: 0,
    })
    expect(byUrl[first].uploaded_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(byUrl[second].used_by).toEqual([{ code: gallery.code, title: 'Gallery' }])
    expect(byUrl[third]).toMatchObject({ used_by: [{ title: 'Story' }], used_elsewhere: 1 })
  })

  it("deletes an image no ad shows, and refuses one an ad shows, another organisation's, and a malformed name", async () => {
    const shown = await uploaded(marketer, png)
    const unused = await uploaded(marketer, fixture('two-colours.webp'))
    await createAd(idp.db, org.id, { title: 'Spring sale', display: 'Home', status: 'draft', image: shown })

    const inUse = await marketer.api('DELETE', `/images/${nameOf(shown)}`)
    expect(inUse.status).toBe(409)
    expect((await inUse.json()).message).toBe('an ad shows this image; take it off the ad (or delete the ad) first')
    const forged = await marketer.api('DELETE', `/images/${nameOf(unused)}`, undefined, { csrf: false })
    expect(forged.status).toBe(403)
    const other = await createOrganisation(idp.db, { name: 'Other' })
    const stranger = await consoleUser(idp, { svcApp: other.code, svcAccess: ['Ads:Edit'] })
    expect((await stranger.api('DELETE', `/images/${nameOf(unused)}`)).status).toBe(404)
    expect((await marketer.api('DELETE', '/images/not-a-hash')).status).toBe(400)

    // Served once, so this process holds it in memory: deleting it stops that too.
    expect((await fetch(unused)).status).toBe(200)
    const deleted = await marketer.api('DELETE', `/images/${nameOf(unused)}`)
    expect(deleted.status).toBe(204)
    expect((await fetch(unused)).status).toBe(404)
    expect((await marketer.api('DELETE', `/images/${nameOf(unused)}`)).status).toBe(404)
    const list = await (await marketer.api('GET', '/images')).json()
    expect(list.images.map((image: { url: string }) => image.url)).toEqual([shown])
    expect(list.used_bytes).toBe(png.length)
  })

  it('frees the quota an image took once it is deleted', async () => {
    await idp.close()
    idp = await identityFixture({ imageQuotaBytes: 1024 * 1024 })
    org = await createOrganisation(idp.db, { name: 'Acme' })
    marketer = await consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })
    const big = await uploaded(marketer, noisePng(700 * 1024))
    const refused = await upload(marketer, noisePng(700 * 1024))
    expect(refused.status).toBe(507)
    expect((await marketer.api('DELETE', `/images/${nameOf(big)}`)).status).toBe(204)
    expect((await upload(marketer, noisePng(700 * 1024))).status).toBe(201)
  })

  it("lets an operator list an organisation's images, and refuses the people without the ads role", async () => {
    const url = await uploaded(marketer, png)
    const operator = await consoleUser(idp, { svcMaster: true })
    const list = await (await operator.api('GET', `/images?organisation=${org.code}`)).json()
    expect(list.images.map((image: { url: string }) => image.url)).toEqual([url])
    const own = await (await operator.api('GET', '/images')).json()
    expect(own).toMatchObject({ organisation: null, images: [], quota_bytes: null })
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    expect((await developer.api('GET', '/images')).status).toBe(403)
  })
})
