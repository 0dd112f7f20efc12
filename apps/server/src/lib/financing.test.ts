import { describe, expect, it } from 'vitest';
import { financingInstruments } from './financing.ts';

const first = (sentence: string) => financingInstruments(sentence)[0];

describe('financing instrument', () => {
  it.each([
    ['closed a C$5 million private placement of units', 'equity', 'private-placement'],
    ['received commitments for a A$25 million placement and a share purchase plan', 'equity', 'private-placement'],
    ['an equity raising of A$12 million', 'equity', 'private-placement'],
    ['closed a C$12 million flow-through private placement', 'equity', 'flow-through-financing'],
    ['entered a C$40 million bought deal', 'equity', 'bought-deal'],
    ['launched a £20 million rights issue', 'equity', 'rights-offering'],
    ['completed a A$15 million entitlement offer', 'equity', 'rights-offering'],
    ['issued US$40 million of convertible notes', 'debt', 'debt-financing'],
    ['closed a private placement of C$5 million convertible debentures', 'debt', 'debt-financing'],
    ['priced US$300 million of senior secured notes', 'debt', 'debt-financing'],
    ['signed a US$75 million project loan facility', 'debt', 'debt-financing'],
    ['drew down a US$20 million credit facility', 'debt', 'debt-financing'],
    ['raised US$60 million through a Nordic bond issue', 'debt', 'debt-financing'],
    ['entered a US$150 million gold streaming agreement', 'royalty-stream', 'royalty-stream'],
    ['bought a 1.5% NSR royalty on the mine for US$22 million', 'royalty-stream', 'royalty-stream'],
  ])('%s: %s, %s', (sentence, kind, type) => {
    expect(first(sentence)).toMatchObject({ kind, type });
  });

  it('never calls a share placement debt, whatever its proceeds repay', () => {
    const sentence =
      'raised A$30 million in a share placement; proceeds will repay the Macquarie debt facility and fund drilling';
    expect(financingInstruments(sentence)).toEqual([
      { kind: 'equity', type: 'private-placement', phrase: 'share placement' },
    ]);
    expect(financingInstruments('raised $10 million by placement to refinance its convertible notes')).toEqual([
      { kind: 'equity', type: 'private-placement', phrase: 'placement' },
    ]);
  });

  it('finds no financing in a royalty a property is subject to, options granted or stream sediments', () => {
    expect(financingInstruments('acquire the property for $5 million, subject to a 2% NSR royalty')).toEqual([]);
    expect(financingInstruments('the Company has granted 700,000 stock options; the grant of options')).toEqual([]);
    expect(financingInstruments('gold stream sediment samples and a share purchase agreement')).toEqual([]);
  });
});
