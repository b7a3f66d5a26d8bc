// First: it configures zod before any schema is built.
import './lib/zod-config.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/main.css';

/** The next task: whatever the page has waiting (input, painting) runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's code runs in steps, each in a task of its own, so no single step holds the page for
// long on a slow phone: React first, then the app's modules, then the app itself.
void (async () => {
  await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./app/start.tsx');
  await nextTask();
  startApp();
})();
