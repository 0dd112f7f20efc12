import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQueryClient, TEST_ADMIN, TEST_MEMBER } from '../../../test/render.tsx';
import { WelcomePanel } from './welcome-panel.tsx';

const actionsFor = (user: typeof TEST_ADMIN) => {
  renderWithQueryClient(
    <MemoryRouter>
      <WelcomePanel name={user.name} />
    </MemoryRouter>,
    { user },
  );
  return screen.getAllByRole('link').map((link) => link.textContent);
};

describe('WelcomePanel', () => {
  it('offers Configure AI to admins only: members may read prompts, not configure them', () => {
    expect(actionsFor(TEST_ADMIN)).toEqual([
      expect.stringContaining('Start Market Analysis'),
      expect.stringContaining('Generate Reports'),
      expect.stringContaining('Configure AI'),
    ]);
  });

  it('leaves it out for a member', () => {
    const actions = actionsFor(TEST_MEMBER);
    expect(actions).toHaveLength(2);
    expect(actions.join(' ')).not.toContain('Configure AI');
  });
});
