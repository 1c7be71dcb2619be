/**
 * @module The words of passkeys, on the sign-in and sign-up pages, on the
 * account page's Passkeys section and in what their endpoints answer, in
 * every language svc speaks. One table of their own, typed against the
 * English one, so a missing word fails the type check.
 */
import type { Locale } from './locale.js'

const en = {
  signInWithPasskey: 'Sign in with a passkey',
  signUpWithPasskey: 'Create the account with a passkey',
  signUpPasskeyHint: 'No password needed: your device keeps a passkey and unlocks it with its screen lock.',
  orPasskey: 'Or, without a password:',
  passkeyCancelled: 'No passkey was used: the browser’s dialog was closed or timed out. Try again, or use your password.',
  passkeysUnsupported: 'This browser cannot use passkeys here.',
  passkeyUnknown: 'This passkey is not registered here (it may have been removed). Sign in another way.',
  passkeyRefused: 'This passkey could not be checked. Try again, or sign in another way.',
  passkeyOnly:
    'This account signs in with a passkey: choose “Sign in with a passkey”. No passkey at hand? “Forgot password?” mails you a link to set a password.',
  signUpDamaged: 'The passkey could not be made. Try again, or choose a password.',
  passkeys: 'Passkeys',
  passkeysIntro:
    'A passkey signs you in with your device’s screen lock (fingerprint, face or PIN) instead of a password. It works only on this site, so nobody can phish it.',
  noPasskeys: 'No passkey yet.',
  addPasskey: 'Add a passkey',
  passkeyName: 'Name of the passkey',
  passkeyNameHint: 'Something you will recognise, such as “Work laptop”.',
  passkeyAdded: 'Passkey “{name}” added.',
  passkeyColumn: 'Passkey',
  added: 'Added',
  lastUsed: 'Last used',
  never: 'Never',
  actions: 'Actions',
  synced: 'Synced between your devices',
  deviceBound: 'On one device only',
  remove: 'Remove',
  removePasskey: 'Remove passkey {name}',
  removePasskeyConfirm: 'Remove the passkey “{name}”? It will no longer sign you in.',
  passkeyRemoved: 'Passkey “{name}” removed.',
  passkeyNotAdded: 'The passkey was not added: the browser’s dialog was closed or timed out.',
  passkeyNotFound: 'This passkey is not on your account any more.',
  passkeyNameInvalid: 'Give the passkey a name of 1 to {max} characters (no line breaks or other control characters).',
  lastWayIn:
    'This passkey is your account’s last way to sign in, so it cannot be removed: add another passkey first, or set a password above.',
  withoutPassword: 'Sign in without a password',
  removePasswordIntro:
    'With a passkey you can do without a password, and nobody can guess or phish it. Lost your passkeys? “Forgot password?” on the sign-in page mails you a link to set a password again.',
  removePassword: 'Remove my password',
  removePasswordConfirm: 'Remove your password? You will sign in with your passkeys only.',
  passwordRemoved: 'Your password is removed: you sign in with your passkeys.',
  noPassword: 'Your account has no password: you sign in with a passkey.',
  passkeyFirst: 'Add a passkey first: without a password or a passkey nobody could sign in to this account.',
}

export type PasskeyWords = typeof en

