import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui', padding: 24 }}>
      <h1>Tutoring</h1>
      <p>The client shell is being built. The API is served under /api.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
