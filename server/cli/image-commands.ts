/**
 * @module `image prune`: deletes the uploaded images no ad shows (as its
 * image, in its gallery or in its description), of one organisation or of
 * all, keeping those uploaded in the last day by default: an image is
 * uploaded before the ad that shows it is saved.
 */
import { pruneUnusedImages } from '../images/images-repository.js'
import { organisationByCode } from '../orgs/organisations.js'
import { byteSize } from '../../shared/console-images-wire.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, parseFlags } from './flags.js'

export const IMAGE_USAGE = 'image prune [--org CODE] [--older-than-hours 24]'

/**
 * Deletes every image no ad shows that is older than `--older-than-hours` (24 by default; 0 for all).
 *
 * @example
 * await imagePrune(['--org', 'ORG0123456789'], io) // { deleted: 3, freed_bytes: 2516582, images: [...] }
 */
export async function imagePrune(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { org: { type: 'string' }, 'older-than-hours': { type: 'string' } })
  const hours = integer(values['older-than-hours'], '--older-than-hours', 0, 24 * 365 * 10) ?? 24
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = values.org === undefined ? undefined : await organisationByCode(db, values.org)
    const gone = await pruneUnusedImages(db, {
      ...(organisation ? { organisationId: organisation.id } : {}),
      uploadedBefore: new Date(Date.now() - hours * 3_600_000),
    })
    const freed = gone.reduce((sum, image) => sum + image.size, 0)
    const scope = organisation ? ` of ${organisation.code}` : ''
    return {
      json: { deleted: gone.length, freed_bytes: freed, images: gone.map((image) => ({ sha256: image.sha256, size_bytes: image.size })) },
      text:
        gone.length === 0
          ? `No images${scope} to delete: every image older than ${hours} hours is shown by an ad.`
          : `Deleted ${gone.length} image${gone.length === 1 ? '' : 's'}${scope} that no ad shows, freeing ${byteSize(freed)}.`,
    }
  })
}