const de: PasskeyWords = {
  signInWithPasskey: 'Mit einem Passkey anmelden',
  signUpWithPasskey: 'Konto mit einem Passkey erstellen',
  signUpPasskeyHint: 'Kein Passwort nötig: Ihr Gerät bewahrt einen Passkey und entsperrt ihn mit seiner Displaysperre.',
  orPasskey: 'Oder ohne Passwort:',
  passkeyCancelled: 'Es wurde kein Passkey verwendet: Der Dialog des Browsers wurde geschlossen oder lief ab. Versuchen Sie es erneut oder nutzen Sie Ihr Passwort.',
  passkeysUnsupported: 'Dieser Browser kann hier keine Passkeys verwenden.',
  passkeyUnknown: 'Dieser Passkey ist hier nicht registriert (vielleicht wurde er entfernt). Melden Sie sich anders an.',
  passkeyRefused: 'Dieser Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder melden Sie sich anders an.',
  passkeyOnly:
    'Dieses Konto meldet sich mit einem Passkey an: Wählen Sie „Mit einem Passkey anmelden“. Kein Passkey zur Hand? „Passwort vergessen?“ schickt Ihnen einen Link, um ein Passwort festzulegen.',
  signUpDamaged: 'Der Passkey konnte nicht erstellt werden. Versuchen Sie es erneut oder wählen Sie ein Passwort.',
  passkeys: 'Passkeys',
  passkeysIntro:
    'Ein Passkey meldet Sie mit der Displaysperre Ihres Geräts (Fingerabdruck, Gesicht oder PIN) statt mit einem Passwort an. Er funktioniert nur auf dieser Website, daher kann ihn niemand abfischen.',
  noPasskeys: 'Noch kein Passkey.',
  addPasskey: 'Passkey hinzufügen',
  passkeyName: 'Name des Passkeys',
  passkeyNameHint: 'Etwas, das Sie wiedererkennen, etwa „Arbeitslaptop“.',
  passkeyAdded: 'Passkey „{name}“ hinzugefügt.',
  passkeyColumn: 'Passkey',
  added: 'Hinzugefügt',
  lastUsed: 'Zuletzt verwendet',
  never: 'Nie',
  actions: 'Aktionen',
  synced: 'Zwischen Ihren Geräten synchronisiert',
  deviceBound: 'Nur auf einem Gerät',
  remove: 'Entfernen',
  removePasskey: 'Passkey {name} entfernen',
  removePasskeyConfirm: 'Den Passkey „{name}“ entfernen? Er meldet Sie dann nicht mehr an.',
  passkeyRemoved: 'Passkey „{name}“ entfernt.',
  passkeyNotAdded: 'Der Passkey wurde nicht hinzugefügt: Der Dialog des Browsers wurde geschlossen oder lief ab.',
  passkeyNotFound: 'Dieser Passkey gehört nicht mehr zu Ihrem Konto.',
  passkeyNameInvalid: 'Geben Sie dem Passkey einen Namen mit 1 bis {max} Zeichen (ohne Zeilenumbrüche oder andere Steuerzeichen).',
  lastWayIn:
    'Dieser Passkey ist der letzte Weg in Ihr Konto und kann daher nicht entfernt werden: Fügen Sie zuerst einen weiteren Passkey hinzu oder legen Sie oben ein Passwort fest.',
  withoutPassword: 'Ohne Passwort anmelden',
  removePasswordIntro:
    'Mit einem Passkey brauchen Sie kein Passwort, und niemand kann es erraten oder abfischen. Passkeys verloren? „Passwort vergessen?“ auf der Anmeldeseite schickt Ihnen einen Link, um wieder ein Passwort festzulegen.',
  removePassword: 'Mein Passwort entfernen',
  removePasswordConfirm: 'Ihr Passwort entfernen? Sie melden sich dann nur noch mit Ihren Passkeys an.',
  passwordRemoved: 'Ihr Passwort ist entfernt: Sie melden sich mit Ihren Passkeys an.',
  noPassword: 'Ihr Konto hat kein Passwort: Sie melden sich mit einem Passkey an.',
  passkeyFirst: 'Fügen Sie zuerst einen Passkey hinzu: Ohne Passwort und ohne Passkey könnte sich niemand bei diesem Konto anmelden.',
}

