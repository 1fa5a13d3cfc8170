// First: starts the address's code and calls before the rest of the entry is evaluated.
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
