/**
 * @module The words of authenticator codes (TOTP) and recovery codes: the
 * second step of a sign-in, the account page's "Authenticator app"
 * section and what its endpoints answer, in every language svc speaks.
 * One table of their own, typed against the English one, so a missing
 * word fails the type check.
 */
import type { Locale } from './locale.js'

const en = {
  codeTitle: 'Second step',
  codeHeading: 'Enter the code from your authenticator app',
  codeIntro: 'Open the authenticator app on your phone and type the 6-digit code it shows for {product}.',
  codeLabel: 'Code from your app',
  verify: 'Verify',
  useRecoveryCode: 'Use a recovery code',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeHint: 'One of the ten codes you kept when you set up the app, such as k7pm-3xqa. Each one works once.',
  codeWrong: 'That code is not right. Type the code the app shows now.',
  codeReplayed: 'That code has just been used. Wait for the app to show the next one.',
  recoveryCodeUsed: 'That recovery code has already been used: each one works once. Try another one.',
  codeExpired: 'This sign-in took too long or was started in another browser. Sign in again.',
  authenticator: 'Authenticator app',
  authenticatorIntro:
    'An authenticator app (Google Authenticator, 1Password, Authy…) makes a new 6-digit code every 30 seconds. Once it is set up, signing in with your password also asks for that code. Passkeys do not need it.',
  notSetUp: 'No authenticator app is set up.',
  setUp: 'Set up an authenticator app',
  scanQr: 'Scan this QR code with the app, or type the key below into it.',
  qrAlt: 'QR code that adds your {product} account to an authenticator app. If you cannot scan it, type the key shown below into the app.',
  secretLabel: 'Key',
  confirmCode: 'Code the app shows',
  confirmCodeHint: '6 digits, to check that the app is set up.',
  turnOn: 'Turn on',
  turnedOn: 'Authenticator app turned on. Keep your recovery codes now.',
  recoveryCodes: 'Recovery codes',
  recoveryCodesIntro:
    'If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they are shown only now.',
  keptThem: 'I have kept them',
  isOn: 'Your authenticator app is on: signing in with your password asks for its code. Recovery codes left: {left}.',
  removeAuthenticator: 'Remove the authenticator app',
  removeCodeLabel: 'A code from the app, or a recovery code',
  removed: 'The authenticator app is removed: signing in with your password no longer asks for a code.',
  alreadyOn: 'An authenticator app is already set up: remove it first.',
  noSetUpWaiting: 'No set-up is waiting for a code: start again.',
}

export type AuthenticatorWords = typeof en