const es: PasskeyWords = {
  signInWithPasskey: 'Iniciar sesión con una llave de acceso',
  signUpWithPasskey: 'Crear la cuenta con una llave de acceso',
  signUpPasskeyHint: 'Sin contraseña: tu dispositivo guarda una llave de acceso y la desbloquea con su bloqueo de pantalla.',
  orPasskey: 'O, sin contraseña:',
  passkeyCancelled: 'No se usó ninguna llave de acceso: el diálogo del navegador se cerró o caducó. Inténtalo de nuevo o usa tu contraseña.',
  passkeysUnsupported: 'Este navegador no puede usar llaves de acceso aquí.',
  passkeyUnknown: 'Esta llave de acceso no está registrada aquí (quizá se eliminó). Inicia sesión de otra forma.',
  passkeyRefused: 'No se pudo comprobar esta llave de acceso. Inténtalo de nuevo o inicia sesión de otra forma.',
  passkeyOnly:
    'Esta cuenta inicia sesión con una llave de acceso: elige «Iniciar sesión con una llave de acceso». ¿No la tienes a mano? «¿Has olvidado la contraseña?» te envía un enlace para crear una contraseña.',
  signUpDamaged: 'No se pudo crear la llave de acceso. Inténtalo de nuevo o elige una contraseña.',
  passkeys: 'Llaves de acceso',
  passkeysIntro:
    'Una llave de acceso te identifica con el bloqueo de pantalla de tu dispositivo (huella, cara o PIN) en lugar de una contraseña. Solo funciona en este sitio, así que nadie puede robarla con un engaño.',
  noPasskeys: 'Todavía no hay llaves de acceso.',
  addPasskey: 'Añadir una llave de acceso',
  passkeyName: 'Nombre de la llave de acceso',
  passkeyNameHint: 'Algo que reconozcas, como «Portátil del trabajo».',
  passkeyAdded: 'Llave de acceso «{name}» añadida.',
  passkeyColumn: 'Llave de acceso',
  added: 'Añadida',
  lastUsed: 'Último uso',
  never: 'Nunca',
  actions: 'Acciones',
  synced: 'Sincronizada entre tus dispositivos',
  deviceBound: 'Solo en un dispositivo',
  remove: 'Eliminar',
  removePasskey: 'Eliminar la llave de acceso {name}',
  removePasskeyConfirm: '¿Eliminar la llave de acceso «{name}»? Ya no te permitirá iniciar sesión.',
  passkeyRemoved: 'Llave de acceso «{name}» eliminada.',
  passkeyNotAdded: 'No se añadió la llave de acceso: el diálogo del navegador se cerró o caducó.',
  passkeyNotFound: 'Esta llave de acceso ya no está en tu cuenta.',
  passkeyNameInvalid: 'Ponle a la llave de acceso un nombre de 1 a {max} caracteres (sin saltos de línea ni otros caracteres de control).',
  lastWayIn:
    'Esta llave de acceso es la última forma de entrar en tu cuenta, así que no se puede quitar: añade antes otra llave de acceso o establece una contraseña más arriba.',
  withoutPassword: 'Iniciar sesión sin contraseña',
  removePasswordIntro:
    'Con una llave de acceso puedes prescindir de la contraseña, y nadie podrá adivinarla ni robarla. ¿Perdiste tus llaves? «¿Has olvidado la contraseña?» en la página de inicio de sesión te envía un enlace para crear una contraseña de nuevo.',
  removePassword: 'Eliminar mi contraseña',
  removePasswordConfirm: '¿Eliminar tu contraseña? Solo podrás iniciar sesión con tus llaves de acceso.',
  passwordRemoved: 'Tu contraseña se eliminó: inicias sesión con tus llaves de acceso.',
  noPassword: 'Tu cuenta no tiene contraseña: inicias sesión con una llave de acceso.',
  passkeyFirst: 'Añade primero una llave de acceso: sin contraseña ni llave nadie podría entrar en esta cuenta.',
}

