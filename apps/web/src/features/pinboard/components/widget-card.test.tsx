import type { Widget } from '@mining-hub/contract/pinboard';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOM_WIDGET_CAUTION, WidgetCard } from './widget-card.tsx';
import { WidgetForm } from './widget-form.tsx';

const base: Widget = {
  id: 1,
  title: 'Board',
  type: 'iframe',
  content: 'https://x.example',
  size: 'medium',
  grid_row: 0,
  grid_col: 0,
};

describe('WidgetCard', () => {
  it("loads custom HTML from the widget's own frame route, sandboxed without same-origin access, and warns", () => {
    const { container } = render(
      <WidgetCard
        widget={{ ...base, id: 7, type: 'custom', content: '<b>hi</b>' }}
        deleting={false}
        onDelete={() => {}}
      />,
    );
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame?.getAttribute('src')).toBe('/api/v1/pinboard/widgets/7/frame');
    expect(frame?.hasAttribute('srcdoc')).toBe(false);
    expect(screen.getByText(CUSTOM_WIDGET_CAUTION)).toBeTruthy();
  });

  it('embeds a web page in a scripts and same-origin sandbox, with a named delete control', () => {
    const { container } = render(<WidgetCard widget={base} deleting={false} onDelete={() => {}} />);
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(frame?.getAttribute('src')).toBe('https://x.example');
    expect(screen.getByRole('button', { name: 'Delete Board' })).toBeTruthy();
    expect(screen.queryByText(CUSTOM_WIDGET_CAUTION)).toBeNull();
  });

  it('says an image could not be loaded, with its address, instead of showing only its alt text', () => {
    const src = 'https://img.example/missing.png';
    const { container } = render(
      <WidgetCard widget={{ ...base, type: 'image', content: src }} deleting={false} onDelete={() => {}} />,
    );
    const image = container.querySelector('img');
    expect(image).not.toBeNull();
    fireEvent.error(image as HTMLImageElement);
    expect(screen.getByText('The image could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: src }).getAttribute('href')).toBe(src);
    expect(container.querySelector('img')).toBeNull();
  });

  it("the form's custom HTML note says what is isolated and to use it with caution (SPEC.md)", async () => {
    const user = userEvent.setup();
    render(<WidgetForm saving={false} onSubmit={() => {}} onCancel={() => {}} />);
    await user.selectOptions(screen.getByLabelText('Type'), 'custom');
    const note = screen.getByText(/isolated frame/);
    expect(note.textContent).toMatch(/no access to your session/);
    expect(note.textContent).toMatch(/use with caution/);
  });
});