const de: AuthenticatorWords = {
  codeTitle: 'Zweiter Schritt',
  codeHeading: 'Geben Sie den Code aus Ihrer Authenticator-App ein',
  codeIntro: 'Öffnen Sie die Authenticator-App auf Ihrem Telefon und geben Sie den 6-stelligen Code ein, den sie für {product} anzeigt.',
  codeLabel: 'Code aus Ihrer App',
  verify: 'Prüfen',
  useRecoveryCode: 'Einen Wiederherstellungscode verwenden',
  recoveryCodeLabel: 'Wiederherstellungscode',
  recoveryCodeHint: 'Einer der zehn Codes, die Sie beim Einrichten der App aufbewahrt haben, etwa k7pm-3xqa. Jeder gilt einmal.',
  codeWrong: 'Dieser Code stimmt nicht. Geben Sie den Code ein, den die App jetzt anzeigt.',
  codeReplayed: 'Dieser Code wurde gerade verwendet. Warten Sie, bis die App den nächsten anzeigt.',
  recoveryCodeUsed: 'Dieser Wiederherstellungscode wurde bereits verwendet: Jeder gilt nur einmal. Versuchen Sie einen anderen.',
  codeExpired: 'Diese Anmeldung hat zu lange gedauert oder wurde in einem anderen Browser begonnen. Melden Sie sich erneut an.',
  authenticator: 'Authenticator-App',
  authenticatorIntro:
    'Eine Authenticator-App (Google Authenticator, 1Password, Authy…) erzeugt alle 30 Sekunden einen neuen 6-stelligen Code. Sobald sie eingerichtet ist, fragt die Anmeldung mit Passwort auch nach diesem Code. Passkeys brauchen ihn nicht.',
  notSetUp: 'Keine Authenticator-App eingerichtet.',
  setUp: 'Authenticator-App einrichten',
  scanQr: 'Scannen Sie diesen QR-Code mit der App oder geben Sie den Schlüssel darunter in die App ein.',
  qrAlt: 'QR-Code, der Ihr {product}-Konto zu einer Authenticator-App hinzufügt. Wenn Sie ihn nicht scannen können, geben Sie den Schlüssel darunter in die App ein.',
  secretLabel: 'Schlüssel',
  confirmCode: 'Code, den die App anzeigt',
  confirmCodeHint: '6 Ziffern, um zu prüfen, dass die App eingerichtet ist.',
  turnOn: 'Einschalten',
  turnedOn: 'Authenticator-App eingeschaltet. Bewahren Sie jetzt Ihre Wiederherstellungscodes auf.',
  recoveryCodes: 'Wiederherstellungscodes',
  recoveryCodesIntro:
    'Wenn Sie Ihr Telefon verlieren, meldet Sie jeder dieser Codes einmal statt der App an. Bewahren Sie sie sicher auf: Sie werden nur jetzt angezeigt.',
  keptThem: 'Ich habe sie aufbewahrt',
  isOn: 'Ihre Authenticator-App ist eingeschaltet: Die Anmeldung mit Passwort fragt nach ihrem Code. Verbleibende Wiederherstellungscodes: {left}.',
  removeAuthenticator: 'Authenticator-App entfernen',
  removeCodeLabel: 'Ein Code aus der App oder ein Wiederherstellungscode',
  removed: 'Die Authenticator-App ist entfernt: Die Anmeldung mit Passwort fragt nicht mehr nach einem Code.',
  alreadyOn: 'Es ist bereits eine Authenticator-App eingerichtet: Entfernen Sie sie zuerst.',
  noSetUpWaiting: 'Keine Einrichtung wartet auf einen Code: Beginnen Sie erneut.',
}

const es: AuthenticatorWords = {
  codeTitle: 'Segundo paso',
  codeHeading: 'Introduce el código de tu aplicación de autenticación',
  codeIntro: 'Abre la aplicación de autenticación de tu teléfono y escribe el código de 6 dígitos que muestra para {product}.',
  codeLabel: 'Código de tu aplicación',
  verify: 'Verificar',
  useRecoveryCode: 'Usar un código de recuperación',
  recoveryCodeLabel: 'Código de recuperación',
  recoveryCodeHint: 'Uno de los diez códigos que guardaste al configurar la aplicación, como k7pm-3xqa. Cada uno sirve una vez.',
  codeWrong: 'Ese código no es correcto. Escribe el código que muestra ahora la aplicación.',
  codeReplayed: 'Ese código se acaba de usar. Espera a que la aplicación muestre el siguiente.',
  recoveryCodeUsed: 'Ese código de recuperación ya se ha usado: cada uno sirve una vez. Prueba con otro.',
  codeExpired: 'Este inicio de sesión tardó demasiado o se empezó en otro navegador. Vuelve a iniciar sesión.',
  authenticator: 'Aplicación de autenticación',
  authenticatorIntro:
    'Una aplicación de autenticación (Google Authenticator, 1Password, Authy…) crea un código nuevo de 6 dígitos cada 30 segundos. Una vez configurada, iniciar sesión con tu contraseña también pide ese código. Las llaves de acceso no lo necesitan.',
  notSetUp: 'No hay ninguna aplicación de autenticación configurada.',
  setUp: 'Configurar una aplicación de autenticación',
  scanQr: 'Escanea este código QR con la aplicación o escribe en ella la clave de abajo.',
  qrAlt: 'Código QR que añade tu cuenta de {product} a una aplicación de autenticación. Si no puedes escanearlo, escribe en la aplicación la clave que aparece abajo.',
  secretLabel: 'Clave',
  confirmCode: 'Código que muestra la aplicación',
  confirmCodeHint: '6 dígitos, para comprobar que la aplicación está configurada.',
  turnOn: 'Activar',
  turnedOn: 'Aplicación de autenticación activada. Guarda ahora tus códigos de recuperación.',
  recoveryCodes: 'Códigos de recuperación',
  recoveryCodesIntro:
    'Si pierdes el teléfono, cada uno de estos códigos te permite iniciar sesión una vez en lugar de la aplicación. Guárdalos en un lugar seguro: solo se muestran ahora.',
  keptThem: 'Ya los he guardado',
  isOn: 'Tu aplicación de autenticación está activada: iniciar sesión con tu contraseña pide su código. Códigos de recuperación restantes: {left}.',
  removeAuthenticator: 'Quitar la aplicación de autenticación',
  removeCodeLabel: 'Un código de la aplicación o un código de recuperación',
  removed: 'Se ha quitado la aplicación de autenticación: iniciar sesión con tu contraseña ya no pide un código.',
  alreadyOn: 'Ya hay una aplicación de autenticación configurada: quítala primero.',
  noSetUpWaiting: 'Ninguna configuración espera un código: vuelve a empezar.',
}

