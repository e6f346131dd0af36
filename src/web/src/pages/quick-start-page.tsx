import { CodeBlock } from '../components/code-block.js';
import { Icon } from '../components/icons.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';

export function QuickStartPage() {
  const { session } = useSession();
  const origin = window.location.origin;
  const domain = session.settings.mail_domains[0];
  const inRepo = `import { createEphemailClient } from './generated/client.js';

const client = createEphemailClient({
  baseUrl: '${origin}',
  toolsKey: process.env.TOOLS_KEY,      // eph_tools_…
  developerKey: process.env.DEV_KEY,    // eph_dev_…
});

const { data, error } = await client.GET('/api/tools/age-calculator', {
  params: { query: { birthDate: '1990-05-15' } },
});
const created = await client.POST('/api/v1/email/create', { body: { prefix: 'signup-test', expires_in: 600 } });
const inbox = await client.GET('/api/v1/email/{address}/messages', { params: { path: { address: created.data!.email } } });`;
  const elsewhere = `npm install openapi-fetch
npx openapi-typescript ${origin}/openapi.json -o ephemail.d.ts`;
  const elsewhereTs = `import createClient from 'openapi-fetch';
import type { paths } from './ephemail.js';

const client = createClient<paths>({ baseUrl: '${origin}', headers: { 'x-api-key': process.env.TOOLS_KEY } });
const { data } = await client.GET('/api/tools/qr-code', { params: { query: { type: 'url', url: 'https://example.com' } } });`;
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
          <span class="step">3</span> Use the generated client
        </h2>
        <p>
          In the Ephemail repository, <code>generated/client.ts</code> is a typed{' '}
          <a href="https://openapi-ts.dev/openapi-fetch/">openapi-fetch</a> client that adds the right key to each request:
        </p>
        <CodeBlock label="TypeScript" code={inRepo} />
        <p>In another project, generate the types from this server's document:</p>
        <CodeBlock label="Shell" code={elsewhere} />
        <CodeBlock label="TypeScript" code={elsewhereTs} />
      </section>
    </>
  );
}
