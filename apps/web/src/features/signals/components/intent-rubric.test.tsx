import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IntentRubric } from './intent-rubric.tsx';

describe('How intent is scored', () => {
  it('opens on a click and names each level with the facts behind it', async () => {
    render(<IntentRubric />);
    const toggle = screen.getByText('How intent is scored');
    const details = toggle.closest('details');
    expect(details?.open).toBe(false);

    await userEvent.click(toggle);

    expect(details?.open).toBe(true);
    for (const level of ['Very High', 'High', 'Medium', 'Low']) expect(screen.getByText(level)).toBeTruthy();
    expect(
      screen.getByText(
        /a completed FS\/DFS; a construction decision, money to build a mine, or mine construction or operations started/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/AGM, options, conference, management change/)).toBeTruthy();
  });
});
