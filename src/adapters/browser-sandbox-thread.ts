/**
 * The source of the browser sandbox's worker: a blob worker started, one per run, by the sandbox
 * frame (public/sandbox.html, an opaque-origin iframe whose policy allows no network), so the code
 * it runs has no way to the app's storage or to any server (docs/security.md).
 *
 * Protocol: the frame hands it a MessagePort (`'channel'`) that the page made for this run alone.
 *   worker → page   { type: 'ready' }                  on that port
 *   page → worker   { code, calls }
 *   worker → page   { type: 'result', run: RawRun }    after one macrotask, so rejections the
 *                                                     code left unhandled fail the run
 * The code shares this worker's realm (a browser has no `vm`), so everything the runner needs
 * after the code ran is taken before it runs, and the port is never where the code can reach it:
 * the code can tamper with its own run's values, which it could as well return, and nothing else.
 * Messages it posts with the worker's own `postMessage` go to the frame, which ignores them.
 */
import { sandboxRunnerSource } from '../core/tools/sandbox-runner';

export const browserSandboxThreadSource = `'use strict';
(function () {
${sandboxRunnerSource}
  var clone = structuredClone;
  var apply = Reflect.apply;
  var post = MessagePort.prototype.postMessage;
  var later = setTimeout;
  var from = Array.from;
  var globalEval = eval;
  var unhandled;
  addEventListener('unhandledrejection', function (event) {
    event.preventDefault();
    if (unhandled === undefined) unhandled = 'Unhandled promise rejection: ' + sandboxDescribe(event.reason);
  });
  addEventListener('error', function (event) {
    event.preventDefault();
    if (unhandled === undefined) unhandled = 'Uncaught exception: ' + sandboxDescribe(event.error);
  });
  onmessage = function (event) {
    var port = event.ports[0];
    if (event.data !== 'channel' || !port) return;
    onmessage = null;
    port.onmessage = function (message) {
      port.onmessage = null;
      var request = message.data;
      var run;
      try {
        run = sandboxRun(function (script) { return globalEval(script); }, clone, String(request.code), from(request.calls, String));
      } catch (error) {
        run = { ok: false, error: 'the sandbox failed: ' + sandboxDescribe(error) };
      }
      // Chromium reports unhandled rejections in a task of their own after the microtasks: two
      // timer turns let that task, and a rejection the policy gives fetch or import(), come first.
      later(function () { later(function () {
        try {
          apply(post, port, [{ type: 'result', run: unhandled === undefined ? run : { ok: false, error: unhandled } }]);
        } catch (error) {
          apply(post, port, [{ type: 'result', run: { ok: false, error: 'the result could not be sent: ' + sandboxDescribe(error) } }]);
        }
      }, 0); }, 0);
    };
    apply(post, port, [{ type: 'ready' }]);
  };
})();
`;
