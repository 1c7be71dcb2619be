/**
 * @module A real SMTP server in the test process (the `smtp-server`
 * package) that keeps every mail it accepts, for tests that follow the
 * links svc mails.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  /** The whole message as sent, headers and MIME parts. */
  raw: string
}

export interface SmtpReceiver {
  url: string
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * Starts a receiver on loopback (any free port, or `port`).
 *
 * @example
 * const smtp = await startSmtpReceiver()
 * const transport = mailTransport({ smtpUrl: smtp.url, from: 'svc <no-reply@svc.example>', folder })
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const bound = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
