/**
 * @module The mails that tell a person their second factor changed, as
 * Google and GitHub send them: an authenticator app set up or removed
 * (by them on the account page, or by an administrator for a lost
 * phone), recovery codes made again, and a recovery code used to sign
 * in, with how many are left. Each goes to the account's own address and
 * links to its account page, where what was done can be undone; none
 * carries a secret. Sentences in one table a language, as the other
 * account mails have them.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

/** What changed. */
export type SecondFactorChange =
  'authenticatorAdded' | 'authenticatorRemoved' | 'authenticatorRemovedByAdmin' | 'recoveryCodesRenewed' | 'recoveryCodeUsed'

const STRINGS: Record<MailLocale, Record<SecondFactorChange, MailStrings>> = {
  en: {
    authenticatorAdded: {
      subject: 'An authenticator app now protects your {product} account',
      paragraphs: [
        'An authenticator app was just set up for the {product} account {email}: signing in with its password now also asks for the app’s code. Ten recovery codes were made with it.',
      ],
      action: 'Open your account page',
      after: [
        'If it was not you, someone is signed in to your account: reset your password now (that signs everyone out), and ask the administrator of {product} to remove the app: they can, from “People” in the console or with svc-bff user second-factor remove. Until then, signing in asks for a code from that app.',
      ],
    },
    authenticatorRemoved: {
      subject: 'The authenticator app was removed from your {product} account',
      paragraphs: [
        'The authenticator app of the {product} account {email} was just removed on its account page, and its recovery codes with it: signing in with the password no longer asks for a code.',
      ],
      action: 'Open your account page',
      after: ['If it was not you, reset your password now (that signs everyone out) and set up an authenticator app again.'],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Your {product} authenticator app was removed by an administrator',
      paragraphs: [
        'An administrator removed the authenticator app of the {product} account {email}, as is done when a phone is lost; its recovery codes no longer work. Signing in with the password no longer asks for a code.',
        'Set up an authenticator app again on your account page.',
      ],
      action: 'Open your account page',
      after: ['If you did not ask for this, tell the person who runs {product}.'],
    },
    recoveryCodesRenewed: {
      subject: 'New recovery codes for your {product} account',
      paragraphs: [
        'New recovery codes were just made for the {product} account {email} on its account page: the earlier ones no longer work.',
      ],
      action: 'Open your account page',
      after: ['If it was not you, someone is signed in to your account: reset your password now (that signs everyone out).'],
    },
    recoveryCodeUsed: {
      subject: 'A recovery code was used to sign in to {product}',
      paragraphs: [
        'A recovery code was just used instead of the authenticator app to sign in to the {product} account {email}. {left} of {total} recovery codes are left.',
        'If your phone is lost, remove the authenticator app on your account page and set up a new one; make new recovery codes there before they run out.',
      ],
      action: 'Open your account page',
      after: ['If it was not you, reset your password now (that signs everyone out) and make new recovery codes.'],
    },
  },
  de: {
    authenticatorAdded: {
      subject: 'Eine Authenticator-App schützt jetzt Ihr {product}-Konto',
      paragraphs: [
        'für das {product}-Konto {email} wurde soeben eine Authenticator-App eingerichtet: Die Anmeldung mit Passwort fragt jetzt auch nach dem Code der App. Dazu wurden zehn Wiederherstellungscodes erstellt.',
      ],
      action: 'Ihre Kontoseite öffnen',
      after: [
        'Wenn Sie das nicht waren, ist jemand in Ihrem Konto angemeldet: Setzen Sie jetzt Ihr Passwort zurück (das meldet alle ab) und bitten Sie die Administration von {product}, die App zu entfernen: Sie kann das unter „People“ in der Konsole oder mit svc-bff user second-factor remove. Bis dahin fragt die Anmeldung nach einem Code dieser App.',
      ],
    },
    authenticatorRemoved: {
      subject: 'Die Authenticator-App wurde aus Ihrem {product}-Konto entfernt',
      paragraphs: [
        'die Authenticator-App des {product}-Kontos {email} wurde soeben auf seiner Kontoseite entfernt, mit ihr die Wiederherstellungscodes: Die Anmeldung mit Passwort fragt nicht mehr nach einem Code.',
      ],
      action: 'Ihre Kontoseite öffnen',
      after: [
        'Wenn Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück (das meldet alle ab) und richten Sie wieder eine Authenticator-App ein.',
      ],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Ihre {product}-Authenticator-App wurde von einem Administrator entfernt',
      paragraphs: [
        'ein Administrator hat die Authenticator-App des {product}-Kontos {email} entfernt, wie es bei einem verlorenen Telefon geschieht; die Wiederherstellungscodes gelten nicht mehr. Die Anmeldung mit Passwort fragt nicht mehr nach einem Code.',
        'Richten Sie auf Ihrer Kontoseite wieder eine Authenticator-App ein.',
      ],
      action: 'Ihre Kontoseite öffnen',
      after: ['Wenn Sie das nicht angefordert haben, sagen Sie es der Person, die {product} betreibt.'],
    },
    recoveryCodesRenewed: {
      subject: 'Neue Wiederherstellungscodes für Ihr {product}-Konto',
      paragraphs: [
        'für das {product}-Konto {email} wurden soeben auf seiner Kontoseite neue Wiederherstellungscodes erstellt: Die alten gelten nicht mehr.',
      ],
      action: 'Ihre Kontoseite öffnen',
      after: ['Wenn Sie das nicht waren, ist jemand in Ihrem Konto angemeldet: Setzen Sie jetzt Ihr Passwort zurück (das meldet alle ab).'],
    },
    recoveryCodeUsed: {
      subject: 'Bei {product} wurde mit einem Wiederherstellungscode angemeldet',
      paragraphs: [
        'soeben wurde statt der Authenticator-App ein Wiederherstellungscode verwendet, um sich im {product}-Konto {email} anzumelden. {left} von {total} Wiederherstellungscodes sind übrig.',
        'Wenn Ihr Telefon verloren ist, entfernen Sie die Authenticator-App auf Ihrer Kontoseite und richten Sie eine neue ein; erstellen Sie dort neue Wiederherstellungscodes, bevor sie ausgehen.',
      ],
      action: 'Ihre Kontoseite öffnen',
      after: [
        'Wenn Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück (das meldet alle ab) und erstellen Sie neue Wiederherstellungscodes.',
      ],
    },
  },
  es: {
    authenticatorAdded: {
      subject: 'Una aplicación de autenticación protege ahora tu cuenta de {product}',
      paragraphs: [
        'Se acaba de configurar una aplicación de autenticación para la cuenta de {product} {email}: iniciar sesión con su contraseña ahora también pide el código de la aplicación. Con ella se crearon diez códigos de recuperación.',
      ],
      action: 'Abrir tu página de cuenta',
      after: [
        'Si no has sido tú, alguien tiene sesión iniciada en tu cuenta: restablece ya tu contraseña (eso cierra la sesión de todos) y pide a la administración de {product} que quite la aplicación: puede hacerlo desde «People» en la consola o con svc-bff user second-factor remove. Hasta entonces, iniciar sesión pide un código de esa aplicación.',
      ],
    },
    authenticatorRemoved: {
      subject: 'Se ha quitado la aplicación de autenticación de tu cuenta de {product}',
      paragraphs: [
        'La aplicación de autenticación de la cuenta de {product} {email} se acaba de quitar en su página de cuenta, y con ella sus códigos de recuperación: iniciar sesión con la contraseña ya no pide ningún código.',
      ],
      action: 'Abrir tu página de cuenta',
      after: [
        'Si no has sido tú, restablece ya tu contraseña (eso cierra la sesión de todos) y vuelve a configurar una aplicación de autenticación.',
      ],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Un administrador ha quitado tu aplicación de autenticación de {product}',
      paragraphs: [
        'Un administrador ha quitado la aplicación de autenticación de la cuenta de {product} {email}, como se hace cuando se pierde un teléfono; sus códigos de recuperación ya no funcionan. Iniciar sesión con la contraseña ya no pide ningún código.',
        'Vuelve a configurar una aplicación de autenticación en tu página de cuenta.',
      ],
      action: 'Abrir tu página de cuenta',
      after: ['Si no lo has pedido tú, díselo a quien administra {product}.'],
    },
    recoveryCodesRenewed: {
      subject: 'Códigos de recuperación nuevos para tu cuenta de {product}',
      paragraphs: [
        'Se acaban de crear códigos de recuperación nuevos para la cuenta de {product} {email} en su página de cuenta: los anteriores ya no funcionan.',
      ],
      action: 'Abrir tu página de cuenta',
      after: [
        'Si no has sido tú, alguien tiene sesión iniciada en tu cuenta: restablece ya tu contraseña (eso cierra la sesión de todos).',
      ],
    },
    recoveryCodeUsed: {
      subject: 'Se ha usado un código de recuperación para iniciar sesión en {product}',
      paragraphs: [
        'Se acaba de usar un código de recuperación en lugar de la aplicación de autenticación para iniciar sesión en la cuenta de {product} {email}. Quedan {left} de {total} códigos de recuperación.',
        'Si has perdido el teléfono, quita la aplicación de autenticación en tu página de cuenta y configura una nueva; crea allí códigos de recuperación nuevos antes de que se acaben.',
      ],
      action: 'Abrir tu página de cuenta',
      after: ['Si no has sido tú, restablece ya tu contraseña (eso cierra la sesión de todos) y crea códigos de recuperación nuevos.'],
    },
  },
  fr: {
    authenticatorAdded: {
      subject: 'Une application d’authentification protège désormais votre compte {product}',
      paragraphs: [
        'Une application d’authentification vient d’être configurée pour le compte {product} {email} : la connexion avec son mot de passe demande désormais aussi le code de l’application. Dix codes de secours ont été créés avec elle.',
      ],
      action: 'Ouvrir votre page de compte',
      after: [
        'Si ce n’était pas vous, quelqu’un est connecté à votre compte : réinitialisez tout de suite votre mot de passe (cela déconnecte tout le monde) et demandez à l’administration de {product} de retirer l’application : elle le peut depuis « People » dans la console ou avec svc-bff user second-factor remove. D’ici là, la connexion demande un code de cette application.',
      ],
    },
    authenticatorRemoved: {
      subject: 'L’application d’authentification a été retirée de votre compte {product}',
      paragraphs: [
        'L’application d’authentification du compte {product} {email} vient d’être retirée sur sa page de compte, et ses codes de secours avec elle : la connexion avec le mot de passe ne demande plus de code.',
      ],
      action: 'Ouvrir votre page de compte',
      after: [
        'Si ce n’était pas vous, réinitialisez tout de suite votre mot de passe (cela déconnecte tout le monde) et configurez de nouveau une application d’authentification.',
      ],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Un administrateur a retiré votre application d’authentification {product}',
      paragraphs: [
        'Un administrateur a retiré l’application d’authentification du compte {product} {email}, comme on le fait quand un téléphone est perdu ; ses codes de secours ne fonctionnent plus. La connexion avec le mot de passe ne demande plus de code.',
        'Configurez de nouveau une application d’authentification sur votre page de compte.',
      ],
      action: 'Ouvrir votre page de compte',
      after: ['Si vous ne l’avez pas demandé, dites-le à la personne qui gère {product}.'],
    },
    recoveryCodesRenewed: {
      subject: 'De nouveaux codes de secours pour votre compte {product}',
      paragraphs: [
        'De nouveaux codes de secours viennent d’être créés pour le compte {product} {email} sur sa page de compte : les anciens ne fonctionnent plus.',
      ],
      action: 'Ouvrir votre page de compte',
      after: [
        'Si ce n’était pas vous, quelqu’un est connecté à votre compte : réinitialisez tout de suite votre mot de passe (cela déconnecte tout le monde).',
      ],
    },
    recoveryCodeUsed: {
      subject: 'Un code de secours a servi à se connecter à {product}',
      paragraphs: [
        'Un code de secours vient de servir, à la place de l’application d’authentification, à se connecter au compte {product} {email}. Il reste {left} codes de secours sur {total}.',
        'Si votre téléphone est perdu, retirez l’application d’authentification sur votre page de compte et configurez-en une nouvelle ; créez-y de nouveaux codes de secours avant qu’ils ne s’épuisent.',
      ],
      action: 'Ouvrir votre page de compte',
      after: [
        'Si ce n’était pas vous, réinitialisez tout de suite votre mot de passe (cela déconnecte tout le monde) et créez de nouveaux codes de secours.',
      ],
    },
  },
  it: {
    authenticatorAdded: {
      subject: 'Un’app di autenticazione ora protegge il tuo account {product}',
      paragraphs: [
        'È stata appena configurata un’app di autenticazione per l’account {product} {email}: l’accesso con la password ora chiede anche il codice dell’app. Con essa sono stati creati dieci codici di recupero.',
      ],
      action: 'Apri la pagina del tuo account',
      after: [
        'Se non sei stato tu, qualcuno ha accesso al tuo account: reimposta subito la password (questo disconnette tutti) e chiedi all’amministrazione di {product} di rimuovere l’app: può farlo da «People» nella console o con svc-bff user second-factor remove. Fino ad allora, l’accesso chiede un codice di quell’app.',
      ],
    },
    authenticatorRemoved: {
      subject: 'L’app di autenticazione è stata rimossa dal tuo account {product}',
      paragraphs: [
        'L’app di autenticazione dell’account {product} {email} è stata appena rimossa dalla sua pagina dell’account, e con essa i codici di recupero: l’accesso con la password non chiede più un codice.',
      ],
      action: 'Apri la pagina del tuo account',
      after: [
        'Se non sei stato tu, reimposta subito la password (questo disconnette tutti) e configura di nuovo un’app di autenticazione.',
      ],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Un amministratore ha rimosso la tua app di autenticazione di {product}',
      paragraphs: [
        'Un amministratore ha rimosso l’app di autenticazione dell’account {product} {email}, come si fa quando si perde il telefono; i suoi codici di recupero non funzionano più. L’accesso con la password non chiede più un codice.',
        'Configura di nuovo un’app di autenticazione dalla pagina del tuo account.',
      ],
      action: 'Apri la pagina del tuo account',
      after: ['Se non l’hai chiesto tu, dillo a chi gestisce {product}.'],
    },
    recoveryCodesRenewed: {
      subject: 'Nuovi codici di recupero per il tuo account {product}',
      paragraphs: [
        'Sono stati appena creati nuovi codici di recupero per l’account {product} {email} dalla sua pagina dell’account: i precedenti non funzionano più.',
      ],
      action: 'Apri la pagina del tuo account',
      after: ['Se non sei stato tu, qualcuno ha accesso al tuo account: reimposta subito la password (questo disconnette tutti).'],
    },
    recoveryCodeUsed: {
      subject: 'È stato usato un codice di recupero per accedere a {product}',
      paragraphs: [
        'È stato appena usato un codice di recupero al posto dell’app di autenticazione per accedere all’account {product} {email}. Restano {left} codici di recupero su {total}.',
        'Se hai perso il telefono, rimuovi l’app di autenticazione dalla pagina del tuo account e configurane una nuova; crea lì nuovi codici di recupero prima che finiscano.',
      ],
      action: 'Apri la pagina del tuo account',
      after: ['Se non sei stato tu, reimposta subito la password (questo disconnette tutti) e crea nuovi codici di recupero.'],
    },
  },
  nl: {
    authenticatorAdded: {
      subject: 'Een authenticator-app beschermt nu je {product}-account',
      paragraphs: [
        'Voor het {product}-account {email} is zojuist een authenticator-app ingesteld: aanmelden met het wachtwoord vraagt nu ook om de code van de app. Er zijn tien herstelcodes bij gemaakt.',
      ],
      action: 'Je accountpagina openen',
      after: [
        'Was jij dit niet, dan is iemand aangemeld in je account: stel nu een nieuw wachtwoord in (dat meldt iedereen af) en vraag de beheerder van {product} de app te verwijderen: dat kan bij ‘People’ in de console of met svc-bff user second-factor remove. Tot dan vraagt aanmelden om een code uit die app.',
      ],
    },
    authenticatorRemoved: {
      subject: 'De authenticator-app is van je {product}-account verwijderd',
      paragraphs: [
        'De authenticator-app van het {product}-account {email} is zojuist op de accountpagina verwijderd, en de herstelcodes ermee: aanmelden met het wachtwoord vraagt niet meer om een code.',
      ],
      action: 'Je accountpagina openen',
      after: ['Was jij dit niet, stel dan nu een nieuw wachtwoord in (dat meldt iedereen af) en stel opnieuw een authenticator-app in.'],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Een beheerder heeft je {product}-authenticator-app verwijderd',
      paragraphs: [
        'Een beheerder heeft de authenticator-app van het {product}-account {email} verwijderd, zoals gebeurt als een telefoon kwijt is; de herstelcodes werken niet meer. Aanmelden met het wachtwoord vraagt niet meer om een code.',
        'Stel op je accountpagina opnieuw een authenticator-app in.',
      ],
      action: 'Je accountpagina openen',
      after: ['Heb je hier niet om gevraagd, zeg het dan tegen wie {product} beheert.'],
    },
    recoveryCodesRenewed: {
      subject: 'Nieuwe herstelcodes voor je {product}-account',
      paragraphs: [
        'Voor het {product}-account {email} zijn zojuist op de accountpagina nieuwe herstelcodes gemaakt: de oude werken niet meer.',
      ],
      action: 'Je accountpagina openen',
      after: ['Was jij dit niet, dan is iemand aangemeld in je account: stel nu een nieuw wachtwoord in (dat meldt iedereen af).'],
    },
    recoveryCodeUsed: {
      subject: 'Er is met een herstelcode aangemeld bij {product}',
      paragraphs: [
        'Zojuist is een herstelcode gebruikt in plaats van de authenticator-app om aan te melden bij het {product}-account {email}. Er zijn nog {left} van {total} herstelcodes over.',
        'Is je telefoon kwijt, verwijder dan de authenticator-app op je accountpagina en stel een nieuwe in; maak daar nieuwe herstelcodes voordat ze op zijn.',
      ],
      action: 'Je accountpagina openen',
      after: ['Was jij dit niet, stel dan nu een nieuw wachtwoord in (dat meldt iedereen af) en maak nieuwe herstelcodes.'],
    },
  },
  pt: {
    authenticatorAdded: {
      subject: 'Um aplicativo autenticador agora protege sua conta do {product}',
      paragraphs: [
        'Um aplicativo autenticador acaba de ser configurado para a conta do {product} {email}: entrar com a senha agora também pede o código do aplicativo. Dez códigos de recuperação foram gerados com ele.',
      ],
      action: 'Abrir a página da sua conta',
      after: [
        'Se não foi você, alguém entrou na sua conta: redefina sua senha agora (isso desconecta todo mundo) e peça à administração de {product} que remova o aplicativo: ela pode fazer isso em “People” no console ou com svc-bff user second-factor remove. Até lá, entrar pede um código desse aplicativo.',
      ],
    },
    authenticatorRemoved: {
      subject: 'O aplicativo autenticador foi removido da sua conta do {product}',
      paragraphs: [
        'O aplicativo autenticador da conta do {product} {email} acaba de ser removido na página da conta, junto com os códigos de recuperação: entrar com a senha não pede mais um código.',
      ],
      action: 'Abrir a página da sua conta',
      after: ['Se não foi você, redefina sua senha agora (isso desconecta todo mundo) e configure um aplicativo autenticador de novo.'],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Um administrador removeu seu aplicativo autenticador do {product}',
      paragraphs: [
        'Um administrador removeu o aplicativo autenticador da conta do {product} {email}, como se faz quando um celular é perdido; os códigos de recuperação não funcionam mais. Entrar com a senha não pede mais um código.',
        'Configure um aplicativo autenticador de novo na página da sua conta.',
      ],
      action: 'Abrir a página da sua conta',
      after: ['Se você não pediu isso, avise quem administra o {product}.'],
    },
    recoveryCodesRenewed: {
      subject: 'Novos códigos de recuperação para sua conta do {product}',
      paragraphs: [
        'Novos códigos de recuperação acabam de ser gerados para a conta do {product} {email} na página da conta: os anteriores não funcionam mais.',
      ],
      action: 'Abrir a página da sua conta',
      after: ['Se não foi você, alguém entrou na sua conta: redefina sua senha agora (isso desconecta todo mundo).'],
    },
    recoveryCodeUsed: {
      subject: 'Um código de recuperação foi usado para entrar no {product}',
      paragraphs: [
        'Um código de recuperação acaba de ser usado no lugar do aplicativo autenticador para entrar na conta do {product} {email}. Restam {left} de {total} códigos de recuperação.',
        'Se você perdeu o celular, remova o aplicativo autenticador na página da sua conta e configure um novo; gere lá novos códigos de recuperação antes que acabem.',
      ],
      action: 'Abrir a página da sua conta',
      after: ['Se não foi você, redefina sua senha agora (isso desconecta todo mundo) e gere novos códigos de recuperação.'],
    },
  },
  'pt-PT': {
    authenticatorAdded: {
      subject: 'Uma aplicação de autenticação protege agora a sua conta do {product}',
      paragraphs: [
        'Acaba de ser configurada uma aplicação de autenticação para a conta do {product} {email}: iniciar sessão com a palavra-passe pede agora também o código da aplicação. Foram gerados dez códigos de recuperação com ela.',
      ],
      action: 'Abrir a página da sua conta',
      after: [
        'Se não foi o próprio, alguém tem sessão iniciada na sua conta: reponha já a sua palavra-passe (isso termina a sessão de todos) e peça à administração de {product} que remova a aplicação: pode fazê-lo em «People» na consola ou com svc-bff user second-factor remove. Até lá, iniciar sessão pede um código dessa aplicação.',
      ],
    },
    authenticatorRemoved: {
      subject: 'A aplicação de autenticação foi removida da sua conta do {product}',
      paragraphs: [
        'A aplicação de autenticação da conta do {product} {email} acaba de ser removida na página da conta, com os códigos de recuperação: iniciar sessão com a palavra-passe já não pede um código.',
      ],
      action: 'Abrir a página da sua conta',
      after: [
        'Se não foi o próprio, reponha já a sua palavra-passe (isso termina a sessão de todos) e configure de novo uma aplicação de autenticação.',
      ],
    },
    authenticatorRemovedByAdmin: {
      subject: 'Um administrador removeu a sua aplicação de autenticação do {product}',
      paragraphs: [
        'Um administrador removeu a aplicação de autenticação da conta do {product} {email}, como se faz quando se perde um telemóvel; os códigos de recuperação já não funcionam. Iniciar sessão com a palavra-passe já não pede um código.',
        'Configure de novo uma aplicação de autenticação na página da sua conta.',
      ],
      action: 'Abrir a página da sua conta',
      after: ['Se não o pediu, diga-o a quem gere o {product}.'],
    },
    recoveryCodesRenewed: {
      subject: 'Novos códigos de recuperação para a sua conta do {product}',
      paragraphs: [
        'Acabam de ser gerados novos códigos de recuperação para a conta do {product} {email} na página da conta: os anteriores já não funcionam.',
      ],
      action: 'Abrir a página da sua conta',
      after: [
        'Se não foi o próprio, alguém tem sessão iniciada na sua conta: reponha já a sua palavra-passe (isso termina a sessão de todos).',
      ],
    },
    recoveryCodeUsed: {
      subject: 'Foi usado um código de recuperação para iniciar sessão no {product}',
      paragraphs: [
        'Acaba de ser usado um código de recuperação em vez da aplicação de autenticação para iniciar sessão na conta do {product} {email}. Restam {left} de {total} códigos de recuperação.',
        'Se perdeu o telemóvel, remova a aplicação de autenticação na página da sua conta e configure uma nova; gere lá novos códigos de recuperação antes que acabem.',
      ],
      action: 'Abrir a página da sua conta',
      after: ['Se não foi o próprio, reponha já a sua palavra-passe (isso termina a sessão de todos) e gere novos códigos de recuperação.'],
    },
  },
}

/**
 * The mail saying the account's second factor changed; `link` opens its
 * account page, `left` and `total` say how many recovery codes remain
 * (for `recoveryCodeUsed`).
 *
 * @example
 * await queueMail(trx, secondFactorMail({ change: 'recoveryCodeUsed', to: user.email, name: nameToGreet(user), link, left: 7, total: 10, branding }), now)
 */
export const secondFactorMail = ({
  change,
  to,
  name,
  link,
  left,
  total,
  locale = 'en',
  branding,
}: {
  change: SecondFactorChange
  to: string
  /** Greeted only when given: pass `nameToGreet(user)`. */
  name?: string | undefined
  link: string
  left?: number
  total?: number
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail =>
  renderMail(to, STRINGS[locale][change], { name, email: to, left: left?.toString(), total: total?.toString() }, link, locale, branding)
