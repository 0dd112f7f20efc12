import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no ResizeObserver; Headless UI's menus watch their button (and anchored panels) with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy… and waitFor wait for what the user would see; their default 1 s is a timing goal on a busy machine
// (a lazily loaded chart took longer with 4 test files at once on 2 cores): a safety net instead, as the
// project's test timeout is.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
