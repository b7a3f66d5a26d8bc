import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A loaded machine (CI shares its two cores) can take seconds to render a screen: waiting for
// what a test expects may take that long too. Nothing here times the app.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts from an empty page. Testing Library unmounts by itself only where the test
// functions are globals, which they are not here: without this, a test could find what an
// earlier test of its file rendered.
afterEach(() => cleanup());
