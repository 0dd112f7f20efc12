import { isQuote } from './rules-document.ts';
import type { ArticleFacts, ContactFact } from './rules-facts.ts';
import { clip } from '../../lib/text.ts';
import { scoreIntent, type Intent, type IntentLevel } from './rules-intent.ts';
import { developmentStarted } from './rules-rubric.ts';

/** The rules analyser's answers to the default schema's fields, written from an article's facts: summaries, drilling, financing, contacts, intent and the email. */

const formatMetres = (metres: number) => `${metres.toLocaleString('en-US')} m`;
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
const sentence = (text: string) => (/[.!?…]["”’)]?$/.test(text) ? text : `${text}.`);

/** Turns the extracted facts into the default schema's prose, each piece computed once. */
export class Writer {
  readonly facts: ArticleFacts;
  #intent: Intent | undefined;

  constructor(facts: ArticleFacts) {
    this.facts = facts;
  }

  get company(): string {
    return this.facts.company || this.facts.companyShort || 'The company';
  }

  get short(): string {
    return this.facts.companyShort || this.facts.company || 'the company';
  }

  get contacts(): ContactFact[] {
    return [...this.facts.contacts, ...this.facts.speakers];
  }

  /** 'a 15,000 m diamond drilling program starting in Q2 2026'. */
  drillingPhrase(): string {
    const { drilling } = this.facts;
    const size = drilling.metres ? `${formatMetres(drilling.metres)} ` : '';
    const method = drilling.method ? `${drilling.method} ` : '';
    const timing = drilling.timeline ? ` ${drilling.timeline}` : '';
    return `a ${size}${method}drilling program${timing}`;
  }

  signalSummary(): string {
    const first = this.facts.lead[0] ?? this.facts.body[0] ?? this.facts.title;
    const { drilling } = this.facts;
    const financing = this.facts.signals.find((s) => s.kind === 'financing' || s.kind === 'grant');
    let why: string;
    if (drilling.planned) {
      why = `${drilling.underway ? 'Drilling is under way' : 'Drilling is planned'}${drilling.metres ? ` (${formatMetres(drilling.metres)}${drilling.timeline ? `, ${drilling.timeline}` : ''})` : drilling.timeline ? ` (${drilling.timeline})` : ''}, a near-term need for drilling services and consumables.`;
    } else if (developmentStarted(`${this.facts.title}\n${this.facts.lead.join(' ')}`)) {
      why = `Mine development has started, the stage that buys grade-control drilling, earthworks and site services.`;
    } else if (financing) {
      why = `Fresh funding${financing.amount ? ` of ${financing.amount}` : ''} usually precedes field work and drilling.`;
    } else if (this.facts.signals.length > 0) {
      why = `No drilling is announced yet, but the ${lowerFirst(this.facts.signals[0]?.text.split(':')[0] ?? 'latest')} news makes ${this.short} one to watch.`;
    } else {
      why = `No drilling or other buying signal is announced.`;
    }
    return `${sentence(clip(first, 320, { atWord: true }))} ${why}`;
  }

  expandedSummary(): string {
    const picked: string[] = [];
    for (const s of [...this.facts.lead, ...this.facts.body]) {
      if (picked.length >= 3) break;
      if (s.length > 30 && /^[A-Z0-9“"]/.test(s) && !s.endsWith(':') && !isQuote(s) && !picked.includes(s))
        picked.push(clip(s, 320, { atWord: true }));
    }
    const drillingSentence = this.facts.drilling.details.split(/(?<=\.)\s+/)[0];
    if (
      this.facts.drilling.planned &&
      drillingSentence &&
      !picked.some((s) => s.includes(drillingSentence.slice(0, 40)))
    ) {
      picked.push(clip(drillingSentence, 320, { atWord: true }));
    } else if (picked.length < 3 && this.facts.highlights[0]) {
      picked.push(sentence(clip(this.facts.highlights[0], 240, { atWord: true })));
    }
    if (picked.length === 0) picked.push(sentence(this.facts.title));
    return picked.slice(0, 4).map(sentence).join(' ');
  }

  /** The buying intent from the weighted evidence (rules-intent.ts). */
  intent(): IntentLevel {
    return this.#scored().level;
  }

  /** The evidence behind the intent, as short phrases. */
  intentReasons(): string[] {
    return this.#scored().reasons;
  }

  #scored(): Intent {
    this.#intent ??= scoreIntent(this.facts, millions);
    return this.#intent;
  }

  signals(): string[] {
    return this.facts.signals.map((s) => s.text);
  }

  /** Short labels for the article: commodities, country, signal kinds. */
  tags(): string[] {
    const { facts } = this;
    return unique([
      ...facts.commodities,
      facts.country,
      ...(facts.drilling.planned ? ['Drilling'] : []),
      ...facts.signals.map((s) => s.text.split(':')[0] ?? ''),
    ]).filter((tag) => tag !== '');
  }

  talkingPoints(): string[] {
    const { drilling, signals, project, location, commodities } = this.facts;
    const points: string[] = [];
    if (drilling.planned) {
      const size = drilling.metres ? `${formatMetres(drilling.metres)} ` : '';
      const holes = drilling.holes ? ` in about ${drilling.holes} holes` : '';
      const program = `${size}${drilling.method ? `${drilling.method} ` : ''}program${holes}${drilling.timeline ? `, ${drilling.timeline}` : ''}`;
      points.push(
        `${drilling.underway ? `Drilling under way on a ${program}` : `Planned ${program}`}: ask about rig availability, tooling and consumables.`,
      );
    }
    if (drilling.contractor)
      points.push(
        `${drilling.contractor} is named as the drilling contractor: offer consumables and support to the crews.`,
      );
    for (const signal of signals.slice(0, 3)) {
      const hook =
        signal.kind === 'financing' || signal.kind === 'grant'
          ? 'funding is in hand for the next program'
          : signal.kind === 'resource'
            ? 'infill and extension drilling usually follow a resource estimate'
            : signal.kind === 'study'
              ? 'studies lead to geotechnical, metallurgical and infill drilling'
              : signal.kind === 'permit'
                ? 'permits clear the way for field work'
                : signal.kind === 'results'
                  ? 'strong results tend to expand the program'
                  : 'ask how it changes their exploration plans';
      points.push(`${clip(signal.text, 170, { atWord: true }).replace(/\.$/, '')} — ${hook}.`);
    }
    if (project) {
      const where = location ? ` in ${location}` : '';
      points.push(
        `${project}${where}${commodities.length ? ` (${commodities.slice(0, 2).join(', ').toLowerCase()})` : ''}: ask about site access, logistics and local support needs.`,
      );
    }
    const person = this.contacts[0];
    if (person)
      points.push(
        `Named contact: ${person.first_name} ${person.last_name}${person.job_title ? `, ${person.job_title}` : ''}.`,
      );
    if (points.length < 3)
      points.push(`Reference the news directly: “${clip(this.facts.title, 120, { atWord: true })}”.`);
    if (points.length < 3)
      points.push(`Ask ${this.short} about its exploration plans and budget for the next 6–12 months.`);
    return unique(points).slice(0, 5);
  }

  emailSubject(): string {
    const { drilling } = this.facts;
    const project = this.facts.project || this.short;
    if (drilling.planned) {
      return clip(
        `${project}: support for your ${drilling.metres ? `${formatMetres(drilling.metres)} ` : ''}drilling program`,
        110,
        { atWord: true },
      );
    }
    const signal = this.facts.signals[0];
    if (signal)
      return clip(`${project}: congratulations on the ${signal.text.split(':')[0]?.toLowerCase() ?? 'news'}`, 110, {
        atWord: true,
      });
    return clip(`${this.short}: following your latest news`, 110, { atWord: true });
  }

  emailBody(): string {
    const person = this.facts.contacts[0] ?? this.facts.speakers[0];
    const greeting = person ? `Dear ${person.first_name},` : `Dear ${this.short} team,`;
    const { drilling } = this.facts;
    const news = clip(this.facts.title, 140, { atWord: true });
    const project = this.facts.project ? ` at ${this.facts.project}` : '';
    let offer: string;
    if (drilling.planned) {
      offer = `With ${this.drillingPhrase()}${project}, we would welcome the chance to support your team. We supply drilling services, rigs, tooling and consumables to exploration and mining projects, and can share availability and pricing for your schedule.`;
    } else {
      const signal = this.facts.signals[0];
      const context = signal ? `${signal.text.split(':')[0]?.toLowerCase()} news` : 'recent news';
      offer = `Following your ${context}, we would be glad to help as you plan the next phase of work${project}. We supply drilling services, rigs, tooling and consumables to exploration and mining projects.`;
    }
    return [
      greeting,
      `Congratulations on your announcement, “${news}”.`,
      offer,
      `Would you be open to a 20-minute call next week to discuss your plans and how we could help?`,
      `Kind regards,\nBusiness Development Team`,
    ].join('\n\n');
  }
}

export function millions(amount: string | undefined): number {
  if (!amount) return 0;
  const value = Number((/\d[\d,.]*/.exec(amount)?.[0] ?? '0').replace(/,/g, ''));
  if (/billion|bn/i.test(amount)) return value * 1000;
  if (/million|\dm\b/i.test(amount)) return value;
  return value / 1e6;
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