const fr: AuthenticatorWords = {
  codeTitle: 'Deuxième étape',
  codeHeading: 'Saisissez le code de votre application d’authentification',
  codeIntro: 'Ouvrez l’application d’authentification de votre téléphone et saisissez le code à 6 chiffres qu’elle affiche pour {product}.',
  codeLabel: 'Code de votre application',
  verify: 'Vérifier',
  useRecoveryCode: 'Utiliser un code de secours',
  recoveryCodeLabel: 'Code de secours',
  recoveryCodeHint: 'L’un des dix codes conservés lors de la configuration de l’application, comme k7pm-3xqa. Chacun sert une fois.',
  codeWrong: 'Ce code n’est pas le bon. Saisissez le code que l’application affiche maintenant.',
  codeReplayed: 'Ce code vient d’être utilisé. Attendez que l’application affiche le suivant.',
  recoveryCodeUsed: 'Ce code de secours a déjà été utilisé : chacun sert une seule fois. Essayez-en un autre.',
  codeExpired: 'Cette connexion a pris trop de temps ou a commencé dans un autre navigateur. Connectez-vous à nouveau.',
  authenticator: 'Application d’authentification',
  authenticatorIntro:
    'Une application d’authentification (Google Authenticator, 1Password, Authy…) crée un nouveau code à 6 chiffres toutes les 30 secondes. Une fois configurée, la connexion avec votre mot de passe demande aussi ce code. Les clés d’accès n’en ont pas besoin.',
  notSetUp: 'Aucune application d’authentification n’est configurée.',
  setUp: 'Configurer une application d’authentification',
  scanQr: 'Scannez ce code QR avec l’application, ou saisissez-y la clé ci-dessous.',
  qrAlt: 'Code QR qui ajoute votre compte {product} à une application d’authentification. Si vous ne pouvez pas le scanner, saisissez dans l’application la clé affichée ci-dessous.',
  secretLabel: 'Clé',
  confirmCode: 'Code affiché par l’application',
  confirmCodeHint: '6 chiffres, pour vérifier que l’application est configurée.',
  turnOn: 'Activer',
  turnedOn: 'Application d’authentification activée. Conservez maintenant vos codes de secours.',
  recoveryCodes: 'Codes de secours',
  recoveryCodesIntro:
    'Si vous perdez votre téléphone, chacun de ces codes vous connecte une fois à la place de l’application. Gardez-les en lieu sûr : ils ne sont affichés que maintenant.',
  keptThem: 'Je les ai conservés',
  isOn: 'Votre application d’authentification est activée : la connexion avec votre mot de passe demande son code. Codes de secours restants : {left}.',
  removeAuthenticator: 'Retirer l’application d’authentification',
  removeCodeLabel: 'Un code de l’application, ou un code de secours',
  removed: 'L’application d’authentification est retirée : la connexion avec votre mot de passe ne demande plus de code.',
  alreadyOn: 'Une application d’authentification est déjà configurée : retirez-la d’abord.',
  noSetUpWaiting: 'Aucune configuration n’attend de code : recommencez.',
}

