/**
 * @module `ad create`, `ad list`, `ad update` and `ad delete`: authoring
 * ads from the command line with the same validation as the admin console.
 */
import { scheduleState, scheduleWords } from '../../shared/ad-schedule.js'
import { slotKey } from '../../shared/slug.js'
import { createAd, deleteAd, listAds, toWireAd, updateAd } from '../ads/ads-repository.js'
import type { AdRow } from '../db/schema.js'
import { organisationByCode } from '../orgs/organisations.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, list, oneOf, parseFlags, required } from './flags.js'
import { textTable } from './text-table.js'

export const AD_USAGE = [
  'ad create --org CODE --title T --display D [--label L] [--url URL] [--link TEXT] [--target _self|_blank]',
  '          [--size S] [--tags T] [--description HTML] [--image URL] [--images URL,URL] [--status saved|draft] [--publish 0|1]',
  '          [--starts ISO] [--ends ISO] [--weight 1-100]',
  'ad list [--org CODE] [--display D] [--status saved|draft] [--publish 0|1]',
  'ad update CODE [any ad create field but --org]',
  'ad delete CODE',
].join('\n  ')

const FIELD_OPTIONS = {
  title: { type: 'string' },
  display: { type: 'string' },
  label: { type: 'string' },
  url: { type: 'string' },
  link: { type: 'string' },
  target: { type: 'string' },
  size: { type: 'string' },
  tags: { type: 'string' },
  description: { type: 'string' },
  image: { type: 'string' },
  images: { type: 'string' },
  status: { type: 'string' },
  publish: { type: 'string' },
  starts: { type: 'string' },
  ends: { type: 'string' },
  weight: { type: 'string' },
} as const

type FieldFlags = { [K in keyof typeof FIELD_OPTIONS]?: string }

/** The ad fields the flags set, leaving out the ones not given so defaults apply. */
function adFieldsFrom(flags: FieldFlags): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const name of Object.keys(FIELD_OPTIONS) as (keyof FieldFlags)[]) {
    const value = flags[name]
    if (value === undefined) continue
    if (name === 'images') fields.images = list(value) ?? []
    else if (name === 'publish') fields.publish = integer(value, '--publish', 0, 1)
    // Digits become a number; anything else goes to the ad's rules as typed, which word the refusal as the console does.
    else if (name === 'weight') fields.weight = /^[0-9]+$/.test(value) ? Number(value) : value
    else fields[name] = value
  }
  return fields
}

function adCode(positionals: string[], command: string): string {
  const code = positionals[0]
  if (code === undefined) throw new UsageError(`${command} needs the ad's code, e.g. ${command} ADS0123456789`)
  return code
}

function describeAd(ad: AdRow): Record<string, unknown> {
  return {
    ...toWireAd(ad),
    status: ad.status,
    publish: ad.publish,
    starts: ad.starts_at,
    ends: ad.ends_at,
    weight: ad.weight,
    created_at: ad.created_at,
    updated_at: ad.updated_at,
  }
}

/** `  Scheduled 2030-01-01T09:00:00.000Z → open` for an ad with a window; nothing for one without. */
function scheduleNote(ad: AdRow, nowMs: number): string {
  if (ad.starts_at === null && ad.ends_at === null) return ''
  const state = scheduleWords(
    scheduleState({ starts: ad.starts_at, ends: ad.ends_at }, nowMs),
    ad.status === 'saved' && Boolean(ad.publish),
  )
  return `${state} ${ad.starts_at ?? 'open'} → ${ad.ends_at ?? 'open'}`
}

/**
 * Creates an ad; it is saved and published unless `--status draft` or `--publish 0` says otherwise.
 *
 * @example
 * await adCreate(['--org', 'ORG0123456789', '--title', 'Sale', '--display', 'Home'], io)
 */
export async function adCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { org: { type: 'string' }, ...FIELD_OPTIONS })
  const code = required(values.org, '--org')
  const fields = adFieldsFrom(values)
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = await organisationByCode(db, code)
    const ad = await createAd(db, organisation.id, fields)
    return {
      json: { code: ad.code },
      text: `Created ad ${ad.code} in ${ad.display} (${ad.status}, ${ad.publish ? 'published' : 'not published'}).`,
    }
  })
}

/**
 * Lists ads newest first, whatever their state, optionally filtered.
 *
 * @example
 * await adList(['--org', 'ORG0123456789', '--status', 'draft'], io)
 */
export async function adList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    org: { type: 'string' },
    display: { type: 'string' },
    status: { type: 'string' },
    publish: { type: 'string' },
  })
  const publish = integer(values.publish, '--publish', 0, 1)
  const status = oneOf(values.status, '--status', ['saved', 'draft']) as 'saved' | 'draft' | undefined
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisationId = values.org === undefined ? undefined : (await organisationByCode(db, values.org)).id
    const ads = await listAds(db, {
      organisationId,
      displayKey: values.display === undefined ? undefined : slotKey(values.display),
      status,
      publish,
    })
    const now = Date.now()
    const table = textTable(
      [
        ['CODE', (ad) => ad.code],
        ['STATUS', (ad) => ad.status],
        ['PUBLISHED', (ad) => (ad.publish ? 'yes' : 'no')],
        ['SLOT', (ad) => ad.display],
        ['TITLE', (ad) => ad.title],
        ['WEIGHT', (ad) => String(ad.weight)],
        ['SCHEDULE', (ad) => scheduleNote(ad, now) || 'always'],
      ],
      ads,
    )
    return { json: { ads: ads.map(describeAd) }, text: ads.length ? table : 'No ads yet; create one with ad create.' }
  })
}

/**
 * Changes the given fields of an ad.
 *
 * @example
 * await adUpdate(['ADS0123456789', '--publish', '0'], io)
 */
export async function adUpdate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, FIELD_OPTIONS, { positionals: 1 })
  const code = adCode(positionals, 'ad update')
  const fields = adFieldsFrom(values)
  if (Object.keys(fields).length === 0) throw new UsageError('ad update needs at least one field to change, e.g. --publish 0')
  return withDatabase(commandSettings(values, io), async (db) => {
    const ad = await updateAd(db, code, fields)
    return { json: { ad: describeAd(ad) }, text: `Updated ad ${ad.code}.` }
  })
}

/**
 * Deletes an ad.
 *
 * @example
 * await adDelete(['ADS0123456789'], io)
 */
export async function adDelete(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  const code = adCode(positionals, 'ad delete')
  return withDatabase(commandSettings(values, io), async (db) => {
    await deleteAd(db, code)
    return { json: { deleted: code }, text: `Deleted ad ${code}.` }
  })
}
