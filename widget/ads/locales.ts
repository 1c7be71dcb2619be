/**
 * @module The words `<svc-ads>` shows and announces, in the languages
 * `<svc-signin>` speaks (en, de, es, fr, it, nl, pt) and Arabic and Hebrew
 * (ar, he; the controls mirror on right-to-left pages), and the rule that
 * picks one: the `locale` attribute, else the nearest `lang`, else English.
 */

/** The strings of one language, by what they name. */
export interface AdsStrings {
  previous: string
  next: string
  /** "of" as in "2 of 3". */
  of: string
  /** The rotation button, inside the carousel it names: "Play" and "Pause", short enough to sit on a slide's corner. */
  start: string
  stop: string
  /** The carousel's default name, before the slot's name: "Ads". */
  ads: string
  learnMore: string
  sponsored: string
  /** The button that opens the whole ad in a dialog; not "More", which would sit beside "Learn more". */
  details: string
  close: string
}

const KEYS = 'previous next of start stop ads learnMore sponsored details close'.split(' ') as (keyof AdsStrings)[]

// One '|'-joined row a language, in KEYS' order: about half the bytes of objects.
// Previous/Next alone, not "Previous slide": the same buttons step through a
// gallery's images, inside a carousel or a gallery that names what they move.
const TABLE: Record<string, string> = {
  en: 'Previous|Next|of|Play|Pause|Ads|Learn more|Sponsored|Details|Close',
  de: 'Zurück|Weiter|von|Abspielen|Pausieren|Anzeigen|Mehr erfahren|Gesponsert|Details|Schließen',
  es: 'Anterior|Siguiente|de|Reproducir|Pausar|Anuncios|Más información|Patrocinado|Detalles|Cerrar',
  fr: 'Précédent|Suivant|sur|Lecture|Pause|Annonces|En savoir plus|Sponsorisé|Détails|Fermer',
  it: 'Precedente|Successivo|di|Riproduci|Pausa|Annunci|Scopri di più|Sponsorizzato|Dettagli|Chiudi',
  nl: 'Vorige|Volgende|van|Afspelen|Pauzeren|Advertenties|Meer informatie|Gesponsord|Details|Sluiten',
  // Neutral for Portugal and Brazil ("Diapositivo" is Portugal's word, "Slide" Brazil's).
  pt: 'Anterior|Próximo|de|Reproduzir|Pausar|Anúncios|Saiba mais|Patrocinado|Detalhes|Fechar',
  ar: 'السابق|التالي|من|تشغيل|إيقاف مؤقت|إعلانات|مزيد من المعلومات|إعلان ممول|التفاصيل|إغلاق',
  he: 'הקודם|הבא|מתוך|הפעלה|השהיה|מודעות|מידע נוסף|ממומן|פרטים|סגירה',
}

const cache: Record<string, AdsStrings> = {}

/**
 * The strings for a BCP 47 tag (`pt-BR` reads `pt`); English for a language not in the table.
 *
 * @example
 * stringsFor('de-AT').next // 'Weiter'
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
