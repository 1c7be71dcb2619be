/**
 * @module How many image uploads a process reads at once. Each may hold up
 * to 5 MB (and a copy or two on its way to the database), so a burst of
 * uploads would grow memory with the burst; past the slots, an upload is
 * refused at once with 503 and `Retry-After`, before its body is read.
 */
import { ServiceBusy } from '../refusal.js'

/** At most this many uploads are read at once: about 8 × 5 MB × 3 copies at worst. */
export const UPLOAD_SLOTS = 8

export interface UploadSlots {
  /** Runs `work` in a slot, or throws {@link ServiceBusy} when every slot is taken. */
  run<T>(work: () => Promise<T>): Promise<T>
}

/**
 * A fixed number of slots for uploads in progress.
 *
 * @example
 * const slots = uploadSlots()
 * await slots.run(() => readAndStore(c))
 */
export function uploadSlots(slots = UPLOAD_SLOTS): UploadSlots {
  let taken = 0
  return {
    async run(work) {
      if (taken >= slots) throw new ServiceBusy('svc is receiving as many images as it takes at once; try again in a few seconds', 2)
      taken++
      try {
        return await work()
      } finally {
        taken--
      }
    },
  }
}