const fr: PasskeyWords = {
  signInWithPasskey: 'Se connecter avec une clé d’accès',
  signUpWithPasskey: 'Créer le compte avec une clé d’accès',
  signUpPasskeyHint: 'Aucun mot de passe : votre appareil garde une clé d’accès et la déverrouille avec son verrouillage d’écran.',
  orPasskey: 'Ou, sans mot de passe :',
  passkeyCancelled: 'Aucune clé d’accès n’a été utilisée : la fenêtre du navigateur a été fermée ou a expiré. Réessayez, ou utilisez votre mot de passe.',
  passkeysUnsupported: 'Ce navigateur ne peut pas utiliser de clé d’accès ici.',
  passkeyUnknown: 'Cette clé d’accès n’est pas enregistrée ici (elle a peut-être été supprimée). Connectez-vous autrement.',
  passkeyRefused: 'Cette clé d’accès n’a pas pu être vérifiée. Réessayez, ou connectez-vous autrement.',
  passkeyOnly:
    'Ce compte se connecte avec une clé d’accès : choisissez « Se connecter avec une clé d’accès ». Pas de clé sous la main ? « Mot de passe oublié ? » vous envoie un lien pour définir un mot de passe.',
  signUpDamaged: 'La clé d’accès n’a pas pu être créée. Réessayez, ou choisissez un mot de passe.',
  passkeys: 'Clés d’accès',
  passkeysIntro:
    'Une clé d’accès vous connecte avec le verrouillage d’écran de votre appareil (empreinte, visage ou code) au lieu d’un mot de passe. Elle ne fonctionne que sur ce site : personne ne peut l’hameçonner.',
  noPasskeys: 'Aucune clé d’accès pour l’instant.',
  addPasskey: 'Ajouter une clé d’accès',
  passkeyName: 'Nom de la clé d’accès',
  passkeyNameHint: 'Un nom que vous reconnaîtrez, comme « Portable du bureau ».',
  passkeyAdded: 'Clé d’accès « {name} » ajoutée.',
  passkeyColumn: 'Clé d’accès',
  added: 'Ajoutée',
  lastUsed: 'Dernière utilisation',
  never: 'Jamais',
  actions: 'Actions',
  synced: 'Synchronisée entre vos appareils',
  deviceBound: 'Sur un seul appareil',
  remove: 'Supprimer',
  removePasskey: 'Supprimer la clé d’accès {name}',
  removePasskeyConfirm: 'Supprimer la clé d’accès « {name} » ? Elle ne vous connectera plus.',
  passkeyRemoved: 'Clé d’accès « {name} » supprimée.',
  passkeyNotAdded: 'La clé d’accès n’a pas été ajoutée : la fenêtre du navigateur a été fermée ou a expiré.',
  passkeyNotFound: 'Cette clé d’accès n’est plus sur votre compte.',
  passkeyNameInvalid: 'Donnez à la clé d’accès un nom de 1 à {max} caractères (sans saut de ligne ni autre caractère de contrôle).',
  lastWayIn:
    'Cette clé d’accès est le dernier moyen de vous connecter à votre compte, elle ne peut donc pas être retirée : ajoutez d’abord une autre clé d’accès, ou définissez un mot de passe plus haut.',
  withoutPassword: 'Se connecter sans mot de passe',
  removePasswordIntro:
    'Avec une clé d’accès, vous pouvez vous passer de mot de passe, et personne ne peut le deviner ni l’hameçonner. Clés perdues ? « Mot de passe oublié ? » sur la page de connexion vous envoie un lien pour en définir un à nouveau.',
  removePassword: 'Supprimer mon mot de passe',
  removePasswordConfirm: 'Supprimer votre mot de passe ? Vous vous connecterez uniquement avec vos clés d’accès.',
  passwordRemoved: 'Votre mot de passe est supprimé : vous vous connectez avec vos clés d’accès.',
  noPassword: 'Votre compte n’a pas de mot de passe : vous vous connectez avec une clé d’accès.',
  passkeyFirst: 'Ajoutez d’abord une clé d’accès : sans mot de passe ni clé, personne ne pourrait se connecter à ce compte.',
}

