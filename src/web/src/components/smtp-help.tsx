import { useState } from 'preact/hooks';
import { useSession } from '../session.js';
import { CodeBlock } from './code-block.js';
import { CopyButton } from './copy-button.js';

type Client = 'swaks' | 'python' | 'node';
const LABELS: Record<Client, string> = { swaks: 'swaks', python: 'Python smtplib', node: 'Node.js nodemailer' };

function snippet(client: Client, host: string, port: number, to: string): string {
  switch (client) {
    case 'swaks':
      return `swaks --server ${host}:${port} --to ${to} \\
      --from app@example.com --header "Subject: Hello from swaks" --body "It works."`;
    case 'python':
      return `import smtplib
from email.message import EmailMessage

msg = EmailMessage()
msg["From"] = "app@example.com"
msg["To"] = "${to}"
msg["Subject"] = "Hello from Python"
msg.set_content("It works.")

with smtplib.SMTP("${host}", ${port}) as smtp:
    smtp.send_message(msg)`;
    case 'node':
      return `import nodemailer from 'nodemailer';

const transport = nodemailer.createTransport({ host: '${host}', port: ${port}, secure: false });
await transport.sendMail({
  from: 'app@example.com',
  to: '${to}',
  subject: 'Hello from nodemailer',
  text: 'It works.',
});`;
  }
}

/**
 * Where to send test mail: the SMTP host and port this instance gives out (SMTP_HOSTNAME / PUBLIC_URL and
 * SMTP_PORT, through the session's settings) and copyable examples for three common clients.
 */
export function SmtpHelp({ to, headingLevel = 2, id = 'smtp-help' }: { to?: string; headingLevel?: 2 | 3; id?: string }) {
  const { session } = useSession();
  const { host, port } = session.settings.smtp;
  const [client, setClient] = useState<Client>('swaks');
  const recipient = to ?? `your-address@${session.settings.mail_domains[0]}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const clients = Object.keys(LABELS) as Client[];
  return (
    <div class="smtp-help" aria-labelledby={`${id}-title`} role="group">
      <Heading id={`${id}-title`}>Send mail here</Heading>
      <p>
        Point your app's SMTP settings at this server — no user name, password or TLS needed. Mail to{' '}
        {to ? <code>{to}</code> : <>any of your addresses</>} shows up here as it arrives.
      </p>
      <dl class="smtp-endpoint">
        <div>
          <dt>SMTP host</dt>
          <dd>
            <code data-testid="smtp-host">{host}</code>
            <CopyButton text={host} what="SMTP host" compact />
          </dd>
        </div>
        <div>
          <dt>Port</dt>
          <dd>
            <code data-testid="smtp-port">{port}</code>
            <CopyButton text={String(port)} what="SMTP port" compact />
          </dd>
        </div>
      </dl>
      <div class="tabs" role="tablist" aria-label="Example client">
        {clients.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            id={`${id}-tab-${c}`}
            aria-selected={client === c}
            aria-controls={`${id}-panel`}
            tabIndex={client === c ? 0 : -1}
            class={client === c ? 'tab active' : 'tab'}
            onClick={() => setClient(c)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = clients[(clients.indexOf(c) + step + clients.length) % clients.length];
              setClient(next);
              document.getElementById(`${id}-tab-${next}`)?.focus();
            }}
          >
            {LABELS[c]}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${client}`}>
        <CodeBlock label={LABELS[client]} code={snippet(client, host, port, recipient)} />
      </div>
    </div>
  );
}
