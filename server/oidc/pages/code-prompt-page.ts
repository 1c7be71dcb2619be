/**
 * @module The second step of a sign-in page: the field for the 6-digit
 * code of the account's authenticator app (`autocomplete="one-time-code"`,
 * so phones offer a code they received) and, behind "Use a recovery
 * code", the field for one of the recovery codes. Plain forms and a
 * `<details>`: no script, so it works in the FedCM popup and with
 * scripts off alike.
 */
import { type Html, html } from '../../http/html.js'
import { authenticatorWords } from '../../i18n/authenticator-words.js'
import type { Locale } from '../../i18n/locale.js'
import { fill } from '../../i18n/pages.js'
import { hiddenFields } from '../../pages/form-field.js'

/** How a recovery code looks (two groups of four), shown in the hint. */
const RECOVERY_CODE_EXAMPLE = 'k7pm-3xqa'

export interface CodePromptModel {
  /** Where both forms post. */
  action: string
  hidden: Record<string, string>
  error?: string
  /** The refusal was of a recovery code: its field is shown open, the error beside it. */
  recovery?: boolean
  locale: Locale
  /** The deployment's product name (what the app lists the account under). */
  product: string
}

/**
 * The code prompt's body.
 *
 * @example
 * htmlPage(c, 200, 'Second step', codePromptPage({ action: '/login/code', hidden: { csrf }, locale: 'en', product: 'svc' }))
 */
export function codePromptPage({ action, hidden, error, recovery = false, locale, product }: CodePromptModel): Html {
  const t = authenticatorWords(locale)
  // The example recovery code is one word to the eye: at 375 px it must not break at its hyphen.
  const [beforeExample = '', afterExample = ''] = t.recoveryCodeHint.split('{example}')
  const alert = (shown: boolean) =>
    error && shown ? html`\n  <p class="error" role="alert" id="${recovery ? 'recovery-code' : 'code'}-error">${error}</p>` : ''
  return html`<h1>${t.codeHeading}</h1>
<p>${fill(t.codeIntro, { product })}</p>
<form method="post" action="${action}">
${hiddenFields(hidden)}
  <label for="code">${t.codeLabel}</label>${alert(!recovery)}
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required${recovery ? '' : html` autofocus`}${error && !recovery ? html` aria-invalid="true" aria-describedby="code-error"` : ''}>
  <div class="actions"><button class="primary" type="submit">${t.verify}</button></div>
</form>
<details style="margin-top: 1.25rem"${recovery ? html` open` : ''}>
  <summary>${t.useRecoveryCode}</summary>
  <form method="post" action="${action}">
${hiddenFields(hidden)}
    <label for="recovery-code">${t.recoveryCodeLabel}</label>
    <p class="hint" id="recovery-code-hint">${beforeExample}<span style="white-space: nowrap">${RECOVERY_CODE_EXAMPLE}</span>${afterExample}</p>${alert(recovery)}
    <input id="recovery-code" name="recovery_code" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="32" required aria-describedby="recovery-code-hint${error && recovery ? ' recovery-code-error' : ''}"${recovery ? html` autofocus${error ? html` aria-invalid="true"` : ''}` : ''}>
    <div class="actions"><button type="submit">${t.verify}</button></div>
  </form>
</details>`
}