const it: PasskeyWords = {
  signInWithPasskey: 'Accedi con una passkey',
  signUpWithPasskey: 'Crea l’account con una passkey',
  signUpPasskeyHint: 'Nessuna password: il tuo dispositivo conserva una passkey e la sblocca con il blocco schermo.',
  orPasskey: 'Oppure, senza password:',
  passkeyCancelled: 'Nessuna passkey usata: la finestra del browser è stata chiusa o è scaduta. Riprova, oppure usa la tua password.',
  passkeysUnsupported: 'Questo browser non può usare le passkey qui.',
  passkeyUnknown: 'Questa passkey non è registrata qui (forse è stata rimossa). Accedi in un altro modo.',
  passkeyRefused: 'Non è stato possibile verificare questa passkey. Riprova, oppure accedi in un altro modo.',
  passkeyOnly:
    'Questo account accede con una passkey: scegli «Accedi con una passkey». Non hai la passkey a portata di mano? «Password dimenticata?» ti invia un link per impostare una password.',
  signUpDamaged: 'Non è stato possibile creare la passkey. Riprova, oppure scegli una password.',
  passkeys: 'Passkey',
  passkeysIntro:
    'Una passkey ti fa accedere con il blocco schermo del dispositivo (impronta, volto o PIN) invece di una password. Funziona solo su questo sito, quindi nessuno può rubartela con il phishing.',
  noPasskeys: 'Ancora nessuna passkey.',
  addPasskey: 'Aggiungi una passkey',
  passkeyName: 'Nome della passkey',
  passkeyNameHint: 'Qualcosa che riconoscerai, come «Portatile di lavoro».',
  passkeyAdded: 'Passkey «{name}» aggiunta.',
  passkeyColumn: 'Passkey',
  added: 'Aggiunta',
  lastUsed: 'Ultimo uso',
  never: 'Mai',
  actions: 'Azioni',
  synced: 'Sincronizzata tra i tuoi dispositivi',
  deviceBound: 'Su un solo dispositivo',
  remove: 'Rimuovi',
  removePasskey: 'Rimuovi la passkey {name}',
  removePasskeyConfirm: 'Rimuovere la passkey «{name}»? Non ti farà più accedere.',
  passkeyRemoved: 'Passkey «{name}» rimossa.',
  passkeyNotAdded: 'La passkey non è stata aggiunta: la finestra del browser è stata chiusa o è scaduta.',
  passkeyNotFound: 'Questa passkey non è più sul tuo account.',
  passkeyNameInvalid: 'Dai alla passkey un nome da 1 a {max} caratteri (senza a capo né altri caratteri di controllo).',
  lastWayIn:
    'Questa passkey è l’ultimo modo per accedere al tuo account, quindi non si può rimuovere: aggiungi prima un’altra passkey, oppure imposta una password qui sopra.',
  withoutPassword: 'Accedi senza password',
  removePasswordIntro:
    'Con una passkey puoi fare a meno della password, e nessuno potrà indovinarla o rubarla. Hai perso le passkey? «Password dimenticata?» nella pagina di accesso ti invia un link per impostare di nuovo una password.',
  removePassword: 'Rimuovi la mia password',
  removePasswordConfirm: 'Rimuovere la tua password? Accederai solo con le tue passkey.',
  passwordRemoved: 'La tua password è stata rimossa: accedi con le tue passkey.',
  noPassword: 'Il tuo account non ha una password: accedi con una passkey.',
  passkeyFirst: 'Aggiungi prima una passkey: senza password né passkey nessuno potrebbe accedere a questo account.',
}

