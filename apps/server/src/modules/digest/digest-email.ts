import { createElement as h, type ReactNode } from 'react';
import { absoluteArticleUrl, signalLink } from '../../lib/article-link.ts';
import type { DigestSignal } from './digest.repository.ts';

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

/** The signals under each company, companies in the order of their strongest signal; no company last. */
export function groupByCompany(signals: readonly DigestSignal[]): { company: string; signals: DigestSignal[] }[] {
  const groups = new Map<string, DigestSignal[]>();
  for (const signal of signals) {
    const company = signal.company?.trim() || 'Other signals';
    groups.set(company, [...(groups.get(company) ?? []), signal]);
  }
  const other = groups.get('Other signals');
  groups.delete('Other signals');
  const list = [...groups].map(([company, grouped]) => ({ company, signals: grouped }));
  return other ? [...list, { company: 'Other signals', signals: other }] : list;
}

const styles = {
  body: { backgroundColor: '#f6f7f9', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2933' },
  container: { backgroundColor: '#ffffff', padding: '24px', maxWidth: '600px' },
  company: { fontSize: '17px', margin: '20px 0 6px' },
  title: { fontSize: '15px', margin: '8px 0 2px', color: '#0b5cad' },
  meta: { fontSize: '13px', margin: '0 0 2px', color: '#52606d' },
  footer: { fontSize: '12px', color: '#7b8794', borderTop: '1px solid #e4e7eb', paddingTop: '12px' },
};

/**
 * The daily digest e-mail, rendered by React Email (HTML made for mail clients, and its plain-text part
 * from the same tree, so the two never say different things). The library loads with the first digest.
 */
export async function renderDigestEmail(input: {
  signals: readonly DigestSignal[];
  localDate: string;
  appOrigin: string;
  unsubscribeUrl: string;
}): Promise<DigestEmail> {
  const { Html, Head, Preview, Body, Container, Heading, Section, Text, Link } =
    await import('@react-email/components');
  const { render } = await import('@react-email/render');
  const count = `${input.signals.length} new High or Very High signal${input.signals.length === 1 ? '' : 's'}`;
  const subject = `Daily digest ${input.localDate}: ${input.signals.length} new signal${input.signals.length === 1 ? '' : 's'}`;
  const settingsUrl = new URL('/settings', input.appOrigin).href;

  const signalBlock = (signal: DigestSignal): ReactNode =>
    h(
      Section,
      { key: signal.article_id },
      h(Text, { style: styles.title }, h(Link, { href: signalLink(signal.article_id, input.appOrigin) }, signal.title)),
      h(Text, { style: styles.meta }, `${signal.buying_intent_score} intent`),
      signal.signal_summary ? h(Text, { style: styles.meta }, signal.signal_summary) : null,
      h(
        Text,
        { style: styles.meta },
        h(Link, { href: absoluteArticleUrl([signal.url], signal.article_id, input.appOrigin) }, 'Source article'),
      ),
    );

  const email = h(
    Html,
    { lang: 'en' },
    h(Head),
    h(Preview, null, count),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: { fontSize: '20px' } }, `Your daily digest: ${count}`),
        ...groupByCompany(input.signals).map((group) =>
          h(
            Section,
            { key: group.company },
            h(Heading, { as: 'h2', style: styles.company }, group.company),
            ...group.signals.map(signalBlock),
          ),
        ),
        h(
          Text,
          { style: styles.footer },
          'You receive this once a day because the daily digest is on in your ',
          h(Link, { href: settingsUrl }, 'settings'),
          '. ',
          h(Link, { href: input.unsubscribeUrl }, 'Unsubscribe'),
        ),
      ),
    ),
  );
  const [html, text] = await Promise.all([
    render(email),
    render(email, {
      plainText: true,
      // Company names as written, not upper-cased as html-to-text does headings by default.
      htmlToTextOptions: { selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })) },
    }),
  ]);
  return { subject, html, text };
}
