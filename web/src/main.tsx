import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/main.css';
import { setUpI18n } from './lib/i18n.ts';
import { Providers, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const i18n = setUpI18n();
const router = createAppRouter();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers i18n={i18n} queryClient={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