const nl: PasskeyWords = {
  signInWithPasskey: 'Inloggen met een passkey',
  signUpWithPasskey: 'Account aanmaken met een passkey',
  signUpPasskeyHint: 'Geen wachtwoord nodig: je apparaat bewaart een passkey en ontgrendelt die met de schermvergrendeling.',
  orPasskey: 'Of, zonder wachtwoord:',
  passkeyCancelled: 'Er is geen passkey gebruikt: het venster van de browser is gesloten of verlopen. Probeer het opnieuw, of gebruik je wachtwoord.',
  passkeysUnsupported: 'Deze browser kan hier geen passkeys gebruiken.',
  passkeyUnknown: 'Deze passkey is hier niet geregistreerd (misschien is hij verwijderd). Log op een andere manier in.',
  passkeyRefused: 'Deze passkey kon niet worden gecontroleerd. Probeer het opnieuw, of log op een andere manier in.',
  passkeyOnly:
    'Dit account logt in met een passkey: kies ‘Inloggen met een passkey’. Geen passkey bij de hand? ‘Wachtwoord vergeten?’ mailt je een link om een wachtwoord in te stellen.',
  signUpDamaged: 'De passkey kon niet worden gemaakt. Probeer het opnieuw, of kies een wachtwoord.',
  passkeys: 'Passkeys',
  passkeysIntro:
    'Met een passkey log je in met de schermvergrendeling van je apparaat (vingerafdruk, gezicht of pincode) in plaats van een wachtwoord. Hij werkt alleen op deze site, dus niemand kan hem phishen.',
  noPasskeys: 'Nog geen passkey.',
  addPasskey: 'Een passkey toevoegen',
  passkeyName: 'Naam van de passkey',
  passkeyNameHint: 'Iets wat je herkent, zoals ‘Werklaptop’.',
  passkeyAdded: 'Passkey ‘{name}’ toegevoegd.',
  passkeyColumn: 'Passkey',
  added: 'Toegevoegd',
  lastUsed: 'Laatst gebruikt',
  never: 'Nooit',
  actions: 'Acties',
  synced: 'Gesynchroniseerd tussen je apparaten',
  deviceBound: 'Op één apparaat',
  remove: 'Verwijderen',
  removePasskey: 'Passkey {name} verwijderen',
  removePasskeyConfirm: 'De passkey ‘{name}’ verwijderen? Je kunt er dan niet meer mee inloggen.',
  passkeyRemoved: 'Passkey ‘{name}’ verwijderd.',
  passkeyNotAdded: 'De passkey is niet toegevoegd: het venster van de browser is gesloten of verlopen.',
  passkeyNotFound: 'Deze passkey hoort niet meer bij je account.',
  passkeyNameInvalid: 'Geef de passkey een naam van 1 tot {max} tekens (zonder regeleinden of andere stuurtekens).',
  lastWayIn:
    'Deze passkey is de laatste manier om in je account te komen en kan dus niet worden verwijderd: voeg eerst een andere passkey toe, of stel hierboven een wachtwoord in.',
  withoutPassword: 'Inloggen zonder wachtwoord',
  removePasswordIntro:
    'Met een passkey kun je zonder wachtwoord, en niemand kan het raden of phishen. Passkeys kwijt? ‘Wachtwoord vergeten?’ op de inlogpagina mailt je een link om weer een wachtwoord in te stellen.',
  removePassword: 'Mijn wachtwoord verwijderen',
  removePasswordConfirm: 'Je wachtwoord verwijderen? Je logt dan alleen nog in met je passkeys.',
  passwordRemoved: 'Je wachtwoord is verwijderd: je logt in met je passkeys.',
  noPassword: 'Je account heeft geen wachtwoord: je logt in met een passkey.',
  passkeyFirst: 'Voeg eerst een passkey toe: zonder wachtwoord of passkey kan niemand in dit account inloggen.',
}

