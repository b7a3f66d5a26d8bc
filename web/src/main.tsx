// First: it configures zod before any schema is built.
import './lib/zod-config.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/main.css';

// The entry holds nothing else: the app's code comes in a chunk of its own (app/start-app.tsx), so
// a drawn page's starter can run that chunk and the screen's chunks one per task before it
// (web/build/chunk-order.ts), and the app then starts in short steps (`startApp`).
void import('./app/start-app.tsx').then(({ startApp }) => startApp());
