/**
 * The part of the `run_js` sandbox that runs *inside* it, as JavaScript source: both sandboxes
 * (a Node worker thread, a browser worker in an opaque-origin iframe) put it in their worker's
 * source, so code is run and its values collected identically, and the result is judged outside
 * by `gradeRun` (./sandbox.ts).
 *
 * It is a string, not a function, because it must exist in a realm the host does not share and
 * be exactly this text there (no bundler helpers, no imports). It defines one function:
 *
 *   sandboxRun(evaluate, clone, code, calls) → RawRun
 *
 * `evaluate(script)` runs a script in the code's realm and returns its completion value; `clone`
 * is structuredClone, taken before the code ran. The code and the calls form one script, as a
 * page's script would be, so `const` and `let` declarations of the code are in the calls' scope:
 * the script's last statement is an array of thunks, one per call, each called in its own try.
 * Everything the code can throw is described here, in the sandbox, under its time limit: a getter
 * that loops while being described hangs the sandbox, which is then terminated, and never the host.
 *
 * Nothing here is trusted by the host: the code shares this realm and may tamper with it, which
 * can only change what its own run reports — and it never sees the expected values.
 */
import { MAX_TEXT } from './sandbox';

export const sandboxRunnerSource = String.raw`
function sandboxRun(evaluate, clone, code, calls) {
  // Taken before the code runs: in the browser it shares this realm and may replace them after.
  var isArray = Array.isArray;
  var toText = String;
  var define = Object.defineProperty;
  var put = function (array, index, value) {
    // Not array[index] = value: a setter the code put on Array.prototype would see it.
    define(array, index, { value: value, writable: true, enumerable: true, configurable: true });
  };
  var max = ${MAX_TEXT};
  var cut = function (text) {
    return text.length > max ? text.slice(0, max) + '… (' + (text.length - max) + ' more characters)' : text;
  };
  var describe = function (thrown, withName) {
    try {
      if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
        var message = thrown.message;
        if (message !== undefined && message !== null && message !== '') {
          if (!withName) return cut(toText(message));
          var name = thrown.name;
          return cut(toText(name === undefined || name === null ? 'Error' : name) + ': ' + toText(message));
        }
      }
      return cut((withName ? 'Error: ' : '') + toText(thrown));
    } catch (unprintable) {
      return (withName ? 'Error: ' : '') + '(a thrown value that cannot be printed)';
    }
  };
  var thunks = [];
  for (var c = 0; c < calls.length; c++) put(thunks, c, '() => (' + calls[c] + '\n)');
  var made;
  try {
    made = evaluate(code + '\n;[' + thunks.join(',\n') + '];');
  } catch (error) {
    return { ok: false, error: describe(error, true) };
  }
  if (!isArray(made) || made.length !== calls.length)
    return { ok: false, error: 'Error: the tests could not be read after the code (it ends in the middle of a statement?)' };
  var outcomes = [];
  for (var i = 0; i < calls.length; i++) {
    var outcome;
    try {
      var got = made[i]();
      try {
        outcome = { value: clone(got) };
      } catch (error) {
        outcome = { error: 'returned a value that cannot leave the sandbox (' + describe(error, true) + ')' };
      }
    } catch (error) {
      outcome = { error: describe(error, false) };
    }
    put(outcomes, i, outcome);
  }
  return { ok: true, outcomes: outcomes };
}
function sandboxDescribe(thrown) {
  try {
    if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
      var message = thrown.message;
      if (message !== undefined && message !== null) {
        var name = thrown.name;
        return String(name === undefined || name === null ? 'Error' : name) + ': ' + String(message);
      }
    }
    return 'Error: ' + String(thrown);
  } catch (unprintable) {
    return 'Error: (a thrown value that cannot be printed)';
  }
}
`;
