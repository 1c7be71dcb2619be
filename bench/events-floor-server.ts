/**
 * @module The floor of the ad events benchmark: a `node:http` server that
 * does only what any design of `POST /ads/events` that takes a JSON batch
 * must: read the body, `JSON.parse` it, check the batch's shape (a key,
 * a batch id, a slot, at most 50 ad codes a kind), count each event into a
 * `Map`, and answer fixed bytes (the same as the bare server's). It
 * authenticates nobody, rate-limits nothing and refuses no replay. If this
 * server cannot reach 0.93 of the bare one, no JSON design of the endpoint
 * can.
 *
 * Usage: node --import tsx bench/events-floor-server.ts RESPONSE_JSON_FILE — prints the port.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const {
  headers,
  body,
  status = 202,
} = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  headers: Record<string, string>
  body: string
  status?: number
}
const answerBytes = Buffer.from(body)
const refusal = Buffer.from('{"status":"error","code":400,"message":"not a batch"}')
const KINDS = ['served', 'viewable', 'clicks'] as const
const BATCH_ID = /^[A-Za-z0-9_-]{12,64}$/
const AD_CODE = /^ADS\d{1,20}$/
/** Each ad's counts by kind, in the order of {@link KINDS}: found by the code as parsed, no key string made per event. */
const counts = new Map<string, [number, number, number]>()

/** True when `value` is a batch: the rules svc's batch check keeps, in the fewest steps. */
function countedBatch(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const batch = value as Record<string, unknown>
  if (typeof batch.key !== 'string' || typeof batch.batch !== 'string' || !BATCH_ID.test(batch.batch)) return false
  if (typeof batch.slot !== 'string' || batch.slot.length === 0 || batch.slot.length > 100) return false
  for (const kind of KINDS) {
    const codes = batch[kind]
    if (codes === undefined) continue
    if (!Array.isArray(codes) || codes.length > 50) return false
    for (const code of codes) if (typeof code !== 'string' || !AD_CODE.test(code)) return false
  }
  for (let kind = 0; kind < KINDS.length; kind++) {
    const codes = batch[KINDS[kind]!] as string[] | undefined
    if (codes === undefined) continue
    for (const code of codes) {
      let row = counts.get(code)
      if (row === undefined) counts.set(code, (row = [0, 0, 0]))
      row[kind as 0 | 1 | 2]++
    }
  }
  return true
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    let parsed: unknown
    try {
      parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      parsed = undefined
    }
    const ok = countedBatch(parsed)
    const bytes = ok ? answerBytes : refusal
    response.writeHead(ok ? status : 400, { ...headers, 'Content-Length': bytes.length })
    response.end(bytes)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
