import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

/** A page whose button opens the modal, as the article list does: the modal is only rendered while open. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      {open && (
        <Modal open onClose={() => setOpen(false)} title="Drill results" footer={<button type="button">Expand</button>}>
          <a href="#source">Source</a>
        </Modal>
      )}
    </>
  );
}

async function openFromKeyboard() {
  const user = userEvent.setup();
  render(<Page />);
  await user.tab();
  await user.tab();
  const opener = screen.getByRole('button', { name: 'Open details' });
  expect(document.activeElement).toBe(opener);
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Drill results' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { user, opener, dialog };
}

describe('Modal by keyboard', () => {
  it('takes the focus and keeps Tab and Shift+Tab inside', async () => {
    const { user, dialog } = await openFromKeyboard();
    const visited = new Set<string>();
    for (let presses = 0; presses < 8; presses += 1) {
      await user.tab({ shift: presses % 3 === 2 });
      expect(dialog.contains(document.activeElement)).toBe(true);
      visited.add(document.activeElement?.textContent || (document.activeElement?.getAttribute('aria-label') ?? ''));
    }
    expect(visited).toEqual(new Set(['Close', 'Source', 'Expand']));
  });

  it('closes with Escape and gives the focus back to the control that opened it', async () => {
    const { user, opener } = await openFromKeyboard();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes with its Close button, focus again back on the opener', async () => {
    const { user, opener } = await openFromKeyboard();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
