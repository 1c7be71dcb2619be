/**
 * @module One Tap for browsers without FedCM: `svc.prompt()` frames svc's
 * `/oidc/onetap` in a small card at the top corner of the partner page. A
 * user signed in at svc sees "Continue as <name>"; a signed-out one sees
 * nothing. Closing the card quiets it for a while (2 hours, then a day, a
 * week, four weeks), as Google's One Tap does.
 */
import { SCRIPT_ORIGIN } from '../script-origin.js'

const COOLDOWN_KEY = 'svc-onetap-cooldown'
const COOLDOWNS_MS = [2 * 3600e3, 24 * 3600e3, 7 * 24 * 3600e3, 28 * 24 * 3600e3]

interface Cooldown {
  until: number
  dismissals: number
}

const cooldown = (): Cooldown => JSON.parse(localStorage.getItem(COOLDOWN_KEY) ?? 'null') ?? { until: 0, dismissals: 0 }

/**
 * Shows One Tap; resolves with the credential (an id_token for the client
 * with the nonce), or `undefined` when signed out, cooling down or closed.
 *
 * @example
 * const credential = await oneTapPrompt('cli_…', nonce)
 */
export function oneTapPrompt(clientId: string, nonce: string | undefined): Promise<string | undefined> {
  if (cooldown().until > Date.now()) return Promise.resolve(undefined)
  const card = document.createElement('div')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-label', 'Sign in with svc')
  card.hidden = true
  card.style.cssText =
    'position:fixed;top:16px;right:16px;z-index:2147483647;width:min(360px,calc(100vw - 32px));background:#fff;border:1px solid #d0d7de;border-radius:12px;box-shadow:0 8px 24px rgba(0,0,0,.16);padding:8px 40px 8px 8px'
  const close = Object.assign(document.createElement('button'), { type: 'button', textContent: '×' })
  close.setAttribute('aria-label', 'Close')
  close.style.cssText = 'position:absolute;top:8px;right:8px;width:28px;height:28px;border:0;background:none;font-size:20px;cursor:pointer'
  const query = new URLSearchParams({ client_id: clientId, origin: location.origin, ...(nonce ? { nonce } : {}) })
  const frame = Object.assign(document.createElement('iframe'), { src: `${SCRIPT_ORIGIN}/oidc/onetap?${query}`, title: 'Sign in with svc' })
  frame.style.cssText = 'border:0;width:100%;height:48px;display:block'
  card.append(frame, close)
  document.body.append(card)
  return new Promise((resolve) => {
    const finish = (credential: string | undefined) => {
      removeEventListener('message', listen)
      card.remove()
      resolve(credential)
    }
    const listen = (event: MessageEvent) => {
      const data = event.data as { source?: string; status?: string; credential?: string } | null
      if (event.origin !== SCRIPT_ORIGIN || event.source !== frame.contentWindow || data?.source !== 'svc-onetap') return
      if (data.status === 'ready') card.hidden = false
      else if (data.status === 'signed_in' && data.credential) {
        localStorage.removeItem(COOLDOWN_KEY)
        finish(data.credential)
      } else finish(undefined)
    }
    addEventListener('message', listen)
    close.addEventListener('click', () => {
      const { dismissals } = cooldown()
      const until = Date.now() + COOLDOWNS_MS[Math.min(dismissals, COOLDOWNS_MS.length - 1)]!
      localStorage.setItem(COOLDOWN_KEY, JSON.stringify({ until, dismissals: dismissals + 1 } satisfies Cooldown))
      finish(undefined)
    })
  })
}