const pt: PasskeyWords = {
  signInWithPasskey: 'Entrar com uma chave de acesso',
  signUpWithPasskey: 'Criar a conta com uma chave de acesso',
  signUpPasskeyHint: 'Sem senha: o seu dispositivo guarda uma chave de acesso e a desbloqueia com o bloqueio de tela.',
  orPasskey: 'Ou, sem senha:',
  passkeyCancelled: 'Nenhuma chave de acesso foi usada: a janela do navegador foi fechada ou expirou. Tente de novo ou use sua senha.',
  passkeysUnsupported: 'Este navegador não pode usar chaves de acesso aqui.',
  passkeyUnknown: 'Esta chave de acesso não está registrada aqui (talvez tenha sido removida). Entre de outra forma.',
  passkeyRefused: 'Não foi possível verificar esta chave de acesso. Tente de novo ou entre de outra forma.',
  passkeyOnly:
    'Esta conta entra com uma chave de acesso: escolha “Entrar com uma chave de acesso”. Sem a chave à mão? “Esqueceu a senha?” envia um link para definir uma senha.',
  signUpDamaged: 'Não foi possível criar a chave de acesso. Tente de novo ou escolha uma senha.',
  passkeys: 'Chaves de acesso',
  passkeysIntro:
    'Uma chave de acesso faz você entrar com o bloqueio de tela do dispositivo (digital, rosto ou PIN) em vez de uma senha. Ela só funciona neste site, então ninguém consegue roubá-la por phishing.',
  noPasskeys: 'Nenhuma chave de acesso ainda.',
  addPasskey: 'Adicionar uma chave de acesso',
  passkeyName: 'Nome da chave de acesso',
  passkeyNameHint: 'Algo que você reconheça, como “Notebook do trabalho”.',
  passkeyAdded: 'Chave de acesso “{name}” adicionada.',
  passkeyColumn: 'Chave de acesso',
  added: 'Adicionada',
  lastUsed: 'Último uso',
  never: 'Nunca',
  actions: 'Ações',
  synced: 'Sincronizada entre os seus dispositivos',
  deviceBound: 'Em um só dispositivo',
  remove: 'Remover',
  removePasskey: 'Remover a chave de acesso {name}',
  removePasskeyConfirm: 'Remover a chave de acesso “{name}”? Ela não fará mais você entrar.',
  passkeyRemoved: 'Chave de acesso “{name}” removida.',
  passkeyNotAdded: 'A chave de acesso não foi adicionada: a janela do navegador foi fechada ou expirou.',
  passkeyNotFound: 'Esta chave de acesso não está mais na sua conta.',
  passkeyNameInvalid: 'Dê à chave de acesso um nome de 1 a {max} caracteres (sem quebras de linha nem outros caracteres de controle).',
  lastWayIn:
    'Esta chave de acesso é a última forma de entrar na sua conta, então não pode ser removida: adicione outra chave de acesso antes ou defina uma senha acima.',
  withoutPassword: 'Entrar sem senha',
  removePasswordIntro:
    'Com uma chave de acesso você dispensa a senha, e ninguém consegue adivinhá-la ou roubá-la. Perdeu as chaves? “Esqueceu a senha?” na página de entrada envia um link para definir uma senha de novo.',
  removePassword: 'Remover minha senha',
  removePasswordConfirm: 'Remover a sua senha? Você entrará apenas com as suas chaves de acesso.',
  passwordRemoved: 'A sua senha foi removida: você entra com as suas chaves de acesso.',
  noPassword: 'A sua conta não tem senha: você entra com uma chave de acesso.',
  passkeyFirst: 'Adicione primeiro uma chave de acesso: sem senha nem chave ninguém conseguiria entrar nesta conta.',
}