const it: AuthenticatorWords = {
  codeTitle: 'Secondo passaggio',
  codeHeading: 'Inserisci il codice della tua app di autenticazione',
  codeIntro: 'Apri l’app di autenticazione sul telefono e digita il codice di 6 cifre che mostra per {product}.',
  codeLabel: 'Codice della tua app',
  verify: 'Verifica',
  useRecoveryCode: 'Usa un codice di recupero',
  recoveryCodeLabel: 'Codice di recupero',
  recoveryCodeHint: 'Uno dei dieci codici che hai conservato quando hai configurato l’app, come k7pm-3xqa. Ognuno vale una volta.',
  codeWrong: 'Il codice non è corretto. Digita il codice che l’app mostra adesso.',
  codeReplayed: 'Questo codice è appena stato usato. Attendi che l’app mostri il successivo.',
  recoveryCodeUsed: 'Questo codice di recupero è già stato usato: ognuno vale una sola volta. Provane un altro.',
  codeExpired: 'Questo accesso è durato troppo o è iniziato in un altro browser. Accedi di nuovo.',
  authenticator: 'App di autenticazione',
  authenticatorIntro:
    'Un’app di autenticazione (Google Authenticator, 1Password, Authy…) crea un nuovo codice di 6 cifre ogni 30 secondi. Una volta configurata, l’accesso con la password chiede anche quel codice. Le passkey non ne hanno bisogno.',
  notSetUp: 'Nessuna app di autenticazione configurata.',
  setUp: 'Configura un’app di autenticazione',
  scanQr: 'Scansiona questo codice QR con l’app, oppure digita al suo interno la chiave qui sotto.',
  qrAlt: 'Codice QR che aggiunge il tuo account {product} a un’app di autenticazione. Se non puoi scansionarlo, digita nell’app la chiave mostrata qui sotto.',
  secretLabel: 'Chiave',
  confirmCode: 'Codice mostrato dall’app',
  confirmCodeHint: '6 cifre, per verificare che l’app sia configurata.',
  turnOn: 'Attiva',
  turnedOn: 'App di autenticazione attivata. Conserva adesso i tuoi codici di recupero.',
  recoveryCodes: 'Codici di recupero',
  recoveryCodesIntro:
    'Se perdi il telefono, ognuno di questi codici ti fa accedere una volta al posto dell’app. Conservali in un luogo sicuro: sono mostrati solo adesso.',
  keptThem: 'Li ho conservati',
  isOn: 'La tua app di autenticazione è attiva: l’accesso con la password chiede il suo codice. Codici di recupero rimasti: {left}.',
  removeAuthenticator: 'Rimuovi l’app di autenticazione',
  removeCodeLabel: 'Un codice dell’app o un codice di recupero',
  removed: 'L’app di autenticazione è stata rimossa: l’accesso con la password non chiede più un codice.',
  alreadyOn: 'Un’app di autenticazione è già configurata: rimuovila prima.',
  noSetUpWaiting: 'Nessuna configurazione attende un codice: ricomincia.',
}

