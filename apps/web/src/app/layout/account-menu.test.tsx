import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQueryClient, TEST_ADMIN } from '../../test/render.tsx';
import { AccountMenu } from './account-menu.tsx';

function renderMenu() {
  renderWithQueryClient(
    <MemoryRouter>
      <AccountMenu user={TEST_ADMIN} onPasswordChanged={() => undefined} />
      <p>Elsewhere</p>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'Account menu for Ada Miner' }) };
}

describe('AccountMenu', () => {
  it('opens from the keyboard on the first item, and Escape closes it with focus back on the button', async () => {
    const { user, button } = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const item = screen.getByRole('menuitem', { name: 'Change password' });
    expect(document.activeElement).toBe(item);
    expect(screen.getByRole('menu').textContent).toContain('ada@example.com');
    expect(screen.getByRole('menu').textContent).toContain('Admin');
    await user.keyboard('{End}{Home}');
    expect(document.activeElement).toBe(item);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside, and toggles with its button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
