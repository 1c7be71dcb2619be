/**
 * @module `/oidc/fedcm/button`: the personalised "Continue as Ada" button.
 * `<svc-signin>` frames this page (only the client's registered origins
 * may); in it, FedCM's `IdentityProvider.getUserInfo()` tells a returning
 * user's name, picture and email to svc's origin alone, never to the
 * partner's scripts. The partner learns only that the button turned
 * personal, and of a click, on which it starts FedCM itself.
 */
import { Hono } from 'hono'
import { html, raw } from '../../http/html.js'
import { buttonText } from '../../../shared/signin-texts.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { framedPage, framingPartner, notify } from './framed-page.js'

const STYLE =
  'body{background:transparent}button{height:40px;padding:0 .75rem;border-radius:6px}button.filled_blue{background:#0969da;border-color:#0969da;color:#fff}button.filled_black{background:#1f2328;border-color:#1f2328;color:#fff}button.pill{border-radius:999px}span{display:grid;text-align:start;line-height:1.2;overflow:hidden;min-width:0}b,small{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}img{flex:none}small{opacity:.8;font-size:12px}img{width:24px;height:24px}button:focus-visible{outline:3px solid #0969da;outline-offset:-3px}'

/**
 * Builds the button page, mounted at `/oidc/fedcm/button`.
 *
 * @example
 * app.route('/oidc/fedcm/button', personalButton(provider))
 */
export function personalButton(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.get('/', async (c) => {
    const query = new URL(c.req.url).searchParams
    const partner = await framingPartner(c, provider, query)
    if ('refusal' in partner) return partner.refusal
    const theme = ['filled_blue', 'filled_black'].includes(query.get('theme') ?? '') ? query.get('theme')! : ''
    const shape = query.get('shape') === 'pill' ? 'pill' : ''
    const say = (message: Record<string, unknown>) => notify('svc-button', message, partner.origin)
    // The words are filled in by the script once the browser tells the name.
    const template = JSON.stringify(buttonText(query.get('locale'), 'continue_as', '{name}'))
    const script = `(async () => {
  let accounts = []
  try {
    if (window.IdentityProvider && IdentityProvider.getUserInfo)
      accounts = await IdentityProvider.getUserInfo({ configURL: ${JSON.stringify(`${provider.issuer}/fedcm.json`)}, clientId: ${JSON.stringify(partner.client.client_id)} })
  } catch {}
  const account = accounts[0]
  if (!account) return ${say({ status: 'anonymous' })}
  const button = document.querySelector('button')
  if (account.picture) button.querySelector('img').src = account.picture
  else button.querySelector('img').remove()
  button.querySelector('b').textContent = ${template}.replace('{name}', account.givenName || account.name)
  button.querySelector('small').textContent = account.email
  button.hidden = false
  button.addEventListener('click', () => ${say({ status: 'clicked' })})
  ${say({ status: 'personalised' })}
})()`
    return framedPage(
      c,
      partner.ancestors,
      html`<button type="button" class="${`${theme} ${shape}`}" hidden><img alt=""><span><b></b><small></small></span></button>`,
      script,
      { style: raw(STYLE) },
    )
  })
  return app
}
