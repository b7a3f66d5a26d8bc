import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A loaded machine (CI shares its two cores) can take seconds to render a screen: waiting for
// what a test expects may take that long too. Nothing here times the app.
configure({ asyncUtilTimeout: 5_000 });
