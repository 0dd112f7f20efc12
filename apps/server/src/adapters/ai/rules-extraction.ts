import { readNoFacts, type AnalysisArticle, type FactsReader } from './ai-analyser.ts';
import { articleToText, sentencesOf } from './article-text.ts';
import { contactsOf, speakersOf } from './rules-contacts.ts';
import { LISTING } from '../../lib/company-names.ts';
import { cleanSentence, sections, stripDateline } from './rules-document.ts';
import { drillingOf, drillingFromFacts } from './rules-drilling.ts';
import { commoditiesOf, companyOf, countryOf, projectOf } from './rules-entities.ts';
import type { ArticleFacts } from './rules-facts.ts';
import { signalsOf } from './rules-signals.ts';

/*
 * Reads the facts a sales team cares about out of a mining press release with patterns: who, which
 * project, planned drilling (metres, timing, rigs), further buying signals and the people to contact.
 * Written against the wording of real releases (and the demo corpus that imitates them); no network.
 */

/** Everything the rules analyser knows about an article, read from its title and text. */
export function extractFacts(article: AnalysisArticle, readFacts: FactsReader = readNoFacts): ArticleFacts {
  const text = articleToText(article.text);
  const parts = sections(text);
  const rawLead = stripDateline(parts.lead);
  const company = companyOf(rawLead, article.title);
  const lead = sentencesOf(rawLead).map(cleanSentence);
  const body = parts.body.flatMap((paragraph) => sentencesOf(paragraph)).map(cleanSentence);
  const highlights = parts.highlights.map(cleanSentence);
  const everything = [...lead, ...highlights, ...body];
  const { project, location } = projectOf([rawLead.replace(LISTING, ''), ...body, article.title]);
  const contacts = contactsOf(parts.contactBlock);
  const speakers = speakersOf(parts.body).filter(
    (s) => !contacts.some((c) => c.first_name === s.first_name && c.last_name === s.last_name),
  );
  const mining = readFacts(text, { title: article.title });
  return {
    title: article.title,
    source: article.source,
    url: article.url,
    publishedAt: article.publishedAt,
    company: company.name,
    companyShort: company.short,
    ticker: company.ticker,
    project,
    location,
    country: countryOf(location, [rawLead, article.title]),
    commodities: commoditiesOf([`${article.title} ${project}`, rawLead, body.join(' ')]),
    lead,
    body,
    highlights,
    drilling: drillingFromFacts(drillingOf(everything, article.title), mining),
    signals: signalsOf([article.title, ...everything]),
    contacts,
    speakers,
    fullyFunded: /\bfully[- ]funded\b|\bfunded (?:from|by|through)\b/i.test(everything.join(' ')),
    mining,
  };
}
