/**
 * @module The words `<svc-ads>` shows and announces, in the languages
 * `<svc-signin>` speaks (en, de, es, fr, it, nl, pt), and the rule that
 * picks one: the `locale` attribute, else the nearest `lang`, else English.
 */

/** The strings of one language, by what they name. */
export interface AdsStrings {
  previous: string
  next: string
  /** "Slide" as in "Slide 2 of 3" on a dot. */
  slide: string
  /** "of" as in "2 of 3". */
  of: string
  start: string
  stop: string
  /** The carousel's default name, before the slot's name: "Ads". */
  ads: string
  learnMore: string
  sponsored: string
  more: string
  less: string
}

const KEYS: (keyof AdsStrings)[] = ['previous', 'next', 'slide', 'of', 'start', 'stop', 'ads', 'learnMore', 'sponsored', 'more', 'less']

// One '|'-joined row a language, in KEYS' order: about half the bytes of objects.
const TABLE: Record<string, string> = {
  en: 'Previous slide|Next slide|Slide|of|Start automatic slide show|Stop automatic slide show|Ads|Learn more|Sponsored|More|Less',
  de: 'Vorherige Folie|Nächste Folie|Folie|von|Automatische Diashow starten|Automatische Diashow stoppen|Anzeigen|Mehr erfahren|Gesponsert|Mehr|Weniger',
  es: 'Diapositiva anterior|Diapositiva siguiente|Diapositiva|de|Iniciar presentación automática|Detener presentación automática|Anuncios|Más información|Patrocinado|Más|Menos',
  fr: 'Diapositive précédente|Diapositive suivante|Diapositive|sur|Démarrer le diaporama automatique|Arrêter le diaporama automatique|Annonces|En savoir plus|Sponsorisé|Plus|Moins',
  it: 'Diapositiva precedente|Diapositiva successiva|Diapositiva|di|Avvia presentazione automatica|Interrompi presentazione automatica|Annunci|Scopri di più|Sponsorizzato|Altro|Meno',
  nl: 'Vorige dia|Volgende dia|Dia|van|Automatische diavoorstelling starten|Automatische diavoorstelling stoppen|Advertenties|Meer informatie|Gesponsord|Meer|Minder',
  // Neutral for Portugal and Brazil ("Diapositivo" is Portugal's word, "Slide" Brazil's): each slide is an ad.
  pt: 'Anúncio anterior|Próximo anúncio|Anúncio|de|Iniciar apresentação automática|Parar apresentação automática|Anúncios|Saiba mais|Patrocinado|Mais|Menos',
}

const cache: Record<string, AdsStrings> = {}

/**
 * The strings for a BCP 47 tag (`pt-BR` reads `pt`); English for a language not in the table.
 *
 * @example
 * stringsFor('de-AT').next // 'Nächste Folie'
 */
export function stringsFor(tag: string): AdsStrings {
  const language = tag.toLowerCase().split('-')[0]!
  const key = Object.hasOwn(TABLE, language) ? language : 'en'
  if (!cache[key]) {
    const words = TABLE[key]!.split('|')
    cache[key] = Object.fromEntries(KEYS.map((name, i) => [name, words[i]])) as unknown as AdsStrings
  }
  return cache[key]
}

/**
 * The language an element speaks: its `locale` attribute, else the nearest `lang` (itself, its ancestors, the document).
 *
 * @example
 * localeOf(document.querySelector('svc-ads')!) // 'fr' on <html lang="fr">
 */
export function localeOf(element: Element): string {
  return element.getAttribute('locale') || element.closest('[lang]')?.getAttribute('lang') || 'en'
}
