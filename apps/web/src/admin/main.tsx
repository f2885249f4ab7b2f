import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './App';
import './layout/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
