import { ABOUT_HEADING, BOILERPLATE, CONTACT_HEADING } from './rules-document.ts';
import { type ContactFact } from './rules-facts.ts';
/** The people in a release, for the rules analyser: its contact block and the people quoted. */

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /(?:\+|\(\+?)?\d[\d\s().\-–]{6,}\d(?:\s*(?:ext\.?|x)\s*\d+)?/;
const PHONE_LABEL = /^(?:tel(?:ephone)?|phone|ph|t|p|m|mob(?:ile)?|cell|direct|office|d|o)\s*[:.]?\s*/i;
const EMAIL_LABEL = /^(?:e-?mail|e)\s*[:.]?\s*/i;
const TITLE_WORD =
  /\b(?:CEO|CFO|COO|CTO|President|Director|Manager|Chief|Officer|VP|Vice[- ]President|Chair(?:man|woman|person)?|Secretary|Geologist|Investor Relations|Corporate Development|Head|Partner|Founder|Executive|Principal|Advisor|Adviser|Relations|Communications|Consultant|Controller|Treasurer|Engineer|Superintendent|Lead|Associate|Analyst|Specialist|Coordinator|Counsel|Media)\b/;
const NAME_PARTICLES = new Set('van der den de da du von la le di del dos das bin al st. mac ter ten'.split(' '));
const NOT_NAME_WORD =
  /^(?:For|Further|Information|Contact|Contacts|Please|Investor|Media|Relations|Inc\.?|Corp\.?|Ltd\.?|Limited|plc|Corporation|Company|Group|Capital|Partners|Securities|Resources|Mining|Metals|Minerals|Gold|Silver|Copper|Exploration|Website|Email|Tel|Phone|Office|Board|Directors|The|On|Behalf|Of|And|Visit|Toll|Free|North|America|Canada|Australia|Suite|Street|Floor|Road|Avenue)$/;

function splitName(name: string): { first: string; last: string } | null {
  const cleaned = name
    .replace(/^(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s+/i, '')
    .replace(/,.*$/, '')
    .replace(/\s+(?:Jr|Sr|II|III|PhD|P\.Geo|P\.Eng|CPG)\.?$/i, '')
    .trim();
  const words = cleaned.split(/\s+/);
  if (words.length < 2 || words.length > 5) return null;
  for (const [index, word] of words.entries()) {
    if (NOT_NAME_WORD.test(word) || /\d|@/.test(word)) return null;
    const particle = index > 0 && NAME_PARTICLES.has(word.toLowerCase());
    if (!particle && !/^[\p{Lu}][\p{L}'’.-]*$/u.test(word)) return null;
  }
  const [first, ...rest] = words;
  if (!first || first.length < 2 || first.endsWith('.')) return null;
  return { first, last: rest.join(' ') };
}

const emptyContact = (first: string, last: string): ContactFact => ({
  first_name: first,
  last_name: last,
  email: '',
  job_title: '',
  phone_number: '',
});

export function contactsOf(block: string): ContactFact[] {
  if (!block) return [];
  const body = block.replace(CONTACT_HEADING, '').replace(/^[^\n]*?(?:please\s+)?contact(?:s)?\s*:?\s*/i, '');
  const lines = body
    .split('\n')
    .flatMap((line) => line.split(/\s+\|\s+|\s{3,}|\t/))
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const people: ContactFact[] = [];
  let current: ContactFact | undefined;
  for (const line of lines) {
    if (line.length > 200 || BOILERPLATE.test(line) || ABOUT_HEADING.test(line)) break;
    const email = EMAIL.exec(line)?.[0];
    const withoutEmail = email
      ? line
          .replace(email, '')
          .replace(EMAIL_LABEL, '')
          .replace(/[\s,;:|]+$/, '')
          .trim()
      : line;
    if (email && withoutEmail.replace(EMAIL_LABEL, '').trim() === '') {
      if (current && !current.email) current.email = email;
      else if (!current) people.push((current = personFromEmail(email)));
      continue;
    }
    const phoneLine = PHONE_LABEL.test(withoutEmail) || /^\+?[\d(]/.test(withoutEmail);
    const phone = PHONE.exec(withoutEmail)?.[0]?.trim();
    if (phone && phoneLine) {
      if (current && !current.phone_number) current.phone_number = phone;
      if (email && current && !current.email) current.email = email;
      continue;
    }
    // 'James Harlow, President & CEO', 'James Harlow – CEO', or a name on its own line.
    const [namePart = '', ...titleParts] = withoutEmail.split(/\s*,\s*|\s+[–—-]\s+/);
    const name = splitName(namePart);
    if (name && !TITLE_WORD.test(namePart)) {
      current = emptyContact(name.first, name.last);
      // Phone and email parts of a one-line entry ('Jane Doe, CEO, Tel: …, Email: …') are not the title.
      const title = titleParts
        .filter(
          (part) =>
            !PHONE.test(part) &&
            !/@|^(?:e-?mail|e|tel(?:ephone)?|phone|ph|t|p|m|mob(?:ile)?|cell|direct|office)\s*[:.]?\s*$/i.test(part),
        )
        .filter((part) => !PHONE_LABEL.test(part) || !/[:.]/.test(part))
        .join(', ')
        .trim();
      if (title) current.job_title = title;
      if (email) current.email = email;
      if (phone) current.phone_number = phone;
      people.push(current);
      continue;
    }
    if (current && !current.job_title && TITLE_WORD.test(withoutEmail) && withoutEmail.length < 100) {
      current.job_title = withoutEmail;
      if (email && !current.email) current.email = email;
    }
  }
  return dedupeContacts(people);
}

function personFromEmail(email: string): ContactFact {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]/).filter((part) => /^[a-z]{2,}$/i.test(part));
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  const contact = emptyContact(cap(parts[0] ?? 'Investor'), parts[1] ? cap(parts[1]) : 'Relations');
  contact.email = email;
  return contact;
}

function dedupeContacts(people: readonly ContactFact[]): ContactFact[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = `${person.first_name} ${person.last_name}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const NAME_WORDS = String.raw`[\p{Lu}][\p{L}'’.-]+(?:\s+(?:(?:van|der|den|de|da|du|von|la|le|di|del)\s+)*[\p{Lu}][\p{L}'’.-]+){1,3}`;
const SAID_AFTER = new RegExp(
  String.raw`[”"],?\s+(?:said|says|stated|added|commented)\s+(${NAME_WORDS}),\s+([^.,”"]{2,80}?)(?:\s+(?:of|at)\s+[^.]{1,60})?\.`,
  'u',
);
const SAID_BEFORE = new RegExp(
  String.raw`(?:^|[.!?]\s+)(${NAME_WORDS}),\s+([^,:“"]{2,80}?),\s+(?:said|says|stated|added|commented|noted)`,
  'u',
);

export function speakersOf(paragraphs: readonly string[]): ContactFact[] {
  const speakers: ContactFact[] = [];
  for (const paragraph of paragraphs) {
    const match = SAID_AFTER.exec(paragraph) ?? SAID_BEFORE.exec(paragraph);
    const name = match?.[1] ? splitName(match[1]) : null;
    if (!match || !name) continue;
    const contact = emptyContact(name.first, name.last);
    contact.job_title = (match[2] ?? '').trim();
    speakers.push(contact);
  }
  return dedupeContacts(speakers);
}
