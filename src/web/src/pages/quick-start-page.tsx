import { CodeBlock } from '../components/code-block.js';
import { Icon } from '../components/icons.js';
import { SmtpHelp } from '../components/smtp-help.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';

export function QuickStartPage() {
  const { session } = useSession();
  const origin = window.location.origin;
  const domain = session.settings.mail_domains[0];
  const install = `npm install ${origin}/sdk/ephemail-client.tgz`;
  const inRepo = `import { createEphemailClient, waitForMessage } from '@ephemail/client';

const client = createEphemailClient({
  baseUrl: '${origin}',
  toolsKey: process.env.TOOLS_KEY,      // eph_tools_…
  developerKey: process.env.DEV_KEY,    // eph_dev_…
});

const { data, error } = await client.GET('/api/tools/age-calculator', {
  params: { query: { birthDate: '1990-05-15' } },
});
const created = await client.POST('/api/v1/email/create', { body: { prefix: 'signup-test', expires_in: 600 } });
const message = await waitForMessage(client, created.data!.email, { timeout: 30 }); // the first email, or null`;
  const curl = `# Tools API
curl -H "x-api-key: $TOOLS_KEY" "${origin}/api/tools/age-calculator?birthDate=1990-05-15"

# Developer API: an address that receives real mail
curl -X POST -H "Authorization: Bearer $DEV_KEY" -H 'content-type: application/json' \\
     -d '{"prefix":"signup-test"}' ${origin}/api/v1/email/create
curl -H "Authorization: Bearer $DEV_KEY" ${origin}/api/v1/email/signup-test@${domain}/messages`;

  return (
    <>
      <header class="page-header">
        <p class="eyebrow">Docs</p>
        <h1 tabIndex={-1}>Quick start</h1>
        <p class="lead">
          Every route, parameter and answer is described in the OpenAPI document, and a typed client is generated from it.
        </p>
        <div class="actions">
          <a class="btn btn-primary" href="/docs">
            <Icon name="book" />
            <span>API reference</span>
          </a>
          <a class="btn btn-secondary" href="/openapi.yaml">
            <Icon name="code" />
            <span>openapi.yaml</span>
          </a>
          <a class="btn btn-secondary" href="/openapi.json">
            <Icon name="code" />
            <span>openapi.json</span>
          </a>
        </div>
      </header>
      <section class="card steps" aria-labelledby="qs-1">
        <h2 id="qs-1">
          <span class="step">1</span> Get keys
        </h2>
        <p>
          Create a <Link href="/tools/keys">Tools key</Link> for QR codes, email validation and age calculation, and — on the developer plan — a{' '}
          <Link href="/developer/keys">Developer key</Link> for addresses and mail.
        </p>
      </section>
      <section class="card steps" aria-labelledby="qs-2">
        <h2 id="qs-2">
          <span class="step">2</span> Call the API
        </h2>
        <CodeBlock label="curl" code={curl} />
      </section>
      <section class="card steps" aria-labelledby="qs-3">
        <h2 id="qs-3">
          <span class="step">3</span> Use the typed client
        </h2>
        <p>
          This server hands out <code>@ephemail/client</code>, a typed{' '}
          <a href="https://openapi-ts.dev/openapi-fetch/">openapi-fetch</a> client generated from its API document that adds
          the right key to each request. Install it in your project with one command:
        </p>
        <CodeBlock label="Shell" code={install} />
        <CodeBlock label="TypeScript" code={inRepo} />
      </section>
      <section class="card steps" aria-labelledby="qs-4">
        <h2 id="qs-4">
          <span class="step">4</span> Send test mail
        </h2>
        <p>
          Your app sends its mail to this server over SMTP; it shows up in the <Link href="/inbox">inbox</Link> and
          through the API the moment it arrives.
        </p>
        <SmtpHelp to={`signup-test@${domain}`} headingLevel={3} id="smtp-quick-start" />
      </section>
    </>
  );
}
