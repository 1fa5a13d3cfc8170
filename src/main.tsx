import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { preloadConsole } from './preload';

preloadConsole(window.location.pathname, window.location.search);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
