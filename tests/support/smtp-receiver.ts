import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** When the message was accepted. */
  at: number;
  parsed: ParsedMail;
}

export interface SmtpReceiver {
  url: string;
  received: ReceivedMail[];
  /** Answers each delivery with a temporary failure (451) while set; counts the refusals. */
  refusing: boolean;
  refused: number[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on loopback that keeps every message it accepts, parsed
 * (`mailparser`: headers, text and HTML parts): the far side of the shop's email, which we don't own.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const receiver: SmtpReceiver = { url: '', received: [], refusing: false, refused: [], close: () => Promise.resolve() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!receiver.refusing) return callback();
      receiver.refused.push(Date.now());
      const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          receiver.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), at: Date.now(), parsed });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