const nl: AuthenticatorWords = {
  codeTitle: 'Tweede stap',
  codeHeading: 'Voer de code uit je authenticator-app in',
  codeIntro: 'Open de authenticator-app op je telefoon en typ de 6-cijferige code die hij voor {product} toont.',
  codeLabel: 'Code uit je app',
  verify: 'Controleren',
  useRecoveryCode: 'Een herstelcode gebruiken',
  recoveryCodeLabel: 'Herstelcode',
  recoveryCodeHint: 'Een van de tien codes die je bewaarde toen je de app instelde, zoals k7pm-3xqa. Elke code werkt één keer.',
  codeWrong: 'Die code klopt niet. Typ de code die de app nu toont.',
  codeReplayed: 'Die code is net gebruikt. Wacht tot de app de volgende toont.',
  recoveryCodeUsed: 'Die herstelcode is al gebruikt: elke code werkt één keer. Probeer een andere.',
  codeExpired: 'Deze aanmelding duurde te lang of is in een andere browser begonnen. Meld je opnieuw aan.',
  authenticator: 'Authenticator-app',
  authenticatorIntro:
    'Een authenticator-app (Google Authenticator, 1Password, Authy…) maakt elke 30 seconden een nieuwe 6-cijferige code. Zodra hij is ingesteld, vraagt aanmelden met je wachtwoord ook om die code. Passkeys hebben hem niet nodig.',
  notSetUp: 'Er is geen authenticator-app ingesteld.',
  setUp: 'Een authenticator-app instellen',
  scanQr: 'Scan deze QR-code met de app, of typ de sleutel hieronder in de app.',
  qrAlt: 'QR-code die je {product}-account aan een authenticator-app toevoegt. Kun je hem niet scannen, typ dan de sleutel hieronder in de app.',
  secretLabel: 'Sleutel',
  confirmCode: 'Code die de app toont',
  confirmCodeHint: '6 cijfers, om te controleren dat de app is ingesteld.',
  turnOn: 'Inschakelen',
  turnedOn: 'Authenticator-app ingeschakeld. Bewaar nu je herstelcodes.',
  recoveryCodes: 'Herstelcodes',
  recoveryCodesIntro:
    'Raak je je telefoon kwijt, dan meldt elk van deze codes je één keer aan in plaats van de app. Bewaar ze op een veilige plek: ze worden alleen nu getoond.',
  keptThem: 'Ik heb ze bewaard',
  isOn: 'Je authenticator-app staat aan: aanmelden met je wachtwoord vraagt om de code. Resterende herstelcodes: {left}.',
  removeAuthenticator: 'Authenticator-app verwijderen',
  removeCodeLabel: 'Een code uit de app of een herstelcode',
  removed: 'De authenticator-app is verwijderd: aanmelden met je wachtwoord vraagt niet meer om een code.',
  alreadyOn: 'Er is al een authenticator-app ingesteld: verwijder die eerst.',
  noSetUpWaiting: 'Er wacht geen instelling op een code: begin opnieuw.',
}

const pt: AuthenticatorWords = {
  codeTitle: 'Segunda etapa',
  codeHeading: 'Digite o código do seu aplicativo autenticador',
  codeIntro: 'Abra o aplicativo autenticador no celular e digite o código de 6 dígitos que ele mostra para {product}.',
  codeLabel: 'Código do aplicativo',
  verify: 'Verificar',
  useRecoveryCode: 'Usar um código de recuperação',
  recoveryCodeLabel: 'Código de recuperação',
  recoveryCodeHint: 'Um dos dez códigos que você anotou ao configurar o aplicativo, como k7pm-3xqa. Cada um vale uma vez.',
  codeWrong: 'Esse código não está certo. Digite o código que o aplicativo mostra agora.',
  codeReplayed: 'Esse código acabou de ser usado. Espere o aplicativo mostrar o próximo.',
  recoveryCodeUsed: 'Esse código de recuperação já foi usado: cada um vale uma vez só. Tente outro.',
  codeExpired: 'Esta entrada demorou muito ou começou em outro navegador. Entre de novo.',
  authenticator: 'Aplicativo autenticador',
  authenticatorIntro:
    'Um aplicativo autenticador (Google Authenticator, 1Password, Authy…) cria um novo código de 6 dígitos a cada 30 segundos. Depois de configurado, entrar com a sua senha também pede esse código. As chaves de acesso não precisam dele.',
  notSetUp: 'Nenhum aplicativo autenticador configurado.',
  setUp: 'Configurar um aplicativo autenticador',
  scanQr: 'Leia este QR code com o aplicativo ou digite nele a chave abaixo.',
  qrAlt: 'QR code que adiciona a sua conta {product} a um aplicativo autenticador. Se não conseguir ler, digite no aplicativo a chave mostrada abaixo.',
  secretLabel: 'Chave',
  confirmCode: 'Código que o aplicativo mostra',
  confirmCodeHint: '6 dígitos, para conferir que o aplicativo está configurado.',
  turnOn: 'Ativar',
  turnedOn: 'Aplicativo autenticador ativado. Anote agora os seus códigos de recuperação.',
  recoveryCodes: 'Códigos de recuperação',
  recoveryCodesIntro:
    'Se você perder o celular, cada um destes códigos faz você entrar uma vez no lugar do aplicativo. Deixe-os num lugar seguro: eles só aparecem agora.',
  keptThem: 'Já anotei',
  isOn: 'Seu aplicativo autenticador está ativado: entrar com a sua senha pede o código dele. Códigos de recuperação restantes: {left}.',
  removeAuthenticator: 'Remover o aplicativo autenticador',
  removeCodeLabel: 'Um código do aplicativo ou um código de recuperação',
  removed: 'O aplicativo autenticador foi removido: entrar com a sua senha não pede mais um código.',
  alreadyOn: 'Já existe um aplicativo autenticador configurado: remova-o antes.',
  noSetUpWaiting: 'Nenhuma configuração espera um código: comece de novo.',
}

