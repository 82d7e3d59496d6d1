import { render } from 'solid-js/web';
import { App } from './app';
import { installSwarmApi } from './bridge/consent';
import './styles.css';

// window.swarmflight and the iframe bridge (docs/api.md): the API itself loads on first use.
installSwarmApi();
const root = document.getElementById('root');
if (root) render(() => <App />, root);
