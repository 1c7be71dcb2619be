/**
 * @module A single-page app using oidc-client-ts, bundled by the interop
 * test and served on its own origin: `/callback` finishes a sign-in,
 * `/silent` a silent renew in a hidden frame; the test drives the rest
 * through `window.spa`. Settings come from `window.SPA_CONFIG`.
 */
import { UserManager, WebStorageStateStore } from 'oidc-client-ts'

interface SpaConfig {
  authority: string
  clientId: string
}

declare global {
  interface Window {
    SPA_CONFIG: SpaConfig
    spa: Spa
  }
}

const config = window.SPA_CONFIG
const origin = window.location.origin
const manager = new UserManager({
  authority: config.authority,
  client_id: config.clientId,
  redirect_uri: `${origin}/callback`,
  silent_redirect_uri: `${origin}/silent`,
  post_logout_redirect_uri: `${origin}/`,
  scope: 'openid profile email',
  revokeTokensOnSignout: true,
  automaticSilentRenew: false,
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
})

/** What the test calls; each resolves with what a page would show, or rejects with the library's error. */
const spa = {
  signIn: () => manager.signinRedirect(),
  user: async () => {
    const user = await manager.getUser()
    return user ? { email: user.profile.email, accessToken: user.access_token, expired: user.expired } : null
  },
  renew: async () => {
    const user = await manager.signinSilent()
    return user?.access_token ?? null
  },
  revoke: () => manager.revokeTokens(['access_token']),
  signOut: () => manager.signoutRedirect(),
}
type Spa = typeof spa
window.spa = spa

const status = document.getElementById('status')!
if (window.location.pathname === '/callback') {
  manager.signinRedirectCallback().then(
    (user) => {
      window.history.replaceState(null, '', '/')
      status.textContent = `Signed in as ${user.profile.email}`
    },
    (error: Error) => (status.textContent = `Sign-in failed: ${error.message}`),
  )
} else if (window.location.pathname === '/silent') {
  void manager.signinSilentCallback()
} else {
  status.textContent = 'Ready'
}
