import { createTransport } from 'nodemailer';

export type MailMessage = { from: string; to: string; subject: string; text: string };

export type MailTransport = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** SMTP through nodemailer; smtpUrl is smtp(s)://[user:password@]host[:port]. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    // A mail server that hangs must not hold the sender job forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
