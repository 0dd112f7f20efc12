import { describe, expect, it } from 'vitest';
import { analysisView, emailDraftText, fieldLabel, formatMetres } from './analysis-view.ts';

/** What the offline rules analyser answers for a demo financing with a drill programme. */
const DEFAULT_ANALYSIS = {
  signal_summary: 'Brackwater Lithium raises C$16.2 million; a 5,000 m drill program follows.',
  expanded_summary: 'Brackwater Lithium Corp. announces a private placement.',
  drilling_planned: 'Yes',
  drilling_timeline: 'commencing in December 2026',
  drilling_details: 'Approximately 5,000 metres of diamond drilling.',
  drilling_length_meters: '5000',
  additional_sales_signals: ['Financing: C$16.2 million', '  '],
  contact_details: [
    {
      first_name: 'Callum',
      last_name: 'Kruger',
      email: 'ckruger@brackwaterlithium.com',
      job_title: 'CEO & Director',
      phone_number: '+1 (514) 555-0182',
    },
    { first_name: 'Natalie', last_name: 'Delacroix', email: 'not an address' },
    { first_name: '', last_name: '' },
  ],
  buying_intent_score: 'Very High',
  talking_points: ['Planned 5,000 m diamond program.'],
  email_subject: 'Brackwater Lithium: support for your 5,000 m drilling program',
  email_body: 'Dear Callum,\n\nCongratulations on your announcement.',
};

describe('analysisView', () => {
  it('places the default prompt’s fields and leaves no extras', () => {
    const view = analysisView(DEFAULT_ANALYSIS);
    expect(view.signalSummary).toBe(DEFAULT_ANALYSIS.signal_summary);
    expect(view.buyingIntent).toBe('Very High');
    expect(view.drilling).toEqual({
      planned: 'Yes',
      timeline: 'commencing in December 2026',
      metres: '5,000 m',
      details: 'Approximately 5,000 metres of diamond drilling.',
    });
    expect(view.contacts).toEqual([
      {
        name: 'Callum Kruger',
        jobTitle: 'CEO & Director',
        email: 'ckruger@brackwaterlithium.com',
        phone: '+1 (514) 555-0182',
        other: [],
      },
      // An email that is not an address is not offered as a mailto: link; a contact with neither name nor email is left out.
      { name: 'Natalie Delacroix', jobTitle: null, email: null, phone: null, other: [] },
    ]);
    expect(view.additionalSignals).toEqual(['Financing: C$16.2 million']);
    expect(view.talkingPoints).toEqual(['Planned 5,000 m diamond program.']);
    expect(view.email?.subject).toBe(DEFAULT_ANALYSIS.email_subject);
    expect(view.extras).toEqual([]);
  });

  it('shows a custom prompt’s own fields generically, and keeps a default name with another shape as an extra', () => {
    const view = analysisView({
      signal_summary: 'Short.',
      buying_intent_score: 'Lukewarm',
      funding_amount_usd: 16_200_000,
      permitsGranted: ['Water licence'],
      empty_note: '',
    });
    expect(view.signalSummary).toBe('Short.');
    expect(view.buyingIntent).toBeNull();
    expect(view.drilling).toBeNull();
    expect(view.email).toBeNull();
    expect(view.extras).toEqual([
      { key: 'buying_intent_score', label: 'Buying intent score', value: 'Lukewarm' },
      { key: 'funding_amount_usd', label: 'Funding amount usd', value: 16_200_000 },
      { key: 'permitsGranted', label: 'Permits granted', value: ['Water licence'] },
    ]);
  });

  it('keeps a custom prompt’s own contact fields, taking a renamed phone field as the phone', () => {
    const view = analysisView({
      contact_details: [
        {
          first_name: 'Ada',
          last_name: 'Lee',
          mobile_number: '+61 400 000 000',
          linkedin_url: 'https://x.example/ada',
        },
      ],
    });
    expect(view.contacts).toEqual([
      {
        name: 'Ada Lee',
        jobTitle: null,
        email: null,
        phone: '+61 400 000 000',
        other: [{ label: 'Linkedin url', value: 'https://x.example/ada' }],
      },
    ]);
  });

  it('shows drilling as not planned when that is all the analysis says', () => {
    const view = analysisView({ drilling_planned: 'No', drilling_timeline: '', drilling_length_meters: '' });
    expect(view.drilling).toEqual({ planned: 'No', timeline: null, metres: null, details: null });
  });
});

describe('formatMetres', () => {
  it('groups a bare number and keeps worded lengths as they are', () => {
    expect(formatMetres('12000')).toBe('12,000 m');
    expect(formatMetres('1500.5')).toBe('1,500.5 m');
    expect(formatMetres('12,000 m')).toBe('12,000 m');
    expect(formatMetres('about 3 km')).toBe('about 3 km');
  });
});

describe('fieldLabel', () => {
  it('turns snake and camel case into a sentence', () => {
    expect(fieldLabel('next_steps')).toBe('Next steps');
    expect(fieldLabel('projectStage')).toBe('Project stage');
  });
});

describe('emailDraftText', () => {
  it('puts the subject line above the body', () => {
    expect(emailDraftText({ subject: 'Hello', body: 'Body' })).toBe('Subject: Hello\n\nBody');
    expect(emailDraftText({ subject: null, body: 'Body' })).toBe('Body');
  });
});
