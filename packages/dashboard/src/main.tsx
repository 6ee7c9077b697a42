// First: it configures zod before any schema is built.
import './app/zod-config.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProblem } from './api/client.js';
import { followAccessChanges } from './app/access-changes.js';
import { createAppRouter } from './app/router.js';
import { startTheme } from './app/theme.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/app.css';

startTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx answer will not change on a retry; a network blip may.
      retry: (failures, error) => !(error instanceof ApiProblem && error.status < 500) && failures < 2,
    },
  },
});
const router = createAppRouter(queryClient);
followAccessChanges(queryClient, router);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
