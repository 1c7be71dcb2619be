/**
 * @module Uploads one image file to `POST /console/api/images` with the
 * session's CSRF token, reporting progress as it goes (fetch cannot report
 * an upload's progress; XMLHttpRequest can) and resolving with the
 * stored image's URL. A refusal rejects with the server's sentence.
 */
import type { ConsoleImageAnswer } from '../../../shared/console-images-wire.js'
import { ConsoleApiError, consoleCsrf } from '../console-api.js'

/** The largest image the server takes (5 MB), checked here too so a large file is refused before it is sent. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** What the file picker offers; the server reads the type from the bytes whatever the picker allowed. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif'

/**
 * Uploads `file`; `onProgress` gets the share sent so far (0 to 1). Aborting `signal` abandons it.
 *
 * @example
 * const url = await uploadImage(file, { onProgress: (share) => (this.progress = share), signal })
 */
export function uploadImage(
  file: Blob,
  { onProgress, signal }: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/console/api/images')
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('X-CSRF-Token', consoleCsrf())
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    request.onload = () => {
      let answer: Partial<ConsoleImageAnswer> & { message?: string } = {}
      try {
        answer = JSON.parse(request.responseText) as typeof answer
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      if (request.status === 401) {
        location.assign(`/console/login?return=${encodeURIComponent(location.pathname)}`)
        reject(new ConsoleApiError(401, 'signing in again'))
      } else if (request.status >= 200 && request.status < 300 && answer.url) resolve(answer.url)
      else reject(new ConsoleApiError(request.status, answer.message ?? `the upload failed (the server answered ${request.status})`))
    }
    request.onerror = () => reject(new ConsoleApiError(0, 'the upload did not reach svc; check the connection and try again'))
    request.onabort = () => reject(new DOMException('The upload was abandoned.', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(file)
  })
}
