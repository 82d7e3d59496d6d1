import { render } from 'solid-js/web';

/** The plain first page (the runtime issue allows one until the playground lands): what SwarmFlight is, how to try it. */
function App() {
  return (
    <main
      style={{
        'font-family': 'system-ui, sans-serif',
        'max-width': '40rem',
        margin: '3rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>SwarmFlight</h1>
      <p>
        Run, watch, compare and train agent swarms in your browser. The orchestrator runtime is in place; the
        playground comes next.
      </p>
      <p>
        Try the runtime from a terminal:{' '}
        <code>npm run --silent swarm -- schedule --graph scenarios/graphs/wide-fanout.json --workers 8</code>
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) render(() => <App />, root);
