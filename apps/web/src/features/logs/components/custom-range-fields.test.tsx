import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomRangeFields } from './custom-range-fields.tsx';

describe('CustomRangeFields', () => {
  it("puts a field's message above its inputs, where the calendar that opens below them cannot cover it", () => {
    render(
      <CustomRangeFields
        range={{
          fromDateTime: { date: '31/02/2026', time: '09:00', period: 'AM' },
          toDateTime: { date: '01/03/2026', time: '10:00', period: 'AM' },
        }}
        errors={{ fromDate: 'Invalid date format (DD/MM/YYYY)' }}
        onChange={() => {}}
      />,
    );
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Invalid date format (DD/MM/YYYY)');
    const input = screen.getByRole('textbox', { name: 'From date' });
    expect(message.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
