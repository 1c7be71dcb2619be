/**
 * @module The words that give one Portuguese away as the other's: what
 * Portugal writes and Brazil does not ("palavra-passe", "iniciar sessão",
 * "a sua conta"), and the reverse ("senha", "entrar", "sua conta",
 * "você"). Each table of `pt` (Brazil) must hold none of Portugal's, each
 * of `pt-PT` none of Brazil's: the tests of pages, account page and mails
 * check them with these, so a word copied from one table into the other
 * is caught before a visitor reads it.
 */

/** Words (and forms) Portugal writes and Brazil does not, in svc's choice of words. */
export const PORTUGAL_ONLY =
  /palavras?-passe|\binici(ar|e|ou) (a )?sessão|sessão iniciada|\btermin(ar|ou) (a )?sessão|\best(á|ou|ão|ar) a \w+r\b|\benviámos|\bregist(o|os|ar|ado)\b|\brepor\b|reposição|\bconsola\b|demasiad|\bintroduza\b|\butiliz|\bequipa\b|\bapelido\b|\bguardar\b|\beliminar\b|\bcarateres\b|\bcaráter\b|^(A|O|As|Os) (sua|seu|suas|seus)\b|\bpor si\b|-lhe\b|(?<!\{)\bemail\b(?!\})/im
/** Words (and forms) Brazil writes and Portugal does not, in svc's choice of words. */
export const BRAZIL_ONLY =
  /\bvocê|\bsenhas?\b|\bcadastr|\bequipe\b|\bsalv(ar|o)\b|\bexclu[ií]|\baplicativos?\b|\bsobrenome\b|\bdigite\b|\bcaractere\b|\b(est(á|ão|ou|ava)|continua) \w+ndo\b|\bentrando\b|\blogin\b|\bentr(ar|ou|ando)\b|\bsair\b|\be-mail\b|^(Sua|Seu|Suas|Seus)\b|\bme envie\b/im
