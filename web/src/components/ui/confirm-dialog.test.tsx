import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ onConfirm, busy = false }: { onConfirm(): void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete the stage
      </button>
      <ConfirmDialog
        show={open}
        title="Delete?"
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      >
        It cannot be undone.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  // Modals live in portals on document.body; without globals Testing Library does not clean up itself.
  afterEach(() => cleanup());

  it('opens on the safe answer, closes on Escape, and gives the focus back to what opened it', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onConfirm={onConfirm} />, { language: 'en' });
    const opener = screen.getByRole('button', { name: 'Delete the stage' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with its button, which waits while the action runs', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Harness onConfirm={onConfirm} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Delete the stage' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    unmount();
    renderWithProviders(<Harness onConfirm={onConfirm} busy />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Delete the stage' }));
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