const ptPT: PasskeyWords = {
  signInWithPasskey: 'Iniciar sessão com uma chave de acesso',
  signUpWithPasskey: 'Criar a conta com uma chave de acesso',
  signUpPasskeyHint: 'Sem palavra-passe: o seu dispositivo guarda uma chave de acesso e desbloqueia-a com o bloqueio de ecrã.',
  orPasskey: 'Ou, sem palavra-passe:',
  passkeyCancelled: 'Não foi usada nenhuma chave de acesso: a janela do navegador foi fechada ou expirou. Tente de novo ou use a sua palavra-passe.',
  passkeysUnsupported: 'Este navegador não consegue usar chaves de acesso aqui.',
  passkeyUnknown: 'Esta chave de acesso não está registada aqui (talvez tenha sido removida). Inicie sessão de outra forma.',
  passkeyRefused: 'Não foi possível verificar esta chave de acesso. Tente de novo ou inicie sessão de outra forma.',
  passkeyOnly:
    'Esta conta inicia sessão com uma chave de acesso: escolha «Iniciar sessão com uma chave de acesso». Não tem a chave consigo? «Esqueceu-se da palavra-passe?» envia um link para definir uma palavra-passe.',
  signUpDamaged: 'Não foi possível criar a chave de acesso. Tente de novo ou escolha uma palavra-passe.',
  passkeys: 'Chaves de acesso',
  passkeysIntro:
    'Uma chave de acesso permite iniciar sessão com o bloqueio de ecrã do dispositivo (impressão digital, rosto ou PIN) em vez de uma palavra-passe. Só funciona neste site, por isso ninguém a consegue roubar por phishing.',
  noPasskeys: 'Ainda não há chaves de acesso.',
  addPasskey: 'Adicionar uma chave de acesso',
  passkeyName: 'Nome da chave de acesso',
  passkeyNameHint: 'Algo que reconheça, como «Portátil do trabalho».',
  passkeyAdded: 'Chave de acesso «{name}» adicionada.',
  passkeyColumn: 'Chave de acesso',
  added: 'Adicionada',
  lastUsed: 'Última utilização',
  never: 'Nunca',
  actions: 'Ações',
  synced: 'Sincronizada entre os seus dispositivos',
  deviceBound: 'Num só dispositivo',
  remove: 'Remover',
  removePasskey: 'Remover a chave de acesso {name}',
  removePasskeyConfirm: 'Remover a chave de acesso «{name}»? Deixará de servir para iniciar sessão.',
  passkeyRemoved: 'Chave de acesso «{name}» removida.',
  passkeyNotAdded: 'A chave de acesso não foi adicionada: a janela do navegador foi fechada ou expirou.',
  passkeyNotFound: 'Esta chave de acesso já não está na sua conta.',
  passkeyNameInvalid: 'Dê à chave de acesso um nome de 1 a {max} caracteres (sem quebras de linha nem outros caracteres de controlo).',
  lastWayIn:
    'Esta chave de acesso é a última forma de entrar na sua conta, por isso não pode ser removida: adicione primeiro outra chave de acesso ou defina uma palavra-passe acima.',
  withoutPassword: 'Iniciar sessão sem palavra-passe',
  removePasswordIntro:
    'Com uma chave de acesso dispensa a palavra-passe, e ninguém a pode adivinhar nem roubar. Perdeu as chaves? «Esqueceu-se da palavra-passe?» na página de início de sessão envia um link para definir de novo uma palavra-passe.',
  removePassword: 'Remover a minha palavra-passe',
  removePasswordConfirm: 'Remover a sua palavra-passe? Passará a iniciar sessão apenas com as suas chaves de acesso.',
  passwordRemoved: 'A sua palavra-passe foi removida: inicia sessão com as suas chaves de acesso.',
  noPassword: 'A sua conta não tem palavra-passe: inicia sessão com uma chave de acesso.',
  passkeyFirst: 'Adicione primeiro uma chave de acesso: sem palavra-passe nem chave, ninguém conseguiria aceder a esta conta.',
}

const PASSKEY_WORDS: Record<Locale, PasskeyWords> = { en, de, es, fr, it, nl, pt, 'pt-PT': ptPT }

/**
 * The passkey words of a language.
 *
 * @example
 * passkeyWords('de').signInWithPasskey // 'Mit einem Passkey anmelden'
 */
export function passkeyWords(locale: Locale): PasskeyWords {
  return PASSKEY_WORDS[locale]
}