const ptPT: AuthenticatorWords = {
  codeTitle: 'Segundo passo',
  codeHeading: 'Introduza o código da sua aplicação de autenticação',
  codeIntro: 'Abra a aplicação de autenticação no telemóvel e introduza o código de 6 dígitos que ela mostra para {product}.',
  codeLabel: 'Código da aplicação',
  verify: 'Verificar',
  useRecoveryCode: 'Usar um código de recuperação',
  recoveryCodeLabel: 'Código de recuperação',
  recoveryCodeHint: 'Um dos dez códigos que guardou ao configurar a aplicação, como k7pm-3xqa. Cada um serve uma vez.',
  codeWrong: 'Esse código não está certo. Introduza o código que a aplicação mostra agora.',
  codeReplayed: 'Esse código acabou de ser usado. Aguarde que a aplicação mostre o seguinte.',
  recoveryCodeUsed: 'Esse código de recuperação já foi usado: cada um serve uma só vez. Experimente outro.',
  codeExpired: 'Este início de sessão demorou demasiado ou começou noutro navegador. Inicie sessão de novo.',
  authenticator: 'Aplicação de autenticação',
  authenticatorIntro:
    'Uma aplicação de autenticação (Google Authenticator, 1Password, Authy…) cria um novo código de 6 dígitos a cada 30 segundos. Depois de configurada, iniciar sessão com a sua palavra-passe também pede esse código. As chaves de acesso não precisam dele.',
  notSetUp: 'Nenhuma aplicação de autenticação configurada.',
  setUp: 'Configurar uma aplicação de autenticação',
  scanQr: 'Leia este código QR com a aplicação ou introduza nela a chave abaixo.',
  qrAlt: 'Código QR que adiciona a sua conta {product} a uma aplicação de autenticação. Se não o conseguir ler, introduza na aplicação a chave mostrada abaixo.',
  secretLabel: 'Chave',
  confirmCode: 'Código que a aplicação mostra',
  confirmCodeHint: '6 dígitos, para confirmar que a aplicação está configurada.',
  turnOn: 'Ativar',
  turnedOn: 'Aplicação de autenticação ativada. Guarde agora os seus códigos de recuperação.',
  recoveryCodes: 'Códigos de recuperação',
  recoveryCodesIntro:
    'Se perder o telemóvel, cada um destes códigos permite iniciar sessão uma vez em vez da aplicação. Guarde-os num local seguro: só são mostrados agora.',
  keptThem: 'Já os guardei',
  isOn: 'A aplicação de autenticação está ativada: iniciar sessão com a sua palavra-passe pede o código dela. Códigos de recuperação restantes: {left}.',
  removeAuthenticator: 'Remover a aplicação de autenticação',
  removeCodeLabel: 'Um código da aplicação ou um código de recuperação',
  removed: 'A aplicação de autenticação foi removida: iniciar sessão com a sua palavra-passe deixou de pedir um código.',
  alreadyOn: 'Já existe uma aplicação de autenticação configurada: remova-a primeiro.',
  noSetUpWaiting: 'Nenhuma configuração aguarda um código: comece de novo.',
}

/** Every language's table. */
export const AUTHENTICATOR_WORDS: Record<Locale, AuthenticatorWords> = { en, de, es, fr, it, nl, pt, 'pt-PT': ptPT }

/**
 * The authenticator words of a language.
 *
 * @example
 * authenticatorWords('de').useRecoveryCode // 'Einen Wiederherstellungscode verwenden'
 */
export function authenticatorWords(locale: Locale): AuthenticatorWords {
  return AUTHENTICATOR_WORDS[locale]
}
