import type { caniemail, formatIssue } from 'caniemail';
import type { components } from '../../../generated/schema.js';

type Schemas = components['schemas'];
export type HtmlCompatibility = Schemas['HtmlCompatibility'];
export type ClientFamily = Schemas['EmailClientFamily'];
/** A client of the caniemail data, `family.platform`, as the package types it. */
type EmailClient = Parameters<typeof formatIssue>[0]['client'];
type CaniemailResult = ReturnType<typeof caniemail>;

/**
 * Every client the package checks. The package does not export its list; this record is typed against its client
 * type both ways (a missing or unknown client is a compile error), so an upgrade that adds one is noticed.
 */
const CLIENTS = Object.keys({
  'apple-mail.macos': 1, 'apple-mail.ios': 1, 'gmail.desktop-webmail': 1, 'gmail.ios': 1, 'gmail.android': 1,
  'gmail.mobile-webmail': 1, 'orange.desktop-webmail': 1, 'orange.ios': 1, 'orange.android': 1, 'outlook.windows': 1,
  'outlook.windows-mail': 1, 'outlook.macos': 1, 'outlook.ios': 1, 'outlook.android': 1, 'yahoo.desktop-webmail': 1,
  'yahoo.ios': 1, 'yahoo.android': 1, 'aol.desktop-webmail': 1, 'aol.ios': 1, 'aol.android': 1,
  'samsung-email.android': 1, 'sfr.desktop-webmail': 1, 'sfr.ios': 1, 'sfr.android': 1, 'thunderbird.macos': 1,
  'protonmail.desktop-webmail': 1, 'protonmail.ios': 1, 'protonmail.android': 1, 'hey.desktop-webmail': 1,
  'mail-ru.desktop-webmail': 1, 'fastmail.desktop-webmail': 1, 'laposte.desktop-webmail': 1,
} satisfies Record<EmailClient, 1>) as EmailClient[];

const familyOf = (client: string): ClientFamily => client.slice(0, client.indexOf('.')) as ClientFamily;


interface FeatureAcc {
  title: string;
  lines: Set<number>;
  unsupported: Set<string>;
  partial: Set<string>;
  notes: Map<string, Set<string>>;
}

/**
 * What is stored for a message: the public shape, but with caniemail's notes kept per client, so a view narrowed
 * to some families shows only the notes about those (compatibilityView).
 */
export interface CompatibilityData {
  data_updated: string;
  clients: HtmlCompatibility['clients'];
  features: Array<Omit<HtmlCompatibility['features'][number], 'notes'> & { notes: Record<string, string[]> }>;
}

/**
 * Client support of an HTML body for every client of the data. The package (and its 1 MB of data) is loaded at the
 * first check, not at start: an instance that never checks a message does not spend the memory.
 */
export async function checkClientSupport(html: string): Promise<CompatibilityData> {
  const { caniemail, rawData } = await import('caniemail');
  const { issues } = caniemail({ clients: ['*'], html });
  const features = new Map<string, FeatureAcc>();
  const counts = new Map<string, { unsupported: Set<string>; partial: Set<string> }>(CLIENTS.map((c) => [c, { unsupported: new Set(), partial: new Set() }]));
  const collect = (kind: 'unsupported' | 'partial', byClient: CaniemailResult['issues']['errors']) => {
    for (const [client, list] of byClient) {
      for (const issue of list) {
        let f = features.get(issue.title);
        if (!f) features.set(issue.title, (f = { title: issue.title, lines: new Set(), unsupported: new Set(), partial: new Set(), notes: new Map() }));
        if (issue.position) f.lines.add(issue.position.start.line);
        f[kind].add(client);
        if (kind === 'partial' && issue.notes.length > 0) {
          const notes = f.notes.get(client) ?? new Set<string>();
          for (const note of issue.notes) notes.add(note);
          f.notes.set(client, notes);
        }
        counts.get(client)?.[kind].add(issue.title);
      }
    }
  };
  collect('unsupported', issues.errors);
  collect('partial', issues.warnings);
  return {
    // When the shipped data was last updated: which version of caniemail.com the answer reflects.
    data_updated: (rawData as unknown as { last_update_date: string }).last_update_date,
    clients: CLIENTS.map((client) => ({
      client,
      family: familyOf(client),
      unsupported: counts.get(client)!.unsupported.size,
      // A feature one client supports partly in one place and not at all in another counts as unsupported.
      partial: [...counts.get(client)!.partial].filter((t) => !counts.get(client)!.unsupported.has(t)).length,
    })),
    features: [...features.values()]
      .map((f) => {
        const partial = [...f.partial].filter((c) => !f.unsupported.has(c));
        return {
          title: f.title,
          lines: [...f.lines].sort((a, b) => a - b),
          unsupported: [...f.unsupported],
          partial,
          notes: Object.fromEntries(partial.filter((c) => f.notes.has(c)).map((c) => [c, [...f.notes.get(c)!]])),
        };
      })
      .sort((a, b) => (a.lines[0] ?? Infinity) - (b.lines[0] ?? Infinity)),
  };
}

function supportPercent(clients: HtmlCompatibility['clients']): number {
  if (clients.length === 0) return 100;
  const score = clients.reduce((sum, c) => sum + (c.unsupported > 0 ? 0 : c.partial > 0 ? 0.5 : 1), 0);
  return Math.round((1000 * score) / clients.length) / 10;
}

/** What the API answers: the stored data for some client families (all of them when `families` is empty). */
export function compatibilityView(data: CompatibilityData, families: ClientFamily[] | undefined): HtmlCompatibility {
  const keep = (client: string) => !families || families.length === 0 || families.includes(familyOf(client));
  const clients = data.clients.filter((c) => keep(c.client));
  const features = data.features
    .map((f) => {
      const partial = f.partial.filter(keep);
      // Each note once, though several clients share it.
      const notes = [...new Set(partial.flatMap((c) => f.notes[c] ?? []))];
      return { ...f, unsupported: f.unsupported.filter(keep), partial, notes };
    })
    .filter((f) => f.unsupported.length > 0 || f.partial.length > 0);
  return { data_updated: data.data_updated, support_percent: supportPercent(clients), clients, features };
}
