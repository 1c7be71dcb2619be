/**
 * @module The mail the webhook sender sends a client's developers when it
 * disables one of the client's endpoints after days of failed deliveries:
 * which endpoint, since when it failed, that its events are kept, where a
 * recovery starts (one time, in the text and in the command, the one the
 * portal prefills), and a link to the endpoint's banner on the client's
 * page in the portal, where it is re-enabled and what failed is recovered. It greets no one by name: it goes to every
 * developer at once.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'Webhook endpoint of {client} disabled after {window} of failures',
    paragraphs: [
      'Every delivery {product} tried to the webhook endpoint {url} of your client {client} has failed since {since}, so on {disabled} {product} disabled it.',
      'Its events are kept, not sent, until you recover them.',
    ],
    action: 'Open the client in the portal',
    after: [
      'Once the endpoint answers again, enable it on the client’s page and recover everything that failed since {from}; or run: svc-bff webhooks endpoint enable {endpoint} and svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  de: {
    subject: 'Webhook-Endpunkt von {client} nach {window} mit Fehlern deaktiviert',
    paragraphs: [
      'jede Zustellung von {product} an den Webhook-Endpunkt {url} Ihres Clients {client} ist seit {since} fehlgeschlagen, daher hat {product} ihn am {disabled} deaktiviert.',
      'Seine Ereignisse werden aufbewahrt, nicht gesendet, bis Sie sie wiederherstellen.',
    ],
    action: 'Den Client im Portal öffnen',
    after: [
      'Sobald der Endpunkt wieder antwortet, aktivieren Sie ihn auf der Seite des Clients und stellen Sie alles wieder her, was seit {from} fehlgeschlagen ist; oder führen Sie aus: svc-bff webhooks endpoint enable {endpoint} und svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  es: {
    subject: 'Endpoint de webhooks de {client} desactivado tras {window} de fallos',
    paragraphs: [
      'Todas las entregas que {product} intentó al endpoint de webhooks {url} de tu cliente {client} han fallado desde {since}, así que el {disabled} {product} lo desactivó.',
      'Sus eventos se guardan, sin enviarse, hasta que los recuperes.',
    ],
    action: 'Abrir el cliente en el portal',
    after: [
      'Cuando el endpoint vuelva a responder, actívalo en la página del cliente y recupera todo lo que falló desde {from}; o ejecuta: svc-bff webhooks endpoint enable {endpoint} y svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  fr: {
    subject: 'Point de terminaison webhook de {client} désactivé après {window} d’échecs',
    paragraphs: [
      'Chaque envoi de {product} vers le point de terminaison webhook {url} de votre client {client} échoue depuis {since} ; {product} l’a donc désactivé le {disabled}.',
      'Ses événements sont conservés, sans être envoyés, jusqu’à ce que vous les récupériez.',
    ],
    action: 'Ouvrir le client dans le portail',
    after: [
      'Dès que le point de terminaison répond de nouveau, activez-le sur la page du client et récupérez tout ce qui a échoué depuis {from} ; ou lancez : svc-bff webhooks endpoint enable {endpoint} puis svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  it: {
    subject: 'Endpoint webhook di {client} disattivato dopo {window} di errori',
    paragraphs: [
      'Ogni consegna che {product} ha tentato all’endpoint webhook {url} del tuo client {client} è fallita dal {since}, quindi il {disabled} {product} lo ha disattivato.',
      'I suoi eventi sono conservati, non inviati, finché non li recuperi.',
    ],
    action: 'Apri il client nel portale',
    after: [
      'Quando l’endpoint risponde di nuovo, attivalo nella pagina del client e recupera tutto ciò che è fallito dal {from}; oppure esegui: svc-bff webhooks endpoint enable {endpoint} e svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  nl: {
    subject: 'Webhook-endpoint van {client} uitgeschakeld na {window} aan fouten',
    paragraphs: [
      'Elke bezorging die {product} probeerde naar het webhook-endpoint {url} van je client {client} is sinds {since} mislukt, dus op {disabled} heeft {product} het uitgeschakeld.',
      'De gebeurtenissen worden bewaard, niet verzonden, tot je ze herstelt.',
    ],
    action: 'Open de client in het portaal',
    after: [
      'Zodra het endpoint weer antwoordt, schakel het in op de pagina van de client en herstel alles wat sinds {from} mislukte; of voer uit: svc-bff webhooks endpoint enable {endpoint} en svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    subject: 'Endpoint de webhooks de {client} desativado após {window} de falhas',
    paragraphs: [
      'Todas as entregas que o {product} tentou ao endpoint de webhooks {url} do seu cliente {client} falharam desde {since}, então em {disabled} o {product} o desativou.',
      'Os eventos dele ficam guardados, sem envio, até você recuperá-los.',
    ],
    action: 'Abrir o cliente no portal',
    after: [
      'Quando o endpoint voltar a responder, ative-o na página do cliente e recupere tudo o que falhou desde {from}; ou execute: svc-bff webhooks endpoint enable {endpoint} e svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
  'pt-PT': {
    subject: 'Endpoint de webhooks de {client} desativado após {window} de falhas',
    paragraphs: [
      'Todas as entregas que o {product} tentou ao endpoint de webhooks {url} do seu cliente {client} falharam desde {since}, pelo que em {disabled} o {product} o desativou.',
      'Os seus eventos ficam guardados, sem envio, até os recuperar.',
    ],
    action: 'Abrir o cliente no portal',
    after: [
      'Quando o endpoint voltar a responder, ative-o na página do cliente e recupere tudo o que falhou desde {from}; ou execute: svc-bff webhooks endpoint enable {endpoint} e svc-bff webhooks recover --endpoint {endpoint} --since {from}',
    ],
  },
}

/**
 * The mail telling one developer an endpoint was disabled for failing; `link` opens the client's page in the portal.
 *
 * @example
 * await queueMail(trx, endpointDisabledMail({ to: 'dev@shop.example', endpoint, client: 'Shop', window: '5 days', link, branding }))
 */
export function endpointDisabledMail({
  to,
  endpoint,
  client,
  window,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  /** Its id, URL, the start of its failures, the time it was disabled, and where a recovery starts (ISO 8601). */
  endpoint: { id: string; url: string; failing_since: string; disabled_at: string; recover_from: string }
  /** The client's name. */
  client: string
  /** How long it failed before it was disabled, in words (`5 days`). */
  window: string
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail {
  const values = {
    client,
    url: endpoint.url,
    endpoint: endpoint.id,
    window,
    since: endpoint.failing_since,
    disabled: endpoint.disabled_at,
    from: endpoint.recover_from,
  }
  return renderMail(to, STRINGS[locale], values, link, locale, branding)
}
